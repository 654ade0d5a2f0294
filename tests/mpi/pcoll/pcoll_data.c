/* pcoll_data: every persistent collective of MPI-4.0 (the 17 of section 6.13 and the 5
 * neighbourhood ones of section 8.8) checked for data against its blocking definition, each
 * request started three times with new input: one MPI_Start each then MPI_Waitall; MPI_Startall
 * then MPI_Testall polling; and MPI_Start in opposite orders at even and odd ranks (persistent
 * collectives need not be started in the same order everywhere) completed one by one after
 * MPI_Request_get_status. Then the intercommunicator forms of bcast, allreduce, allgather and
 * barrier between the even and the odd ranks, and MPI_Test and MPI_Wait on an inactive request
 * (flag set, empty status). */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

enum { NREQ = 22, MAXP = 16 };

/* Every buffer of every collective, for p <= MAXP ranks. */
struct bufs {
    int bc[3], red_in, red_out, ar_in, ar_out, rsb_in[MAXP], rsb_out, rs_in[2 * MAXP], rs_out[2];
    int scan_in, scan_out, ex_in, ex_out, g_in, g_out[MAXP], gv_in[MAXP], gv_out[MAXP * MAXP];
    int s_in[MAXP], s_out, sv_in[2 * MAXP], sv_out[2], ag_in, ag_out[MAXP];
    int agv_in[MAXP], agv_out[MAXP * MAXP], a2a_in[MAXP], a2a_out[MAXP];
    int a2av_in[MAXP], a2av_out[MAXP], a2aw_in[MAXP], a2aw_out[MAXP];
    int na_in, na_out[2], nav_out[2], nt_in[2], nt_out[2], ntv_out[2], ntw_out[2];
};

struct ctx {
    int rank, p;
    MPI_Comm ring; /* a periodic 1-D Cartesian ring: neighbours rank - 1, rank + 1 */
    int counts[MAXP], displs[MAXP], tri[MAXP], tridispls[MAXP], rev[MAXP], bytes[MAXP];
    int sc[MAXP], sd[MAXP]; /* counts q % 2 + 1 and their displacements */
    MPI_Datatype types[MAXP];
    struct bufs b;
    MPI_Request r[NREQ];
};

static void arrays(struct ctx *c)
{
    int off = 0;
    int toff = 0;

    for (int q = 0; q < c->p; q++) {
        c->counts[q] = 1;
        c->displs[q] = q;
        c->rev[q] = c->p - 1 - q;
        c->bytes[q] = (int)sizeof(int) * (c->p - 1 - q);
        c->types[q] = MPI_INT;
        c->sc[q] = q % 2 + 1;
        c->sd[q] = off;
        off += c->sc[q];
        c->tri[q] = q + 1;
        c->tridispls[q] = toff;
        toff += q + 1;
    }
}

static void init_world(struct ctx *c)
{
    struct bufs *b = &c->b;
    MPI_Comm w = MPI_COMM_WORLD;
    MPI_Info i = MPI_INFO_NULL;
    MPI_Request *r = c->r;

    MPI_Barrier_init(w, i, &r[0]);
    MPI_Bcast_init(b->bc, 3, MPI_INT, 1 % c->p, w, i, &r[1]);
    MPI_Reduce_init(&b->red_in, &b->red_out, 1, MPI_INT, MPI_SUM, 0, w, i, &r[2]);
    MPI_Allreduce_init(&b->ar_in, &b->ar_out, 1, MPI_INT, MPI_MAX, w, i, &r[3]);
    MPI_Reduce_scatter_block_init(b->rsb_in, &b->rsb_out, 1, MPI_INT, MPI_SUM, w, i, &r[4]);
    MPI_Reduce_scatter_init(b->rs_in, b->rs_out, c->sc, MPI_INT, MPI_SUM, w, i, &r[5]);
    MPI_Scan_init(&b->scan_in, &b->scan_out, 1, MPI_INT, MPI_SUM, w, i, &r[6]);
    MPI_Exscan_init(&b->ex_in, &b->ex_out, 1, MPI_INT, MPI_SUM, w, i, &r[7]);
    MPI_Gather_init(&b->g_in, 1, MPI_INT, b->g_out, 1, MPI_INT, c->p - 1, w, i, &r[8]);
    MPI_Gatherv_init(b->gv_in, c->rank + 1, MPI_INT, b->gv_out, c->tri, c->tridispls, MPI_INT, 0, w,
                     i, &r[9]);
    MPI_Scatter_init(b->s_in, 1, MPI_INT, &b->s_out, 1, MPI_INT, 0, w, i, &r[10]);
    MPI_Scatterv_init(b->sv_in, c->sc, c->sd, MPI_INT, b->sv_out, c->rank % 2 + 1, MPI_INT, 0, w, i,
                      &r[11]);
    MPI_Allgather_init(&b->ag_in, 1, MPI_INT, b->ag_out, 1, MPI_INT, w, i, &r[12]);
    MPI_Allgatherv_init(b->agv_in, c->rank + 1, MPI_INT, b->agv_out, c->tri, c->tridispls, MPI_INT,
                        w, i, &r[13]);
    MPI_Alltoall_init(b->a2a_in, 1, MPI_INT, b->a2a_out, 1, MPI_INT, w, i, &r[14]);
    MPI_Alltoallv_init(b->a2av_in, c->counts, c->rev, MPI_INT, b->a2av_out, c->counts, c->displs,
                       MPI_INT, w, i, &r[15]);
    MPI_Alltoallw_init(b->a2aw_in, c->counts, c->bytes, c->types, b->a2aw_out, c->counts, c->bytes,
                       c->types, w, i, &r[16]);
}

