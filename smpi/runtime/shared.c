/* shared: memory folding, the SMPI_SHARED_MALLOC family of <smpi/smpi.h>, with SimGrid SMPI
 * 3.32's semantics (smpi_shared.cpp). Under smpi/shared-malloc:global every folded allocation
 * is a private reservation whose pages are replaced, one smpi/shared-malloc-blocksize chunk at a
 * time, by mappings of one single block of an unlinked file: any number of ranks and arrays cost
 * one block of physical memory (and one mapping per chunk: the kernel's vm.max_map_count bounds
 * the folded bytes at about 65,000 x blocksize). Under local, the ranks' allocations made at one
 * call site (file:line) map one shared file each. Under no, an ordinary malloc. The data of a
 * folded buffer is meaningless by design: the application trades it for memory.
 * SMPI_PARTIAL_SHARED_MALLOC folds only the listed byte ranges; the rest stays private.
 * SMPI_SHARED_CALL(f, input, ...) runs f once per (f, input) for all ranks and hands its result
 * to every later caller. Messages between folded buffers still copy their bytes (SMPI skips
 * that copy; the simulated time is the same either way). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <smpi/smpi.h>
#define SMPI_NO_REDIRECT /* the intercepts' declarations, without the macros */
#include <smpi_helpers.h>

#include "smpi/analyze/analyze.h"
#include "smpi/internal.h"

#define PAGE 4096u
#define HUGE_PAGE (2u << 20)

/* One folded allocation, by the address the application got. */
struct fold {
    char *mem;
    size_t size;
    void *map; /* the whole reservation (may start before mem with huge pages) */
    size_t map_size;
    struct site *site; /* local mode: its call site, else NULL */
    size_t *shared;    /* the shared byte ranges [start, stop) from mem, in pairs */
    int nshared;
};

/* Local mode: one shared file per call site. */
struct site {
    char *key;
    int fd;
    size_t size; /* the file's length */
    int users;
    struct site *next;
};

static struct fold *folds; /* sorted by mem */
static size_t nfolds, cap_folds;
static struct site *sites;
static int block_fd = -1;      /* the block of global mode */
static int huge_block_fd = -1; /* the same on a hugetlbfs */

struct call {
    char *key;
    void *data;
    struct call *next;
};
static struct call *calls;

static size_t align_up(size_t n, size_t a)
{
    return (n + a - 1) / a * a;
}

static size_t align_down(size_t n, size_t a)
{
    return n / a * a;
}

