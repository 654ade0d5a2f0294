/* loader: opens the application that smpicc built (a shared object with a `main`) once per rank,
 * so that every rank has private global and static variables. Private to smpi. */
#ifndef SMPI_LOADER_H
#define SMPI_LOADER_H

#include <link.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "smpi/runtime/options.h"

typedef int smpi_main_fn(int argc, char **argv);

struct smpi_app;

/* Opens the application at `path` for `nranks` ranks (nranks >= 1). `mode`:
 * - SMPI_PRIVATIZE_DLOPEN: every rank gets its own copy of the object: rank 0 uses `path`
 *   itself, rank i > 0 a copy in a memory file (memfd, closed once every copy is loaded) or,
 *   with keep_temps, smpi/privatize-libs or no memory file to be had, a file
 *   <tmpdir>/<basename>_<pid>_<i>.so, dlopened and then unlinked unless keep_temps. Dies naming the
 * numbers when the copies' kernel mappings would exceed vm.max_map_count.
 * - SMPI_PRIVATIZE_MMAP: one dlopen; each rank's globals are an image that
 *   smpi_app_activate copies in or maps over the data segments (loader_mmap.c).
 * - SMPI_PRIVATIZE_AUTO: MMAP for more than one rank when it behaves as DLOPEN for the program
 *   (smpi__mmap_differs), smpi/privatize-libs is unset and keep_temps false, else DLOPEN when its
 *   mappings fit in vm.max_map_count, else MMAP.
 * - SMPI_PRIVATIZE_NO: all ranks share one dlopen of `path`. A `path` without '/' names a file of
 * the current directory. tmpdir NULL or "" means /tmp (only read when privatizing and nranks > 1).
 * Dies (sim_die) with the cause and the fix when the file is missing, is not a shared object built
 * by smpicc, cannot be loaded, has no `main`, or tmpdir is not writable or is mounted noexec.
 * Returns an object owned by the caller, released by smpi_app_close. */
struct smpi_app *smpi_app_open(const char *path, int nranks, enum smpi_privatization mode,
                               const char *tmpdir, bool keep_temps);

/* The program of an MPI_Comm_spawn (`path` names a file as given: the caller resolves it), for
 * `nranks` new ranks: every rank gets its own copy of the object (also rank 0, since the file may
 * be the one the parents run), unless `mode` is SMPI_PRIVATIZE_NO (one shared dlopen). The
 * copies are made as for DLOPEN whatever the parents' mode: mmap images are not made for a
 * second object. NULL when the file cannot be opened; dies as smpi_app_open on a file that is
 * not a program built by smpicc. */
struct smpi_app *smpi_app_open_spawned(const char *path, int nranks, enum smpi_privatization mode,
                                       const char *tmpdir, bool keep_temps);

/* The privatization in use: NO, DLOPEN or MMAP (AUTO resolved). */
enum smpi_privatization smpi_app_privatization(const struct smpi_app *app);

/* Makes the globals of rank `rank` the ones the code sees: with MMAP privatization, maps the
 * rank's images (one mmap per region when the rank changes); otherwise nothing. Call it before
 * resuming any code of the rank. */
void smpi_app_activate(struct smpi_app *app, int rank);

/* For data moved between ranks: the address at which rank `rank`'s `addr` can be read and
 * written whichever rank is running. With MMAP privatization an address inside the globals is
 * translated to that rank's image (the same virtual address holds every rank's globals, in
 * turn); any other address, and every address in other modes, is returned unchanged. */
void *smpi_app_rank_addr(struct smpi_app *app, int rank, const void *addr);

/* The addresses smpi_app_rank_addr may translate, [*lo, *hi): the span of the privatized
 * globals with MMAP privatization; an empty range (NULL, NULL) in every other mode. */
void smpi_app_globals_span(const struct smpi_app *app, const void **lo, const void **hi);

/* Bytes of globals each rank owns apart from the shared code: its image with MMAP
 * privatization, else 0 (a DLOPEN copy is bounded by vm.max_map_count long before memory). */
size_t smpi_app_globals_size(const struct smpi_app *app);

/* The `main` of rank `rank` (0 <= rank < nranks): its own copy's when privatized. */
smpi_main_fn *smpi_app_main(const struct smpi_app *app, int rank);

