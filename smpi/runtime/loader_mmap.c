/* loader_mmap: privatization by remapping (SMPI's smpi/privatization:mmap). The application is
 * loaded once; its writable data segments (.data, .bss, the writable GOT) get one private image
 * per rank in a memory file, and switching to a rank maps that rank's image over the segments
 * (one mmap per switch that changes rank), or, for globals of at most 64 KiB, copies the
 * leaving rank's globals out and the next rank's in. The code, and the kernel mappings, exist once,
 * so rank counts far above what one dlopen copy per rank allows (vm.max_map_count) fit. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "simcore/simcore.h"
#include "smpi/runtime/loader.h"

SIM_LOG_CATEGORY(log_mmap, "smpi.loader");

#define MAX_REGIONS 4
/* Up to this many bytes of globals per rank, a switch copies the leaving rank's globals out to
 * its image and the next rank's in (two memcpy, a fraction of a microsecond) instead of
 * remapping (a system call and a page fault, about 2 us). */
#define COPY_MAX_BYTES (64 * 1024)

/* One writable range of the object, page-aligned: [lo, lo + size). Rank r's image of it lives
 * at file offset base + r * size of the memory file. */
struct region {
    char *lo;
    size_t size;
    off_t base;
};

struct smpi__app_images {
    int fd;    /* memory file holding every rank's images */
    char *all; /* the whole memory file, mapped once: any rank's globals without switching */
    int nregions;
    struct region regions[MAX_REGIONS];
    size_t per_rank; /* bytes of all regions, one rank */
    char *initial;   /* the regions as loaded (after relocation and constructors) */
    bool *ready;     /* per rank: its images were written */
    int nranks;
    int current; /* rank whose globals are in place, -1 for the loaded data itself */
    bool copy;   /* switch by copying (small globals) rather than by remapping */
};

struct find_ctx {
    uintptr_t base;
    struct smpi__app_images *im;
    size_t page;
    bool found;
    bool too_many;
};

static uintptr_t page_down(uintptr_t a, size_t page)
{
    return a / page * page;
}

static uintptr_t page_up(uintptr_t a, size_t page)
{
    return (a + page - 1) / page * page;
}

/* dl_iterate_phdr callback: records the writable PT_LOAD segments of the object loaded at
 * `base`, minus the part that ld.so made read-only after relocation (PT_GNU_RELRO; it rounds
 * the end of that part down to a page). */
static int find_segments(struct dl_phdr_info *info, size_t len, void *arg)
{
    struct find_ctx *f = arg;
    uintptr_t relro_end = 0;

    (void)len;
    if (info->dlpi_addr != f->base)
        return 0;
    f->found = true;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

        if (ph->p_type == PT_GNU_RELRO)
            relro_end = page_down(f->base + ph->p_vaddr + ph->p_memsz, f->page);
    }
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo;
        uintptr_t hi;

        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W) || ph->p_memsz == 0)
            continue;
        lo = page_down(f->base + ph->p_vaddr, f->page);
        hi = page_up(f->base + ph->p_vaddr + ph->p_memsz, f->page);
        if (relro_end > lo && relro_end <= hi)
            lo = relro_end;
        if (lo >= hi)
            continue;
        if (f->im->nregions == MAX_REGIONS) {
            f->too_many = true;
            return 1;
        }
        f->im->regions[f->im->nregions].lo = (char *)lo;
        f->im->regions[f->im->nregions].size = hi - lo;
        f->im->nregions++;
    }
    return 1;
}

