/* alltoall: MPI_Alltoall, MPI_Alltoallv and MPI_Alltoallw algorithms. The three share one
 * exchange plan (per peer: send address, count, type; receive address, count, type), so each
 * exchange pattern is written once. Costs: p ranks, n bytes sent by each rank in all,
 * α latency, β time per byte. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

struct a2a_plan {
    MPI_Comm comm;
    int tag;
    int rank;
    int size;
    const void **saddr;
    int *scount;
    MPI_Datatype *stype;
    void **raddr;
    int *rcount;
    MPI_Datatype *rtype;
    void **blocks; /* temporary copies made for MPI_IN_PLACE, to free */
    int nblocks;
};

typedef int a2a_exchange_fn(const struct a2a_plan *p);

static void plan_alloc(struct a2a_plan *p, const struct coll_args *a, int tag)
{
    size_t n;

    p->comm = a->comm;
    p->tag = tag;
    p->rank = smpi_comm_rank(a->comm);
    p->size = smpi_comm_size(a->comm);
    n = (size_t)p->size;
    p->saddr = sim_xcalloc(n, sizeof(*p->saddr));
    p->scount = sim_xcalloc(n, sizeof(*p->scount));
    p->stype = sim_xcalloc(n, sizeof(*p->stype));
    p->raddr = sim_xcalloc(n, sizeof(*p->raddr));
    p->rcount = sim_xcalloc(n, sizeof(*p->rcount));
    p->rtype = sim_xcalloc(n, sizeof(*p->rtype));
    p->blocks = sim_xcalloc(n, sizeof(*p->blocks));
    p->nblocks = 0;
}

static void plan_free(struct a2a_plan *p)
{
    for (int i = 0; i < p->nblocks; i++)
        free(p->blocks[i]);
    free(p->saddr);
    free(p->scount);
    free(p->stype);
    free(p->raddr);
    free(p->rcount);
    free(p->rtype);
    free(p->blocks);
}

/* MPI_IN_PLACE: the data to send is what the receive blocks hold now; copy each block aside
 * (receives overwrite them) and send from the copies. */
static int plan_in_place(struct a2a_plan *p)
{
    int rc = MPI_SUCCESS;

    for (int i = 0; i < p->size && rc == MPI_SUCCESS; i++) {
        void *copy;

        p->blocks[p->nblocks++] = coll__tmp_alloc(p->rcount[i], p->rtype[i], &copy);
        rc = smpi_type_copy(p->raddr[i], p->rcount[i], p->rtype[i], copy, p->rcount[i],
                            p->rtype[i]);
        p->saddr[i] = copy;
        p->scount[i] = p->rcount[i];
        p->stype[i] = p->rtype[i];
    }
    return rc;
}

static int plan_alltoall(struct a2a_plan *p, const struct coll_args *a)
{
    for (int i = 0; i < p->size; i++) {
        p->raddr[i] = coll__elem(a->rbuf, (MPI_Aint)i * a->rcount, a->rtype);
        p->rcount[i] = a->rcount;
        p->rtype[i] = a->rtype;
        if (a->sbuf != MPI_IN_PLACE) {
            p->saddr[i] = coll__elem(a->sbuf, (MPI_Aint)i * a->scount, a->stype);
            p->scount[i] = a->scount;
            p->stype[i] = a->stype;
        }
    }
    return a->sbuf == MPI_IN_PLACE ? plan_in_place(p) : MPI_SUCCESS;
}

static int plan_alltoallv(struct a2a_plan *p, const struct coll_args *a)
{
    for (int i = 0; i < p->size; i++) {
        p->raddr[i] = coll__elem(a->rbuf, a->rdispls[i], a->rtype);
        p->rcount[i] = a->rcounts[i];
        p->rtype[i] = a->rtype;
        if (a->sbuf != MPI_IN_PLACE) {
            p->saddr[i] = coll__elem(a->sbuf, a->sdispls[i], a->stype);
            p->scount[i] = a->scounts[i];
            p->stype[i] = a->stype;
        }
    }
    return a->sbuf == MPI_IN_PLACE ? plan_in_place(p) : MPI_SUCCESS;
}

static int plan_alltoallw(struct a2a_plan *p, const struct coll_args *a)
{
    for (int i = 0; i < p->size; i++) {
        p->raddr[i] = (char *)a->rbuf + a->rdispls[i];
        p->rcount[i] = a->rcounts[i];
        p->rtype[i] = a->rtypes[i];
        if (a->sbuf != MPI_IN_PLACE) {
            p->saddr[i] = (const char *)a->sbuf + a->sdispls[i];
            p->scount[i] = a->scounts[i];
            p->stype[i] = a->stypes[i];
        }
    }
    return a->sbuf == MPI_IN_PLACE ? plan_in_place(p) : MPI_SUCCESS;
}

/* The block a rank sends to itself is a local copy. */
static int exchange_self(const struct a2a_plan *p)
{
    int r = p->rank;

    return smpi_type_copy(p->saddr[r], p->scount[r], p->stype[r], p->raddr[r], p->rcount[r],
                          p->rtype[r]);
}

/* Exchanges blocks with `dst` and `src` in one step. */
static int exchange_step(const struct a2a_plan *p, int dst, int src)
{
    return smpi_sendrecv(p->saddr[dst], p->scount[dst], p->stype[dst], dst, p->tag,
                         p->raddr[src], p->rcount[src], p->rtype[src], src, p->tag, p->comm,
                         MPI_STATUS_IGNORE);
}

