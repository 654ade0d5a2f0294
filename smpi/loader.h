/* loader: opens the application that smpicc built (a shared object with a `main`) once per rank,
 * so that every rank has private global and static variables. Private to smpi. */
#ifndef SMPI_LOADER_H
#define SMPI_LOADER_H

#include <stdbool.h>

typedef int smpi_main_fn(int argc, char **argv);

struct smpi_app;

/* Opens the application at `path` for `nranks` ranks (nranks >= 1).
 * privatize: every rank gets its own copy of the object: rank 0 uses `path` itself, rank i > 0 a
 * copy <tmpdir>/<basename>_<pid>_<i>.so, dlopened and then unlinked unless keep_temps. Otherwise
 * all ranks share one dlopen of `path`. A `path` without '/' names a file of the current
 * directory. tmpdir NULL or "" means /tmp (only read when privatizing and nranks > 1).
 * Dies (sim_die) with the cause and the fix when the file is missing, is not a shared object built
 * by smpicc, cannot be loaded, has no `main`, or tmpdir is not writable or is mounted noexec.
 * Returns an object owned by the caller, released by smpi_app_close. */
struct smpi_app *smpi_app_open(const char *path, int nranks, bool privatize, const char *tmpdir,
                               bool keep_temps);

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

#endif /* SMPI_LOADER_H */
