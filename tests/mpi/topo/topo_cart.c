/* topo_cart: MPI_Dims_create on the standard's examples; a 2-D Cartesian communicator periodic
 * in one dimension only: rank/coords round trip, shifts at periodic and non-periodic borders
 * (MPI_PROC_NULL), Cart_sub rows, Topo_test, the topology surviving MPI_Comm_dup; neighbour
 * alltoall and allgather on the grid with MPI_PROC_NULL slots left untouched; a graph and a
 * distributed graph built both ways with the same neighbours; neighbour alltoall on a
 * non-symmetric distributed graph; error classes. Needs 6 ranks. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

static int dims_cases(void)
{
    int errs = 0;
    int a[2] = { 0, 0 };
    int b[3] = { 0, 3, 0 };
    int c[3] = { 0, 0, 0 };
    int rc;
    int cls;
    int d[3] = { 0, 3, 0 };

    MPI_Dims_create(6, 2, a);
    errs += mtest_expect(a[0] == 3 && a[1] == 2, "Dims_create(6,2): %d %d", a[0], a[1]);
    MPI_Dims_create(12, 3, b);
    errs += mtest_expect(b[0] == 2 && b[1] == 3 && b[2] == 2, "Dims_create(12,(0,3,0)): %d %d %d",
                         b[0], b[1], b[2]);
    MPI_Dims_create(12, 3, c);
    errs += mtest_expect(c[0] == 3 && c[1] == 2 && c[2] == 2, "Dims_create(12,3): %d %d %d", c[0],
                         c[1], c[2]);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Dims_create(7, 3, d);
    MPI_Error_class(rc, &cls);
    errs +=
        mtest_expect(rc != MPI_SUCCESS && cls == MPI_ERR_DIMS, "Dims_create(7,(0,3,0)): %d", cls);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    return errs;
}

/* 3 x 2 grid, periodic in dimension 1 only */
static int cart(int rank)
{
    int errs = 0;
    int dims[2] = { 3, 2 };
    int periods[2] = { 0, 1 };
    int coords[2];
    int r;
    int src;
    int dst;
    int status;
    MPI_Comm g;
    MPI_Comm dup;
    MPI_Comm row;

    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &g);
    MPI_Topo_test(g, &status);
    errs += mtest_expect(status == MPI_CART, "Topo_test %d", status);
    MPI_Cart_coords(g, rank, 2, coords);
    errs += mtest_expect(coords[0] == rank / 2 && coords[1] == rank % 2, "coords of %d", rank);
    MPI_Cart_rank(g, coords, &r);
    errs += mtest_expect(r == rank, "rank round trip %d", r);
    MPI_Cart_shift(g, 0, 1, &src, &dst);
    errs += mtest_expect(src == (rank >= 2 ? rank - 2 : MPI_PROC_NULL) &&
                             dst == (rank < 4 ? rank + 2 : MPI_PROC_NULL),
                         "shift dim 0: %d %d", src, dst);
    MPI_Cart_shift(g, 1, 1, &src, &dst);
    errs += mtest_expect(src == (rank ^ 1) && dst == (rank ^ 1), "periodic shift: %d %d", src, dst);
    MPI_Comm_dup(g, &dup);
    MPI_Topo_test(dup, &status);
    errs += mtest_expect(status == MPI_CART, "dup lost the topology: %d", status);
    {
        /* neighbours: dim 0 (-1, +1), dim 1 (-1, +1); send my rank * 10 + slot */
        int send[4];
        int recv[4] = { -7, -7, -7, -7 };
        int gath[4] = { -7, -7, -7, -7 };
        int nb[4] = { rank >= 2 ? rank - 2 : MPI_PROC_NULL, rank < 4 ? rank + 2 : MPI_PROC_NULL,
                      rank ^ 1, rank ^ 1 };
        MPI_Request reqs[2];

        for (int k = 0; k < 4; k++)
            send[k] = rank * 10 + k;

        /* the nonblocking forms, both outstanding at once */
        MPI_Ineighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, dup, &reqs[0]);
        MPI_Ineighbor_allgather(&rank, 1, MPI_INT, gath, 1, MPI_INT, dup, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        for (int k = 0; k < 4; k++) {
            /* what neighbour nb[k] sent through its slot facing me: k ^ 1 */
            int want = nb[k] == MPI_PROC_NULL ? -7 : nb[k] * 10 + (k ^ 1);

            errs += mtest_expect(recv[k] == want, "neighbour alltoall slot %d: %d, expected %d", k,
                                 recv[k], want);
            errs += mtest_expect(gath[k] == (nb[k] == MPI_PROC_NULL ? -7 : nb[k]),
                                 "neighbour allgather slot %d: %d", k, gath[k]);
        }
    }
    {
        int remain[2] = { 0, 1 };
        int size;
        int rr;

        MPI_Cart_sub(g, remain, &row);
        MPI_Comm_size(row, &size);
        MPI_Comm_rank(row, &rr);
        errs += mtest_expect(size == 2 && rr == rank % 2, "cart_sub: size %d rank %d", size, rr);
        MPI_Cartdim_get(row, &r);
        errs += mtest_expect(r == 1, "cart_sub ndims %d", r);
        MPI_Comm_free(&row);
    }
    MPI_Comm_free(&dup);
    MPI_Comm_free(&g);
    return errs;
}

