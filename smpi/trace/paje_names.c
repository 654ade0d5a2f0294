/* paje_names: what SMPI 3.32's Paje traces call each MPI call — the state its binding pushes
 * (src/smpi/bindings/smpi_pmpi*.cpp: TRACE_smpi_comm_in with __func__), the colour
 * (src/smpi/internals/instr_smpi.cpp: instr_find_color) and the Size of display-sizes (the
 * display_size() of the TIData each binding builds, src/instr/instr_private.hpp). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/trace/paje.h"

/* How SMPI's TIData of a call prints its size. */
enum paje_size {
    SZ_NA,     /* NoOpTIData, WaitTIData */
    SZ_COUNT,  /* Pt2PtTIData and CollTIData: the element count the user passed */
    SZ_VAR,    /* VarCollTIData: the send size when positive, else the receive size */
    SZ_SUM,    /* alltoallv: the summed send counts, else the summed receive counts */
    SZ_MINUS1, /* reduce_scatter: VarCollTIData with both sizes -1 */
    SZ_BYTES,  /* CpuTIData of the file calls: bytes, printed as a double */
    SZ_REQS,   /* CpuTIData of waitall and waitAny: the number of requests, as a double */
    SZ_START,  /* MPI_Start's Pt2PtTIData: the request's bytes */
};

struct paje_call {
    const char *call;  /* simmpi's name, as the binding reports it */
    const char *state; /* SMPI's */
    enum paje_size size;
};

/* Every MPI call SMPI 3.32 traces, sorted by simmpi's name (bsearch). A call whose binding
 * forwards to another traced one shows the other's state: MPI_Rsend is PMPI_Send,
 * MPI_Sendrecv_replace PMPI_Sendrecv, MPI_Init_thread PMPI_Init, MPI_Fetch_and_op
 * PMPI_Get_accumulate. "PMPI_Iallggather" is SMPI's spelling. */
