/* large_count: the shared part of MPI-4.0's large-count bindings (the generated
 * bindings_large.c calls these), and the three _c calls whose shape differs from their int
 * form: MPI_Type_get_envelope_c, MPI_Type_get_contents_c and MPI_Op_create_c. simmpi's
 * internals count in int: a _c call converts its MPI_Count arguments and calls the int
 * binding, and a count that does not fit is MPI_ERR_COUNT naming the _c call. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdlib.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/bindings/large_count.h"
#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/file.h"
#include "smpi/mpi/op.h"
#include "smpi/mpi/p2p_api.h"
#include "smpi/mpi/win.h"

_Static_assert(sizeof(MPI_Aint) == sizeof(MPI_Count), "MPI_Aint must hold every MPI_Count");

static int too_large(struct smpi_large_tmp *t, const char *call, const char *name, long i,
                     MPI_Count v)
{
    char what[96];
    const char *why = "does not fit in an int, the count simmpi's internals take (README, "
                      "'MPI-4'): split the transfer or use a derived datatype";

    if (i >= 0)
        snprintf(what, sizeof(what), "%s[%ld]", name, i);
    else
        snprintf(what, sizeof(what), "%s", name);
    if (t->win != MPI_WIN_NULL && t->comm == MPI_COMM_NULL)
        return smpi__win_error(t->win, call, MPI_ERR_COUNT, "%s %lld %s", what, v, why);
    if (t->fh != MPI_FILE_NULL && t->comm == MPI_COMM_NULL)
        return smpi__file_error(t->fh, call, MPI_ERR_COUNT, "%s %lld %s", what, v, why);
    return smpi__error(t->comm != MPI_COMM_NULL && smpi__comm_is_valid(t->comm) ? t->comm
                                                                                : MPI_COMM_WORLD,
                       call, MPI_ERR_COUNT, "%s %lld %s", what, v, why);
}

int smpi__large_int(struct smpi_large_tmp *t, const char *call, const char *name, MPI_Count v,
                    int *out)
{
    if (v > INT_MAX || v < INT_MIN)
        return too_large(t, call, name, -1, v);
    *out = (int)v;
    return MPI_SUCCESS;
}

int smpi__large_elements(struct smpi_large_tmp *t, const char *call, const char *name,
                         MPI_Count count, MPI_Datatype type, int *count_out, MPI_Datatype *type_out)
{
    MPI_Datatype big;

    *type_out = type;
    if (count <= INT_MAX)
        return smpi__large_int(t, call, name, count, count_out);
    if (smpi__type_fault(type) || t->ntypes == 2)
        return too_large(t, call, name, -1, count);
    big = smpi__type_contiguous_c(count, type);
    smpi__type_commit(big);
    t->types[t->ntypes++] = big;
    *count_out = 1;
    *type_out = big;
    return MPI_SUCCESS;
}

int smpi__large_aint(struct smpi_large_tmp *t, const char *call, const char *name, MPI_Count v,
                     MPI_Aint *out)
{
    (void)t;
    (void)call;
    (void)name;
    *out = (MPI_Aint)v;
    return MPI_SUCCESS;
}

/* A new array of n entries of `size` bytes owned by t, or NULL (no array to convert). */
static void *own(struct smpi_large_tmp *t, const void *a, int n, size_t size)
{
    void *copy;

    if (a == NULL || n <= 0)
        return NULL;
    copy = sim_xcalloc((size_t)n, size);
    if (t->n == SMPI_LARGE_ARRAYS)
        abort(); /* a binding converts at most 4 arrays (generator's output) */
    t->arrays[t->n++] = copy;
    return copy;
}

/* The int copy of a (MPI_Count or MPI_Aint) array. */
static int to_ints(struct smpi_large_tmp *t, const char *call, const char *name,
                   const MPI_Count *counts, const MPI_Aint *aints, int n, int **out)
{
    const void *a = counts ? (const void *)counts : (const void *)aints;
    int *c = own(t, a, n, sizeof(int));

    *out = c;
    for (int i = 0; c && i < n; i++) {
        long long v = counts ? counts[i] : aints[i];

        if (v > INT_MAX || v < INT_MIN)
            return too_large(t, call, name, i, v);
        c[i] = (int)v;
    }
    return MPI_SUCCESS;
}

int smpi__large_ints(struct smpi_large_tmp *t, const char *call, const char *name,
                     const MPI_Count a[], int n, int **out)
{
    return to_ints(t, call, name, a, NULL, n, out);
}

