/* loader_libs: smpi/privatize-libs, as in SMPI 3.32 (smpi_global.cpp): the shared libraries it
 * names get a copy per rank, so that their global state (libgfortran's I/O units, a library's
 * counters) is private to each rank as the program's own globals are. The copy of rank i > 0
 * takes a name of the same length as the library's (libgfortran.so.5 becomes
 * 0000003ortran.so.5 for rank 3, SMPI's names), written into the DT_NEEDED entry of that rank's
 * copy of the program and into the DT_SONAME of the library's copy; the library copy is loaded
 * first, so the dynamic linker finds it by that name when it loads the program copy. Rank 0
 * keeps the original program and libraries. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "simcore/simcore.h"
#include "smpi/runtime/loader.h"

struct priv_lib {
    char *path; /* the file the process loads */
    char *base; /* its name, as the program's DT_NEEDED names it */
};

static struct priv_lib *libs;
static int nlibs;
static void **handles; /* the library copies loaded, for smpi__libs_close */
static int nhandles;

struct find {
    const char *name;
    char *path;
};

/* SMPI's visit_libs: the first loaded object whose path contains the name. */
static int visit(struct dl_phdr_info *info, size_t size, void *data)
{
    struct find *f = data;

    (void)size;
    if (!info->dlpi_name || !strstr(info->dlpi_name, f->name))
        return 0;
    f->path = sim_xstrdup(info->dlpi_name);
    return 1;
}

static char *requested; /* the option's list, resolved once the program is loaded */

void smpi__libs_request(const char *list)
{
    free(requested);
    requested = list && *list ? sim_xstrdup(list) : NULL;
}

bool smpi__libs_any(void)
{
    return requested != NULL || nlibs > 0;
}

/* Finds each requested library among those loaded (the program's dependencies: rank 0's copy
 * is loaded first), else loads it by name as SMPI does. */
static void resolve(void)
{
    char *save = NULL;

    for (char *name = strtok_r(requested, ";", &save); name; name = strtok_r(NULL, ";", &save)) {
        struct find f = { .name = name, .path = NULL };
        const char *slash;

        dl_iterate_phdr(visit, &f);
        if (!f.path) {
            void *h = dlopen(name, RTLD_LAZY);

            if (!h)
                sim_die("smpi/privatize-libs: cannot load '%s': %s\n"
                        "  give the file name the program links (libgfortran.so.5) or its full "
                        "path",
                        name, dlerror());
            dl_iterate_phdr(visit, &f);
            dlclose(h);
        }
        if (!f.path)
            sim_die("smpi/privatize-libs: '%s' loads, but no loaded library's path contains it",
                    name);
        libs = sim_xrealloc(libs, (size_t)(nlibs + 1) * sizeof(*libs));
        libs[nlibs].path = f.path;
        slash = strrchr(f.path, '/');
        libs[nlibs].base = sim_xstrdup(slash ? slash + 1 : f.path);
        nlibs++;
    }
    free(requested);
    requested = NULL;
}

/* The file offset of virtual address `addr` of an ELF file, through its PT_LOAD segments. */
static off_t file_offset(const ElfW(Phdr) * ph, int n, ElfW(Addr) addr)
{
    for (int i = 0; i < n; i++)
        if (ph[i].p_type == PT_LOAD && addr >= ph[i].p_vaddr &&
            addr < ph[i].p_vaddr + ph[i].p_filesz)
            return (off_t)(addr - ph[i].p_vaddr + ph[i].p_offset);
    return -1;
}

/* Rewrites, in the dynamic section of the ELF file `path`, the string `from` of an entry of tag
 * `tag` (DT_NEEDED, DT_SONAME) into `to` (same length). Returns whether one was found. */