static void init_ring(struct ctx *c)
{
    struct bufs *b = &c->b;
    MPI_Info i = MPI_INFO_NULL;
    MPI_Request *r = c->r;
    int periodic = 1;
    /* a persistent request reads its arrays at every start: they must outlive it */
    static const MPI_Aint bd[2] = { sizeof(int), 0 };
    static const int two[2] = { 1, 1 };
    static const int d01[2] = { 0, 1 };
    static const int d10[2] = { 1, 0 };
    static MPI_Datatype t2[2];

    t2[0] = t2[1] = MPI_INT;
    MPI_Cart_create(MPI_COMM_WORLD, 1, &c->p, &periodic, 0, &c->ring);
    MPI_Neighbor_allgather_init(&b->na_in, 1, MPI_INT, b->na_out, 1, MPI_INT, c->ring, i, &r[17]);
    MPI_Neighbor_allgatherv_init(&b->na_in, 1, MPI_INT, b->nav_out, two, d10, MPI_INT, c->ring, i,
                                 &r[18]);
    MPI_Neighbor_alltoall_init(b->nt_in, 1, MPI_INT, b->nt_out, 1, MPI_INT, c->ring, i, &r[19]);
    MPI_Neighbor_alltoallv_init(b->nt_in, two, d01, MPI_INT, b->ntv_out, two, d10, MPI_INT, c->ring,
                                i, &r[20]);
    MPI_Neighbor_alltoallw_init(b->nt_in, two, bd, t2, b->ntw_out, two, bd, t2, c->ring, i, &r[21]);
}

/* The input of round k. */
static void fill(struct ctx *c, int k)
{
    struct bufs *b = &c->b;
    int r = c->rank;

    memset(b, 0xff, sizeof(*b)); /* every output -1 */
    for (int i = 0; i < 3; i++)
        b->bc[i] = r == 1 % c->p ? 10 * k + i : -1;
    b->red_in = b->scan_in = b->ex_in = r + k;
    b->ar_in = r * k;
    b->g_in = b->ag_in = b->na_in = 100 * r + k;
    for (int q = 0; q < c->p; q++) {
        b->rsb_in[q] = r + q + k;
        b->s_in[q] = 100 * q + k;
        b->gv_in[q] = b->agv_in[q] = 100 * r + q + k;
        b->a2a_in[q] = 1000 * r + q + k;
        b->a2av_in[c->p - 1 - q] = b->a2aw_in[c->p - 1 - q] = 1000 * r + q + k;
    }
    for (int j = 0; j < 2 * c->p; j++)
        b->rs_in[j] = b->sv_in[j] = j + k + r;
    for (int j = 0; j < 2; j++)
        b->nt_in[j] = 1000 * r + 10 * j + k;
}

