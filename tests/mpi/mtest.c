/* mtest: see mtest.h. */
#include "mtest.h"

#include <math.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>

enum { MTEST_TAG = 32766 };

static int world_rank(void)
{
    int rank = -1;
    int up = 0;

    MPI_Initialized(&up);
    if (up)
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int mtest_expect(bool ok, const char *fmt, ...)
{
    va_list ap;

    if (ok)
        return 0;
    fprintf(stderr, "rank %d: ", world_rank());
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

int mtest_expect_time(double got, double want, const char *what)
{
    return mtest_expect(fabs(got - want) <= 1e-9 * fabs(want) + 1e-15,
                        "%s: simulated time %.12g s, expected %.12g s", what, got, want);
}

int mtest_finish(int errs)
{
    int me = world_rank();
    int size = 0;
    int total = errs;

    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (me == 0) {
        for (int r = 1; r < size; r++) {
            int e = 0;

            MPI_Recv(&e, 1, MPI_INT, r, MTEST_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            total += e;
        }
        if (total == 0)
            printf("No Errors\n");
        else
            printf(" Found %d errors\n", total);
        fflush(stdout);
    } else {
        MPI_Send(&errs, 1, MPI_INT, 0, MTEST_TAG, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return errs || total ? 1 : 0;
}

long mtest_pss_kib(void)
{
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long kib = -1;

    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "Pss: %ld kB", &kib) == 1)
            break;
    fclose(f);
    return kib;
}

/* after mtest_finish, whose MPI_Finalize line tests/mpi/analyze expects at mtest.c:64 */
int mtest_expect_class(int rc, int want, const char *what)
{
    int cls = MPI_SUCCESS;

    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    return mtest_expect(cls == want, "%s: error class %d, expected %d", what, cls, want);
}