static bool patch_dynamic(const char *path, ElfW(Sxword) tag, const char *from, const char *to)
{
    int fd = open(path, O_RDWR | O_CLOEXEC);
    ElfW(Ehdr) eh;
    ElfW(Phdr) *ph = NULL;
    ElfW(Dyn) *dyn = NULL;
    size_t ndyn = 0;
    off_t strtab = -1;
    bool done = false;
    size_t len = strlen(from);

    if (fd < 0 || pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh))
        sim_die("smpi/privatize-libs: cannot read %s: %s", path, strerror(errno));
    ph = sim_xcalloc(eh.e_phnum ? eh.e_phnum : 1, sizeof(*ph));
    if (pread(fd, ph, eh.e_phnum * sizeof(*ph), (off_t)eh.e_phoff) !=
        (ssize_t)(eh.e_phnum * sizeof(*ph)))
        sim_die("smpi/privatize-libs: %s has truncated program headers", path);
    for (int i = 0; i < eh.e_phnum && !dyn; i++) {
        if (ph[i].p_type != PT_DYNAMIC)
            continue;
        ndyn = ph[i].p_filesz / sizeof(*dyn);
        dyn = sim_xcalloc(ndyn ? ndyn : 1, sizeof(*dyn));
        if (pread(fd, dyn, ndyn * sizeof(*dyn), (off_t)ph[i].p_offset) !=
            (ssize_t)(ndyn * sizeof(*dyn)))
            sim_die("smpi/privatize-libs: %s has a truncated dynamic section", path);
    }
    for (size_t i = 0; i < ndyn && dyn[i].d_tag != DT_NULL; i++)
        if (dyn[i].d_tag == DT_STRTAB)
            strtab = file_offset(ph, eh.e_phnum, dyn[i].d_un.d_ptr);
    for (size_t i = 0; strtab >= 0 && i < ndyn && dyn[i].d_tag != DT_NULL && !done; i++) {
        char name[256];
        off_t at = strtab + (off_t)dyn[i].d_un.d_val;

        if (dyn[i].d_tag != tag || pread(fd, name, sizeof(name), at) <= 0)
            continue;
        name[sizeof(name) - 1] = '\0';
        if (strcmp(name, from) != 0)
            continue;
        if (pwrite(fd, to, len, at) != (ssize_t)len)
            sim_die("smpi/privatize-libs: cannot write %s: %s", path, strerror(errno));
        done = true;
    }
    free(dyn);
    free(ph);
    close(fd);
    return done;
}

/* Copies `from` to `to` (a new file), or dies. */
static void copy_file(const char *from, const char *to)
{
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out;
    char buf[65536];
    ssize_t n;

    unlink(to);
    out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
    if (in < 0 || out < 0)
        sim_die("smpi/privatize-libs: cannot copy %s to %s: %s", from, to, strerror(errno));
    while ((n = read(in, buf, sizeof(buf))) > 0)
        if (write(out, buf, (size_t)n) != n)
            sim_die("smpi/privatize-libs: cannot write %s: %s", to, strerror(errno));
    if (n < 0 || close(out) != 0)
        sim_die("smpi/privatize-libs: cannot copy %s: %s", from, strerror(errno));
    close(in);
}

void smpi__libs_for_copy(const char *program_copy, int rank, const char *tmpdir, bool keep_temps)
{
    if (requested)
        resolve();
    for (int i = 0; i < nlibs; i++) {
        const char *base = libs[i].base;
        size_t len = strlen(base);
        size_t pad = len < 7 ? len : 7;
        char digits[16];
        char *renamed = sim_xmalloc(len + 1);
        char *target = sim_xmalloc(strlen(tmpdir) + len + 2);
        void *h;

        snprintf(digits, sizeof(digits), "%d", rank);
        if (strlen(digits) > pad)
            sim_die("smpi/privatize-libs: the name %s is too short for the rank number %d", base,
                    rank);
        memset(renamed, '0', pad - strlen(digits));
        memcpy(renamed + pad - strlen(digits), digits, strlen(digits));
        memcpy(renamed + pad, base + pad, len - pad + 1);
        sprintf(target, "%s/%s", tmpdir, renamed);
        copy_file(libs[i].path, target);
        if (!patch_dynamic(program_copy, DT_NEEDED, base, renamed))
            sim_die("smpi/privatize-libs: the program does not link %s itself (no DT_NEEDED "
                    "entry of that name); only libraries the program links can be privatized",
                    base);
        if (!patch_dynamic(target, DT_SONAME, base, renamed))
            sim_die("smpi/privatize-libs: %s's SONAME is not %s, the name the program links",
                    libs[i].path, base);
        h = dlopen(target, RTLD_NOW | RTLD_LOCAL);
        if (!h)
            sim_die("smpi/privatize-libs: cannot load the copy of %s for rank %d: %s", base, rank,
                    dlerror());
        handles = sim_xrealloc(handles, (size_t)(nhandles + 1) * sizeof(*handles));
        handles[nhandles++] = h;
        if (!keep_temps)
            unlink(target);
        free(renamed);
        free(target);
    }
}

void smpi__libs_close(void)
{
    for (int i = 0; i < nhandles; i++)
        dlclose(handles[i]);
    free(handles);
    handles = NULL;
    nhandles = 0;
    for (int i = 0; i < nlibs; i++) {
        free(libs[i].path);
        free(libs[i].base);
    }
    free(libs);
    libs = NULL;
    nlibs = 0;
    free(requested);
    requested = NULL;
}
