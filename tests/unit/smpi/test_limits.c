/* The memory check (limits.c): a run that cannot fit stops before any rank is created, naming
 * what a rank costs (structures and touched stack, the page-table page of its stack, its
 * globals) and what to change. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "tests/unit/child_exit.h"
#include "smpi/internal.h"

static void stacks(size_t size)
{
    smpi__rt.cfg.sim.stack_size = size;
    smpi__rt.cfg.sim.guard_size = 4096;
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
