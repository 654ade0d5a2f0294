/* coll_inter: collectives on intercommunicators (MPI-3.1 section 5.2.2), where each group
 * receives what the other group contributed. Each one combines an operation inside the local
 * group (on the intercommunicator's local intracommunicator, with the usual algorithms) and
 * one exchange between the two leaders (local rank 0 of each side); MPI_Alltoall talks to
 * every remote rank directly. Rooted collectives follow the standard's convention: the root
 * passes MPI_ROOT, the other members of its group MPI_PROC_NULL, and the remote group the
 * root's rank. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/check.h"
#include "smpi/internal.h"

/* Below the collectives' reserved tags and the neighbourhood ones. */
#define INTER_TAG (-80)

/* A temporary buffer for count elements of t; *base is what to free. */
static char *tmp_buf(int count, MPI_Datatype t, char **base)
{
    MPI_Aint ext = smpi_type_extent(t);
    MPI_Aint span = count > 0 ? (count - 1) * ext + smpi_type_true_extent(t) : 0;

    *base = sim_xmalloc((size_t)span + 1);
    return *base - smpi_type_true_lb(t);
}

static bool is_leader(MPI_Comm inter)
{
    return smpi_comm_rank(inter) == 0;
}

static int rooted_checks(const char *call, MPI_Comm inter, int root)
{
    if (root == MPI_ROOT || root == MPI_PROC_NULL ||
        (root >= 0 && root < inter->remote_group->size))
        return MPI_SUCCESS;
    return smpi__error(inter, call, MPI_ERR_ROOT,
                       "root %d is not MPI_ROOT, MPI_PROC_NULL or a rank of the remote group "
                       "(size %d)",
                       root, inter->remote_group->size);
}

static int finish(const char *call, MPI_Comm inter, int rc)
{
    smpi__leave();
    if (rc != MPI_SUCCESS)
        return smpi__error(inter, call, rc, "a message of the intercommunicator collective "
                                            "failed");
    return MPI_SUCCESS;
}

int smpi__inter_barrier(MPI_Comm inter)
{
    int token = 0;
    int rc;

    smpi__enter("MPI_Barrier");
    rc = PMPI_Barrier(inter->local_comm);
    if (rc == MPI_SUCCESS && is_leader(inter))
        rc = smpi_sendrecv(&token, 1, MPI_INT, 0, INTER_TAG, &token, 1, MPI_INT, 0, INTER_TAG,
                           inter, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Bcast(&token, 1, MPI_INT, 0, inter->local_comm);
    return finish("MPI_Barrier", inter, rc);
}

int smpi__inter_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm inter)
{
    int rc = rooted_checks("MPI_Bcast", inter, root);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Bcast");
    if (root == MPI_ROOT)
        rc = smpi_send(buf, count, type, 0, INTER_TAG - 1, inter);
    else if (root != MPI_PROC_NULL) {
        if (is_leader(inter))
            rc = smpi_recv(buf, count, type, root, INTER_TAG - 1, inter, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = PMPI_Bcast(buf, count, type, 0, inter->local_comm);
    }
    return finish("MPI_Bcast", inter, rc);
}

int smpi__inter_reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                       int root, MPI_Comm inter)
{
    int rc = rooted_checks("MPI_Reduce", inter, root);
    char *base = NULL;

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Reduce");
    if (root == MPI_ROOT) {
        rc = smpi_recv(rbuf, count, type, 0, INTER_TAG - 2, inter, MPI_STATUS_IGNORE);
    } else if (root != MPI_PROC_NULL) {
        char *tmp = tmp_buf(count, type, &base);

        rc = PMPI_Reduce(sbuf, tmp, count, type, op, 0, inter->local_comm);
        if (rc == MPI_SUCCESS && is_leader(inter))
            rc = smpi_send(tmp, count, type, root, INTER_TAG - 2, inter);
    }
    free(base);
    return finish("MPI_Reduce", inter, rc);
}

