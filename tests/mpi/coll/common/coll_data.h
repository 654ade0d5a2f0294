/* coll_data: the data of the block collective tests (bcast, gather, scatter, allgather,
 * alltoall): four element types, including a (double, int) pair whose extent exceeds its size
 * and an int resized to lower bound 8 and extent 16 (its data sits before its lower bound, so a
 * temporary buffer sized from lb and extent alone is too small), and values unique per
 * (sender, receiver, index). Element i of a buffer starts at buf + i * tsize(t). */
#ifndef COLL_DATA_H
#define COLL_DATA_H

#include <mpi.h>
#include <stddef.h>

struct dint {
    double v;
    int i;
};

enum tkind { T_INT, T_DOUBLE, T_DINT, T_RSZ, T_COUNT };

extern const char *const tnames[];

MPI_Datatype mpi_type(enum tkind t);
size_t tsize(enum tkind t);
int value(int from, int to, int i);
void *elem(void *buf, enum tkind t, long i);
void fill(void *buf, enum tkind t, int n, int from, int to);
int check(void *buf, enum tkind t, int n, int from, int to);

#endif /* COLL_DATA_H */
