/* p2p_test_sleeps: the sleep of MPI_Test grows with failed tests through one counter shared by
 * all ranks and is back to one step after any successful test, as in SMPI 3.32 (its static
 * nsleeps). With smpi/test = T, computation off and MPI_Wtime free:
 * - rank 0 posts a receive and tests it 3 times in vain: it sleeps T, 2T, 3T (6T in all) and
 *   leaves the counter at 4;
 * - rank 1 has waited for rank 0's go (sent at 6T); its first MPI_Test (of a small send,
 *   complete already) then sleeps 4T, not T: rank 0's failures count for it;
 * - that success resets the counter: its next MPI_Test sleeps T;
 * - MPI_Testany keeps a counter of its own (SMPI's other static): rank 0's first test of a
 *   complete receive with it sleeps T whatever MPI_Test's counter holds.
 * Prints "No Errors" from rank 0. Needs 2 ranks and --cfg=smpi/test:T (T = 1e-3 here). */
#include <math.h>
#include <mpi.h>
#include <stdio.h>

enum { TAG_GO = 1, TAG_DATA = 2 };

static const double step = 1e-3; /* --cfg=smpi/test in the testlist */

static int check(const char *what, double got, double steps)
{
    if (fabs(got - steps * step) < 1e-12)
        return 0;
    printf("%s: slept %.9f s, expected %g x smpi/test = %.9f s\n", what, got, steps, steps * step);
    return 1;
}

/* The time MPI_Test takes on *req, and whether it completed it. */
static double timed_test(MPI_Request *req, int *flag)
{
    double t0 = MPI_Wtime();

    MPI_Test(req, flag, MPI_STATUS_IGNORE);
    return MPI_Wtime() - t0;
}

static int rank0(void)
{
    MPI_Request req;
    int errs = 0;
    int flag;
    int idx;
    int v = 0;
    double t0;

    MPI_Irecv(&v, 1, MPI_INT, 1, TAG_DATA, MPI_COMM_WORLD, &req);
    for (int i = 1; i <= 3; i++) {
        double slept = timed_test(&req, &flag);

        errs += flag != 0;
        errs += check("rank 0, failed MPI_Test", slept, i);
    }
    MPI_Send(&v, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
    MPI_Recv(&v, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    /* the data came before the second go: complete, and MPI_Testany sleeps its own T */
    t0 = MPI_Wtime();
    MPI_Testany(1, &req, &idx, &flag, MPI_STATUS_IGNORE);
    errs += !flag || v != 42;
    errs += check("rank 0, MPI_Testany", MPI_Wtime() - t0, 1);
    return errs;
}

static int rank1(void)
{
    MPI_Request req;
    int errs = 0;
    int flag;
    int v = 42;

    MPI_Recv(&v, 1, MPI_INT, 0, TAG_GO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    v = 42;
    /* small sends are detached: each test finds its send complete */
    MPI_Isend(&v, 1, MPI_INT, 0, TAG_DATA, MPI_COMM_WORLD, &req);
    errs += check("rank 1, first MPI_Test after rank 0's 3 failures", timed_test(&req, &flag), 4);
    errs += !flag;
    MPI_Isend(&v, 1, MPI_INT, 0, TAG_GO, MPI_COMM_WORLD, &req);
    errs += check("rank 1, MPI_Test after a success", timed_test(&req, &flag), 1);
    errs += !flag;
    return errs;
}

int main(int argc, char **argv)
{
    int me;
    int errs;
    int total = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    errs = me == 0 ? rank0() : me == 1 ? rank1() : 0;
    MPI_Reduce(&errs, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0 && total == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
