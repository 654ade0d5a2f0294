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

/* The v- and w-variants talk to each remote rank directly: every block has its own count. */
static int exchange_direct(MPI_Comm inter, const char *sbuf, const int *scounts,
                           const MPI_Aint *soff, const MPI_Datatype *stypes, MPI_Datatype stype,
                           char *rbuf, const int *rcounts, const MPI_Aint *roff,
                           const MPI_Datatype *rtypes, MPI_Datatype rtype, bool send,
                           bool recv, int tag)
{
    int remote = inter->remote_group->size;
    MPI_Request *reqs = sim_xmalloc(2 * (size_t)remote * sizeof(*reqs) + 1);
    int n = 0;
    int rc;

    for (int r = 0; recv && r < remote; r++)
        smpi_irecv(rbuf + roff[r], rcounts[r], rtypes ? rtypes[r] : rtype, r, tag, inter,
                   &reqs[n++]);
    for (int r = 0; send && r < remote; r++)
        smpi_isend(sbuf + soff[r], scounts[r], stypes ? stypes[r] : stype, r, tag, inter,
                   &reqs[n++]);
    rc = smpi_waitall(n, reqs, MPI_STATUSES_IGNORE);
    free(reqs);
    return rc;
}

/* Byte offsets of displacements counted in elements of t. */
static MPI_Aint *offsets(const int *displs, int n, MPI_Datatype t)
{
    MPI_Aint *o = sim_xmalloc(((size_t)n + 1) * sizeof(*o));

    for (int i = 0; i < n; i++)
        o[i] = displs ? (MPI_Aint)displs[i] * smpi_type_extent(t) : 0;
    return o;
}

int smpi__inter_alltoallv(const void *sbuf, const int *scounts, const int *sdispls,
                          MPI_Datatype stype, void *rbuf, const int *rcounts, const int *rdispls,
                          MPI_Datatype rtype, MPI_Comm inter)
{
    int remote = inter->remote_group->size;
    MPI_Aint *so = offsets(sdispls, remote, stype);
    MPI_Aint *ro = offsets(rdispls, remote, rtype);
    int rc;

    smpi__enter("MPI_Alltoallv");
    rc = exchange_direct(inter, sbuf, scounts, so, NULL, stype, rbuf, rcounts, ro, NULL, rtype,
                         true, true, INTER_TAG - 8);
    free(so);
    free(ro);
    return finish("MPI_Alltoallv", inter, rc);
}

int smpi__inter_alltoallw(const void *sbuf, const int *scounts, const int *sdispls,
                          const MPI_Datatype *stypes, void *rbuf, const int *rcounts,
                          const int *rdispls, const MPI_Datatype *rtypes, MPI_Comm inter)
{
    int remote = inter->remote_group->size;
    MPI_Aint *so = sim_xmalloc(((size_t)remote + 1) * sizeof(*so));
    MPI_Aint *ro = sim_xmalloc(((size_t)remote + 1) * sizeof(*ro));
    int rc;

    for (int r = 0; r < remote; r++) { /* alltoallw displacements are in bytes */
        so[r] = sdispls[r];
        ro[r] = rdispls[r];
    }
    smpi__enter("MPI_Alltoallw");
    rc = exchange_direct(inter, sbuf, scounts, so, stypes, MPI_DATATYPE_NULL, rbuf, rcounts, ro,
                         rtypes, MPI_DATATYPE_NULL, true, true, INTER_TAG - 9);
    free(so);
    free(ro);
    return finish("MPI_Alltoallw", inter, rc);
}

int smpi__inter_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                           const int *rcounts, const int *displs, MPI_Datatype rtype,
                           MPI_Comm inter)
{
    int remote = inter->remote_group->size;
    int *sc = sim_xmalloc(((size_t)remote + 1) * sizeof(*sc));
    MPI_Aint *so = sim_xcalloc((size_t)remote + 1, sizeof(*so));
    MPI_Aint *ro = offsets(displs, remote, rtype);
    int rc;

    for (int r = 0; r < remote; r++)
        sc[r] = scount; /* my one block goes to every remote rank */
    smpi__enter("MPI_Allgatherv");
    rc = exchange_direct(inter, sbuf, sc, so, NULL, stype, rbuf, rcounts, ro, NULL, rtype, true,
                         true, INTER_TAG - 10);
    free(sc);
    free(so);
    free(ro);
    return finish("MPI_Allgatherv", inter, rc);
}

