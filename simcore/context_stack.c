/* context_stack: actor stacks carved from large reservations, so that a million actors cost a
 * handful of kernel mappings instead of one (or two, with a guard page) each; the kernel allows
 * 65,530 mappings per process by default. Guard pages are installed with MADV_GUARD_INSTALL
 * (Linux 6.13 and later), which marks pages without splitting the mapping; older kernels fall
 * back to mprotect, which splits it and so brings the vm.max_map_count limit back. In a large
 * run the slots are readied in batches (ready_batch): a million stacks then cost 16,000
 * process_madvise calls instead of a million madvise calls and a million page faults. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "simcore/context.h"
#include "simcore/internal.h"

#ifdef HAVE_VALGRIND_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

/* From <linux/mman.h> of Linux 6.13; older C libraries lack the name. */
#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102
#endif

SIM_LOG_CATEGORY(log_stack, "sim.ctx");

/* Virtual space of one reservation; stacks larger than this get one reservation each. */
#define RESERVATION_BYTES ((size_t)1 << 30)

/* Once this many slots were carved, the run is large: slots are then readied BATCH_SLOTS at a
 * time, their guards installed and their top pages populated with one process_madvise call
 * each instead of one madvise call and one page fault per stack. A smaller run never pays for
 * slots it does not use; a large one leaves at most BATCH_SLOTS - 1 readied slots unused. */
#define BATCH_AFTER 128
#define BATCH_SLOTS 128

static unsigned valgrind_register(char *lo, char *hi)
{
#ifdef HAVE_VALGRIND_VALGRIND_H
    return VALGRIND_STACK_REGISTER(lo, hi);
#else
    (void)lo;
    (void)hi;
    return 0;
#endif
}

static void valgrind_deregister(unsigned id)
{
#ifdef HAVE_VALGRIND_VALGRIND_H
    if (id)
        VALGRIND_STACK_DEREGISTER(id);
#else
    (void)id;
#endif
}

static size_t slot_bytes(const struct sim__ctx_pool *pl)
{
    return pl->guard + pl->size;
}

/* The reservation of `bytes` more failed: names what was reserved and the limit it hit. */
static void die_cannot_reserve(const struct sim__ctx_pool *pl, size_t bytes)
{
    struct rlimit as;
    char limit[64] = "the machine's address space";

    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
        snprintf(limit, sizeof(limit), "ulimit -v (%llu KiB)",
                 (unsigned long long)as.rlim_cur / 1024);
    sim_die("cannot reserve %zu more bytes for actor stacks after %zu GiB (%zu stacks of %zu "
            "bytes): %s; the limit is %s\n"
            "  lower --cfg=contexts/stack-size, or run fewer ranks",
            bytes, pl->reserved >> 30, pl->reserved / slot_bytes(pl), slot_bytes(pl),
            strerror(errno), limit);
}

/* Reserves virtual space for a batch of stacks. MAP_NORESERVE: only touched pages cost memory.
 * MAP_STACK and MADV_NOHUGEPAGE: a touched stack page must never pull in a 2 MiB huge page. */
