/* loader: opens the application and privatizes its globals. By dlopen: smpicc links the
 * application as a shared object; the dynamic linker maps a file only once (it compares device
 * and inode), so each rank opens its own copy of the file and thus gets its own .data and .bss.
 * Follows SMPI's dlopen privatization (simgrid: src/smpi/internals/smpi_global.cpp). Each copy
 * costs a few kernel mappings and a load, so the default (yes) takes the mmap privatization of
 * loader_mmap.c (one copy, globals switched per rank) for the programs where the two behave the
 * same (loader_rule.c), and above vm.max_map_count for all. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
/* copy_file_range, dladdr, dlinfo, ST_NOEXEC (also when compiled without config.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "simcore/simcore.h"
#include "smpi/runtime/loader.h"

SIM_LOG_CATEGORY(log_loader, "smpi.loader");

/* RTLD_NOW: every symbol is bound before the simulation starts, so a rank's first call to a
 * function never runs the lazy resolver inside its measured computation (nor on its small stack),
 * and a missing symbol stops the run at once. RTLD_LOCAL: a copy's symbols never satisfy another
 * copy. Never RTLD_DEEPBIND: MPI_* must come from the libsimmpi already in the process. */
#define APP_DLOPEN_FLAGS (RTLD_NOW | RTLD_LOCAL)

#if __SIZEOF_POINTER__ == 8
#define NATIVE_ELF_CLASS ELFCLASS64
#else
#define NATIVE_ELF_CLASS ELFCLASS32
#endif

struct smpi_app {
    int nranks;
    enum smpi_privatization mode;    /* NO, DLOPEN or MMAP once decided */
    struct smpi__app_images *images; /* MMAP: the ranks' data images */
    int nhandles;                    /* nranks with DLOPEN, else 1 */
    void **handles;                  /* dlopen handles, one per copy */
    smpi_main_fn **mains;            /* `main` of each copy */
};

/* Dies unless `fd` (the file `path`) is an ELF shared object of this machine's class and
 * architecture without a program interpreter: what smpicc's -shared link produces. */
static void check_elf(int fd, const char *path)
{
    ElfW(Ehdr) eh;
    ElfW(Phdr) ph;
    const char *why = NULL;

    if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG))
        why = "not an ELF file";
    else if (eh.e_ident[EI_CLASS] != NATIVE_ELF_CLASS)
        why = "ELF class of another architecture";
    else if (eh.e_type == ET_EXEC)
        why = "an ordinary executable";
    else if (eh.e_type != ET_DYN)
        why = "an ELF file that is not a shared object";
    for (int i = 0; !why && i < eh.e_phnum; i++) {
        off_t off = (off_t)eh.e_phoff + (off_t)i * eh.e_phentsize;

        if (pread(fd, &ph, sizeof(ph), off) != (ssize_t)sizeof(ph))
            why = "a truncated ELF file";
        else if (ph.p_type == PT_INTERP)
            why = "an ordinary position-independent executable";
    }
    if (why)
        sim_die("%s is %s, not a program built by smpicc; was it compiled with smpicc?\n"
                "  rebuild it with: smpicc app.c -o app",
                path, why);
}

/* Copies `len` bytes of `src` into `dst`: copy_file_range (in-kernel, reflinks where the file
 * system can), falling back to read/write. Returns 0 or -1 with errno set. */
static int copy_bytes(int src, int dst, off_t len)
{
    off_t in = 0;
    char buf[65536];

    while (in < len) {
        ssize_t n = copy_file_range(src, &in, dst, NULL, (size_t)(len - in), 0);

        if (n > 0)
            continue;
        if (n == 0)
            break;
        if (errno != ENOSYS && errno != EXDEV && errno != EINVAL && errno != EOPNOTSUPP)
            return -1;
        while (in < len) {
            n = pread(src, buf, sizeof(buf), in);
            if (n <= 0)
                return n < 0 ? -1 : 0;
            if (write(dst, buf, (size_t)n) != n)
                return -1;
            in += n;
        }
    }
    return 0;
}

/* Writes the file `copy`, a copy of the `len` bytes of `src`, or dies. */
static void make_copy(int src, off_t len, const char *copy, const char *tmpdir)
{
    int dst = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);

    if (dst < 0 && errno == EEXIST && unlink(copy) == 0)
        dst = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
    if (dst < 0)
        sim_die("cannot create %s: %s\n"
                "  choose a writable directory with -tmpdir DIR (--cfg=smpi/tmpdir:DIR)",
                copy, strerror(errno));
    if (copy_bytes(src, dst, len) != 0 || close(dst) != 0) {
        int err = errno;

        unlink(copy);
        sim_die("cannot write %s: %s\n"
                "  each rank needs a %lld-byte copy of the program in %s\n"
                "  free space there, use another directory (-tmpdir DIR), or -no-privatize",
                copy, strerror(err), (long long)len, tmpdir);
    }
}

