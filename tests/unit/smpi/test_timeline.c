/* test_timeline: the page writer of smpi/timeline: the run's data copied from the sink's scratch
 * files into one object, numbers and names written so that the page's script reads them back,
 * and the page's source around the data. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/trace/timeline.h"

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

/* A scratch file holding text, read from its start. */
static FILE *scratch(const char *text)
{
    FILE *f = tmpfile();

    cr_assert(f != NULL);
    fputs(text, f);
    rewind(f);
    return f;
}

/* Writes run into a string (owned by the caller) and closes its scratch files. */
static char *page_of(struct smpi_tl_run *run)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    cr_assert_eq(smpi__timeline_write(f, run), 0);
    fclose(f);
    fclose(run->bars);
    fclose(run->msgs);
    return text;
}

Test(timeline, the_data_object_holds_the_scratch_files_and_the_hosts, .init = two_ranks,
     .fini = done)
{
    /* Two ranks on node-0 (host index 0 both), one bar each and one message, as the sink
     * writes them: the object lists the counts, the calls, the hosts, then the two files'
     * text verbatim inside ev:[...] and msg:[...]. */
    struct smpi_tl_run run = { .path = "t.html",
                               .nranks = 2,
                               .calls = calls,
                               .call_is_coll = coll,
                               .ncalls = 3,
                               .bars = scratch("0,1,1000,500,1,100,\n1,2,200,1400,0,100,\n"),
                               .msgs = scratch("0,1,1000,600,100,0,\n"),
                               .nbars = 2,
                               .nmsgs = 1,
                               .unreceived = 3,
                               .end = 1600 };
    char *text = page_of(&run);

    cr_assert(strstr(text, "tick:1e-12,\nend:1600,\nranks:2,\nnbars:2,\nnmsgs:1,\n"
                           "unreceived:3,\ncalls:[\"computation\",\"MPI_Send\",\"MPI_Recv\",],\n"
                           "coll:[0,0,0,],\nhosts:[\"node-0\",],\nhost:[0,0,],\n") != NULL,
              "%s", text);
    cr_assert(strstr(text, "ev:[\n0,1,1000,500,1,100,\n1,2,200,1400,0,100,\n],\n"
                           "msg:[\n0,1,1000,600,100,0,\n]\n}") != NULL);
    free(text);
}

Test(timeline, integers_keep_their_sign_and_extremes)
{
    /* put_int writes each number then a comma, the most negative long long included (its
     * magnitude does not fit a long long). */
    char *text = NULL;
    size_t len = 0;
    struct smpi_tl_out *o = calloc(1, sizeof(*o));

    o->f = open_memstream(&text, &len);
    smpi__tl_put_int(o, 0);
    smpi__tl_put_int(o, -17);
    smpi__tl_put_int(o, 9000000000000000000LL);
    smpi__tl_put_int(o, -9223372036854775807LL - 1);
    smpi__tl_flush(o);
    fclose(o->f);
    cr_assert_str_eq(text, "0,-17,9000000000000000000,-9223372036854775808,");
    free(text);
    free(o);
}

Test(timeline, names_cannot_end_the_script, .init = two_ranks, .fini = done)
{
    /* A file name holding "</script>" and a quote is written with \u escapes, so the page's
     * only "</script>" is its own, after the data. */
    struct smpi_tl_run run = { .path = "a\"</script>.html",
                               .nranks = 2,
                               .calls = calls,
                               .call_is_coll = coll,
                               .ncalls = 3,
                               .bars = scratch(""),
                               .msgs = scratch(""),
                               .end = 1 };
    char *text = page_of(&run);
    char *first = strstr(text, "</script>");

    cr_assert(strstr(text, "file:\"a\\u0022\\u003c/script\\u003e.html\"") != NULL);
    cr_assert(first != NULL && strstr(first + 1, "</script>") == NULL);
    cr_assert(first > strstr(text, "msg:["));
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