static int check_reductions(struct ctx *c, int k)
{
    struct bufs *b = &c->b;
    int r = c->rank;
    int p = c->p;
    int errs = 0;

    for (int i = 0; i < 3; i++)
        errs += mtest_expect(b->bc[i] == 10 * k + i, "round %d bcast[%d] %d", k, i, b->bc[i]);
    if (r == 0)
        errs += mtest_expect(b->red_out == p * (p - 1) / 2 + p * k, "round %d reduce %d", k,
                             b->red_out);
    errs += mtest_expect(b->ar_out == (p - 1) * k, "round %d allreduce %d", k, b->ar_out);
    errs +=
        mtest_expect(b->rsb_out == p * (p - 1) / 2 + p * (r + k), "round %d rsb %d", k, b->rsb_out);
    for (int e = 0; e < c->sc[r]; e++)
        errs += mtest_expect(b->rs_out[e] == p * (c->sd[r] + e + k) + p * (p - 1) / 2,
                             "round %d reduce_scatter[%d] %d", k, e, b->rs_out[e]);
    errs += mtest_expect(b->scan_out == r * (r + 1) / 2 + (r + 1) * k, "round %d scan %d", k,
                         b->scan_out);
    if (r > 0)
        errs +=
            mtest_expect(b->ex_out == r * (r - 1) / 2 + r * k, "round %d exscan %d", k, b->ex_out);
    return errs;
}

static int check_rooted(struct ctx *c, int k)
{
    struct bufs *b = &c->b;
    int r = c->rank;
    int errs = 0;

    for (int q = 0; q < c->p && r == c->p - 1; q++)
        errs +=
            mtest_expect(b->g_out[q] == 100 * q + k, "round %d gather[%d] %d", k, q, b->g_out[q]);
    for (int q = 0; q < c->p && r == 0; q++)
        for (int e = 0; e <= q; e++)
            errs += mtest_expect(b->gv_out[c->tridispls[q] + e] == 100 * q + e + k,
                                 "round %d gatherv[%d][%d]", k, q, e);
    errs += mtest_expect(b->s_out == 100 * r + k, "round %d scatter %d", k, b->s_out);
    for (int e = 0; e < c->sc[r]; e++)
        errs += mtest_expect(b->sv_out[e] == c->sd[r] + e + k, "round %d scatterv[%d] %d", k, e,
                             b->sv_out[e]);
    return errs;
}

static int check_all(struct ctx *c, int k)
{
    struct bufs *b = &c->b;
    int r = c->rank;
    int errs = 0;

    for (int q = 0; q < c->p; q++) {
        errs += mtest_expect(b->ag_out[q] == 100 * q + k, "round %d allgather[%d]", k, q);
        for (int e = 0; e <= q; e++)
            errs += mtest_expect(b->agv_out[c->tridispls[q] + e] == 100 * q + e + k,
                                 "round %d allgatherv[%d][%d]", k, q, e);
        errs += mtest_expect(b->a2a_out[q] == 1000 * q + r + k, "round %d alltoall[%d]", k, q);
        errs += mtest_expect(b->a2av_out[q] == 1000 * q + r + k, "round %d alltoallv[%d]", k, q);
        errs += mtest_expect(b->a2aw_out[c->p - 1 - q] == 1000 * q + r + k,
                             "round %d alltoallw[%d]", k, q);
    }
    return errs;
}

static int check_ring(struct ctx *c, int k)
{
    struct bufs *b = &c->b;
    int left = (c->rank + c->p - 1) % c->p;
    int right = (c->rank + 1) % c->p;
    int errs = 0;

    errs += mtest_expect(b->na_out[0] == 100 * left + k && b->na_out[1] == 100 * right + k,
                         "round %d neighbor_allgather %d %d", k, b->na_out[0], b->na_out[1]);
    errs += mtest_expect(b->nav_out[1] == 100 * left + k && b->nav_out[0] == 100 * right + k,
                         "round %d neighbor_allgatherv %d %d", k, b->nav_out[0], b->nav_out[1]);
    errs += mtest_expect(b->nt_out[0] == 1000 * left + 10 + k && b->nt_out[1] == 1000 * right + k,
                         "round %d neighbor_alltoall %d %d", k, b->nt_out[0], b->nt_out[1]);
    errs += mtest_expect(b->ntv_out[1] == 1000 * left + 10 + k && b->ntv_out[0] == 1000 * right + k,
                         "round %d neighbor_alltoallv %d %d", k, b->ntv_out[0], b->ntv_out[1]);
    /* alltoallw sends block 1 to the left and block 0 to the right */
    errs += mtest_expect(b->ntw_out[1] == 1000 * left + k && b->ntw_out[0] == 1000 * right + 10 + k,
                         "round %d neighbor_alltoallw %d %d", k, b->ntw_out[0], b->ntw_out[1]);
    return errs;
}