/* dlopens `file` (`what` names it in messages) and returns its `main`. */
static smpi_main_fn *open_copy(const char *file, const char *what, int rank, void **handle)
{
    struct link_map *lm = NULL;
    Dl_info info;
    void *sym;
    smpi_main_fn *fn;

    *handle = dlopen(file, APP_DLOPEN_FLAGS);
    if (!*handle) {
        if (rank > 0)
            sim_die("cannot load the copy of rank %d: %s\n"
                    "  too many copies? raise vm.max_map_count, or use -no-privatize",
                    rank, dlerror());
        sim_die("cannot load %s: %s\n  was it compiled with smpicc?", what, dlerror());
    }
    sym = dlsym(*handle, "main");
    /* dlsym also searches the object's dependencies: make sure `main` is the program's own. */
    if (!sym || dlinfo(*handle, RTLD_DI_LINKMAP, &lm) != 0 || !dladdr(sym, &info) ||
        strcmp(info.dli_fname, lm->l_name) != 0)
        sim_die("%s has no main function\n"
                "  build it with smpicc from a program that defines main (not hidden)",
                what);
    memcpy(&fn, &sym, sizeof(fn));
    return fn;
}

/* Dies unless copies can be created and executed in `tmpdir`. */
static void check_tmpdir(const char *tmpdir)
{
    struct statvfs vfs;

    if (access(tmpdir, W_OK | X_OK) != 0)
        sim_die("cannot use %s for the per-rank copies of the program: %s\n"
                "  choose a writable directory with -tmpdir DIR (--cfg=smpi/tmpdir:DIR)",
                tmpdir, strerror(errno));
    if (statvfs(tmpdir, &vfs) == 0 && (vfs.f_flag & ST_NOEXEC))
        sim_die("%s is mounted noexec, so the per-rank copies of the program cannot be loaded\n"
                "  choose another directory with -tmpdir DIR (--cfg=smpi/tmpdir:DIR)",
                tmpdir);
}

/* Rank `rank`'s copy in a memory file (memfd_create), named /proc/self/fd/N for dlopen: no
 * file system entry, so no inode to allocate and free per rank. On ext4 (/tmp here) creating
 * and unlinking a file per rank made the kernel's inode allocator skip ever more recently
 * deleted inodes: 1.7-2.7 s of system time for 4,096 ranks, against 0.3 s on a memory file
 * system. The descriptor stays open until every copy is loaded, because the dynamic linker
 * first matches the names of the objects already loaded and a reused N would give back an
 * earlier copy. Returns the copy's main, or NULL (nothing left open) when a memory file cannot
 * be used (no memfd, no descriptor left, a memory file that cannot be executed: vm.memfd_noexec);
 * the caller then writes the copy to tmpdir. */
static smpi_main_fn *open_memfd_copy(struct smpi_app *app, int src, off_t len, const char *base,
                                     int rank, int *fd_out)
{
    char name[48];
    void *sym;
    smpi_main_fn *fn;
    int fd = memfd_create(base, MFD_CLOEXEC);

    if (fd < 0)
        return NULL;
    snprintf(name, sizeof(name), "/proc/self/fd/%d", fd);
    if (copy_bytes(src, fd, len) != 0 || !(app->handles[rank] = dlopen(name, APP_DLOPEN_FLAGS))) {
        close(fd);
        return NULL;
    }
    sym = dlsym(app->handles[rank], "main"); /* the original's main was checked already */
    if (!sym) {
        dlclose(app->handles[rank]);
        app->handles[rank] = NULL;
        close(fd);
        return NULL;
    }
    memcpy(&fn, &sym, sizeof(fn));
    *fd_out = fd;
    return fn;
}

/* Descriptors this process has open (entries of /proc/self/fd), or -1. */
static int open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    int n = 0;

    if (!d)
        return -1;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n - 1; /* the directory's own */
}

/* How many memory files open_private_copies may hold open at once: up to `need`, raising the soft
 * limit of open descriptors towards the hard one (`saved` and `raised` then say what to restore),
 * and keeping 64 descriptors free for the copies written as files past that number and for the
 * dynamic linker. */
