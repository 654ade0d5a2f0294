/* limits: checks, before any rank is created, that a run fits in the machine's memory, so that a
 * run too large stops at once with the numbers instead of being killed by the kernel midway. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>

#include "smpi/internal.h"

/* Memory a rank of a small program costs, measured with barrier + allreduce at 262,144 ranks
 * -no-privatize (2026-11-28, after a rank's actor, context and argv became one allocation
 * each: 7.64 KiB of peak RSS, of which 4 KiB of stack pages, and 4.05 KiB of page tables,
 * VmPTE, per rank; 0.52 KiB of page tables with 256 KiB stacks; at 2,097,152 ranks with 256
 * KiB stacks 7.53 KiB of peak RSS, the platform's share being smaller):
 * its actor, process, mailbox, requests and flows, the stack page it touches, and the
 * page-table page behind that stack page. One page-table page maps 2 MiB: stacks (with their
 * guard) of 2 MiB or more each need their own, smaller ones share it. */
#define RANK_STRUCT_BYTES (3728ull)
#define RANK_STACK_BYTES (4096ull)
/* Under contexts/copy-stacks a rank's stack costs no page and no page table of its own, but the
 * copy of the part it uses while another runs: at most 1,136 bytes for this program, blocked in
 * its barrier or allreduce, in a 1,280-byte buffer and its malloc header (measured 2026-11-30
 * at 65,536 ranks; a million ranks take 4.36 GB of peak RSS, 4.2 KiB a rank). */
#define RANK_IMAGE_BYTES (1296ull)
#define PT_PAGE_BYTES (4096ull)
#define PT_PAGE_SPAN (2ull << 20)

/* The page-table bytes a rank's stack costs: a whole page-table page for stacks of 2 MiB or
 * more, its share of one below. */
static unsigned long long page_table_per_rank(size_t stack, size_t guard)
{
    unsigned long long span = (unsigned long long)stack + guard;

    if (span >= PT_PAGE_SPAN)
        return PT_PAGE_BYTES;
    return (PT_PAGE_BYTES * span + PT_PAGE_SPAN - 1) / PT_PAGE_SPAN;
}

/* MemAvailable of /proc/meminfo in bytes, or 0 when unknown. */
static unsigned long long mem_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kib = 0;

    if (!f)
        return 0;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1)
            break;
    fclose(f);
    return kib * 1024;
}

void smpi__check_memory(int nranks, size_t globals_per_rank)
{
    size_t stack = smpi__rt.cfg.sim.stack_size;
    bool copied = smpi__copy_stacks_wanted(nranks);
    unsigned long long pt = copied ? 0 : page_table_per_rank(stack, smpi__rt.cfg.sim.guard_size);
    unsigned long long per_rank =
        RANK_STRUCT_BYTES + (copied ? RANK_IMAGE_BYTES : RANK_STACK_BYTES) + pt + globals_per_rank;
    unsigned long long need = per_rank * (unsigned long long)nranks;
    unsigned long long avail = mem_available();
    char hint[160] = "";

    if (avail == 0 || need <= avail)
        return;
    if (copied)
        sim_die("-np %d needs about %.1f GiB (%.1f KiB per rank: %.1f KiB of structures, %.1f KiB "
                "for the copy of its stack (contexts/copy-stacks), %.1f KiB of globals), more "
                "than the %.1f GiB of memory available (MemAvailable in /proc/meminfo)\n"
                "  run at most %llu ranks, or free memory",
                nranks, (double)need / (1 << 30), (double)per_rank / 1024,
                (double)RANK_STRUCT_BYTES / 1024, (double)RANK_IMAGE_BYTES / 1024,
                (double)globals_per_rank / 1024, (double)avail / (1 << 30), avail / per_rank);
    if (pt > page_table_per_rank(256 << 10, 4096)) /* what 256 KiB stacks would cost */
        snprintf(hint, sizeof(hint),
                 ", or lower --cfg=contexts/stack-size (below 2 MiB stacks share page tables: "
                 "256KiB takes %.1f KiB per rank)",
                 (double)(per_rank - pt + page_table_per_rank(256 << 10, 4096)) / 1024);
    sim_die("-np %d needs about %.1f GiB (%.1f KiB per rank: %.1f KiB of structures and touched "
            "stack, %.1f KiB of page table for %zu KiB stacks, %.1f KiB of globals), more than "
            "the %.1f GiB of memory available (MemAvailable in /proc/meminfo)\n"
            "  run at most %llu ranks, or free memory%s",
            nranks, (double)need / (1 << 30), (double)per_rank / 1024,
            (double)(RANK_STRUCT_BYTES + RANK_STACK_BYTES) / 1024, (double)pt / 1024, stack / 1024,
            (double)globals_per_rank / 1024, (double)avail / (1 << 30), avail / per_rank, hint);
}
