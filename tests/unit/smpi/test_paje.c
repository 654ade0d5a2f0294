/* Paje trace tests: SMPI 3.32's state names, colours and sizes (paje_names.c) and the tracing
 * options. The files themselves are checked end to end (tests/mpi/trace, pj_dump). */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/runtime/options.h"
#include "smpi/trace/paje.h"

Test(paje, states_are_named_as_smpi_bindings_name_them)
{
    /* SMPI's states are its bindings' __func__; a binding that forwards to another traced one
     * shows the other's name, and SMPI spells the state of MPI_Iallgather "PMPI_Iallggather". */
    cr_assert_str_eq(smpi__paje_state("MPI_Send"), "PMPI_Send");
    cr_assert_str_eq(smpi__paje_state("MPI_Rsend"), "PMPI_Send");
    cr_assert_str_eq(smpi__paje_state("MPI_Irsend"), "PMPI_Isend");
    cr_assert_str_eq(smpi__paje_state("MPI_Sendrecv_replace"), "PMPI_Sendrecv");
    cr_assert_str_eq(smpi__paje_state("MPI_Init_thread"), "PMPI_Init");
    cr_assert_str_eq(smpi__paje_state("MPI_Fetch_and_op"), "PMPI_Get_accumulate");
    cr_assert_str_eq(smpi__paje_state("MPI_Iallgather"), "PMPI_Iallggather");
    cr_assert_str_eq(smpi__paje_state("MPI_Win_flush_local_all"), "PMPI_Win_flush_local_all");
}

Test(paje, a_replay_names_its_states_as_smpi_replay)
{
    /* smpi_replay.cpp: smpi_replay_run_init/finalize, action_X, the gathers' action names and
     * the __func__ "kernel" of the point-to-point actions; calls without a state keep none. */
    smpi__rt.replaying = true;
    cr_assert_str_eq(smpi__paje_state("MPI_Init"), "smpi_replay_run_init");
    cr_assert_str_eq(smpi__paje_state("MPI_Finalize"), "smpi_replay_run_finalize");
    cr_assert_str_eq(smpi__paje_state("MPI_Bcast"), "action_bcast");
    cr_assert_str_eq(smpi__paje_state("MPI_Reduce_scatter"), "action_reducescatter");
    cr_assert_str_eq(smpi__paje_state("MPI_Exscan"), "action_scan");
    cr_assert_str_eq(smpi__paje_state("MPI_Allgatherv"), "allgatherv");
    cr_assert_str_eq(smpi__paje_state("MPI_Isend"), "kernel");
    cr_assert_str_eq(smpi__paje_state("MPI_Waitall"), "kernel");
    cr_assert_null(smpi__paje_state("MPI_Probe"));
    cr_assert_str_eq(smpi__paje_color("action_bcast"), smpi__paje_color("PMPI_Bcast"));
    smpi__rt.replaying = false;
    cr_assert_str_eq(smpi__paje_state("MPI_Bcast"), "PMPI_Bcast");
}

Test(paje, calls_smpi_does_not_trace_have_no_state)
{
    /* SMPI 3.32 draws nothing for these: no TRACE_smpi_comm_in in their bindings. */
    cr_assert_null(smpi__paje_state("MPI_Comm_rank"));
    cr_assert_null(smpi__paje_state("MPI_Probe"));
    cr_assert_null(smpi__paje_state("MPI_Waitsome"));
    cr_assert_null(smpi__paje_state("MPI_Send_init"));
    cr_assert_null(smpi__paje_state("MPI_Neighbor_allgather"));
}