/* ring graph of 6 nodes, and the directed graph i -> i+1, i -> i+2 (mod 6) as a dist graph
 * built adjacently and with the general form */
static int graphs(int rank)
{
    int errs = 0;
    int index[6];
    int edges[12];
    int n;
    int nb[2];
    MPI_Comm g;
    MPI_Comm d1;
    MPI_Comm d2;

    for (int i = 0; i < 6; i++) {
        index[i] = 2 * (i + 1);
        edges[2 * i] = (i + 5) % 6;
        edges[2 * i + 1] = (i + 1) % 6;
    }
    MPI_Graph_create(MPI_COMM_WORLD, 6, index, edges, 0, &g);
    MPI_Graph_neighbors_count(g, rank, &n);
    MPI_Graph_neighbors(g, rank, 2, nb);
    errs += mtest_expect(n == 2 && nb[0] == (rank + 5) % 6 && nb[1] == (rank + 1) % 6,
                         "graph neighbours %d: %d %d", n, nb[0], nb[1]);
    {
        int srcs[2] = { (rank + 5) % 6, (rank + 4) % 6 };
        int dsts[2] = { (rank + 1) % 6, (rank + 2) % 6 };
        int indeg;
        int outdeg;
        int weighted;
        int s[2];
        int t[2];
        int send[2] = { 100 * rank + 1, 100 * rank + 2 };
        int recv[2] = { -1, -1 };

        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, srcs, MPI_UNWEIGHTED, 2, dsts,
                                       MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &d1);
        MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, (int[]){ 2 }, dsts, MPI_UNWEIGHTED,
                              MPI_INFO_NULL, 0, &d2);
        MPI_Dist_graph_neighbors_count(d2, &indeg, &outdeg, &weighted);
        errs += mtest_expect(indeg == 2 && outdeg == 2 && !weighted, "dist counts %d %d %d", indeg,
                             outdeg, weighted);
        MPI_Dist_graph_neighbors(d2, 2, s, MPI_UNWEIGHTED, 2, t, MPI_UNWEIGHTED);
        errs += mtest_expect(
            ((s[0] == srcs[0] && s[1] == srcs[1]) || (s[0] == srcs[1] && s[1] == srcs[0])) &&
                ((t[0] == dsts[0] && t[1] == dsts[1]) || (t[0] == dsts[1] && t[1] == dsts[0])),
            "general dist graph neighbours");
        /* non-symmetric neighbour alltoall on the adjacent one: block k to dsts[k] */
        MPI_Neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, d1);
        errs += mtest_expect(recv[0] == 100 * srcs[0] + 1 && recv[1] == 100 * srcs[1] + 2,
                             "dist alltoall %d %d", recv[0], recv[1]);
        MPI_Comm_free(&d1);
        MPI_Comm_free(&d2);
    }
    {
        int rc;
        int cls;
        int nd;

        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        rc = MPI_Cartdim_get(MPI_COMM_WORLD, &nd);
        MPI_Error_class(rc, &cls);
        errs += mtest_expect(cls == MPI_ERR_TOPOLOGY, "Cartdim_get on WORLD: class %d", cls);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    }
    MPI_Comm_free(&g);
    return errs;
}

int main(int argc, char **argv)
{
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += dims_cases();
    errs += cart(rank);
    errs += graphs(rank);
    return mtest_finish(errs);
}
