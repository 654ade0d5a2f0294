/* loader_mmap: privatization by remapping (SMPI's smpi/privatization:mmap). The application is
 * loaded once; its writable data (.data, .bss, the writable GOT: the exact bytes of the writable
 * PT_LOAD segments that stay writable after relocation) gets one private image per rank. For
 * globals of at most 64 KiB a switch copies the leaving rank's bytes out to its image and the
 * next rank's in (a few cache lines for a small program; the images are packed in anonymous
 * memory); larger ones are whole pages in a memory file, and switching to a rank maps that
 * rank's image over the segments (one mmap per switch that changes rank). The code, and the
 * kernel mappings, exist once, so rank counts far above what one dlopen copy per rank allows
 * (vm.max_map_count) fit. */
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
/* Copy switching: a rank's images are packed, each region at a multiple of this (a cache line). */
#define IMAGE_ALIGN 64

/* One writable range of the object: [lo, lo + size). Remapping: page-aligned, rank r's image at
 * file offset base + r * size of the memory file. Copying: the exact bytes, rank r's image at
 * offset r * stride + base of the packed images. */
struct region {
    char *lo;
    size_t size;
    off_t base;
};

struct smpi__app_images {
    int fd;       /* remapping: the memory file holding every rank's images; else -1 */
    char *all;    /* every rank's images, mapped once: any rank's globals without switching */
    size_t total; /* bytes of `all` */
    int nregions;
    struct region regions[MAX_REGIONS];
    const char *span_lo; /* from the first region's start to the last one's end: */
    const char *span_hi; /* most addresses translated (stacks, heap) are outside */
    size_t per_rank;     /* bytes each rank's images take */
    size_t stride;       /* copying: distance between two ranks' images */
    char *initial;       /* the regions as loaded (after relocation and constructors) */
    bool *ready;         /* per rank: its images were written */
    int nranks;
    int current; /* rank whose globals are in place, -1 for the loaded data itself */
    bool copy;   /* switch by copying (small globals) rather than by remapping */
};

static uintptr_t page_down(uintptr_t a, size_t page)
{
    return a / page * page;
}

static uintptr_t page_up(uintptr_t a, size_t page)
{
    return (a + page - 1) / page * page;
}

int smpi__writable_ranges(const ElfW(Phdr) * ph, int nph, uintptr_t base, size_t page, bool pages,
                          struct smpi__range *out, int max)
{
    uintptr_t relro_end = 0;
    int n = 0;

    /* ld.so protects [relro start, relro end rounded down to a page) */
    for (int i = 0; i < nph; i++)
        if (ph[i].p_type == PT_GNU_RELRO)
            relro_end = page_down(base + ph[i].p_vaddr + ph[i].p_memsz, page);
    for (int i = 0; i < nph; i++) {
        uintptr_t lo = base + ph[i].p_vaddr;
        uintptr_t hi = lo + ph[i].p_memsz;

        if (ph[i].p_type != PT_LOAD || !(ph[i].p_flags & PF_W) || ph[i].p_memsz == 0)
            continue;
        if (relro_end > lo)
            lo = relro_end < hi ? relro_end : hi;
        if (pages && lo < hi) {
            lo = page_down(lo, page);
            hi = page_up(hi, page);
        }
        if (lo >= hi)
            continue;
        if (n == max)
            return -1;
        out[n++] = (struct smpi__range){ .lo = lo, .hi = hi };
    }
    return n;
}

struct find_ctx {
    uintptr_t base;
    const ElfW(Phdr) * phdr;
    int phnum;
};

/* dl_iterate_phdr callback: finds the program headers of the object loaded at `base`. */
static int find_object(struct dl_phdr_info *info, size_t len, void *arg)
{
    struct find_ctx *f = arg;

    (void)len;
    if (info->dlpi_addr != f->base)
        return 0;
    f->phdr = info->dlpi_phdr;
    f->phnum = info->dlpi_phnum;
    return 1;
}

/* Finds the writable data of the object behind `handle`, or dies: the exact bytes when they are
 * few enough to be switched by copying, else whole pages. */
