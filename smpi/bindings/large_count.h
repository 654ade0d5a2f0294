/* large_count: what the generated large-count bindings (bindings_large.c) share: range checks
 * of MPI_Count values against the int internals, and int copies of count arrays. Private to
 * smpi/bindings. */
#ifndef SMPI_LARGE_COUNT_H
#define SMPI_LARGE_COUNT_H

#include <limits.h>
#include <stdbool.h>

#include <mpi.h>

/* The int copies of one call's arrays, and the object whose error handler reports a count
 * that does not fit (the communicator, else the window, else the file, else MPI_COMM_WORLD). */
#define SMPI_LARGE_ARRAYS 8
struct smpi_large_tmp {
    MPI_Comm comm;
    MPI_Win win;
    MPI_File fh;
    void *arrays[SMPI_LARGE_ARRAYS];
    int n;
    MPI_Datatype types[2]; /* the contiguous types of smpi__large_elements */
    int ntypes;
};

/* *out = v when v fits an int, else MPI_ERR_COUNT naming call and the parameter `name`. */
int smpi__large_int(struct smpi_large_tmp *t, const char *call, const char *name, MPI_Count v,
                    int *out);
/* The count and datatype for the int call of a (buffer, count, type) triple: count and type
 * when count fits an int, else 1 and a contiguous type of count elements of type (freed by
 * smpi__large_done; a request holds its own reference). */
int smpi__large_elements(struct smpi_large_tmp *t, const char *call, const char *name,
                         MPI_Count count, MPI_Datatype type, int *count_out,
                         MPI_Datatype *type_out);
/* *out = v (MPI_Aint holds every MPI_Count). */
int smpi__large_aint(struct smpi_large_tmp *t, const char *call, const char *name, MPI_Count v,
                     MPI_Aint *out);
/* *out = an int copy of the n entries of a (NULL when a is NULL or n <= 0), owned by t;
 * MPI_ERR_COUNT naming the first entry that does not fit. */
int smpi__large_ints(struct smpi_large_tmp *t, const char *call, const char *name,
                     const MPI_Count a[], int n, int **out);
int smpi__large_ints_of_aints(struct smpi_large_tmp *t, const char *call, const char *name,
                              const MPI_Aint a[], int n, int **out);
int smpi__large_aints(struct smpi_large_tmp *t, const char *call, const char *name,
                      const MPI_Count a[], int n, MPI_Aint **out);
/* A capacity (a receive count, a pack buffer's size) cut to INT_MAX: an int-counted message
 * always fits. Negative values stay negative for the int call to report. */
static inline int smpi__large_clamp(MPI_Count v)
{
    return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
}

/* Frees t's copies, or gives them to req (freed with it: a nonblocking or persistent call
 * reads them until then) when req is not NULL; frees t's types (their handles). */
void smpi__large_done(struct smpi_large_tmp *t, MPI_Request req);

/* How many entries the collective's count arrays have at this rank: the remote group's size
 * on an intercommunicator, else the communicator's (0 when comm is not valid: the int call
 * reports it); the local group's size; the in- or out-degree of a topology. */
int smpi__large_peers(MPI_Comm comm);
int smpi__large_local(MPI_Comm comm);
int smpi__large_degree(MPI_Comm comm, bool in);
/* Whether this rank is the root of a rooted collective (MPI_ROOT on an intercommunicator). */
bool smpi__large_root(MPI_Comm comm, int root);

#endif