/* Finds the writable segments of the object behind `handle`, or dies. */
static void locate(void *handle, const char *path, struct smpi__app_images *im)
{
    struct link_map *lm = NULL;
    long page = sysconf(_SC_PAGESIZE);
    struct find_ctx f = { .im = im, .page = page > 0 ? (size_t)page : 4096 };

    if (dlinfo(handle, RTLD_DI_LINKMAP, &lm) != 0 || !lm)
        sim_die("cannot inspect %s for mmap privatization: %s\n"
                "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                path, dlerror());
    f.base = (uintptr_t)lm->l_addr;
    dl_iterate_phdr(find_segments, &f);
    if (!f.found || f.too_many)
        sim_die("cannot find the data segments of %s for mmap privatization (%s)\n"
                "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                path, f.too_many ? "more than 4 writable segments" : "object not found");
}

/* Writes rank `rank`'s images (copies of the initial data) into the memory file. */
static void write_images(struct smpi__app_images *im, int rank)
{
    const char *src = im->initial;

    for (int i = 0; i < im->nregions; i++) {
        const struct region *r = &im->regions[i];
        off_t off = r->base + (off_t)rank * (off_t)r->size;
        size_t done = 0;

        while (done < r->size) {
            ssize_t n = pwrite(im->fd, src + done, r->size - done, off + (off_t)done);

            if (n <= 0)
                sim_die("cannot write the globals of rank %d for mmap privatization: %s\n"
                        "  each rank needs %zu bytes of memory for its copy of the globals",
                        rank, n < 0 ? strerror(errno) : "short write", im->per_rank);
            done += (size_t)n;
        }
        src += r->size;
    }
    im->ready[rank] = true;
}

struct smpi__app_images *smpi__app_images_new(void *handle, const char *path, int nranks)
{
    struct smpi__app_images *im = sim_xcalloc(1, sizeof(*im));
    off_t base = 0;
    char *dst;

    locate(handle, path, im);
    for (int i = 0; i < im->nregions; i++) {
        im->regions[i].base = base;
        base += (off_t)im->regions[i].size * nranks;
        im->per_rank += im->regions[i].size;
    }
    im->fd = memfd_create("simmpi-globals", MFD_CLOEXEC);
    if (im->fd < 0 || ftruncate(im->fd, base) != 0)
        sim_die("cannot create the memory file for mmap privatization (%lld bytes): %s\n"
                "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                (long long)base, strerror(errno));
    im->initial = sim_xmalloc(im->per_rank ? im->per_rank : 1);
    dst = im->initial;
    for (int i = 0; i < im->nregions; i++) {
        memcpy(dst, im->regions[i].lo, im->regions[i].size);
        dst += im->regions[i].size;
    }
    im->all =
        mmap(NULL, (size_t)base ? (size_t)base : 1, PROT_READ | PROT_WRITE, MAP_SHARED, im->fd, 0);
    if (im->all == MAP_FAILED)
        sim_die("cannot map the memory file for mmap privatization (%lld bytes): %s\n"
                "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                (long long)base, strerror(errno));
    im->ready = sim_xcalloc((size_t)nranks, sizeof(*im->ready));
    im->nranks = nranks;
    im->current = -1;
    im->copy = im->per_rank <= COPY_MAX_BYTES;
    SIM_LOG(log_mmap, SIM_LOG_VERBOSE,
            "mmap privatization of %s: %d writable region(s), %zu bytes per rank, switched by %s",
            path, im->nregions, im->per_rank, im->copy ? "copy" : "remap");
    return im;
}

/* The image of region `r` of rank `rank` in the whole-file mapping. */
static char *image(const struct smpi__app_images *im, const struct region *r, int rank)
{
    return im->all + r->base + (off_t)rank * (off_t)r->size;
}

/* Copy switching: the leaving rank's globals go back to its image, the next rank's come in. */
static void switch_by_copy(struct smpi__app_images *im, int rank)
{
    for (int i = 0; i < im->nregions; i++) {
        const struct region *r = &im->regions[i];

        if (im->current >= 0)
            memcpy(image(im, r, im->current), r->lo, r->size);
        memcpy(r->lo, image(im, r, rank), r->size);
    }
}

void smpi__app_images_activate(struct smpi__app_images *im, int rank)
{
    if (rank == im->current)
        return;
    sim_assert(rank >= 0 && rank < im->nranks, "mmap privatization: rank %d of %d", rank,
               im->nranks);
    if (!im->ready[rank])
        write_images(im, rank);
    if (im->copy) {
        switch_by_copy(im, rank);
        im->current = rank;
        return;
    }
    for (int i = 0; i < im->nregions; i++) {
        const struct region *r = &im->regions[i];
        off_t off = r->base + (off_t)rank * (off_t)r->size;

        if (mmap(r->lo, r->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, im->fd, off) ==
            MAP_FAILED)
            sim_die("cannot map the globals of rank %d: %s\n"
                    "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                    rank, strerror(errno));
    }
    im->current = rank;
}

void *smpi__app_images_addr(struct smpi__app_images *im, int rank, const void *addr)
{
    const char *a = addr;

    for (int i = 0; i < im->nregions; i++) {
        const struct region *r = &im->regions[i];

        if (a < r->lo || a >= r->lo + r->size)
            continue;
        /* The rank in place: its globals are live where it sees them (with copy switching,
         * its image is stale until it leaves). */
        if (rank < 0 || rank >= im->nranks || rank == im->current)
            return (void *)addr;
        if (!im->ready[rank])
            write_images(im, rank);
        return image(im, r, rank) + (a - r->lo);
    }
    return (void *)addr;
}

size_t smpi__app_images_size(const struct smpi__app_images *im)
{
    return im->per_rank;
}

void smpi__app_images_free(struct smpi__app_images *im)
{
    if (!im)
        return;
    munmap(im->all, im->nregions ? (size_t)(im->regions[im->nregions - 1].base +
                                            (off_t)im->regions[im->nregions - 1].size * im->nranks)
                                 : 1);
    close(im->fd);
    free(im->initial);
    free(im->ready);
    free(im);
}
