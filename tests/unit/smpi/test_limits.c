/* The memory check (limits.c): a run that cannot fit stops before any rank is created, naming
 * what a rank costs (structures and touched stack, the page-table page of its stack, its
 * globals; or, under contexts/copy-stacks, the copy of its stack) and what to change. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "tests/unit/child_exit.h"
#include "smpi/internal.h"

/* Stacks of `size` bytes, each rank's own (contexts/copy-stacks:no). */
static void stacks(size_t size)
{
    smpi__rt.cfg.sim.stack_size = size;
    smpi__rt.cfg.sim.guard_size = 4096;
    smpi__rt.cfg.sim.ctx_factory = SIM_CTX_RAW;
    smpi__rt.cfg.copy_stacks = SMPI_COPY_STACKS_NO;
}

/* 2^20 ranks with 1 GiB of globals each: a PiB, more than any machine has. */
static void check_huge(const void *arg)
{
    (void)arg;
    smpi__check_memory(1 << 20, (size_t)1 << 30);
}

Test(limits, eight_mib_stacks_cost_a_page_table_page_each_and_the_message_says_so)
{
    stacks(8 << 20);
    /* 3.6 KiB of structures and 4 KiB of touched stack; the stack's own page-table page */
    expect_exit_1(check_huge, NULL,
                  "-np 1048576 needs about 1048587.6 GiB (1048587.6 KiB per rank: 7.6 KiB of "
                  "structures and touched stack, 4.0 KiB of page table for 8192 KiB stacks, "
                  "1048576.0 KiB of globals)");
    expect_exit_1(check_huge, NULL,
                  "or lower --cfg=contexts/stack-size (below 2 MiB stacks share page tables: "
                  "256KiB takes 1048584.1 KiB per rank)");
}

Test(limits, stacks_below_two_mib_share_a_page_table_page)
{
    /* 260 KiB slots: 0.5 KiB of the 4 KiB page that maps 2 MiB; no advice to lower them */
    stacks(256 << 10);
    expect_exit_1(check_huge, NULL,
                  "(1048584.1 KiB per rank: 7.6 KiB of structures and touched stack, 0.5 KiB of "
                  "page table for 256 KiB stacks, 1048576.0 KiB of globals)");
}

Test(limits, copied_stacks_cost_their_copy_and_no_page_table)
{
    /* contexts/copy-stacks (auto at 2^20 ranks): no stack page or page-table page per rank,
     * the copy of its stack instead; the stack size does not matter */
    stacks(8 << 20);
    smpi__rt.cfg.copy_stacks = SMPI_COPY_STACKS_AUTO;
    expect_exit_1(check_huge, NULL,
                  "-np 1048576 needs about 1048580.9 GiB (1048580.9 KiB per rank: 3.6 KiB of "
                  "structures, 1.3 KiB for the copy of its stack (contexts/copy-stacks), "
                  "1048576.0 KiB of globals)");
}

Test(limits, the_thread_factory_keeps_a_stack_per_rank_under_copy_stacks)
{
    /* copy-stacks needs the raw factory: under threads each rank keeps its stack and pays for
     * its page-table page */
    stacks(8 << 20);
    smpi__rt.cfg.copy_stacks = SMPI_COPY_STACKS_YES;
    smpi__rt.cfg.sim.ctx_factory = SIM_CTX_THREAD;
    expect_exit_1(check_huge, NULL, "4.0 KiB of page table for 8192 KiB stacks");
}
