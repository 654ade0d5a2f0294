/* replay_impl.h: what replay.c (the actions and the loop) shares with replay_args.c (reading an
 * action's arguments). Internal to smpi/replay/. */
#ifndef SMPI_REPLAY_IMPL_H
#define SMPI_REPLAY_IMPL_H

#include <stdbool.h>

#include <mpi.h>

#include "smpi/trace/ti.h"

/* A request started by an isend/irecv action, found again by the (src, dst, tag) that the
 * wait and test actions name. req is MPI_REQUEST_NULL once a test completed it. */
struct pending {
    int src;
    int dst;
    int tag;
    MPI_Request req;
};

/* One rank's replay. */
struct rank_replay {
    struct smpi_ti_reader in;
    struct smpi_ti_action act;
    const char *const *f; /* the action being run: f[0] the rank, f[1] its name, then arguments */
    int nf;
    struct pending *pend;
    int npend;
    int cap;
    MPI_Datatype default_type; /* of actions that name none: MPI_BYTE, MPI_DOUBLE after "init x" */
    double start;              /* when its init action ran */
};

/* Reading the arguments of the action being run (rr->f): every failure names the file, the line
 * and the action, and ends the run. Argument i is the i-th after the action's name. */
void __attribute__((noreturn, format(printf, 2, 3)))
smpi__ra_malformed(const struct rank_replay *rr, const char *fmt, ...);
/* Needs at least n arguments; `usage` lists them. */
void smpi__ra_need(const struct rank_replay *rr, int n, const char *usage);
const char *smpi__ra_arg(const struct rank_replay *rr, int i);
bool smpi__ra_has(const struct rank_replay *rr, int i);
double smpi__ra_num(const struct rank_replay *rr, int i);
/* An integer: SMPI accepts any number and truncates it ("1e+06"). */
int smpi__ra_integer(const struct rank_replay *rr, int i);
int smpi__ra_count(const struct rank_replay *rr, int i);
/* A datatype id as SMPI 3.32 numbers them; the rank's default type when absent. */
MPI_Datatype smpi__ra_type(const struct rank_replay *rr, int i);
/* A rank of MPI_COMM_WORLD; SMPI's -333 (a peer it could not name) is `unnamed`. */
int smpi__ra_peer(const struct rank_replay *rr, int i, int unnamed);
/* The root: argument i, 0 when absent. */
int smpi__ra_root(const struct rank_replay *rr, int i);
double smpi__ra_bytes(int n, MPI_Datatype t);
/* n counts from argument i on, allocated; their sum in *total. */
int *smpi__ra_counts(const struct rank_replay *rr, int i, int n, double *total);

#endif