static const struct paje_call calls[] = {
    { "MPI_Accumulate", "PMPI_Accumulate", SZ_COUNT },
    { "MPI_Allgather", "PMPI_Allgather", SZ_COUNT },
    { "MPI_Allgatherv", "PMPI_Allgatherv", SZ_VAR },
    { "MPI_Allreduce", "PMPI_Allreduce", SZ_COUNT },
    { "MPI_Alltoall", "PMPI_Alltoall", SZ_COUNT },
    { "MPI_Alltoallv", "PMPI_Alltoallv", SZ_SUM },
    { "MPI_Alltoallw", "PMPI_Alltoallw", SZ_SUM },
    { "MPI_Barrier", "PMPI_Barrier", SZ_NA },
    { "MPI_Bcast", "PMPI_Bcast", SZ_COUNT },
    { "MPI_Bsend", "PMPI_Bsend", SZ_COUNT },
    { "MPI_Compare_and_swap", "PMPI_Compare_and_swap", SZ_COUNT },
    { "MPI_Exscan", "PMPI_Exscan", SZ_COUNT },
    { "MPI_Fetch_and_op", "PMPI_Get_accumulate", SZ_COUNT },
    { "MPI_File_read", "PMPI_File_read", SZ_BYTES },
    { "MPI_File_read_all", "PMPI_File_read_all", SZ_BYTES },
    { "MPI_File_read_at", "PMPI_File_read_at", SZ_BYTES },
    { "MPI_File_read_at_all", "PMPI_File_read_at_all", SZ_BYTES },
    { "MPI_File_read_ordered", "PMPI_File_read_ordered", SZ_BYTES },
    { "MPI_File_read_shared", "PMPI_File_read_shared", SZ_BYTES },
    { "MPI_File_write", "PMPI_File_write", SZ_BYTES },
    { "MPI_File_write_all", "PMPI_File_write_all", SZ_BYTES },
    { "MPI_File_write_at", "PMPI_File_write_at", SZ_BYTES },
    { "MPI_File_write_at_all", "PMPI_File_write_at_all", SZ_BYTES },
    { "MPI_File_write_ordered", "PMPI_File_write_ordered", SZ_BYTES },
    { "MPI_File_write_shared", "PMPI_File_write_shared", SZ_BYTES },
    { "MPI_Finalize", "PMPI_Finalize", SZ_NA },
    { "MPI_Gather", "PMPI_Gather", SZ_COUNT },
    { "MPI_Gatherv", "PMPI_Gatherv", SZ_VAR },
    { "MPI_Get", "PMPI_Get", SZ_COUNT },
    { "MPI_Get_accumulate", "PMPI_Get_accumulate", SZ_COUNT },
    { "MPI_Iallgather", "PMPI_Iallggather", SZ_COUNT },
    { "MPI_Iallgatherv", "PMPI_Iallgatherv", SZ_VAR },
    { "MPI_Iallreduce", "PMPI_Iallreduce", SZ_COUNT },
    { "MPI_Ialltoall", "PMPI_Ialltoall", SZ_COUNT },
    { "MPI_Ialltoallv", "PMPI_Ialltoallv", SZ_SUM },
    { "MPI_Ialltoallw", "PMPI_Ialltoallw", SZ_SUM },
    { "MPI_Ibarrier", "PMPI_Ibarrier", SZ_NA },
    { "MPI_Ibcast", "PMPI_Ibcast", SZ_COUNT },
    { "MPI_Ibsend", "PMPI_Ibsend", SZ_COUNT },
    { "MPI_Iexscan", "PMPI_Iexscan", SZ_COUNT },
    { "MPI_Igather", "PMPI_Igather", SZ_COUNT },
    { "MPI_Igatherv", "PMPI_Igatherv", SZ_VAR },
    { "MPI_Init", "PMPI_Init", SZ_NA },
    { "MPI_Init_thread", "PMPI_Init", SZ_NA },
    { "MPI_Irecv", "PMPI_Irecv", SZ_COUNT },
    { "MPI_Ireduce", "PMPI_Ireduce", SZ_COUNT },
    { "MPI_Ireduce_scatter", "PMPI_Ireduce_scatter", SZ_MINUS1 },
    { "MPI_Ireduce_scatter_block", "PMPI_Ireduce_scatter_block", SZ_MINUS1 },
    { "MPI_Irsend", "PMPI_Isend", SZ_COUNT },
    { "MPI_Iscan", "PMPI_Iscan", SZ_COUNT },
    { "MPI_Iscatter", "PMPI_Iscatter", SZ_COUNT },
    { "MPI_Iscatterv", "PMPI_Iscatterv", SZ_VAR },
    { "MPI_Isend", "PMPI_Isend", SZ_COUNT },
    { "MPI_Issend", "PMPI_Issend", SZ_COUNT },
    { "MPI_Put", "PMPI_Put", SZ_COUNT },
    { "MPI_Raccumulate", "PMPI_Raccumulate", SZ_COUNT },
    { "MPI_Recv", "PMPI_Recv", SZ_COUNT },
    { "MPI_Reduce", "PMPI_Reduce", SZ_COUNT },
    { "MPI_Reduce_scatter", "PMPI_Reduce_scatter", SZ_MINUS1 },
    { "MPI_Reduce_scatter_block", "PMPI_Reduce_scatter_block", SZ_MINUS1 },
    { "MPI_Rget", "PMPI_Rget", SZ_COUNT },
    { "MPI_Rget_accumulate", "PMPI_Rget_accumulate", SZ_COUNT },
    { "MPI_Rput", "PMPI_Rput", SZ_COUNT },
    { "MPI_Rsend", "PMPI_Send", SZ_COUNT },
    { "MPI_Scan", "PMPI_Scan", SZ_COUNT },
    { "MPI_Scatter", "PMPI_Scatter", SZ_COUNT },
    { "MPI_Scatterv", "PMPI_Scatterv", SZ_VAR },
    { "MPI_Send", "PMPI_Send", SZ_COUNT },
    { "MPI_Sendrecv", "PMPI_Sendrecv", SZ_VAR },
    { "MPI_Sendrecv_replace", "PMPI_Sendrecv", SZ_VAR },
    { "MPI_Ssend", "PMPI_Ssend", SZ_COUNT },
    { "MPI_Start", "PMPI_Start", SZ_START },
    { "MPI_Startall", "PMPI_Startall", SZ_NA },
    { "MPI_Test", "PMPI_Test", SZ_NA },
    { "MPI_Testall", "PMPI_Testall", SZ_NA },
    { "MPI_Testany", "PMPI_Testany", SZ_NA },
    { "MPI_Testsome", "PMPI_Testsome", SZ_NA },
    { "MPI_Wait", "PMPI_Wait", SZ_NA },
    { "MPI_Waitall", "PMPI_Waitall", SZ_REQS },
    { "MPI_Waitany", "PMPI_Waitany", SZ_REQS },
    { "MPI_Win_complete", "PMPI_Win_complete", SZ_NA },
    { "MPI_Win_fence", "PMPI_Win_fence", SZ_NA },
    { "MPI_Win_flush", "PMPI_Win_flush", SZ_NA },
    { "MPI_Win_flush_all", "PMPI_Win_flush_all", SZ_NA },
    { "MPI_Win_flush_local", "PMPI_Win_flush_local", SZ_NA },
    { "MPI_Win_flush_local_all", "PMPI_Win_flush_local_all", SZ_NA },
    { "MPI_Win_lock", "PMPI_Win_lock", SZ_NA },
    { "MPI_Win_lock_all", "PMPI_Win_lock_all", SZ_NA },
    { "MPI_Win_post", "PMPI_Win_post", SZ_NA },
    { "MPI_Win_start", "PMPI_Win_start", SZ_NA },
    { "MPI_Win_unlock", "PMPI_Win_unlock", SZ_NA },
    { "MPI_Win_unlock_all", "PMPI_Win_unlock_all", SZ_NA },
    { "MPI_Win_wait", "PMPI_Win_wait", SZ_NA },
};
#define NCALLS (sizeof(calls) / sizeof(calls[0]))

