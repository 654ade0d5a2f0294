/* test_timeline: the page writer of smpi/timeline: dates as whole ticks and differences, the
 * messages in order of sending, names that cannot end the page's script, and the page's source
 * around the data. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/timeline.h"

static struct sim_platform *plat;
static struct smpi_process procs[2];
static const char *calls[] = { "computation", "MPI_Send", "MPI_Recv" };
static char coll[] = { 0, 0, 0 };

static void two_ranks(void)
{
    plat = sim_platform_default();
    procs[0].host = sim_platform_host(plat, 0);
    procs[1].host = sim_platform_host(plat, 0);
    smpi__rt.nranks = 2;
    smpi__rt.procs = procs;
}

static void done(void)
{
    smpi__rt.procs = NULL;
    smpi__rt.nranks = 0;
    sim_platform_free(plat);
}

/* Writes run into a string (owned by the caller). */
static char *page_of(const struct smpi_tl_run *run)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    cr_assert_eq(smpi__timeline_write(f, run), 0);
    fclose(f);
    return text;
}

Test(timeline, dates_are_ticks_and_differences, .init = two_ranks, .fini = done)
{
    /* Rank 0 computes from 0 to 1 ms, then sends 100 B to rank 1 from 1 ms to 1.5 ms; rank 1
     * receives from 0.2 ms to 1.6 ms. The run ends at 1.6 ms, so the tick is 1 ps: rank 0's
     * bars are "0,0,1000000000" and "1,1000000000,500000000" (start minus previous start),
     * the message "0,1,1000000000,600000000" (sent at 1 ms, received 0.6 ms later). */
    struct smpi_tl_event ev0[] = {
        { .start = 0, .end = 1e-3, .call = 0, .peer = -1 },
        { .start = 1e-3, .end = 1.5e-3, .bytes = 100, .call = 1, .peer = 1 },
    };
    struct smpi_tl_event ev1[] = {
        { .start = 2e-4, .end = 1.6e-3, .bytes = 100, .call = 2, .peer = 0 },
    };
    struct smpi_tl_rank ranks[] = { { .ev = ev0, .n = 2, .open = -1 },
                                    { .ev = ev1, .n = 1, .open = -1 } };
    struct smpi_tl_msg block[1] = {
        { .sent = 1e-3, .recv = 1.6e-3, .bytes = 100, .src = 0, .dst = 1 }
    };
    struct smpi_tl_msg *blocks[] = { block };
    struct smpi_tl_run run = { .path = "t.html",
                               .nranks = 2,
                               .ranks = ranks,
                               .calls = calls,
                               .call_is_coll = coll,
                               .ncalls = 3,
                               .blocks = blocks,
                               .nblocks = 1,
                               .nmsgs = 1,
                               .end = 1.6e-3 };
    char *text = page_of(&run);

    cr_assert(strstr(text, "tick:1e-12,\nend:1600000000,\nranks:2,") != NULL, "%s", text);
    cr_assert(strstr(text, "[0,0,1000000000,-1,0,1,1000000000,500000000,1,100,],\n"
                           "[2,200000000,1400000000,0,100,],\n") != NULL);
    cr_assert(strstr(text, "msg:[0,1,1000000000,600000000,100,0,],\nunreceived:0,") != NULL);
    cr_assert(strstr(text, "hosts:[\"node-0\",],\nhost:[0,0,],") != NULL);
    free(text);
}

Test(timeline, long_runs_use_a_coarser_tick, .init = two_ranks, .fini = done)
{
    /* A run of 1e5 s: 1e17 ps is beyond 2^50 (1.13e15); 1e-10 s, the first power of ten that
     * numbers it within that bound, gives 1e15 ticks. */
    struct smpi_tl_rank ranks[2] = { { .open = -1 }, { .open = -1 } };
    struct smpi_tl_run run = { .path = "t.html",
                               .nranks = 2,
                               .ranks = ranks,
                               .calls = calls,
                               .call_is_coll = coll,
                               .ncalls = 3,
                               .end = 1e5 };
    char *text = page_of(&run);

    cr_assert(strstr(text, "tick:1e-10,\nend:1000000000000000,") != NULL);
    free(text);
}

Test(timeline, names_cannot_end_the_script, .init = two_ranks, .fini = done)
{
    /* A file name holding "</script>" and a quote is written with \u escapes, so the page's
     * only "</script>" is its own, after the data. */
    struct smpi_tl_rank ranks[2] = { { .open = -1 }, { .open = -1 } };
    struct smpi_tl_run run = { .path = "a\"</script>.html",
                               .nranks = 2,
                               .ranks = ranks,
                               .calls = calls,
                               .call_is_coll = coll,
                               .ncalls = 3,
                               .end = 1 };
    char *text = page_of(&run);
    char *first = strstr(text, "</script>");

    cr_assert(strstr(text, "file:\"a\\u0022\\u003c/script\\u003e.html\"") != NULL);
    cr_assert(first != NULL && strstr(first + 1, "</script>") == NULL);
    cr_assert(first > strstr(text, "unreceived:"));
    free(text);
}

Test(timeline, the_page_surrounds_the_data)
{
    /* The page's source holds the marker exactly once; the written page starts as the source
     * does and no longer holds the marker. */
    const char *mark = strstr(smpi__timeline_html, "/*@TIMELINE_DATA@*/");

    cr_assert(mark != NULL);
    cr_assert(strstr(mark + 1, "/*@TIMELINE_DATA@*/") == NULL);
    cr_assert(strncmp(smpi__timeline_html, "<!DOCTYPE html>", 15) == 0);
}
