/* topo_dims_balanced: MPI_Dims_create picks the most balanced grid, not the first a greedy split
 * of the prime factors finds: 72 in 2 dimensions is 9 x 8 (greedy: 12 x 6), 5040 in 3 is
 * 21 x 16 x 15 (as balanced as 20 x 18 x 14, a 6 spread, but with the larger smallest side),
 * and fixed dimensions are kept while the free ones are balanced around them. */
#include <mpi.h>

#include "mtest.h"

struct dims_case {
    int nnodes;
    int ndims;
    int in[5];
    int want[5];
};

static const struct dims_case cases[] = {
    { 72, 2, { 0, 0 }, { 9, 8 } },
    { 5040, 3, { 0, 0, 0 }, { 21, 16, 15 } },
    { 712656,
      5,
      { 0, 0, 0, 0, 0 },
      { 101, 14, 9, 8, 7 } }, /* a large prime factor, the rest balanced */
    { 7, 3, { 0, 0, 0 }, { 7, 1, 1 } },
    { 1, 2, { 0, 0 }, { 1, 1 } },
    { 144, 3, { 0, 3, 0 }, { 8, 3, 6 } },
    { 2147483647, 2, { 0, 0 }, { 2147483647, 1 } }, /* a prime near INT_MAX, quickly */
};

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (size_t c = 0; rank == 0 && c < sizeof(cases) / sizeof(cases[0]); c++) {
        int dims[5];

        for (int d = 0; d < 5; d++)
            dims[d] = cases[c].in[d];
        MPI_Dims_create(cases[c].nnodes, cases[c].ndims, dims);
        for (int d = 0; d < cases[c].ndims; d++)
            errs += mtest_expect(dims[d] == cases[c].want[d],
                                 "%d in %d dimensions: dims[%d] = %d, want %d", cases[c].nnodes,
                                 cases[c].ndims, d, dims[d], cases[c].want[d]);
    }
    return mtest_finish(errs);
}
