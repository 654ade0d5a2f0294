/* coll_redux: the data of the reduction tests (reduce, allreduce, reduce_scatter, scan):
 * int, double and the (value, index) pair types, inputs unique per rank, and the reference
 * reduction computed locally in rank order. */
#ifndef COLL_REDUX_H
#define COLL_REDUX_H

#include <mpi.h>
#include <stddef.h>

struct dint {
    double v;
    int i;
};
struct iint {
    int v;
    int i;
};

enum tkind { T_INT, T_DOUBLE, T_DINT, T_2INT, T_COUNT };

extern const char *const tnames[];

MPI_Datatype mpi_type(enum tkind t);
size_t tsize(enum tkind t);
int value(int rank, int i);
void fill(void *buf, enum tkind t, int n, int rank);
double pick(double a, double b, MPI_Op op);
void combine(void *acc, const void *in, enum tkind t, int n, MPI_Op op);
int same(const void *got, const void *want, enum tkind t, int n);
void expected(void *want, enum tkind t, int n, int size, MPI_Op op);

#endif /* COLL_REDUX_H */
