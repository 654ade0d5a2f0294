/* coll_redux: the data of the reduction tests (reduce, allreduce, reduce_scatter, scan):
 * int, double and the (value, index) pair types with the predefined ops, plus two derived types
 * with user ops: 2x2 int matrices (a contiguous type) multiplied modulo 1009 by a user op
 * declared non-commutative, and an int resized to lower bound 8 and extent 16 summed by a
 * commutative user op. Inputs are unique per rank; the reference reduction is computed
 * locally in rank order. Element i of a buffer starts at buf + i * tsize(t). */
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

enum tkind { T_INT, T_DOUBLE, T_DINT, T_2INT, T_MAT, T_RSZ, T_COUNT };

extern const char *const tnames[];

MPI_Datatype mpi_type(enum tkind t);
size_t tsize(enum tkind t);
/* The ops a test runs on type t: nops(t) of them, op_of(t, j) and its name. T_MAT and T_RSZ
 * take only their user op; the others the predefined ops that apply to them. */
int nops(enum tkind t);
MPI_Op op_of(enum tkind t, int j);
const char *op_name(enum tkind t, int j);
int value(int rank, int i);
void fill(void *buf, enum tkind t, int n, int rank);
double pick(double a, double b, MPI_Op op);
/* acc = acc op in (acc holds the lower ranks). */
void combine(void *acc, const void *in, enum tkind t, int n, MPI_Op op);
/* Index of the first element of got that differs from want, or -1. */
int same(const void *got, const void *want, enum tkind t, int n);
/* The reduction of the inputs of ranks 0..size-1, in rank order. */
void expected(void *want, enum tkind t, int n, int size, MPI_Op op);

#endif /* COLL_REDUX_H */