static int memfd_budget(int need, struct rlimit *saved, bool *raised)
{
    struct rlimit want;
    int used = open_fds();

    *raised = false;
    if (used < 0 || getrlimit(RLIMIT_NOFILE, saved) != 0)
        return 0;
    want = *saved;
    if (want.rlim_cur != RLIM_INFINITY && want.rlim_cur < (rlim_t)(need + used + 64)) {
        want.rlim_cur = (rlim_t)(need + used + 64);
        if (want.rlim_max != RLIM_INFINITY && want.rlim_cur > want.rlim_max)
            want.rlim_cur = want.rlim_max;
        *raised = setrlimit(RLIMIT_NOFILE, &want) == 0;
        if (!*raised)
            want = *saved;
    }
    if (want.rlim_cur == RLIM_INFINITY || want.rlim_cur >= (rlim_t)(need + used + 64))
        return need;
    return want.rlim_cur > (rlim_t)(used + 64) ? (int)(want.rlim_cur - (rlim_t)(used + 64)) : 0;
}

/* Opens the copies of ranks first..nranks-1 (first is 1: rank 0 has the original file; 0 for
 * the ranks of MPI_Comm_spawn, whose original may be the parents'). Each copy is a memory file
 * (open_memfd_copy) unless the copies must be files (keep_temps, or smpi/privatize-libs, which
 * rewrites them) or a memory file cannot be used. */
static void open_private_copies(struct smpi_app *app, int first, int src, off_t len,
                                const char *path, const char *tmpdir, bool keep_temps)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t cap = strlen(tmpdir) + strlen(base) + 48;
    char *copy = sim_xmalloc(cap);
    bool memfd = !keep_temps && !smpi__libs_any();
    int *fds = memfd ? sim_xmalloc((size_t)app->nranks * sizeof(*fds)) : NULL;
    int nfds = 0;
    struct rlimit saved;
    bool raised = false;
    int budget = memfd ? memfd_budget(app->nranks - first, &saved, &raised) : 0;

    check_tmpdir(tmpdir);
    for (int i = first; i < app->nranks; i++) {
        if (nfds < budget &&
            (app->mains[i] = open_memfd_copy(app, src, len, base, i, &fds[nfds])) != NULL) {
            nfds++;
            continue;
        }
        budget = 0; /* once a memory file failed, files from then on */
        snprintf(copy, cap, "%s/%s_%ld_%d%s.so", tmpdir, base, (long)getpid(), i,
                 first == 0 ? "_spawned" : "");
        make_copy(src, len, copy, tmpdir);
        if (smpi__libs_any())
            smpi__libs_for_copy(copy, i, tmpdir, keep_temps);
        app->mains[i] = open_copy(copy, copy, i, &app->handles[i]);
        if (!keep_temps)
            unlink(copy);
    }
    while (nfds > 0)
        close(fds[--nfds]);
    if (raised)
        setrlimit(RLIMIT_NOFILE, &saved);
    free(fds);
    if (keep_temps && app->nranks > 1)
        SIM_LOG(log_loader, SIM_LOG_VERBOSE, "kept the copies of ranks 1-%d as %s/%s_%ld_*.so",
                app->nranks - 1, tmpdir, base, (long)getpid());
    free(copy);
}

/* Counts the lines of /proc/self/maps, and in `of_file` those naming `file` (a path). */
static int count_mappings(const char *file, int *of_file)
{
    char *real = realpath(file, NULL);
    FILE *f = fopen("/proc/self/maps", "r");
    char line[4352];
    int n = 0;

    *of_file = 0;
    if (!f) {
        free(real);
        return 0;
    }
    while (fgets(line, sizeof(line), f)) {
        char *name = strchr(line, '/');
        size_t len = name ? strcspn(name, "\n") : 0;

        n++;
        if (real && name && len == strlen(real) && strncmp(name, real, len) == 0)
            (*of_file)++;
    }
    fclose(f);
    free(real);
    return n;
}

/* Room left for the kernel mappings that do not belong to copies (stacks' reservations,
 * malloc arenas, libraries loaded later). */
#define MAP_HEADROOM 1024

/* Resolves smpi/privatization:yes to mmap when it behaves as dlopen copies for the program open
 * at `fd` (loader_rule.c: it then costs a few cache lines per switch instead of a copy of the
 * program per rank) and neither smpi/privatize-libs nor smpi/keep-temps wants the copies, else to
 * dlopen when one copy per rank fits in vm.max_map_count, else mmap; dies when dlopen was asked for
 * and cannot fit, rather than failing after loading tens of thousands of copies. `file` (`path` as
 * the user gave it) was just loaded once. */