/* Linear: post every receive and every send at once, then wait for all. Reference: Open MPI
 * coll_base_alltoall.c and coll_base_alltoallv.c (basic_linear). Cost: (p - 1) α + n β when
 * the network overlaps the transfers; the p - 1 flows share the rank's links. Needs: none. */
static int exchange_linear(const struct a2a_plan *p)
{
    MPI_Request *reqs = coll__reqs_alloc(2 * p->size);
    int rc = exchange_self(p);

    for (int i = 1; i < p->size && rc == MPI_SUCCESS; i++) {
        int src = (p->rank - i + p->size) % p->size;

        rc = smpi_irecv(p->raddr[src], p->rcount[src], p->rtype[src], src, p->tag, p->comm,
                        &reqs[i]);
    }
    for (int i = 1; i < p->size && rc == MPI_SUCCESS; i++) {
        int dst = (p->rank + i) % p->size;

        rc = smpi_isend(p->saddr[dst], p->scount[dst], p->stype[dst], dst, p->tag, p->comm,
                        &reqs[p->size + i]);
    }
    rc = coll__waitall(2 * p->size, reqs, rc);
    free(reqs);
    return rc;
}

/* Ring: in step i each rank sends to rank + i and receives from rank - i, one pair at a time.
 * Reference: SMPI alltoall-ring; MPICH alltoall_intra_pairwise.c (non-power-of-two case).
 * Cost: (p - 1) α + n β. Needs: none. */
static int exchange_ring(const struct a2a_plan *p)
{
    int rc = exchange_self(p);

    for (int i = 1; i < p->size && rc == MPI_SUCCESS; i++)
        rc = exchange_step(p, (p->rank + i) % p->size, (p->rank - i + p->size) % p->size);
    return rc;
}

/* Pairwise exchange: in step i each rank swaps blocks with rank XOR i, so every step pairs the
 * ranks up. Reference: SMPI alltoall-pair; MPICH alltoall_intra_pairwise.c.
 * Cost: (p - 1) α + n β. Needs: a power-of-two size. */
static int exchange_pair(const struct a2a_plan *p)
{
    int rc = exchange_self(p);

    for (int i = 1; i < p->size && rc == MPI_SUCCESS; i++)
        rc = exchange_step(p, p->rank ^ i, p->rank ^ i);
    return rc;
}

static int run_plan(const struct coll_args *a, enum coll_kind k, a2a_exchange_fn *exchange)
{
    struct a2a_plan p;
    int rc;

    plan_alloc(&p, a, k == COLL_ALLTOALL    ? COLL_TAG_ALLTOALL
                      : k == COLL_ALLTOALLV ? COLL_TAG_ALLTOALLV
                                            : COLL_TAG_ALLTOALLW);
    if (k == COLL_ALLTOALL)
        rc = plan_alltoall(&p, a);
    else if (k == COLL_ALLTOALLV)
        rc = plan_alltoallv(&p, a);
    else
        rc = plan_alltoallw(&p, a);
    if (rc == MPI_SUCCESS)
        rc = exchange(&p);
    plan_free(&p);
    return rc;
}

static int alltoall_basic_linear(const struct coll_args *a)
{
    return run_plan(a, COLL_ALLTOALL, exchange_linear);
}

static int alltoall_ring(const struct coll_args *a)
{
    return run_plan(a, COLL_ALLTOALL, exchange_ring);
}

static int alltoall_pair(const struct coll_args *a)
{
    return run_plan(a, COLL_ALLTOALL, exchange_pair);
}

static int alltoallv_ompi_basic_linear(const struct coll_args *a)
{
    return run_plan(a, COLL_ALLTOALLV, exchange_linear);
}

static int alltoallv_ring(const struct coll_args *a)
{
    return run_plan(a, COLL_ALLTOALLV, exchange_ring);
}

static int alltoallv_pair(const struct coll_args *a)
{
    return run_plan(a, COLL_ALLTOALLV, exchange_pair);
}

static int alltoallw_ompi_basic_linear(const struct coll_args *a)
{
    return run_plan(a, COLL_ALLTOALLW, exchange_linear);
}

const struct coll_algo coll_alltoall_algos[] = {
    /* name            needs            run                    help */
    { "basic_linear", 0, alltoall_basic_linear, "all sends and receives posted at once" },
    { "ring", 0, alltoall_ring, "step i: send to rank+i, receive from rank-i" },
    { "pair", COLL_NEEDS_POW2, alltoall_pair, "step i: exchange with rank XOR i" },
    { NULL, 0, NULL, NULL },
};

const struct coll_algo coll_alltoallv_algos[] = {
    /* name                  needs            run                          help */
    { "ompi_basic_linear", 0, alltoallv_ompi_basic_linear,
      "all sends and receives posted at once" },
    { "ring", 0, alltoallv_ring, "step i: send to rank+i, receive from rank-i" },
    { "pair", COLL_NEEDS_POW2, alltoallv_pair, "step i: exchange with rank XOR i" },
    { NULL, 0, NULL, NULL },
};

const struct coll_algo coll_alltoallw_algos[] = {
    /* name                  needs  run                          help */
    { "ompi_basic_linear", 0, alltoallw_ompi_basic_linear,
      "all sends and receives posted at once" },
    { NULL, 0, NULL, NULL },
};