static int by_call(const void *key, const void *elem)
{
    return strcmp(key, ((const struct paje_call *)elem)->call);
}

static const struct paje_call *find(const char *call)
{
    return bsearch(call, calls, NCALLS, sizeof(calls[0]), by_call);
}

/* The states SMPI 3.32's replay pushes instead (src/smpi/internals/smpi_replay.cpp): the init
 * and finalize of smpi_replay_run, "action_X" for most collectives, the action's own name for
 * the gathers, and "kernel" (the __func__ of the action's method) for the others. Sorted by the
 * call the replay makes. */
struct paje_replay_state {
    const char *call;
    const char *state;
};
static const struct paje_replay_state replay_states[] = {
    { "MPI_Allgather", "allgather" },
    { "MPI_Allgatherv", "allgatherv" },
    { "MPI_Allreduce", "action_allreduce" },
    { "MPI_Alltoall", "action_alltoall" },
    { "MPI_Alltoallv", "kernel" },
    { "MPI_Barrier", "kernel" },
    { "MPI_Bcast", "action_bcast" },
    { "MPI_Exscan", "action_scan" },
    { "MPI_Finalize", "smpi_replay_run_finalize" },
    { "MPI_Gather", "gather" },
    { "MPI_Gatherv", "gatherv" },
    { "MPI_Init", "smpi_replay_run_init" },
    { "MPI_Irecv", "kernel" },
    { "MPI_Isend", "kernel" },
    { "MPI_Recv", "kernel" },
    { "MPI_Reduce", "action_reduce" },
    { "MPI_Reduce_scatter", "action_reducescatter" },
    { "MPI_Scan", "action_scan" },
    { "MPI_Scatter", "action_scatter" },
    { "MPI_Scatterv", "action_scatterv" },
    { "MPI_Send", "kernel" },
    { "MPI_Sendrecv", "kernel" },
    { "MPI_Test", "kernel" },
    { "MPI_Wait", "kernel" },
    { "MPI_Waitall", "kernel" },
};
#define NREPLAY (sizeof(replay_states) / sizeof(replay_states[0]))

static int by_replay_call(const void *key, const void *elem)
{
    return strcmp(key, ((const struct paje_replay_state *)elem)->call);
}

const char *smpi__paje_state(const char *call)
{
    const struct paje_call *e = find(call);

    if (e && smpi__rt.replaying) {
        const struct paje_replay_state *r =
            bsearch(call, replay_states, NREPLAY, sizeof(replay_states[0]), by_replay_call);

        if (r)
            return r->state;
    }
    return e ? e->state : NULL;
}

/* SMPI's colour map, in the byte order of its std::map keys: a state without an exact entry
 * takes the first key it contains, in this order. */