static enum smpi_privatization choose_mode(enum smpi_privatization mode, const char *file,
                                           const char *path, int fd, int nranks, bool keep_temps)
{
    int per_copy;
    int now;
    int limit;
    long need;

    if (mode != SMPI_PRIVATIZE_AUTO && mode != SMPI_PRIVATIZE_DLOPEN)
        return mode;
    if (nranks <= 1)
        return SMPI_PRIVATIZE_DLOPEN;
    if (mode == SMPI_PRIVATIZE_AUTO) {
        char why[96];
        const char *differs = smpi__libs_any() ? "smpi/privatize-libs is set"
                              : keep_temps     ? "smpi/keep-temps asks for the copies"
                                               : smpi__mmap_differs(fd, why, sizeof(why));

        if (!differs) {
            SIM_LOG(log_loader, SIM_LOG_VERBOSE,
                    "privatization yes: mmap (%s has no constructor, thread or exit handler of "
                    "its own and few globals)",
                    path);
            return SMPI_PRIVATIZE_MMAP;
        }
        SIM_LOG(log_loader, SIM_LOG_VERBOSE, "privatization yes: dlopen copies (%s: %s)", path,
                differs);
    }
    now = count_mappings(file, &per_copy);
    if (per_copy <= 0)
        per_copy = 5;
    limit = sim_max_map_count();
    need = (long)now + (long)per_copy * (nranks - 1) + MAP_HEADROOM;
    if (need <= limit)
        return SMPI_PRIVATIZE_DLOPEN;
    if (mode == SMPI_PRIVATIZE_AUTO) {
        SIM_LOG(log_loader, SIM_LOG_VERBOSE,
                "%d ranks x %d mappings per copy exceed vm.max_map_count %d: mmap privatization",
                nranks, per_copy, limit);
        return SMPI_PRIVATIZE_MMAP;
    }
    sim_die("privatization by dlopen needs about %ld kernel mappings for %d ranks (%d per copy "
            "of the program), above vm.max_map_count (%d)\n"
            "  use --cfg=smpi/privatization:mmap (or yes, the default), -no-privatize, or raise "
            "vm.max_map_count",
            need, nranks, per_copy, limit);
    return mode;
}

/* A new application object for nranks ranks, its tables empty. */
static struct smpi_app *app_new(int nranks)
{
    struct smpi_app *app = sim_xcalloc(1, sizeof(*app));

    app->nranks = nranks;
    app->handles = sim_xcalloc((size_t)nranks, sizeof(*app->handles));
    app->mains = sim_xcalloc((size_t)nranks, sizeof(*app->mains));
    return app;
}

/* Opens the program file (path as the user gave it) and checks that it is a regular ELF file
 * smpicc built, giving its size; -1 if it cannot be opened or is not a regular file, and then
 * dies naming why when fatal. */
static int open_program(const char *file, const char *path, bool fatal, off_t *size)
{
    struct stat st;
    int fd = open(file, O_RDONLY | O_CLOEXEC);

    if (fd < 0 || fstat(fd, &st) != 0) {
        if (fatal)
            sim_die("cannot open program %s: %s", path, strerror(errno));
    } else if (S_ISREG(st.st_mode)) {
        check_elf(fd, path);
        *size = st.st_size;
        return fd;
    } else if (fatal) {
        sim_die("program %s is not a regular file; was it compiled with smpicc?", path);
    }
    if (fd >= 0)
        close(fd);
    return -1;
}

struct smpi_app *smpi_app_open(const char *path, int nranks, enum smpi_privatization mode,
                               const char *tmpdir, bool keep_temps)
{
    struct smpi_app *app;
    off_t size;
    char *file;
    int fd;

    sim_assert(nranks >= 1, "smpi_app_open: %d ranks", nranks);
    /* dlopen searches the library path for a name without '/': make it name a file. */
    file = sim_xmalloc(strlen(path) + 3);
    sprintf(file, "%s%s", strchr(path, '/') ? "" : "./", path);
    fd = open_program(file, path, true, &size);
    app = app_new(nranks);
    app->mains[0] = open_copy(file, path, 0, &app->handles[0]);
    app->mode = choose_mode(mode, file, path, fd, nranks, keep_temps);
    app->nhandles = app->mode == SMPI_PRIVATIZE_DLOPEN ? nranks : 1;
    if (app->mode == SMPI_PRIVATIZE_DLOPEN)
        open_private_copies(app, 1, fd, size, path, tmpdir && *tmpdir ? tmpdir : "/tmp",
                            keep_temps);
    else if (app->mode == SMPI_PRIVATIZE_MMAP)
        app->images = smpi__app_images_new(app->handles[0], path, nranks);
    if (smpi__libs_any() && app->mode != SMPI_PRIVATIZE_DLOPEN && nranks > 1)
        SIM_LOG(log_loader, SIM_LOG_WARN,
                "smpi/privatize-libs is ignored: it needs the dlopen privatization (now %s); use "
                "--cfg=smpi/privatization:dlopen",
                app->mode == SMPI_PRIVATIZE_MMAP ? "mmap" : "none");
    close(fd);
    free(file);
    SIM_LOG(log_loader, SIM_LOG_VERBOSE, "opened %s for %d ranks (%s)", path, nranks,
            app->mode == SMPI_PRIVATIZE_DLOPEN ? "one copy per rank"
            : app->mode == SMPI_PRIVATIZE_MMAP ? "one copy, globals switched per rank"
                                               : "shared globals");
    return app;
}