/* Round k: the three ways of starting and completing. */
static int round_of(struct ctx *c, int k)
{
    int flag = 0;

    fill(c, k);
    if (k == 0) {
        for (int i = 0; i < NREQ; i++)
            MPI_Start(&c->r[i]);
        MPI_Waitall(NREQ, c->r, MPI_STATUSES_IGNORE);
    } else if (k == 1) {
        MPI_Startall(NREQ, c->r);
        while (!flag)
            MPI_Testall(NREQ, c->r, &flag, MPI_STATUSES_IGNORE);
    } else {
        for (int i = 0; i < NREQ; i++)
            MPI_Start(&c->r[c->rank % 2 ? NREQ - 1 - i : i]);
        for (int i = 0; i < NREQ; i++) {
            for (flag = 0; !flag;)
                MPI_Request_get_status(c->r[i], &flag, MPI_STATUS_IGNORE);
            MPI_Wait(&c->r[i], MPI_STATUS_IGNORE);
        }
    }
    return check_reductions(c, k) + check_rooted(c, k) + check_all(c, k) + check_ring(c, k);
}

/* bcast, allreduce, allgather and barrier between the even (group 0) and odd ranks. */
static int intercomm(int rank, int p)
{
    MPI_Comm half;
    MPI_Comm inter;
    MPI_Request r[4];
    int color = rank % 2;
    int remote = color ? (p + 1) / 2 : p / 2;
    int lrank;
    int bc = 0;
    int in = 0;
    int sum = 0;
    int ag[MAXP];
    int errs = 0;

    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
    MPI_Comm_rank(half, &lrank);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 7, &inter);
    MPI_Bcast_init(&bc, 1, MPI_INT, color ? 0 : (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL), inter,
                   MPI_INFO_NULL, &r[0]);
    MPI_Allreduce_init(&in, &sum, 1, MPI_INT, MPI_SUM, inter, MPI_INFO_NULL, &r[1]);
    MPI_Allgather_init(&in, 1, MPI_INT, ag, 1, MPI_INT, inter, MPI_INFO_NULL, &r[2]);
    MPI_Barrier_init(inter, MPI_INFO_NULL, &r[3]);
    for (int k = 0; k < 2; k++) {
        bc = color == 0 && lrank == 0 ? 50 + k : -1;
        in = rank + k;
        MPI_Startall(4, r);
        MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
        if (color)
            errs += mtest_expect(bc == 50 + k, "round %d inter bcast %d", k, bc);
        /* the remote group's ranks: the other parity */
        errs += mtest_expect(sum == (color ? remote * (remote - 1) : remote * remote) + remote * k,
                             "round %d inter allreduce %d", k, sum);
        for (int q = 0; q < remote; q++)
            errs += mtest_expect(ag[q] == 2 * q + 1 - color + k, "round %d inter allgather[%d] %d",
                                 k, q, ag[q]);
    }
    for (int i = 0; i < 4; i++)
        MPI_Request_free(&r[i]);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    return errs;
}

/* MPI-4.0 section 3.7.3: a test or wait on an inactive request returns at once with an empty
 * status. */
static int inactive(struct ctx *c)
{
    MPI_Status st;
    int flag = 0;
    int count = -1;
    int errs = 0;

    st.MPI_SOURCE = st.MPI_TAG = 42;
    MPI_Test(&c->r[1], &flag, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    errs += mtest_expect(flag && st.MPI_SOURCE == MPI_ANY_SOURCE && st.MPI_TAG == MPI_ANY_TAG &&
                             count == 0,
                         "MPI_Test on an inactive request: flag %d source %d tag %d count %d", flag,
                         st.MPI_SOURCE, st.MPI_TAG, count);
    st.MPI_SOURCE = st.MPI_TAG = 42;
    MPI_Wait(&c->r[1], &st);
    errs += mtest_expect(st.MPI_SOURCE == MPI_ANY_SOURCE && c->r[1] != MPI_REQUEST_NULL,
                         "MPI_Wait on an inactive request: source %d", st.MPI_SOURCE);
    return errs;
}

int main(int argc, char **argv)
{
    struct ctx *c = calloc(1, sizeof(*c));
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c->p);
    if (c->p < 3 || c->p > MAXP) {
        errs += mtest_expect(false, "run pcoll_data on 3 to %d ranks", MAXP);
        return mtest_finish(errs);
    }
    arrays(c);
    init_world(c);
    init_ring(c);
    for (int k = 0; k < 3; k++)
        errs += round_of(c, k);
    errs += inactive(c);
    for (int i = 0; i < NREQ; i++)
        MPI_Request_free(&c->r[i]);
    errs += mtest_expect(c->r[0] == MPI_REQUEST_NULL, "MPI_Request_free left the handle");
    MPI_Comm_free(&c->ring);
    errs += intercomm(c->rank, c->p);
    free(c);
    return mtest_finish(errs);
}
