/* topo: what a platform's routing decides, seen from MPI. Prints each rank's host, then the
 * simulated time of: a ping-pong of 8 B and of 1 MiB between rank 0 and every other rank, one
 * pair at a time; every rank sending 1 MiB to rank + 1 and to rank + size / 2 at once (links
 * shared by concurrent flows); an allreduce of 64 Ki doubles. Each time is the largest over
 * the ranks taking part, so both simulators are read the same way. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG (1 << 20)

static void result(const char *name, int arg, double elapsed)
{
    double worst;
    int rank;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Reduce(&elapsed, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("RESULT %s-%d %.9f\n", name, arg, worst);
}

static void pingpong(char *buf, int peer, int bytes)
{
    int rank;
    double t0;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    if (rank == 0) {
        MPI_Send(buf, bytes, MPI_CHAR, peer, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, bytes, MPI_CHAR, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == peer) {
        MPI_Recv(buf, bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    }
    result(bytes == 8 ? "pingpong-8B-to" : "pingpong-1MiB-to", peer,
           rank == 0 || rank == peer ? MPI_Wtime() - t0 : 0);
}

static void shift(char *out, char *in, int by)
{
    int rank;
    int size;
    double t0;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    MPI_Sendrecv(out, BIG, MPI_CHAR, (rank + by) % size, 1, in, BIG, MPI_CHAR,
                 (rank - by + size) % size, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    result("shift-1MiB-by", by, MPI_Wtime() - t0);
}

int main(int argc, char **argv)
{
    char *out = calloc(BIG, 1);
    char *in = calloc(BIG, 1);
    double *v = calloc(65536, sizeof(double));
    double *w = calloc(65536, sizeof(double));
    char name[MPI_MAX_PROCESSOR_NAME];
    int len;
    int rank;
    int size;
    double t0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Get_processor_name(name, &len);
    for (int r = 0; r < size; r++) {
        if (r == rank)
            printf("HOST rank %d on %s\n", rank, name);
        fflush(stdout);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    for (int peer = 1; peer < size; peer++) {
        pingpong(out, peer, 8);
        pingpong(out, peer, BIG);
    }
    if (size > 1) {
        shift(out, in, 1);
        if (size > 2)
            shift(out, in, size / 2);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    MPI_Allreduce(v, w, 65536, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    result("allreduce-64Ki-doubles", size, MPI_Wtime() - t0);
    free(out);
    free(in);
    free(v);
    free(w);
    MPI_Finalize();
    return 0;
}
