/* rt_privatize: global and static variables are private to each rank by default (every rank
 * increments a global once and sees 1); with -no-privatize (argument "shared") the ranks share
 * them and see 1..N, each value once. Needs 2 ranks or more. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

int counter;

int main(int argc, char **argv)
{
    static int calls;
    int shared = argc > 1 && strcmp(argv[1], "shared") == 0;
    int rank;
    int size;
    int mine;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine = ++counter;
    calls++;
    MPI_Barrier(MPI_COMM_WORLD);
    if (!shared) {
        errs += mtest_expect(mine == 1 && counter == 1 && calls == 1,
                             "private globals: counter %d (saw %d), static %d, expected 1", counter,
                             mine, calls);
    } else {
        int *all = malloc((size_t)size * sizeof(*all));
        int *seen = calloc((size_t)size + 1, sizeof(*seen));

        errs += mtest_expect(counter == size && calls == size,
                             "shared globals: counter %d, static %d, expected %d", counter, calls,
                             size);
        MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
        for (int r = 0; r < size; r++) {
            if (all[r] >= 1 && all[r] <= size)
                seen[all[r]]++;
        }
        for (int v = 1; v <= size; v++)
            errs +=
                mtest_expect(seen[v] == 1, "shared globals: value %d seen %d times", v, seen[v]);
        free(all);
        free(seen);
    }
    return mtest_finish(errs);
}