static void reserve(struct sim__ctx_pool *pl)
{
    size_t slot = slot_bytes(pl);
    size_t n = RESERVATION_BYTES / slot > 0 ? RESERVATION_BYTES / slot : 1;
    int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
    char *p;

#ifdef MAP_STACK
    flags |= MAP_STACK;
#endif
    p = mmap(NULL, n * slot, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (p == MAP_FAILED)
        die_cannot_reserve(pl, n * slot);
    pl->reserved += n * slot;
#ifdef MADV_NOHUGEPAGE
    madvise(p, n * slot, MADV_NOHUGEPAGE);
#endif
    pl->carve_next = p;
    pl->carve_left = n;
}

/* Makes the `pl->guard` bytes at `lo` fault on any access. */
static void install_guard(struct sim__ctx_pool *pl, char *lo)
{
    if (!pl->guard_by_mprotect) {
        if (madvise(lo, pl->guard, MADV_GUARD_INSTALL) == 0)
            return;
        if (errno != EINVAL)
            sim_die("cannot install the guard page of an actor stack: %s\n"
                    "  disable guard pages with --cfg=contexts/guard-size:0",
                    strerror(errno));
        pl->guard_by_mprotect = true;
        SIM_LOG(log_stack, SIM_LOG_VERBOSE,
                "MADV_GUARD_INSTALL unavailable (Linux < 6.13): guard pages by mprotect, one "
                "kernel mapping per actor");
    }
    if (mprotect(lo, pl->guard, PROT_NONE) != 0)
        sim_die("cannot protect actor stack: %s\n"
                "  each guard page costs two kernel mappings on this kernel (older than Linux "
                "6.13) and vm.max_map_count allows %d in all\n"
                "  raise vm.max_map_count, or disable guard pages with --cfg=contexts/guard-size:0",
                strerror(errno), sim_max_map_count());
}

/* process_madvise(2) on this process: `advice` on the `n` ranges of `iov`; true when the
 * kernel applied it to all of them (Linux 6.13 accepts any advice for the calling process). */
static bool madvise_many(struct sim__ctx_pool *pl, struct iovec *iov, size_t n, int advice)
{
#if defined(SYS_process_madvise) && defined(SYS_pidfd_open)
    size_t bytes = 0;
    long pid = (long)getpid();

    if (pl->pidfd_pid != pid) {
        int fd = (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);

        if (fd < 0)
            return false;
        pl->pidfd = fd;
        pl->pidfd_pid = pid;
    }
    for (size_t i = 0; i < n; i++)
        bytes += iov[i].iov_len;
    return syscall(SYS_process_madvise, pl->pidfd, iov, n, advice, 0) == (long)bytes;
#else
    (void)pl;
    (void)iov;
    (void)n;
    (void)advice;
    return false;
#endif
}

/* Readies up to BATCH_SLOTS slots from carve_next on in two system calls: their guards, then
 * the top page of each stack, which the context's first frame writes at once. Returns how many
 * slots are ready, 0 when the run is small or the kernel refuses (then each slot is set up by
 * itself, as before: a guard installed twice is still one guard). */
static size_t ready_batch(struct sim__ctx_pool *pl)
{
    struct iovec iov[BATCH_SLOTS];
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t n = pl->carve_left < BATCH_SLOTS ? pl->carve_left : BATCH_SLOTS;

    if (pl->batch_off || pl->carved < BATCH_AFTER || pl->guard_by_mprotect || pl->size < page)
        return 0;
#ifdef HAVE_VALGRIND_VALGRIND_H
    if (RUNNING_ON_VALGRIND) /* which does not know process_madvise */
        return 0;
#endif
    if (pl->guard > 0) {
        for (size_t i = 0; i < n; i++)
            iov[i] = (struct iovec){ .iov_base = pl->carve_next + i * slot_bytes(pl),
                                     .iov_len = pl->guard };
        if (!madvise_many(pl, iov, n, MADV_GUARD_INSTALL)) {
            pl->batch_off = true;
            return 0;
        }
    }
#ifdef MADV_POPULATE_WRITE
    for (size_t i = 0; i < n; i++)
        iov[i] = (struct iovec){ .iov_base = pl->carve_next + (i + 1) * slot_bytes(pl) - page,
                                 .iov_len = page };
    madvise_many(pl, iov, n, MADV_POPULATE_WRITE); /* if refused, the first frame faults them */
#endif
    return n;
}

int sim_max_map_count(void)
{
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    int n = 65530;

    if (f) {
        if (fscanf(f, "%d", &n) != 1)
            n = 65530;
        fclose(f);
    }
    return n;
}

/* Unmaps the free slots and the unused end of the reservation. */
static void unmap_unused(struct sim__ctx_pool *pl)
{
    for (size_t i = 0; i < pl->nfree; i++) {
        valgrind_deregister(pl->free[i].vg_id);
        munmap(pl->free[i].map, pl->free[i].guard + pl->free[i].size);
    }
    pl->nfree = 0;
    if (pl->carve_left > 0)
        munmap(pl->carve_next, pl->carve_left * slot_bytes(pl));
    pl->carve_next = NULL;
    pl->carve_left = 0;
    pl->ready_left = 0;
}

void sim__ctx_stack_configure(size_t size, size_t guard)
{
    struct sim__ctx_pool *pl = &sim__engine.ctx.stacks;

    if (size == pl->size && guard == pl->guard)
        return;
    /* Slots of the old geometry are of no further use; live stacks keep theirs. */
    unmap_unused(pl);
    pl->size = size;
    pl->guard = guard;
}

void sim__ctx_stack_release(void)
{
    struct sim__ctx_pool *pl = &sim__engine.ctx.stacks;

    unmap_unused(pl);
    free(pl->free);
    if (pl->pidfd_pid == (long)getpid())
        close(pl->pidfd);
    memset(pl, 0, sizeof(*pl));
}

struct sim__ctx_stack sim__ctx_stack_get(void)
{
    struct sim__ctx_pool *pl = &sim__engine.ctx.stacks;
    struct sim__ctx_stack s;

    if (pl->nfree > 0)
        return pl->free[--pl->nfree];
    if (pl->carve_left == 0)
        reserve(pl);
    if (pl->ready_left == 0)
        pl->ready_left = ready_batch(pl);
    s.map = pl->carve_next;
    s.guard = pl->guard;
    s.size = pl->size;
    pl->carve_next += slot_bytes(pl);
    pl->carve_left--;
    pl->carved++;
    if (pl->ready_left > 0)
        pl->ready_left--;
    else if (s.guard > 0)
        install_guard(pl, s.map);
    s.vg_id = valgrind_register(s.map + s.guard, s.map + s.guard + s.size);
    return s;
}

void sim__ctx_stack_put(struct sim__ctx_stack *s)
{
    struct sim__ctx_pool *pl = &sim__engine.ctx.stacks;

    if (s->guard != pl->guard || s->size != pl->size) {
        valgrind_deregister(s->vg_id);
        munmap(s->map, s->guard + s->size);
        s->map = NULL;
        return;
    }
    /* The touched pages stay: they were paid for while the actor lived, so keeping them never
     * raises the peak, and a million madvise calls at the end of a run cost seconds. */
    if (pl->nfree == pl->capfree) {
        pl->capfree = pl->capfree ? 2 * pl->capfree : 256;
        pl->free = sim_xrealloc(pl->free, pl->capfree * sizeof(*pl->free));
    }
    pl->free[pl->nfree++] = *s;
    s->map = NULL;
}