int smpi__large_ints_of_aints(struct smpi_large_tmp *t, const char *call, const char *name,
                              const MPI_Aint a[], int n, int **out)
{
    return to_ints(t, call, name, NULL, a, n, out);
}

int smpi__large_aints(struct smpi_large_tmp *t, const char *call, const char *name,
                      const MPI_Count a[], int n, MPI_Aint **out)
{
    MPI_Aint *c = own(t, a, n, sizeof(MPI_Aint));

    (void)call;
    (void)name;
    *out = c;
    for (int i = 0; c && i < n; i++)
        c[i] = (MPI_Aint)a[i];
    return MPI_SUCCESS;
}

void smpi__large_done(struct smpi_large_tmp *t, MPI_Request req)
{
    void **kept;

    for (int i = 0; i < t->ntypes; i++)
        smpi__type_free(&t->types[i]);
    if (req == MPI_REQUEST_NULL || t->n == 0) {
        for (int i = 0; i < t->n; i++)
            free(t->arrays[i]);
        return;
    }
    /* the arrays then NULL: the request frees them with itself (p2p.c) */
    kept = sim_xcalloc(SMPI_LARGE_ARRAYS + 1, sizeof(*kept));
    for (int i = 0; i < t->n; i++)
        kept[i] = t->arrays[i];
    smpi__req_rare(req)->large_counts = kept;
}

int smpi__large_peers(MPI_Comm comm)
{
    if (comm == MPI_COMM_NULL || !smpi__comm_is_valid(comm))
        return 0;
    return smpi__comm_peer_size(comm);
}

int smpi__large_local(MPI_Comm comm)
{
    int n = 0;

    if (comm == MPI_COMM_NULL || !smpi__comm_is_valid(comm))
        return 0;
    PMPI_Comm_size(comm, &n);
    return n;
}

int smpi__large_degree(MPI_Comm comm, bool in)
{
    int *ins = NULL;
    int *outs = NULL;
    int nin = 0;
    int nout = 0;

    if (comm == MPI_COMM_NULL || !smpi__comm_is_valid(comm) ||
        smpi_topo_neighbors(comm, &ins, &nin, &outs, &nout) != MPI_SUCCESS)
        return 0;
    free(ins);
    free(outs);
    return in ? nin : nout;
}

bool smpi__large_root(MPI_Comm comm, int root)
{
    int rank = -1;

    if (comm == MPI_COMM_NULL || !smpi__comm_is_valid(comm))
        return false;
    if (comm->remote_group)
        return root == MPI_ROOT;
    PMPI_Comm_rank(comm, &rank);
    return rank == root;
}

/* MPI-4.0 section 5.1.13: the _c constructors build their types by the int ones here, so their
 * contents are ints and addresses (num_large_counts 0), except MPI_Type_contiguous_c with a
 * count above INT_MAX: one large count and one datatype. */
int PMPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers,
                             MPI_Count *num_addresses, MPI_Count *num_large_counts,
                             MPI_Count *num_datatypes, int *combiner)
{
    int ni = 0;
    int na = 0;
    int nd = 0;
    int rc;

    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_envelope_c", datatype);
    if (!num_integers || !num_addresses || !num_large_counts || !num_datatypes || !combiner)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_get_envelope_c", MPI_ERR_ARG,
                           "an output argument is NULL");
    if (smpi__type_large_count(datatype)) { /* a _c constructor's count above INT_MAX */
        *num_integers = *num_addresses = 0;
        *num_large_counts = smpi__type_large_count(datatype);
        *num_datatypes = 1;
        *combiner = datatype->combiner;
        return MPI_SUCCESS;
    }
    rc = PMPI_Type_get_envelope(datatype, &ni, &na, &nd, combiner);
    if (rc == MPI_SUCCESS) {
        *num_integers = ni;
        *num_addresses = na;
        *num_large_counts = 0;
        *num_datatypes = nd;
    }
    return rc;
}
#pragma weak MPI_Type_get_envelope_c = PMPI_Type_get_envelope_c

int PMPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                             MPI_Count max_large_counts, MPI_Count max_datatypes,
                             int array_of_integers[], MPI_Aint array_of_addresses[],
                             MPI_Count array_of_large_counts[], MPI_Datatype array_of_datatypes[])
{
    static const char call[] = "MPI_Type_get_contents_c";
    struct smpi_large_tmp t = { .comm = MPI_COMM_NULL };
    int mi = 0;
    int ma = 0;
    int md = 0;
    int rc = smpi__large_int(&t, call, "max_integers", max_integers, &mi);

    SMPI_CHECK_TYPE_HANDLE(call, datatype);
    if (smpi__type_large_count(datatype)) {
        if (max_large_counts < smpi__type_large_count(datatype) || max_datatypes < 1 ||
            !array_of_large_counts || !array_of_datatypes)
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                               "arrays too small: need %d large counts and 1 datatype",
                               smpi__type_large_count(datatype));
        smpi__type_large_contents(datatype, array_of_large_counts);
        smpi__type_contents(datatype, array_of_integers, array_of_addresses, array_of_datatypes);
        return MPI_SUCCESS;
    }
    if (rc == MPI_SUCCESS)
        rc = smpi__large_int(&t, call, "max_addresses", max_addresses, &ma);
    if (rc == MPI_SUCCESS)
        rc = smpi__large_int(&t, call, "max_datatypes", max_datatypes, &md);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_get_contents(datatype, mi, ma, md, array_of_integers, array_of_addresses,
                                    array_of_datatypes);
    return rc;
}
#pragma weak MPI_Type_get_contents_c = PMPI_Type_get_contents_c

/* MPI_Get_count with an MPI_Count result: the status counts bytes in an MPI_Count. */
int PMPI_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    int small = 0;
    MPI_Count size = 0;
    int rc = PMPI_Get_count(status, datatype, &small); /* its checks */

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Get_count_c", MPI_COMM_WORLD, count);
    PMPI_Type_size_x(datatype, &size);
    if (size == 0)
        *count = 0;
    else if (status->smpi_count % size != 0)
        *count = MPI_UNDEFINED;
    else
        *count = status->smpi_count / size;
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_count_c = PMPI_Get_count_c

/* The one constructor whose internal path is widened: any count (datatype_ctor.c). */
int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    if (count < 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_contiguous_c", MPI_ERR_COUNT,
                           "count %lld is negative", count);
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_contiguous_c", oldtype);
    SMPI_CHECK_ARG("MPI_Type_contiguous_c", MPI_COMM_WORLD, newtype);
    *newtype = smpi__type_contiguous_c(count, oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_contiguous_c = PMPI_Type_contiguous_c

/* Block lengths above INT_MAX take the widened path; others that of MPI_Type_create_hindexed. */
int PMPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                MPI_Datatype *newtype)
{
    static const char call[] = "MPI_Type_create_hindexed_c";
    struct smpi_large_tmp t = { .comm = MPI_COMM_NULL };
    bool wide = false;
    int n = 0;
    int *lens = NULL;
    MPI_Aint *disps = NULL;
    int rc = smpi__large_int(&t, call, "count", count, &n);

    for (int i = 0; rc == MPI_SUCCESS && array_of_blocklengths && i < n; i++)
        wide = wide || array_of_blocklengths[i] > INT_MAX;
    if (rc == MPI_SUCCESS && wide) {
        for (int i = 0; i < n; i++)
            if (array_of_blocklengths[i] < 0)
                return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_COUNT,
                                   "array_of_blocklengths[%d] %lld is negative", i,
                                   array_of_blocklengths[i]);
        SMPI_CHECK_ARG(call, MPI_COMM_WORLD, array_of_displacements);
        SMPI_CHECK_TYPE_HANDLE(call, oldtype);
        SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
        *newtype =
            smpi__type_hindexed_c(count, array_of_blocklengths, array_of_displacements, oldtype);
        return MPI_SUCCESS;
    }
    if (rc == MPI_SUCCESS)
        rc = smpi__large_ints(&t, call, "array_of_blocklengths", array_of_blocklengths, n, &lens);
    if (rc == MPI_SUCCESS)
        rc = smpi__large_aints(&t, call, "array_of_displacements", array_of_displacements, n,
                               &disps);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_create_hindexed(n, lens, disps, oldtype, newtype);
    smpi__large_done(&t, MPI_REQUEST_NULL);
    return rc;
}
#pragma weak MPI_Type_create_hindexed_c = PMPI_Type_create_hindexed_c

/* MPI-4.0 section 6.9.5: the user function gets an MPI_Count length (smpi/mpi/op.c). */
int PMPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op)
{
    if (!user_fn || !op)
        return smpi__error(MPI_COMM_WORLD, "MPI_Op_create_c", MPI_ERR_ARG,
                           "user function or op pointer is NULL");
    *op = smpi__op_new(NULL, commute != 0);
    (*op)->user_fn_c = user_fn;
    smpi__handle_new(SMPI_H_OP, *op, "MPI_Op_create_c");
    return MPI_SUCCESS;
}
#pragma weak MPI_Op_create_c = PMPI_Op_create_c