Test(paje, colours_follow_instr_find_color)
{
    /* Exact entries after "pmpi_" is dropped and the name lowered; otherwise the first key, in
     * the map's byte order, that the name contains; else grey. */
    cr_assert_str_eq(smpi__paje_color("PMPI_Send"), "0 0 1");
    cr_assert_str_eq(smpi__paje_color("PMPI_Waitall"), "0.78 0.78 0");
    cr_assert_str_eq(smpi__paje_color("PMPI_Ssend"), "0 0 1");          /* contains send */
    cr_assert_str_eq(smpi__paje_color("PMPI_Ibcast"), "0 0.78 0.39");   /* contains bcast */
    cr_assert_str_eq(smpi__paje_color("PMPI_Reduce_scatter"), "0 1 0"); /* reduce first */
    cr_assert_str_eq(smpi__paje_color("PMPI_Iallgatherv"), "1 0 0");    /* allgather first */
    cr_assert_str_eq(smpi__paje_color("computing"), "0 1 1");
    cr_assert_str_eq(smpi__paje_color("PMPI_Start"), "0.5 0.5 0.5");
}

Test(paje, sizes_are_the_counts_smpi_prints)
{
    /* display-sizes: a send's element count, "NA" for a wait, the request count of a waitall,
     * -1 for reduce_scatter, and the receive count of MPI_Sendrecv when nothing is sent. */
    struct smpi_trace_call c = SMPI_TRACE_CALL("MPI_Send");
    char buf[32];

    c.send_count = 25000;
    c.send_type = MPI_INT;
    smpi__paje_size(&c, buf, sizeof(buf));
    cr_assert_str_eq(buf, "25000");
    c.name = "MPI_Wait";
    smpi__paje_size(&c, buf, sizeof(buf));
    cr_assert_str_eq(buf, "NA");
    c.name = "MPI_Waitall"; /* CpuTIData: the request count as a double */
    c.nreqs = 3;
    smpi__paje_size(&c, buf, sizeof(buf));
    cr_assert_str_eq(buf, "3.000000");
    c.name = "MPI_Reduce_scatter";
    smpi__paje_size(&c, buf, sizeof(buf));
    cr_assert_str_eq(buf, "-1");
    c.name = "MPI_Sendrecv";
    c.send_count = 0;
    c.recv_count = 7;
    smpi__paje_size(&c, buf, sizeof(buf));
    cr_assert_str_eq(buf, "7");
}

Test(paje, tracing_options_take_simgrid_names_and_defaults)
{
    /* SimGrid's defaults: no tracing, simgrid.trace, 6 digits, the topology on. */
    struct smpi_config cfg;

    smpi_options_defaults(&cfg);
    cr_assert(!cfg.tracing);
    cr_assert_str_eq(cfg.tracing_filename, "simgrid.trace");
    cr_assert_eq(cfg.tracing_precision, 6);
    cr_assert(cfg.tracing_platform_topology);
    smpi_options_set(&cfg, "tracing/precision:9");
    smpi_options_set(&cfg, "tracing/smpi/display-sizes:yes");
    smpi_options_set(&cfg, "tracing/comment:a comment with spaces");
    cr_assert_eq(cfg.tracing_precision, 9);
    cr_assert(cfg.tracing_smpi_display_sizes);
    cr_assert_str_eq(cfg.tracing_comment, "a comment with spaces");
    smpi_options_free(&cfg);
}

Test(paje, bad_precision_exits_with_the_range, .init = cr_redirect_stderr, .exit_code = 1)
{
    /* tracing/precision is a whole number of digits: "-2" exits 1 naming the range. */
    struct smpi_config cfg;

    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "tracing/precision:-2");
}

/* ---- paje_buffer.c: the order of the lines ---------------------------------------------- */

static double no_late_event(void)
{
    return INFINITY;
}

static double late_from; /* a test's safe date */

static double late_event(void)
{
    return late_from;
}

/* Runs the sequence of a small traced run (two ranks) into a buffer spilling past `spill`
 * bytes and returns what the file holds (to free). */