/* Index of the first fold whose mem is >= p. */
static size_t lower_bound(const void *p)
{
    size_t lo = 0, hi = nfolds;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;

        if ((uintptr_t)folds[mid].mem < (uintptr_t)p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void remember(struct fold f)
{
    size_t i = lower_bound(f.mem);

    if (nfolds == cap_folds) {
        cap_folds = cap_folds ? 2 * cap_folds : 64;
        folds = realloc(folds, cap_folds * sizeof(*folds));
        if (!folds)
            sim_die("out of memory for the folded allocations");
    }
    memmove(folds + i + 1, folds + i, (nfolds - i) * sizeof(*folds));
    folds[i] = f;
    nfolds++;
}

/* An unlinked file of `size` bytes in dir (a tmpfs or a hugetlbfs). */
static int temp_file(const char *dir, size_t size)
{
    char name[SMPI_PATH_MAX + 32];
    int fd;

    snprintf(name, sizeof(name), "%s/simmpi-fold-XXXXXX", dir);
    fd = mkstemp(name);
    if (fd < 0)
        sim_die("SMPI_SHARED_MALLOC: cannot create a file in %s: %s", dir, strerror(errno));
    unlink(name);
    if (size > 0 && ftruncate(fd, (off_t)size) != 0)
        sim_die("SMPI_SHARED_MALLOC: cannot size a file of %zu bytes in %s: %s", size, dir,
                strerror(errno));
    return fd;
}

static const char *shm_dir(void)
{
    return access("/dev/shm", W_OK) == 0 ? "/dev/shm" : smpi__rt.cfg.tmpdir;
}

static void map_at(char *pos, size_t len, int fd, int extra_flags)
{
    void *r = mmap(pos, len, PROT_READ | PROT_WRITE, MAP_FIXED | MAP_SHARED | extra_flags, fd, 0);

    if (r != pos)
        sim_die("SMPI_SHARED_MALLOC: cannot map folded memory (%s): %zu folded bytes need one "
                "mapping per --cfg=smpi/shared-malloc-blocksize (now %.0f bytes); raise it, or "
                "vm.max_map_count",
                strerror(errno), len, smpi__rt.cfg.shared_malloc_blocksize);
}

/* The checks of SMPI 3.32 (smpi_shared.cpp), as messages naming the block, the value and the
 * limit: each block starts before it stops, stops within the size and before the next starts. */
static void check_offsets(size_t size, const size_t *offsets, int nblocks)
{
    if (nblocks < 0 || (nblocks > 0 && !offsets))
        sim_die("SMPI_PARTIAL_SHARED_MALLOC: %d shared blocks%s; give 0 or more [start, stop) "
                "pairs",
                nblocks, nblocks < 0 ? "" : " but no offsets array");
    for (int b = 0; b < nblocks; b++) {
        size_t start = offsets[2 * b], stop = offsets[2 * b + 1];

        if (start >= stop)
            sim_die("SMPI_PARTIAL_SHARED_MALLOC: block %d starts at offset %zu, not before its "
                    "stop offset %zu; each block is a non-empty [start, stop) range",
                    b, start, stop);
        if (stop > size)
            sim_die("SMPI_PARTIAL_SHARED_MALLOC: block %d stops at offset %zu, past the size of "
                    "the allocation (%zu bytes)",
                    b, stop, size);
        if (b + 1 < nblocks && stop >= offsets[2 * b + 2])
            sim_die("SMPI_PARTIAL_SHARED_MALLOC: block %d stops at offset %zu, not before block "
                    "%d starts (%zu); blocks must be sorted and must not overlap or touch",
                    b, stop, b + 1, offsets[2 * b + 2]);
    }
}

static size_t *ranges_copy(const size_t *offsets, int nblocks)
{
    size_t *r = sim_xmalloc(2 * (size_t)(nblocks > 0 ? nblocks : 1) * sizeof(*r));

    memcpy(r, offsets, 2 * (size_t)nblocks * sizeof(*r));
    return r;
}

bool smpi__shared_covers(const void *p, size_t n)
{
    size_t i = lower_bound((const char *)p + 1);
    const struct fold *f;
    size_t start, stop;

    if (i == 0 || n == 0)
        return false;
    f = &folds[i - 1]; /* the last fold starting at or before p */
    start = (size_t)((const char *)p - f->mem);
    stop = start + n;
    if ((const char *)p < f->mem || stop > f->size)
        return false;
    for (int b = 0; b < f->nshared; b++) /* the blocks are sorted and disjoint */
        if (f->shared[2 * b] <= start && stop <= f->shared[2 * b + 1])
            return true;
    return false;
}

void *smpi_shared_malloc_partial(size_t size, const size_t *offsets, int nblocks)
{
    const struct smpi_config *cfg = &smpi__rt.cfg;
    bool huge = cfg->shared_malloc_hugepage[0] != '\0';
    size_t bs = (size_t)cfg->shared_malloc_blocksize;
    size_t reserved = huge ? size + 2 * bs : size;
    char *map, *mem;

    if (huge && bs != HUGE_PAGE)
        sim_die("smpi/shared-malloc-hugepage needs smpi/shared-malloc-blocksize:2MiB (now %zu)",
                bs);
    if (!huge && (bs == 0 || bs % PAGE != 0))
        sim_die("smpi/shared-malloc-blocksize must be a positive multiple of 4 KiB (now %zu)", bs);
    check_offsets(size, offsets, nblocks);
    map = mmap(NULL, reserved ? reserved : PAGE, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED)
        sim_die("SMPI_SHARED_MALLOC: cannot reserve %zu MiB: %s", size >> 20, strerror(errno));
    mem = huge ? (char *)align_up((uintptr_t)map, HUGE_PAGE) : map;
    if (block_fd < 0)
        block_fd = temp_file(shm_dir(), bs);
    if (huge && huge_block_fd < 0)
        huge_block_fd = temp_file(cfg->shared_malloc_hugepage, 0);
    for (int b = 0; b < nblocks; b++) {
        size_t start = offsets[2 * b], stop = offsets[2 * b + 1];
        size_t first = align_up(start, bs), last = align_down(stop, bs);
        size_t lo = align_up(start, PAGE);
        size_t lo_end;

        for (size_t off = first; off < last; off += bs) /* whole blocks */
            map_at(mem + off, bs, huge ? huge_block_fd : block_fd, huge ? MAP_HUGETLB : 0);
        /* the pages before the first whole block, and after the last one */
        lo_end = first < align_down(stop, PAGE) ? first : align_down(stop, PAGE);
        if (lo < lo_end)
            map_at(mem + lo, lo_end - lo, block_fd, 0);
        if (lo_end <= last) {
            size_t hi = stop == size ? align_up(size, PAGE) : align_down(stop, PAGE);

            if (hi > last)
                map_at(mem + last, hi - last, block_fd, 0);
        }
    }
    remember((struct fold){ mem, size, map, reserved ? reserved : PAGE, NULL,
                            ranges_copy(offsets, nblocks), nblocks });
    return mem;
}

static void *local_malloc(size_t size, const char *file, int line)
{
    char key[1024];
    struct site *s;
    void *mem;

    snprintf(key, sizeof(key), "%s:%d", file, line);
    for (s = sites; s && strcmp(s->key, key) != 0; s = s->next)
        ;
    if (!s) {
        s = sim_xcalloc(1, sizeof(*s));
        s->key = sim_xstrdup(key);
        s->fd = temp_file(shm_dir(), 0);
        s->next = sites;
        sites = s;
    }
    if (size > s->size) {
        if (ftruncate(s->fd, (off_t)size) != 0)
            sim_die("SMPI_SHARED_MALLOC: cannot grow the shared file of %s to %zu bytes: %s", key,
                    size, strerror(errno));
        s->size = size;
    }
    mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, s->fd, 0);
    if (mem == MAP_FAILED)
        sim_die("SMPI_SHARED_MALLOC: cannot map %zu bytes for %s: %s", size, key, strerror(errno));
    s->users++;
    remember((struct fold){ mem, size, mem, size, s, ranges_copy((size_t[]){ 0, size }, 1), 1 });
    return mem;
}

void *smpi_shared_malloc(size_t size, const char *file, int line)
{
    switch (smpi__rt.cfg.shared_malloc) {
    case SMPI_SHARED_LOCAL:
        if (size > 0)
            return local_malloc(size, file, line);
        break;
    case SMPI_SHARED_GLOBAL: {
        size_t whole[2] = { 0, size };

        return smpi_shared_malloc_partial(size, whole, 1);
    }
    case SMPI_SHARED_NONE:
        break;
    }
    return sim_xmalloc(size ? size : 1);
}

void smpi_shared_free(void *ptr)
{
    size_t i;
    struct fold f;

    if (smpi__analyze.memory)
        smpi__alloc_forget(ptr);
    i = lower_bound(ptr);
    if (i >= nfolds || folds[i].mem != ptr) {
        free(ptr);
        return;
    }
    f = folds[i];
    memmove(folds + i, folds + i + 1, (nfolds - i - 1) * sizeof(*folds));
    nfolds--;
    munmap(f.map, f.map_size);
    free(f.shared);
    if (f.site && --f.site->users == 0) {
        struct site **sp = &sites;

        while (*sp != f.site)
            sp = &(*sp)->next;
        *sp = f.site->next;
        close(f.site->fd);
        free(f.site->key);
        free(f.site);
    }
}

static struct call *find_call(const char *func, const char *input)
{
    char key[2048];

    snprintf(key, sizeof(key), "%s:%s", func, input);
    for (struct call *c = calls; c; c = c->next)
        if (strcmp(c->key, key) == 0)
            return c;
    return NULL;
}

int smpi_shared_known_call(const char *func, const char *input)
{
    return find_call(func, input) != NULL;
}

void *smpi_shared_get_call(const char *func, const char *input)
{
    struct call *c = find_call(func, input);

    if (!c)
        sim_die("SMPI_SHARED_CALL: no result for %s(%s) yet", func, input);
    return c->data;
}

void *smpi_shared_set_call(const char *func, const char *input, void *data)
{
    struct call *c = find_call(func, input);
    char key[2048];

    if (!c) {
        snprintf(key, sizeof(key), "%s:%s", func, input);
        c = sim_xcalloc(1, sizeof(*c));
        c->key = sim_xstrdup(key);
        c->next = calls;
        calls = c;
    }
    c->data = data;
    return data;
}

/* The allocation calls of applications (smpi_helpers.h), as SMPI 3.32's intercepts: below
 * smpi/auto-shared-malloc-thresh (or with it 0) the libc call, else SMPI_SHARED_MALLOC at the
 * caller's file:line. */
void *smpi_shared_malloc_intercept(size_t size, const char *file, int line)
{
    double thresh = smpi__rt.cfg.auto_shared_malloc_thresh;
    void *p;

    if (thresh <= 0 || (double)size < thresh || !smpi__self()) {
        p = malloc(size);
        if (smpi__analyze.memory)
            smpi__alloc_note(p, size, file, line, true);
        return p;
    }
    if (smpi__analyze.memory)
        smpi__alloc_shared(size);
    return smpi_shared_malloc(size, file, line);
}

void *smpi_shared_calloc_intercept(size_t n, size_t elem_size, const char *file, int line)
{
    double thresh = smpi__rt.cfg.auto_shared_malloc_thresh;
    size_t size;

    if (thresh <= 0 || __builtin_mul_overflow(n, elem_size, &size) || (double)size < thresh ||
        !smpi__self()) {
        void *p = calloc(n, elem_size);

        if (smpi__analyze.memory)
            smpi__alloc_note(p, n * elem_size, file, line, true);
        return p;
    }
    if (smpi__analyze.memory)
        smpi__alloc_shared(size);
    return memset(smpi_shared_malloc(size, file, line), 0, size);
}

/* A folded block moves to a new allocation of the new size (folded or not, by the threshold)
 * with its first bytes; any other block is the libc realloc. */
void *smpi_shared_realloc_intercept(void *data, size_t size, const char *file, int line)
{
    size_t i = lower_bound(data);
    size_t old_size;
    void *moved;

    if (size == 0) {
        smpi_shared_free(data);
        return NULL;
    }
    if (!data)
        return smpi_shared_malloc_intercept(size, file, line);
    if (i >= nfolds || folds[i].mem != data) {
        if (smpi__analyze.memory) /* the record follows the block; SMPI's totals stay */
            smpi__alloc_forget(data);
        moved = realloc(data, size);
        if (smpi__analyze.memory)
            smpi__alloc_note(moved, size, file, line, false);
        return moved;
    }
    old_size = folds[i].size; /* before the new allocation moves the entries of folds */
    moved = smpi_shared_malloc_intercept(size, file, line);
    if (!moved)
        return NULL;
    memcpy(moved, data, size < old_size ? size : old_size);
    smpi_shared_free(data);
    return moved;
}