int smpi__inter_allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                          MPI_Comm inter)
{
    char *base;
    char *tmp = tmp_buf(count, type, &base);
    int rc;

    smpi__enter("MPI_Allreduce");
    rc = PMPI_Reduce(sbuf, tmp, count, type, op, 0, inter->local_comm);
    if (rc == MPI_SUCCESS && is_leader(inter))
        rc = smpi_sendrecv(tmp, count, type, 0, INTER_TAG - 3, rbuf, count, type, 0,
                           INTER_TAG - 3, inter, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Bcast(rbuf, count, type, 0, inter->local_comm);
    free(base);
    return finish("MPI_Allreduce", inter, rc);
}

int smpi__inter_gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                       MPI_Datatype rtype, int root, MPI_Comm inter)
{
    int rc = rooted_checks("MPI_Gather", inter, root);
    char *base = NULL;

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Gather");
    if (root == MPI_ROOT) {
        rc = smpi_recv(rbuf, rcount * inter->remote_group->size, rtype, 0, INTER_TAG - 4, inter,
                       MPI_STATUS_IGNORE);
    } else if (root != MPI_PROC_NULL) {
        int n = scount * smpi_comm_size(inter);
        char *tmp = tmp_buf(n, stype, &base);

        rc = PMPI_Gather(sbuf, scount, stype, tmp, scount, stype, 0, inter->local_comm);
        if (rc == MPI_SUCCESS && is_leader(inter))
            rc = smpi_send(tmp, n, stype, root, INTER_TAG - 4, inter);
    }
    free(base);
    return finish("MPI_Gather", inter, rc);
}

int smpi__inter_scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                        MPI_Datatype rtype, int root, MPI_Comm inter)
{
    int rc = rooted_checks("MPI_Scatter", inter, root);
    char *base = NULL;

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Scatter");
    if (root == MPI_ROOT) {
        rc = smpi_send(sbuf, scount * inter->remote_group->size, stype, 0, INTER_TAG - 5, inter);
    } else if (root != MPI_PROC_NULL) {
        int n = rcount * smpi_comm_size(inter);
        char *tmp = tmp_buf(n, rtype, &base);

        if (is_leader(inter))
            rc = smpi_recv(tmp, n, rtype, root, INTER_TAG - 5, inter, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = PMPI_Scatter(tmp, rcount, rtype, rbuf, rcount, rtype, 0, inter->local_comm);
    }
    free(base);
    return finish("MPI_Scatter", inter, rc);
}

int smpi__inter_allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                          int rcount, MPI_Datatype rtype, MPI_Comm inter)
{
    int n = scount * smpi_comm_size(inter);
    int m = rcount * inter->remote_group->size;
    char *base;
    char *tmp = tmp_buf(n, stype, &base);
    int rc;

    smpi__enter("MPI_Allgather");
    rc = PMPI_Gather(sbuf, scount, stype, tmp, scount, stype, 0, inter->local_comm);
    if (rc == MPI_SUCCESS && is_leader(inter))
        rc = smpi_sendrecv(tmp, n, stype, 0, INTER_TAG - 6, rbuf, m, rtype, 0, INTER_TAG - 6,
                           inter, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Bcast(rbuf, m, rtype, 0, inter->local_comm);
    free(base);
    return finish("MPI_Allgather", inter, rc);
}

int smpi__inter_alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                         int rcount, MPI_Datatype rtype, MPI_Comm inter)
{
    int remote = inter->remote_group->size;
    MPI_Request *reqs = sim_xmalloc(2 * (size_t)remote * sizeof(*reqs));
    MPI_Aint sext = smpi_type_extent(stype);
    MPI_Aint rext = smpi_type_extent(rtype);
    int rc;

    smpi__enter("MPI_Alltoall");
    for (int r = 0; r < remote; r++)
        smpi_irecv((char *)rbuf + (MPI_Aint)r * rcount * rext, rcount, rtype, r, INTER_TAG - 7,
                   inter, &reqs[r]);
    for (int r = 0; r < remote; r++)
        smpi_isend((const char *)sbuf + (MPI_Aint)r * scount * sext, scount, stype, r,
                   INTER_TAG - 7, inter, &reqs[remote + r]);
    rc = smpi_waitall(2 * remote, reqs, MPI_STATUSES_IGNORE);
    free(reqs);
    return finish("MPI_Alltoall", inter, rc);
}