static void locate(void *handle, const char *path, struct smpi__app_images *im)
{
    struct link_map *lm = NULL;
    long sys_page = sysconf(_SC_PAGESIZE);
    size_t page = sys_page > 0 ? (size_t)sys_page : 4096;
    struct find_ctx f = { 0 };
    struct smpi__range r[MAX_REGIONS];
    size_t bytes = 0;
    int n;

    if (dlinfo(handle, RTLD_DI_LINKMAP, &lm) != 0 || !lm)
        sim_die("cannot inspect %s for mmap privatization: %s\n"
                "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                path, dlerror());
    f.base = (uintptr_t)lm->l_addr;
    dl_iterate_phdr(find_object, &f);
    n = f.phdr ? smpi__writable_ranges(f.phdr, f.phnum, f.base, page, false, r, MAX_REGIONS) : -1;
    for (int i = 0; i < n; i++)
        bytes += r[i].hi - r[i].lo;
    im->copy = bytes <= COPY_MAX_BYTES;
    if (n >= 0 && !im->copy)
        n = smpi__writable_ranges(f.phdr, f.phnum, f.base, page, true, r, MAX_REGIONS);
    if (n < 0)
        sim_die("cannot find the data segments of %s for mmap privatization (%s)\n"
                "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                path, f.phdr ? "more than 4 writable segments" : "object not found");
    im->nregions = n;
    im->span_lo = n ? (const char *)r[0].lo : NULL;
    im->span_hi = im->span_lo;
    for (int i = 0; i < n; i++) {
        im->regions[i] = (struct region){ .lo = (char *)r[i].lo, .size = r[i].hi - r[i].lo };
        if ((const char *)r[i].lo < im->span_lo)
            im->span_lo = (const char *)r[i].lo;
        if ((const char *)r[i].hi > im->span_hi)
            im->span_hi = (const char *)r[i].hi;
    }
}

/* The image of region `r` of rank `rank` in the mapping of every rank's images. */
static char *image(const struct smpi__app_images *im, const struct region *r, int rank)
{
    if (im->copy)
        return im->all + (size_t)rank * im->stride + r->base;
    return im->all + r->base + (off_t)rank * (off_t)r->size;
}

/* Writes rank `rank`'s images (copies of the initial data). */
static void write_images(struct smpi__app_images *im, int rank)
{
    const char *src = im->initial;

    for (int i = 0; i < im->nregions; i++) {
        memcpy(image(im, &im->regions[i], rank), src, im->regions[i].size);
        src += im->regions[i].size;
    }
    im->ready[rank] = true;
}

/* Lays out the images and maps them: packed in anonymous memory for copy switching, in a memory
 * file (which remapping maps over the segments) otherwise. */
static void map_images(struct smpi__app_images *im, int nranks)
{
    size_t base = 0;

    for (int i = 0; i < im->nregions; i++) {
        size_t size = im->regions[i].size;

        im->regions[i].base = (off_t)base;
        base +=
            im->copy ? (size + IMAGE_ALIGN - 1) / IMAGE_ALIGN * IMAGE_ALIGN : size * (size_t)nranks;
        im->per_rank += im->copy ? 0 : size;
    }
    im->fd = -1;
    if (im->copy) {
        im->stride = base;
        im->per_rank = base;
        im->total = base * (size_t)nranks;
        im->all = mmap(NULL, im->total ? im->total : 1, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    } else {
        im->total = base;
        im->fd = memfd_create("simmpi-globals", MFD_CLOEXEC);
        if (im->fd < 0 || ftruncate(im->fd, (off_t)base) != 0)
            sim_die("cannot create the memory file for mmap privatization (%zu bytes): %s\n"
                    "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                    base, strerror(errno));
        im->all = mmap(NULL, base ? base : 1, PROT_READ | PROT_WRITE, MAP_SHARED, im->fd, 0);
    }
    if (im->all == MAP_FAILED)
        sim_die("cannot map the globals of %d ranks for mmap privatization (%zu bytes): %s\n"
                "  use --cfg=smpi/privatization:dlopen, or -no-privatize",
                nranks, im->total, strerror(errno));
}

struct smpi__app_images *smpi__app_images_new(void *handle, const char *path, int nranks)
{
    struct smpi__app_images *im = sim_xcalloc(1, sizeof(*im));
    size_t bytes = 0;
    char *dst;

    locate(handle, path, im);
    map_images(im, nranks);
    for (int i = 0; i < im->nregions; i++)
        bytes += im->regions[i].size;
    im->initial = sim_xmalloc(bytes ? bytes : 1);
    dst = im->initial;
    for (int i = 0; i < im->nregions; i++) {
        memcpy(dst, im->regions[i].lo, im->regions[i].size);
        dst += im->regions[i].size;
    }
    im->ready = sim_xcalloc((size_t)nranks, sizeof(*im->ready));
    im->nranks = nranks;
    im->current = -1;
    SIM_LOG(log_mmap, SIM_LOG_VERBOSE,
            "mmap privatization of %s: %d writable region(s), %zu bytes of globals, %zu bytes "
            "per rank, switched by %s",
            path, im->nregions, bytes, im->per_rank, im->copy ? "copy" : "remap");
    return im;
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

    if (a < im->span_lo || a >= im->span_hi)
        return (void *)addr;
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

void smpi__app_images_span(const struct smpi__app_images *im, const void **lo, const void **hi)
{
    *lo = im->span_lo;
    *hi = im->span_hi;
}

size_t smpi__app_images_size(const struct smpi__app_images *im)
{
    return im->per_rank;
}

void smpi__app_images_free(struct smpi__app_images *im)
{
    if (!im)
        return;
    munmap(im->all, im->total ? im->total : 1);
    if (im->fd >= 0)
        close(im->fd);
    free(im->initial);
    free(im->ready);
    free(im);
}