/* The address of global `name` in rank `rank`'s copy of the application, or NULL. */
void *smpi_app_symbol(const struct smpi_app *app, int rank, const char *name);

/* True when the ranks have private copies of the application's globals. */
bool smpi_app_is_privatized(const struct smpi_app *app);

/* For diagnostics: the copies of ranks 1.. are unlinked once loaded, so their symbols cannot be
 * read from a file. Maps an address `ip` inside rank `rank`'s copy to the same place in rank
 * 0's (the original file); any other address is returned unchanged. */
void *smpi_app_original_ip(const struct smpi_app *app, int rank, void *ip);

/* dlcloses every copy (running the application's destructors and atexit handlers registered in
 * it) and frees `app`. Call it only when nothing can still reach the application's code or data
 * (a buffer given to setvbuf, a handler registered with a library); a simulator that is about to
 * exit may skip it. NULL is accepted. */
void smpi_app_close(struct smpi_app *app);

/* ---- mmap privatization (loader_mmap.c), used by loader.c ---- */
struct smpi__app_images;
/* Finds the writable data of the object `handle` (loaded from `path`), snapshots it and creates
 * the memory file for `nranks` images; dies with the cause and the fix. */
struct smpi__app_images *smpi__app_images_new(void *handle, const char *path, int nranks);
/* Maps rank `rank`'s images (written from the snapshot on first use) unless already mapped. */
void smpi__app_images_activate(struct smpi__app_images *im, int rank);
/* Where rank `rank` sees the global at `addr`, reachable whatever rank is mapped; `addr` itself
 * when it is not in the privatized data. */
void *smpi__app_images_addr(struct smpi__app_images *im, int rank, const void *addr);
/* Bytes of globals each rank owns (its images, copy switching's alignment included). */
size_t smpi__app_images_size(const struct smpi__app_images *im);
/* The span of the privatized data, [*lo, *hi): every address smpi__app_images_addr translates
 * is in it. */
void smpi__app_images_span(const struct smpi__app_images *im, const void **lo, const void **hi);
/* A writable range of a loaded object, [lo, hi). */
struct smpi__range {
    uintptr_t lo;
    uintptr_t hi;
};
/* The writable data of an object loaded at `base` whose `nph` program headers are `ph`: the bytes
 * [p_vaddr, p_vaddr + p_memsz) of each writable PT_LOAD, less what the dynamic linker makes
 * read-only after relocation (PT_GNU_RELRO up to its end rounded down to a `page`). With `pages`,
 * each range widened to whole pages (what mmap can replace). Writes up to `max` ranges to `out`
 * and returns their number, or -1 when there are more. */
int smpi__writable_ranges(const ElfW(Phdr) * ph, int nph, uintptr_t base, size_t page, bool pages,
                          struct smpi__range *out, int max);
/* Releases the memory file and the bookkeeping (NULL accepted); the mappings stay until the
 * object is unloaded. */
void smpi__app_images_free(struct smpi__app_images *im);

/* ---- which privatization `yes` takes (loader_rule.c), used by loader.c ---- */
/* Bytes of globals up to which `yes` may take mmap: what a switch copies out and in. */
#define SMPI_LOADER_RULE_MAX_BYTES 4096
/* NULL when the mmap privatization of the program file open at `fd` behaves as its dlopen
 * copies: no thread-local variables, no constructor or destructor but the compiler's own, no
 * exit handler registered at run time, no threads, at most SMPI_LOADER_RULE_MAX_BYTES of
 * globals. Else the first difference found, in words (possibly written to `why`, `cap` bytes). */
const char *smpi__mmap_differs(int fd, char *why, size_t cap);

/* smpi/privatize-libs (loader_libs.c). _request records the ';'-separated library names; each
 * DLOPEN copy of the program then gets its own copy of those libraries (_for_copy: rank
 * `rank`'s copy at `program_copy`, before it is opened; the first call finds the libraries'
 * files, among the program's dependencies or by loading them, and dies on a name that loads
 * nothing; copies in tmpdir, unlinked once loaded unless keep_temps); _close unloads them. */
void smpi__libs_request(const char *list);
bool smpi__libs_any(void);
void smpi__libs_for_copy(const char *program_copy, int rank, const char *tmpdir, bool keep_temps);
void smpi__libs_close(void);

#endif /* SMPI_LOADER_H */