static const struct {
    const char *key;
    const char *color;
} colors[] = {
    { "accumulate", "1 0.3 0" },
    { "allgather", "1 0 0" },
    { "allgatherv", "1 0.52 0.52" },
    { "allreduce", "1 0 1" },
    { "alltoall", "0.52 0 1" },
    { "alltoallv", "0.78 0.52 1" },
    { "barrier", "0 0.39 0.78" },
    { "bcast", "0 0.78 0.39" },
    { "compare_and_swap", "0.3 1 0" },
    { "computing", "0 1 1" },
    { "exscan", "1 0.54 0.25" },
    { "file_read", "1 1 0.3" },
    { "finalize", "0 1 0" },
    { "gather", "1 1 0" },
    { "gatherv", "1 1 0.52" },
    { "get", "0 1 0.3" },
    { "get_accumulate", "0 1 0.3" },
    { "init", "0 1 0" },
    { "irecv", "1 0.52 0.52" },
    { "isend", "0.52 0.52 1" },
    { "put", "0.3 1 0" },
    { "raccumulate", "1 0.3 0" },
    { "recv", "1 0 0" },
    { "reduce", "0 1 0" },
    { "reducescatter", "0.52 1 0.52" },
    { "rget", "0 1 0.3" },
    { "rget_accumulate", "1 0.3 0" },
    { "rput", "0.3 1 0" },
    { "scan", "1 0.58 0.23" },
    { "scatter", "1 0.74 0.54" },
    { "scatterv", "0.52 0 0.52" },
    { "send", "0 0 1" },
    { "sendrecv", "0 1 1" },
    { "sleeping", "0 0.5 0.5" },
    { "test", "0.52 0.52 0" },
    { "wait", "1 1 0" },
    { "waitall", "0.78 0.78 0" },
    { "waitany", "0.78 0.78 0.58" },
    { "win_complete", "0.8 1 0" },
    { "win_fence", "1 0 0.3" },
    { "win_flush", "1 0 0.3" },
    { "win_flush_all", "1 0.8 0" },
    { "win_flush_local", "1 0 0.8" },
    { "win_flush_local_all", "1 0 0.3" },
    { "win_lock", "1 0 0.3" },
    { "win_lock_all", "1 0 0.8" },
    { "win_post", "1 0 0.8" },
    { "win_start", "0.8 0 1" },
    { "win_unlock", "1 0 0.3" },
    { "win_unlock_all", "1 0.8 0" },
    { "win_wait", "1 0.8 0" },
};
#define NCOLORS (sizeof(colors) / sizeof(colors[0]))

const char *smpi__paje_color(const char *state)
{
    char low[64];
    const char *s = low;
    size_t i;

    for (i = 0; state[i] && i < sizeof(low) - 1; i++)
        low[i] = (char)tolower((unsigned char)state[i]);
    low[i] = '\0';
    if (strncmp(low, "pmpi_", 5) == 0)
        s += 5;
    for (i = 0; i < NCOLORS; i++)
        if (strcmp(s, colors[i].key) == 0)
            return colors[i].color;
    for (i = 0; i < NCOLORS; i++)
        if (strstr(s, colors[i].key))
            return colors[i].color;
    return "0.5 0.5 0.5";
}

static long long sum(const int *counts, int n)
{
    long long total = 0;

    for (int i = 0; counts && i < n; i++)
        total += counts[i];
    return total;
}

void smpi__paje_size(const struct smpi_trace_call *c, char *buf, size_t len)
{
    const struct paje_call *e = find(c->name);
    long long n;

    switch (e ? e->size : SZ_NA) {
    case SZ_COUNT:
        snprintf(buf, len, "%d", c->send_count >= 0 ? c->send_count : c->recv_count);
        return;
    case SZ_VAR:
        snprintf(buf, len, "%d", c->send_count > 0 ? c->send_count : c->recv_count);
        return;
    case SZ_SUM:
        n = sum(c->send_counts, c->ncounts);
        snprintf(buf, len, "%lld", n > 0 ? n : sum(c->recv_counts, c->ncounts));
        return;
    case SZ_MINUS1:
        snprintf(buf, len, "-1");
        return;
    case SZ_BYTES: {
        double sent;
        double received;

        smpi__trace_call_bytes(c, &sent, &received);
        snprintf(buf, len, "%f", sent > 0 ? sent : received);
        return;
    }
    case SZ_REQS:
        snprintf(buf, len, "%f", (double)c->nreqs);
        return;
    case SZ_START:
        if (c->req && *c->req) {
            snprintf(buf, len, "%zu", (*c->req)->size);
            return;
        }
        break;
    case SZ_NA:
        break;
    }
    snprintf(buf, len, "NA");
}
