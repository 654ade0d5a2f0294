/* loader_rule: decides from a program's ELF headers whether smpi/privatization:yes may take the
 * mmap privatization (one copy of the program, globals switched per rank) rather than one dlopen
 * copy per rank, i.e. whether the two behave the same for that program. They differ where code
 * runs once per copy under dlopen and once in all under mmap, or where state escapes the
 * switched globals:
 * - constructors and destructors of the program itself (.init_array/.fini_array entries other
 *   than the compiler's frame_dummy and __do_global_dtors_aux: C++ static objects,
 *   __attribute__((constructor))): under mmap they run once, and what they allocate is shared;
 * - exit handlers registered at run time (atexit, __cxa_atexit for C++ static locals): under
 *   dlopen each copy runs its own with its own globals;
 * - thread-local variables (PT_TLS) and threads (pthread, OpenMP): a thread keeps running on
 *   the globals of whichever rank is switched in;
 * - pointers into the globals kept beyond a call and used whichever rank runs (SMPI_SHARED_CALL's
 *   result, stdio buffers, putenv strings, asynchronous I/O, signal handlers);
 * - globals larger than a switch should copy (SMPI_LOADER_RULE_MAX_BYTES).
 * smpi/privatize-libs needs dlopen; the caller checks it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simcore/simcore.h"
#include "smpi/runtime/loader.h"

/* Functions whose import means per-copy exit handlers or threads (see above), or a pointer
 * into the globals that outlives the call and is used whichever rank runs: SMPI_SHARED_CALL's
 * result (smpi_shared_set_call, often the address of the first caller's static data, which the
 * other ranks then read where their own globals are), a stdio buffer (setvbuf, setbuf,
 * setbuffer), an environment string (putenv), an asynchronous I/O buffer (aio_*, lio_listio), or
 * a signal handler that may run while another rank's globals are in place. */
static const char *const unsafe_imports[] = {
    "atexit",
    "on_exit",
    "__cxa_atexit",
    "__cxa_thread_atexit",
    "__cxa_thread_atexit_impl",
    "pthread_create",
    "thrd_create",
    "GOMP_parallel",
    "GOMP_parallel_start",
    "GOMP_teams_reg",
    "__kmpc_fork_call",
    "timer_create",
    "smpi_shared_set_call",
    "setvbuf",
    "setbuf",
    "setbuffer",
    "putenv",
    "aio_read",
    "aio_write",
    "lio_listio",
    "signal",
    "sigaction",
};

/* The compiler's own entries (crtbeginS.o), marked by these local symbols. */
#define INIT_ENTRY "__frame_dummy_init_array_entry"
#define FINI_ENTRY "__do_global_dtors_aux_fini_array_entry"

struct elf_file {
    int fd;
    ElfW(Ehdr) eh;
    ElfW(Shdr) * sh; /* eh.e_shnum section headers */
};

/* Reads `len` bytes at `off` into a new buffer (freed by the caller), or NULL. */
static void *read_at(int fd, off_t off, size_t len)
{
    char *buf = malloc(len ? len : 1);
    size_t done = 0;

    while (buf && done < len) {
        ssize_t n = pread(fd, buf + done, len - done, off + (off_t)done);

        if (n <= 0) {
            free(buf);
            return NULL;
        }
        done += (size_t)n;
    }
    return buf;
}

/* The section of type `type`, or NULL. */
static const ElfW(Shdr) * section_of_type(const struct elf_file *f, unsigned type)
{
    for (int i = 0; i < f->eh.e_shnum; i++)
        if (f->sh[i].sh_type == type)
            return &f->sh[i];
    return NULL;
}

/* Calls `fn` on each symbol of the symbol table `tab` with its name; stops at a nonzero return
 * (returned), 0 when all were seen, -1 when the table cannot be read. */
static int each_symbol(const struct elf_file *f, const ElfW(Shdr) * tab,
                       int (*fn)(const ElfW(Sym) * sym, const char *name, void *arg), void *arg)
{
    const ElfW(Shdr) * strs;
    ElfW(Sym) * syms;
    char *names;
    size_t n;
    int rc = 0;

    if (tab->sh_link >= f->eh.e_shnum || tab->sh_entsize != sizeof(ElfW(Sym)))
        return -1;
    strs = &f->sh[tab->sh_link];
    syms = read_at(f->fd, (off_t)tab->sh_offset, tab->sh_size);
    names = read_at(f->fd, (off_t)strs->sh_offset, strs->sh_size);
    n = tab->sh_size / sizeof(ElfW(Sym));
    if (!syms || !names || strs->sh_size == 0)
        rc = -1;
    for (size_t i = 0; rc == 0 && i < n; i++)
        if (syms[i].st_name < strs->sh_size &&
            memchr(names + syms[i].st_name, '\0', strs->sh_size - syms[i].st_name))
            rc = fn(&syms[i], names + syms[i].st_name, arg);
    free(syms);
    free(names);
    return rc;
}

