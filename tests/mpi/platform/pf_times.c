/* pf_times: message times on a platform against their closed form under network/model:raw
 * (no factors, no TCP window, no crosstraffic) and zero overheads. Each argument is a case
 * "SRC,DST,LAT,BW[;SRC,DST,LAT,BW...]": the messages of case k start together at 0.1 (k + 1)
 * seconds (each sender computes until then, so senders must be on distinct hosts); each one,
 * of 1 MiB plus SMPI's 16-byte envelope, must reach rank DST from rank SRC after
 * LAT + (1 MiB + 16) / BW seconds, BW being the bandwidth it gets (its route's slowest link,
 * shared with the case's other messages), or after LAT alone when BW is 0 (a route without
 * links). Needs --cfg=smpi/wtime:0. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <smpi/smpi.h>

#include "mtest.h"

#define BYTES (1 << 20)
#define MAXMSG 8

struct msg {
    int src;
    int dst;
    double lat;
    double bw;
};

static int parse(const char *spec, struct msg *m)
{
    char *copy = strdup(spec);
    char *save = NULL;
    int n = 0;

    for (char *t = strtok_r(copy, ";", &save); t && n < MAXMSG; t = strtok_r(NULL, ";", &save))
        if (sscanf(t, "%d,%d,%lf,%lf", &m[n].src, &m[n].dst, &m[n].lat, &m[n].bw) == 4)
            n++;
    free(copy);
    return n;
}

/* The messages of case k; returns the errors this rank saw. Each receive is timed when
 * MPI_Waitany returns it. */
static int run_case(const char *spec, int k0, char *buf)
{
    struct msg m[MAXMSG];
    MPI_Request recv[MAXMSG];
    MPI_Request send[MAXMSG];
    int of[MAXMSG]; /* message of each receive */
    int n = parse(spec, m);
    int nrecv = 0;
    int nsend = 0;
    int errs = 0;
    bool sender = false;
    int rank;
    double t0 = 0.1 * (k0 + 1);

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += mtest_expect(n > 0, "bad case '%s'", spec);
    for (int k = 0; k < n; k++)
        if (m[k].dst == rank) {
            of[nrecv] = k;
            MPI_Irecv(buf + (size_t)k * BYTES, BYTES, MPI_CHAR, m[k].src, k, MPI_COMM_WORLD,
                      &recv[nrecv++]);
        }
    MPI_Barrier(MPI_COMM_WORLD);
    errs += mtest_expect(MPI_Wtime() < t0, "case '%s' starts at %g s, after its date", spec,
                         MPI_Wtime());
    for (int k = 0; k < n; k++)
        sender = sender || m[k].src == rank;
    if (sender)
        smpi_execute_benched(t0 - MPI_Wtime());
    for (int k = 0; k < n; k++)
        if (m[k].src == rank)
            MPI_Isend(buf + (size_t)(MAXMSG + k) * BYTES, BYTES, MPI_CHAR, m[k].dst, k,
                      MPI_COMM_WORLD, &send[nsend++]);
    for (int left = nrecv; left > 0; left--) {
        char what[160];
        int i;
        const struct msg *g;

        MPI_Waitany(nrecv, recv, &i, MPI_STATUS_IGNORE);
        g = &m[of[i]];
        snprintf(what, sizeof(what), "message %d -> %d of case '%s'", g->src, g->dst, spec);
        errs += mtest_expect_time(MPI_Wtime() - t0,
                                  g->lat + (g->bw > 0 ? (BYTES + 16.0) / g->bw : 0), what);
    }
    MPI_Waitall(nsend, send, MPI_STATUSES_IGNORE);
    return errs;
}

int main(int argc, char **argv)
{
    char *buf = calloc(2 * MAXMSG, BYTES);
    int errs = 0;

    MPI_Init(&argc, &argv);
    for (int i = 1; i < argc; i++)
        errs += run_case(argv[i], i - 1, buf);
    free(buf);
    return mtest_finish(errs);
}