int smpi__inter_gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                        const int *rcounts, const int *displs, MPI_Datatype rtype, int root,
                        MPI_Comm inter)
{
    int rc = rooted_checks("MPI_Gatherv", inter, root);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Gatherv");
    if (root == MPI_ROOT) {
        MPI_Aint *ro = offsets(displs, inter->remote_group->size, rtype);

        rc = exchange_direct(inter, NULL, NULL, NULL, NULL, rtype, rbuf, rcounts, ro, NULL,
                             rtype, false, true, INTER_TAG - 11);
        free(ro);
    } else if (root != MPI_PROC_NULL) {
        rc = smpi_send(sbuf, scount, stype, root, INTER_TAG - 11, inter);
    }
    return finish("MPI_Gatherv", inter, rc);
}

int smpi__inter_scatterv(const void *sbuf, const int *scounts, const int *displs,
                         MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype, int root,
                         MPI_Comm inter)
{
    int rc = rooted_checks("MPI_Scatterv", inter, root);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Scatterv");
    if (root == MPI_ROOT) {
        MPI_Aint *so = offsets(displs, inter->remote_group->size, stype);

        rc = exchange_direct(inter, sbuf, scounts, so, NULL, stype, NULL, NULL, NULL, NULL,
                             stype, true, false, INTER_TAG - 12);
        free(so);
    } else if (root != MPI_PROC_NULL) {
        rc = smpi_recv(rbuf, rcount, rtype, root, INTER_TAG - 12, inter, MPI_STATUS_IGNORE);
    }
    return finish("MPI_Scatterv", inter, rc);
}

/* Reduce-scatter (MPI-3.1 section 5.10): each group reduces its vector of sum(recvcounts)
 * elements; the leaders swap the results and each scatters the other group's reduction over
 * its own group with its own recvcounts. */
int smpi__inter_reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts,
                               MPI_Datatype type, MPI_Op op, MPI_Comm inter)
{
    int n = smpi_comm_size(inter);
    int total = 0;
    int *displs = sim_xmalloc(((size_t)n + 1) * sizeof(*displs));
    char *mine_base;
    char *theirs_base;
    char *mine;
    char *theirs;
    int rc;

    for (int i = 0; i < n; i++) {
        displs[i] = total;
        total += rcounts[i];
    }
    mine = tmp_buf(total, type, &mine_base);
    theirs = tmp_buf(total, type, &theirs_base);
    smpi__enter("MPI_Reduce_scatter");
    rc = PMPI_Reduce(sbuf, mine, total, type, op, 0, inter->local_comm);
    if (rc == MPI_SUCCESS && is_leader(inter))
        rc = smpi_sendrecv(mine, total, type, 0, INTER_TAG - 13, theirs, total, type, 0,
                           INTER_TAG - 13, inter, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Scatterv(theirs, rcounts, displs, type, rbuf, rcounts[smpi_comm_rank(inter)],
                           type, 0, inter->local_comm);
    free(mine_base);
    free(theirs_base);
    free(displs);
    return finish("MPI_Reduce_scatter", inter, rc);
}

int smpi__inter_reduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type,
                                     MPI_Op op, MPI_Comm inter)
{
    int n = smpi_comm_size(inter);
    int *counts = sim_xmalloc(((size_t)n + 1) * sizeof(*counts));
    int rc;

    for (int i = 0; i < n; i++)
        counts[i] = rcount;
    rc = smpi__inter_reduce_scatter(sbuf, rbuf, counts, type, op, inter);
    free(counts);
    return rc;
}