struct smpi_app *smpi_app_open_spawned(const char *path, int nranks, enum smpi_privatization mode,
                                       const char *tmpdir, bool keep_temps)
{
    struct smpi_app *app;
    void *original;
    off_t size;
    int fd;

    sim_assert(nranks >= 1, "smpi_app_open_spawned: %d ranks", nranks);
    fd = open_program(path, path, false, &size);
    if (fd < 0)
        return NULL;
    app = app_new(nranks);
    /* the original checks that the file has a main; it may be the parents' own object */
    app->mains[0] = open_copy(path, path, 0, &original);
    app->mode = mode == SMPI_PRIVATIZE_NO ? SMPI_PRIVATIZE_NO : SMPI_PRIVATIZE_DLOPEN;
    if (app->mode == SMPI_PRIVATIZE_NO) {
        app->nhandles = 1;
        app->handles[0] = original;
    } else {
        app->nhandles = nranks;
        open_private_copies(app, 0, fd, size, path, tmpdir && *tmpdir ? tmpdir : "/tmp",
                            keep_temps);
        dlclose(original);
    }
    close(fd);
    SIM_LOG(log_loader, SIM_LOG_VERBOSE, "opened %s for %d spawned ranks (%s)", path, nranks,
            app->mode == SMPI_PRIVATIZE_DLOPEN ? "one copy per rank" : "shared globals");
    return app;
}

void *smpi_app_symbol(const struct smpi_app *app, int rank, const char *name)
{
    return dlsym(app->handles[app->nhandles > 1 ? rank : 0], name);
}

smpi_main_fn *smpi_app_main(const struct smpi_app *app, int rank)
{
    sim_assert(rank >= 0 && rank < app->nranks, "smpi_app_main: rank %d of %d", rank, app->nranks);
    return app->mains[app->nhandles > 1 ? rank : 0];
}

bool smpi_app_is_privatized(const struct smpi_app *app)
{
    return app->mode != SMPI_PRIVATIZE_NO;
}

enum smpi_privatization smpi_app_privatization(const struct smpi_app *app)
{
    return app->mode;
}

void *smpi_app_rank_addr(struct smpi_app *app, int rank, const void *addr)
{
    if (!app || !app->images)
        return (void *)addr;
    return smpi__app_images_addr(app->images, rank, addr);
}

void smpi_app_globals_span(const struct smpi_app *app, const void **lo, const void **hi)
{
    *lo = NULL;
    *hi = NULL;
    if (app && app->images)
        smpi__app_images_span(app->images, lo, hi);
}

size_t smpi_app_globals_size(const struct smpi_app *app)
{
    return app->images ? smpi__app_images_size(app->images) : 0;
}

void smpi_app_activate(struct smpi_app *app, int rank)
{
    if (app->images)
        smpi__app_images_activate(app->images, rank);
}

void *smpi_app_original_ip(const struct smpi_app *app, int rank, void *ip)
{
    Dl_info mine;
    Dl_info orig;
    Dl_info at;

    if (!app || app->nhandles <= 1 || rank <= 0 || rank >= app->nhandles)
        return ip;
    if (!dladdr((void *)app->mains[rank], &mine) || !dladdr((void *)app->mains[0], &orig) ||
        !dladdr(ip, &at) || at.dli_fbase != mine.dli_fbase)
        return ip;
    return (char *)orig.dli_fbase + ((char *)ip - (char *)mine.dli_fbase);
}

void smpi_app_close(struct smpi_app *app)
{
    if (!app)
        return;
    for (int i = app->nhandles - 1; i >= 0; i--)
        dlclose(app->handles[i]);
    smpi__libs_close();
    smpi__app_images_free(app->images);
    free(app->handles);
    free(app->mains);
    free(app);
}