struct import_ctx {
    const char *found;
};

static int unsafe_import(const ElfW(Sym) * sym, const char *name, void *arg)
{
    struct import_ctx *c = arg;

    if (sym->st_shndx != SHN_UNDEF)
        return 0;
    for (size_t i = 0; i < sizeof(unsafe_imports) / sizeof(unsafe_imports[0]); i++)
        if (strcmp(name, unsafe_imports[i]) == 0) {
            c->found = unsafe_imports[i];
            return 1;
        }
    return 0;
}

struct entry_ctx {
    const char *name;
    ElfW(Addr) addr;
};

static int compiler_entry(const ElfW(Sym) * sym, const char *name, void *arg)
{
    const struct entry_ctx *c = arg;

    return sym->st_value == c->addr && strcmp(name, c->name) == 0;
}

/* True when the array section of `type` is absent, empty, or holds only the compiler's entry
 * (one pointer, at which .symtab places `entry`). */
static bool only_compiler_entry(const struct elf_file *f, unsigned type, const char *entry)
{
    const ElfW(Shdr) *arr = section_of_type(f, type);
    const ElfW(Shdr) *symtab = section_of_type(f, SHT_SYMTAB);
    struct entry_ctx c = { .name = entry };

    if (!arr || arr->sh_size == 0)
        return true;
    if (arr->sh_size != sizeof(void *) || !symtab)
        return false;
    c.addr = arr->sh_addr;
    return each_symbol(f, symtab, compiler_entry, &c) == 1;
}

/* Bytes of globals the program's file declares (what copy switching would move per switch). */
static size_t globals_bytes(const ElfW(Phdr) * ph, int n)
{
    struct smpi__range r[4];
    long page = sysconf(_SC_PAGESIZE);
    int k = smpi__writable_ranges(ph, n, 0, page > 0 ? (size_t)page : 4096, false, r, 4);
    size_t bytes = 0;

    if (k < 0)
        return (size_t)-1;
    for (int i = 0; i < k; i++)
        bytes += r[i].hi - r[i].lo;
    return bytes;
}

/* The checks on a file whose headers were read; NULL when mmap behaves as dlopen. */
static const char *check(struct elf_file *f, const ElfW(Phdr) * ph, char *why, size_t cap)
{
    const ElfW(Shdr) *dynsym = section_of_type(f, SHT_DYNSYM);
    struct import_ctx imp = { 0 };
    size_t bytes;

    for (int i = 0; i < f->eh.e_phnum; i++)
        if (ph[i].p_type == PT_TLS)
            return "thread-local variables";
    if (!only_compiler_entry(f, SHT_PREINIT_ARRAY, "") ||
        !only_compiler_entry(f, SHT_INIT_ARRAY, INIT_ENTRY))
        return "constructors of its own";
    if (!only_compiler_entry(f, SHT_FINI_ARRAY, FINI_ENTRY))
        return "destructors of its own";
    if (!dynsym || each_symbol(f, dynsym, unsafe_import, &imp) < 0)
        return "no readable dynamic symbol table";
    if (imp.found) {
        snprintf(why, cap, "calls %s", imp.found);
        return why;
    }
    bytes = globals_bytes(ph, f->eh.e_phnum);
    if (bytes > SMPI_LOADER_RULE_MAX_BYTES) {
        snprintf(why, cap, "%zu bytes of globals, above %d", bytes, SMPI_LOADER_RULE_MAX_BYTES);
        return why;
    }
    return NULL;
}

const char *smpi__mmap_differs(int fd, char *why, size_t cap)
{
    struct elf_file f = { .fd = fd };
    ElfW(Phdr) *ph = NULL;
    const char *reason = "unreadable ELF headers";

    if (pread(fd, &f.eh, sizeof(f.eh), 0) != (ssize_t)sizeof(f.eh) ||
        f.eh.e_phentsize != sizeof(ElfW(Phdr)) ||
        (f.eh.e_shnum && f.eh.e_shentsize != sizeof(ElfW(Shdr))))
        return reason;
    ph = read_at(fd, (off_t)f.eh.e_phoff, (size_t)f.eh.e_phnum * sizeof(*ph));
    f.sh = read_at(fd, (off_t)f.eh.e_shoff, (size_t)f.eh.e_shnum * sizeof(*f.sh));
    if (ph && f.sh && f.eh.e_shnum > 0)
        reason = check(&f, ph, why, cap);
    free(ph);
    free(f.sh);
    return reason;
}
