/* models_tan: TAN's fan-in overhead (smpi/fanin-overhead:49.3us:0.783us:0.157us, the TAN
 * paper's Table I) against PAPERS.md O19, under a network model where every message takes
 * L = 98 us and nothing else (the testlist runs it under LogGP with o = g = G = 0 and under
 * Constant). A node receives from all its children at once (MPI_Irecv each, then one
 * MPI_Waitall), which costs it o(x + 1) = a + b(x + 1) + c(x + 1)^2 for x children, then sends
 * to its parent: T_i = L + o(x_i + 1) + max T_child, T_leaf = 0.
 *   fanin N: N leaves under the root: L + o(N + 1) (32: 344.112 us, 128: 2860.944 us).
 *   binary N: a binary tree of N leaves: log2(N) (L + o(3)) (32: 755.31 us, 128: 1057.434 us).
 *   twolevel N: the paper's unbalanced two-level trees (32 leaves: root with 6 children, two
 *     with 6 leaves and four with 5: 320.948 us; 128: 11 children, seven with 12 leaves and
 *     four with 11: 363.316 us).
 *   chain H: H levels of one child: H (L + o(2)) (4: 597.976 us).
 *   gather N: MPI_Gather under smpi/gather:smpi_linear (the root posts every receive and waits
 *     for them all): the same as fanin N. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define US 1e-6
#define L (98 * US)
#define BYTES 1024

static double o(int x)
{
    return (49.3 + 0.783 * x + 0.157 * x * x) * US;
}

/* The parent of each rank (-1 for the root, rank 0) of a pattern over p ranks; returns the
 * oracle's value of the root's time, or -1 when the pattern does not fit p. */
static double build(const char *pattern, int n, int p, int *parent)
{
    parent[0] = -1;
    if (strcmp(pattern, "fanin") == 0 || strcmp(pattern, "gather") == 0) {
        for (int r = 1; r < p; r++)
            parent[r] = 0;
        return p != n + 1 ? -1 : n == 32 ? 344.112 * US : n == 128 ? 2860.944 * US : 0;
    }
    if (strcmp(pattern, "binary") == 0) {
        for (int r = 1; r < p; r++)
            parent[r] = (r - 1) / 2;
        return p != 2 * n - 1 ? -1 : n == 32 ? 755.31 * US : n == 128 ? 1057.434 * US : 0;
    }
    if (strcmp(pattern, "chain") == 0) {
        for (int r = 1; r < p; r++)
            parent[r] = r - 1;
        return p != n + 1 ? -1 : n == 4 ? 597.976 * US : 0;
    }
    if (strcmp(pattern, "twolevel") == 0) {
        int mid = n == 32 ? 6 : 11;        /* children of the root */
        int big = n == 32 ? 2 : 7;         /* of them, those with one leaf more */
        int leaves = n == 32 ? 5 : 11;     /* leaves of the others */
        int r = mid + 1;

        if (p != 1 + mid + n)
            return -1;
        for (int m = 1; m <= mid; m++) {
            parent[m] = 0;
            for (int k = 0; k < leaves + (m <= big); k++)
                parent[r++] = m;
        }
        return n == 32 ? 320.948 * US : 363.316 * US;
    }
    return -1;
}

/* T_i = L + o(x_i + 1) + max T_child (TAN's equation 1, g = 0, C = 0). */
static double tan_time(int r, int p, const int *parent)
{
    double worst = 0;
    int x = 0;

    for (int c = 1; c < p; c++) {
        if (parent[c] == r) {
            double t = tan_time(c, p, parent);

            x++;
            worst = t > worst ? t : worst;
        }
    }
    return x == 0 ? 0 : L + o(x + 1) + worst;
}

static int run_tree(int rank, int p, const int *parent)
{
    char *bufs = calloc((size_t)p, BYTES);
    MPI_Request *reqs = malloc(sizeof(MPI_Request) * (size_t)p);
    int n = 0;

    for (int c = 1; c < p; c++)
        if (parent[c] == rank)
            MPI_Irecv(bufs + (size_t)n * BYTES, BYTES, MPI_CHAR, c, 0, MPI_COMM_WORLD, &reqs[n++]);
    MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
    if (parent[rank] >= 0)
        MPI_Send(bufs, BYTES, MPI_CHAR, parent[rank], 0, MPI_COMM_WORLD);
    free(reqs);
    free(bufs);
    return 0;
}

int main(int argc, char **argv)
{
    const char *pattern = argc > 1 ? argv[1] : "";
    int n = argc > 2 ? atoi(argv[2]) : 0;
    int rank;
    int p;
    int *parent;
    double oracle;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    parent = malloc(sizeof(int) * (size_t)p);
    oracle = build(pattern, n, p, parent);
    if (oracle < 0) {
        errs = mtest_expect(false, "usage: models_tan fanin|binary|twolevel|chain|gather N, "
                                   "on the number of ranks the pattern needs");
        return mtest_finish(errs);
    }
    if (strcmp(pattern, "gather") == 0) {
        char *all = rank == 0 ? calloc((size_t)p, BYTES) : NULL;
        char *mine = calloc(1, BYTES);

        MPI_Gather(mine, BYTES, MPI_CHAR, all, BYTES, MPI_CHAR, 0, MPI_COMM_WORLD);
        free(all);
        free(mine);
    } else {
        run_tree(rank, p, parent);
    }
    if (rank == 0) {
        double t = MPI_Wtime();

        errs += mtest_expect_time(t, tan_time(0, p, parent), "O19: TAN's recursion");
        errs += mtest_expect_time(t, oracle, "O19: the oracle's value");
    }
    free(parent);
    return mtest_finish(errs);
}