static char *two_ranks(size_t spill, double (*safe)(void))
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    cr_assert_not_null(f);
    smpi__paje_buffer_open(f, "test.trace", 6, safe, spill);
    smpi__paje_event(6, 0, "1 1 0 \"rank-0\"");
    smpi__paje_defer(true); /* rank 0's MPI_Init: its values wait for rank 1's container */
    smpi__paje_def("5 6 2 PMPI_Init");
    smpi__paje_event(12, 0, "2 1 6");
    smpi__paje_event(13, 0, "2 1");
    smpi__paje_defer(false);
    smpi__paje_event(6, 0, "2 1 0 \"rank-1\"");
    smpi__paje_event(12, 0, "2 2 6");
    smpi__paje_event(13, 0, "2 2");
    smpi__paje_def("5 7 2 PMPI_Send");
    smpi__paje_event(12, 0, "2 1 7");
    smpi__paje_event(13, 1, "2 1"); /* time advances: the events of date 0 are written */
    smpi__paje_def("5 8 2 PMPI_Recv");
    smpi__paje_event(12, 1, "2 2 8");
    smpi__paje_event(13, 2, "2 2");
    smpi__paje_event(7, 2, "1 2"); /* rank 1 ends: everything first */
    smpi__paje_event(12, 2, "2 1 7");
    smpi__paje_def("5 9 2 PMPI_Finalize"); /* same date: before the state of date 2 */
    smpi__paje_event(13, 3, "2 1");        /* which the advance to 3 writes */
    smpi__paje_event(12, 3, "2 1 9");
    smpi__paje_buffer_close();
    fclose(f);
    return text;
}

Test(paje, lines_come_in_simgrid_order)
{
    /* SimGrid 3.32: definitions, creations and destructions at once, events buffered and
     * written as time advances up to the last destruction, all of them before a destruction */
    char *text = two_ranks(4u << 20, no_late_event);

    cr_assert_str_eq(text, "6 0.000000 1 1 0 \"rank-0\"\n"
                           "6 0.000000 2 1 0 \"rank-1\"\n"
                           "5 6 2 PMPI_Init\n"
                           "5 7 2 PMPI_Send\n"
                           "12 0.000000 2 1 6\n"
                           "13 0.000000 2 1\n"
                           "12 0.000000 2 2 6\n"
                           "13 0.000000 2 2\n"
                           "12 0.000000 2 1 7\n"
                           "5 8 2 PMPI_Recv\n"
                           "13 1.000000 2 1\n"
                           "12 1.000000 2 2 8\n"
                           "13 2.000000 2 2\n"
                           "7 2.000000 1 2\n"
                           "5 9 2 PMPI_Finalize\n"
                           "12 2.000000 2 1 7\n"
                           "13 3.000000 2 1\n"
                           "12 3.000000 2 1 9\n");
    free(text);
}

Test(paje, spilling_the_buffer_keeps_the_order)
{
    /* past a few bytes the events go to a temporary file: the file is the same */
    char *whole = two_ranks(4u << 20, no_late_event);
    char *spilled = two_ranks(8, no_late_event);

    cr_assert_str_eq(spilled, whole);
    free(whole);
    free(spilled);
}

Test(paje, an_event_dated_back_keeps_the_file_in_date_order)
{
    /* resource usage is reported when it ends, dated from when it began: nothing after the safe
     * date is written, and a destruction then waits after the events of its date */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    cr_assert_not_null(f);
    late_from = 0;
    smpi__paje_buffer_open(f, "test.trace", 6, late_event, 8);
    smpi__paje_event(6, 0, "1 1 0 \"rank-0\"");
    smpi__paje_event(12, 1, "2 1 6");
    smpi__paje_event(7, 2, "1 1");
    smpi__paje_event(9, 0.5, "3 4 1.0"); /* dated back */
    late_from = INFINITY;
    smpi__paje_buffer_close();
    fclose(f);
    cr_assert_str_eq(text, "6 0.000000 1 1 0 \"rank-0\"\n"
                           "9 0.500000 3 4 1.0\n"
                           "12 1.000000 2 1 6\n"
                           "7 2.000000 1 1\n");
    free(text);
}
