/* ses_time: simulated time under sessions, on two_hosts.xml (1 GB/s, 10 us) with
 * network/model:raw, smpi/wtime:0 and native computation off. Rank 0 sends 100000 bytes
 * (a rendezvous message) to rank 1 three times, each taking T = L + (100000 + 16) / B:
 * 1. in a first session, before any MPI_Init: it ends at T;
 * 2. the session is finalized and a second one opened (sessions may follow each other); both
 *    ranks sleep 1 s first: the message ends at 1 + 2T;
 * 3. under MPI_Init as well, on MPI_COMM_WORLD, with the second session still open: 1 + 3T;
 *    then MPI_Finalize, and the session is finalized after it.
 * MPI_Initialized and MPI_Finalized follow the World Model only. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

#include "../runtime/rt_platform.h"
#include "mtest.h"

enum { BYTES = 100000 };

static char buf[BYTES];

/* Rank 0 sends, rank 1 receives; the receiver checks the date against `want`. */
static int ping(MPI_Comm c, int rank, double want, const char *what)
{
    if (rank == 0) {
        MPI_Send(buf, BYTES, MPI_CHAR, 1, 0, c);
        return 0;
    }
    MPI_Recv(buf, BYTES, MPI_CHAR, 0, 0, c, MPI_STATUS_IGNORE);
    printf("%s: message received at %.9f s\n", what, MPI_Wtime());
    return mtest_expect_time(MPI_Wtime(), want, what);
}

static MPI_Comm open_world(MPI_Session *s, const char *tag)
{
    MPI_Group g;
    MPI_Comm c;

    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, s);
    MPI_Group_from_session_pset(*s, "mpi://WORLD", &g);
    MPI_Comm_create_from_group(g, tag, MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &c);
    MPI_Group_free(&g);
    return c;
}

int main(int argc, char **argv)
{
    double t = rt_raw_transfer(BYTES);
    int errs = 0;
    int rank;
    int init = 0;
    int fin = 0;
    MPI_Session s;
    MPI_Comm c = open_world(&s, "ses.time.1");

    MPI_Comm_rank(c, &rank);
    errs += ping(c, rank, t, "first session");
    MPI_Comm_free(&c);
    MPI_Session_finalize(&s);
    c = open_world(&s, "ses.time.2");
    sleep(1);
    errs += ping(c, rank, 1 + 2 * t, "second session");
    MPI_Init(&argc, &argv);
    errs += ping(MPI_COMM_WORLD, rank, 1 + 3 * t, "MPI_COMM_WORLD beside it");
    MPI_Finalize();
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    errs += mtest_expect(init == 1 && fin == 1, "after MPI_Finalize: initialized %d, finalized %d",
                         init, fin);
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &errs, &errs, 1, MPI_INT, MPI_SUM, 0, c);
    MPI_Comm_free(&c);
    MPI_Session_finalize(&s);
    if (rank == 0)
        printf(errs == 0 ? "No Errors\n" : " Found %d errors\n", errs);
    return rank == 0 && errs != 0;
}
