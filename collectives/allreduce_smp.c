/* allreduce_smp: the SMP-aware MPI_Allreduce algorithms as SMPI 3.32 runs them: smp_binomial,
 * smp_binomial_pipeline, smp_rdb, smp_rsag, smp_rsag_lr, smp_rsag_rab and MVAPICH2's
 * two_level (SimGrid 3.32 colls/allreduce/allreduce-smp-*.cpp and
 * allreduce-mvapich-two-level.cpp). Operand order as explained in allreduce.c. */
#include "collectives/allreduce_impl.h"

/* ---- SMP-aware algorithms ---------------------------------------------------------------- */

/* How SMPI's smp_* allreduce algorithms see the ranks: groups of `core` consecutive ranks
 * (the ranks per host when every host holds as many, else 1), whatever the hosts really are. */
struct smp_grid {
    int rank;
    int size;
    int core;  /* ranks per group */
    int intra; /* rank % core */
    int inter; /* rank / core: the group */
    int nodes; /* groups */
};

static void grid_fill(struct smp_grid *g, MPI_Comm comm, const struct smpi_smp *smp)
{
    g->rank = smpi_comm_rank(comm);
    g->size = smpi_comm_size(comm);
    g->core = smp->uniform ? smpi_comm_size(smp->intra) : 1;
    g->intra = g->rank % g->core;
    g->inter = g->rank / g->core;
    g->nodes = (g->size + g->core - 1) / g->core;
}

/* The grid, charging SMPI's init_smp messages on the first use of the communicator. */
static int grid_init(const struct coll_args *a, struct smp_grid *g)
{
    struct smpi_smp smp;
    int rc = coll__smp_init(a->comm, &smp);

    if (rc == MPI_SUCCESS)
        grid_fill(g, a->comm, &smp);
    return rc;
}

/* The grid for a check function: no message. Returns false if the layout is unknown. */
static bool grid_peek(const struct coll_args *a, struct smp_grid *g)
{
    struct smpi_smp smp;

    if (smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return false;
    grid_fill(g, a->comm, &smp);
    return true;
}

/* Binomial reduce of n elements at buf towards member 0 of a group whose member j is rank
 * base + j * stride (members beyond the communicator are absent), `span` members at most;
 * `me` is the calling rank's member number. Receives come from higher members. */
static int binomial_reduce(const struct coll_args *a, void *buf, void *tmp, int n, int me, int span,
                           int base, int stride)
{
    int size = smpi_comm_size(a->comm);
    int rc = MPI_SUCCESS;

    for (int mask = 1; mask < span && rc == MPI_SUCCESS; mask <<= 1) {
        int peer = base + (me ^ mask) * stride;

        if (me & mask)
            return smpi_send(buf, n, a->type, peer, TAG, a->comm);
        if (peer >= size)
            continue;
        rc = smpi_recv(tmp, n, a->type, peer, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, buf, n, false);
    }
    return rc;
}

/* Binomial bcast of n elements at buf from member 0, on the same kind of group. */
static int binomial_bcast(const struct coll_args *a, void *buf, int n, int me, int span, int base,
                          int stride)
{
    int size = smpi_comm_size(a->comm);
    int mask = 1;
    int rc = MPI_SUCCESS;

    for (; mask < span; mask <<= 1) {
        if (me & mask) {
            rc = smpi_recv(buf, n, a->type, base + (me - mask) * stride, TAG, a->comm,
                           MPI_STATUS_IGNORE);
            break;
        }
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        int peer = base + (me + mask) * stride;

        if (peer < size)
            rc = smpi_send(buf, n, a->type, peer, TAG, a->comm);
    }
    return rc;
}

static int intra_reduce(const struct coll_args *a, const struct smp_grid *g, void *buf, void *tmp,
                        int n)
{
    return binomial_reduce(a, buf, tmp, n, g->intra, g->core, g->inter * g->core, 1);
}

/* The group's bcast runs over the ranks the last group really has. */
static int intra_bcast(const struct coll_args *a, const struct smp_grid *g, void *buf, int n)
{
    int here = g->inter == g->nodes - 1 ? g->size - g->inter * g->core : g->core;

    return binomial_bcast(a, buf, n, g->intra, here, g->inter * g->core, 1);
}

/* SMPI's host groups are consecutive ranks; with more than one group and a group size that is
 * not a power of two, its binomial trees reach into the next group and hang. */
const char *coll__allreduce_check_smp(const struct coll_args *a)
{
    struct smp_grid g;

    if (grid_peek(a, &g) && g.nodes > 1 && !coll__is_pow2(g.core))
        return "a power-of-two number of ranks per host when there are several hosts";
    return NULL;
}

/* What the group leaders (intra 0) do between the two intra-group stages of an SMP allreduce:
 * combine the groups' partial results held in a->rbuf (tmp: scratch for a->count elements). */
typedef int smp_leaders_fn(const struct coll_args *a, const struct smp_grid *g, void *tmp);

/* The frame of the SMP allreduces: the input copied to a->rbuf, a binomial reduce inside each
 * group to its first rank, `leaders` among those ranks, a binomial bcast inside each group. */
static int smp_allreduce(const struct coll_args *a, smp_leaders_fn *leaders)
{
    struct smp_grid g;
    void *tmp;
    void *block;
    int rc = grid_init(a, &g);

    if (rc != MPI_SUCCESS)
        return rc;
    block = coll__tmp_alloc(a->count, a->type, &tmp);
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    if (rc == MPI_SUCCESS)
        rc = intra_reduce(a, &g, a->rbuf, tmp, a->count);
    if (rc == MPI_SUCCESS && g.intra == 0)
        rc = leaders(a, &g, tmp);
    if (rc == MPI_SUCCESS)
        rc = intra_bcast(a, &g, a->rbuf, a->count);
    free(block);
    return rc;
}

/* Binomial reduce of the groups' results to rank 0, then binomial bcast, among the leaders. */
static int leaders_binomial(const struct coll_args *a, const struct smp_grid *g, void *tmp)
{
    int rc = binomial_reduce(a, a->rbuf, tmp, a->count, g->inter, g->nodes, 0, g->core);

    if (rc == MPI_SUCCESS)
        rc = binomial_bcast(a, a->rbuf, a->count, g->inter, g->nodes, 0, g->core);
    return rc;
}

/* Binomial reduce inside each group to its first rank, binomial reduce of the groups'
 * results to rank 0 (group leaders only), binomial bcast among the leaders, binomial bcast
 * inside each group. Reference: SimGrid 3.32 colls/allreduce/allreduce-smp-binomial.cpp
 * (Patarasuk). Cost: 2 (log2 c + log2 h) (α + n β) + (log2 c + log2 h) n γ.
 * Needs: a power-of-two number of ranks per host when there are several hosts. */
int coll__allreduce_smp_binomial(const struct coll_args *a)
{
    return smp_allreduce(a, leaders_binomial);
}

/* Step `phase` of the four-stage pipeline: stage s works on segment phase - s. */
static int pipeline_step(const struct coll_args *a, const struct smp_grid *g, void *tmp, int phase,
                         int pcount, int segments)
{
    int rc = MPI_SUCCESS;

    if (phase < segments)
        rc = intra_reduce(a, g, at(a->rbuf, (MPI_Aint)phase * pcount, a), tmp, pcount);
    if (rc == MPI_SUCCESS && g->intra == 0 && phase >= 1 && phase - 1 < segments)
        rc = binomial_reduce(a, at(a->rbuf, (MPI_Aint)(phase - 1) * pcount, a), tmp, pcount,
                             g->inter, g->nodes, 0, g->core);
    if (rc == MPI_SUCCESS && g->intra == 0 && phase >= 2 && phase - 2 < segments)
        rc = binomial_bcast(a, at(a->rbuf, (MPI_Aint)(phase - 2) * pcount, a), pcount, g->inter,
                            g->nodes, 0, g->core);
    if (rc == MPI_SUCCESS && phase >= 3)
        rc = intra_bcast(a, g, at(a->rbuf, (MPI_Aint)(phase - 3) * pcount, a), pcount);
    return rc;
}

/* smp_binomial's four stages pipelined over segments of 4096 elements (the whole buffer when
 * it is shorter): at step t, the intra-group reduce works on segment t, the leaders' reduce on
 * t - 1, the leaders' bcast on t - 2 and the intra-group bcast on t - 3. Reference: SimGrid
 * 3.32 colls/allreduce/allreduce-smp-binomial-pipeline.cpp (Patarasuk).
 * Cost: (s + 3) steps of at most 2 (log2 c + log2 h) (α + 4096 elements β) for s segments.
 * Needs: a count from 1 to 4096 or a multiple of 4096 (SMPI divides by zero at count 0 and
 * leaves the tail of other counts unreduced); as smp_binomial. */
int coll__allreduce_smp_binomial_pipeline(const struct coll_args *a)
{
    struct smp_grid g;
    int pcount = a->count < PIPELINE_SEGMENT ? a->count : PIPELINE_SEGMENT;
    int segments;
    void *tmp;
    void *block;
    int rc = grid_init(a, &g);

    if (rc != MPI_SUCCESS || pcount == 0)
        return rc;
    segments = a->count / pcount;
    block = coll__tmp_alloc(pcount, a->type, &tmp);
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    for (int phase = 0; phase < segments + 3 && rc == MPI_SUCCESS; phase++)
        rc = pipeline_step(a, &g, tmp, phase, pcount, segments);
    free(block);
    return rc;
}

const char *coll__allreduce_check_smp_binomial_pipeline(const struct coll_args *a)
{
    if (a->count == 0 || (a->count > PIPELINE_SEGMENT && a->count % PIPELINE_SEGMENT))
        return "a count from 1 to 4096 or a multiple of 4096";
    return coll__allreduce_check_smp(a);
}

/* Recursive doubling among the group leaders (rank inter * core), with the pairwise fold of
 * the first 2 rem groups. */
static int leaders_rdb(const struct coll_args *a, const struct smp_grid *g, void *tmp)
{
    int pof2 = coll__pow2_floor(g->nodes);
    int rem = g->nodes - pof2;
    int newrank = coll__rd_fold(g->inter, rem);
    int rc = MPI_SUCCESS;

    if (g->inter < 2 * rem && newrank < 0)
        rc = smpi_send(a->rbuf, a->count, a->type, g->rank + g->core, TAG, a->comm);
    if (g->inter < 2 * rem && newrank >= 0) {
        rc = smpi_recv(tmp, a->count, a->type, g->rank - g->core, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, a->rbuf, a->count, true);
    }
    for (int mask = 1; newrank >= 0 && mask < pof2 && rc == MPI_SUCCESS; mask <<= 1) {
        int peer = coll__rd_unfold(newrank ^ mask, rem) * g->core;

        rc = smpi_sendrecv(a->rbuf, a->count, a->type, peer, TAG, tmp, a->count, a->type, peer, TAG,
                           a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, a->rbuf, a->count, peer < g->rank);
    }
    if (rc == MPI_SUCCESS && g->inter < 2 * rem)
        rc = newrank < 0 ? smpi_recv(a->rbuf, a->count, a->type, g->rank + g->core, TAG, a->comm,
                                     MPI_STATUS_IGNORE)
                         : smpi_send(a->rbuf, a->count, a->type, g->rank - g->core, TAG, a->comm);
    return rc;
}

/* Binomial reduce inside each group, recursive doubling among the group leaders, binomial
 * bcast inside each group. Reference: SimGrid 3.32 colls/allreduce/allreduce-smp-rdb.cpp
 * (Patarasuk). Cost: 2 log2 c (α + n β) + ceil(log2 h) (α + n β) + (log2 c + log2 h) n γ.
 * Needs: as smp_binomial. */
int coll__allreduce_smp_rdb(const struct coll_args *a)
{
    return smp_allreduce(a, leaders_rdb);
}

/* The leaders' ring of smp_rsag and smp_rsag_lr: h blocks of `seg` elements, the last one
 * `seg + extra` long (extra is 0 for smp_rsag). */
struct lring {
    const struct coll_args *a;
    const struct smp_grid *g;
    int seg;
    int extra;
};

/* smp_rsag_lr finds the last block by its offset, so with seg = 0 every block is the last. */
static int lring_len(const struct lring *l, int b)
{
    return l->seg == 0 || b == l->g->nodes - 1 ? l->seg + l->extra : l->seg;
}

static void *lring_at(const struct lring *l, int b)
{
    return at(l->a->rbuf, (MPI_Aint)b * l->seg, l->a);
}

/* Ring reduce-scatter then ring allgather among the leaders. */
static int lring_run(const struct lring *l, void *tmp)
{
    const struct coll_args *a = l->a;
    int h = l->g->nodes;
    int me = l->g->inter;
    int to = (me + 1) % h * l->g->core;
    int from = (me + h - 1) % h * l->g->core;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < h - 1 && rc == MPI_SUCCESS; i++) {
        int sb = (me - 1 - i + 2 * h) % h;
        int rb = (me - 2 - i + 2 * h) % h;

        rc = smpi_sendrecv(lring_at(l, sb), lring_len(l, sb), a->type, to, TAG, tmp,
                           lring_len(l, rb), a->type, from, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, lring_at(l, rb), lring_len(l, rb), from < l->g->rank);
    }
    for (int i = 0; i < h - 1 && rc == MPI_SUCCESS; i++) {
        int sb = (me - i + h) % h;
        int rb = (me - 1 - i + h) % h;

        rc = smpi_sendrecv(lring_at(l, sb), lring_len(l, sb), a->type, to, TAG, lring_at(l, rb),
                           lring_len(l, rb), a->type, from, TAG, a->comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

/* smp_rsag_lr when count < h (blocks of 0 elements): SMPI then sends the whole buffer at every
 * step and reduces partial sums twice. Same messages here, but each step forwards the raw
 * data received in the step before, so that every leader reduces each group's data once. */
static int lring_whole(const struct lring *l, void *tmp)
{
    const struct coll_args *a = l->a;
    int h = l->g->nodes;
    int to = (l->g->inter + 1) % h * l->g->core;
    int from = (l->g->inter + h - 1) % h * l->g->core;
    void *other;
    void *block = coll__tmp_alloc(a->count, a->type, &other);
    const void *out = a->rbuf;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < h - 1 && rc == MPI_SUCCESS; i++) {
        void *in = i % 2 ? other : tmp;

        rc = smpi_sendrecv(out, a->count, a->type, to, TAG, in, a->count, a->type, from, TAG,
                           a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, in, a->rbuf, a->count, a->type);
        out = in;
    }
    for (int i = 0; i < h - 1 && rc == MPI_SUCCESS; i++)
        rc = smpi_sendrecv(a->rbuf, a->count, a->type, to, TAG, a->rbuf, a->count, a->type, from,
                           TAG, a->comm, MPI_STATUS_IGNORE);
    free(block);
    return rc;
}

/* The leaders' part of smp_rsag (lr false) and smp_rsag_lr (true). */
static int leaders_ring(const struct coll_args *a, const struct smp_grid *g, void *tmp, bool lr)
{
    struct lring l = {
        .a = a, .g = g, .seg = a->count / g->nodes, .extra = lr ? a->count % g->nodes : 0
    };

    return l.seg == 0 && l.extra > 0 && g->nodes > 2 ? lring_whole(&l, tmp) : lring_run(&l, tmp);
}

static int leaders_rsag(const struct coll_args *a, const struct smp_grid *g, void *tmp)
{
    return leaders_ring(a, g, tmp, false);
}

static int leaders_rsag_lr(const struct coll_args *a, const struct smp_grid *g, void *tmp)
{
    return leaders_ring(a, g, tmp, true);
}

/* Binomial reduce inside each group, ring reduce-scatter and ring allgather among the group
 * leaders on h blocks of count / h elements, binomial bcast inside each group. Reference:
 * SimGrid 3.32 colls/allreduce/allreduce-smp-rsag.cpp (Patarasuk).
 * Cost: 2 log2 c (α + n β) + 2 (h-1) α + 2 (h-1)/h n β + (log2 c + (h-1)/h) n γ.
 * Needs: a count that is a multiple of the number of hosts (SMPI leaves the rest unreduced),
 * a commutative op when there are more than two hosts; as smp_binomial. */
int coll__allreduce_smp_rsag(const struct coll_args *a)
{
    return smp_allreduce(a, leaders_rsag);
}

const char *coll__allreduce_check_smp_rsag(const struct coll_args *a)
{
    struct smp_grid g;

    if (!grid_peek(a, &g))
        return NULL;
    if (g.nodes > 1 && a->count % g.nodes)
        return "a count that is a multiple of the number of hosts";
    if (g.nodes > 2 && !commutes(a))
        return "a commutative op when there are more than two hosts";
    return coll__allreduce_check_smp(a);
}

/* smp_rsag with the count % h leftover elements added to the last block. Reference: SimGrid
 * 3.32 colls/allreduce/allreduce-smp-rsag-lr.cpp (Patarasuk). Cost: as smp_rsag (the whole
 * buffer at every leader step when count < h). Needs: a commutative op when there are more
 * than two hosts; as smp_binomial. */
int coll__allreduce_smp_rsag_lr(const struct coll_args *a)
{
    return smp_allreduce(a, leaders_rsag_lr);
}

const char *coll__allreduce_check_smp_rsag_lr(const struct coll_args *a)
{
    struct smp_grid g;

    if (grid_peek(a, &g) && g.nodes > 2 && !commutes(a))
        return "a commutative op when there are more than two hosts";
    return coll__allreduce_check_smp(a);
}

/* Recursive halving among the h leaders, nearest group first: the kept half follows the
 * group's bits from the lowest up. Sets *kept to the elements each leader ends with (as SMPI
 * computes it: count / 2h, doubled). */
static int leaders_halving(const struct coll_args *a, const struct smp_grid *g, void *tmp,
                           int *kept)
{
    int cnt = a->count / 2;
    int base = 0;
    int rc = MPI_SUCCESS;

    for (int mask = 1; mask < g->nodes && rc == MPI_SUCCESS; mask <<= 1, cnt /= 2) {
        int peer = (g->inter ^ mask) * g->core;
        int send_base = g->inter & mask ? base : base + cnt;

        if (g->inter & mask)
            base += cnt;
        rc = smpi_sendrecv(at(a->rbuf, send_base, a), cnt, a->type, peer, TAG, tmp, cnt, a->type,
                           peer, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, at(a->rbuf, base, a), cnt, peer < g->rank);
    }
    *kept = cnt * 2;
    return rc;
}

/* Recursive doubling among the leaders, farthest group first, of blocks of count / h elements
 * stored at the bit-reversed group number. */
static int leaders_doubling(const struct coll_args *a, const struct smp_grid *g, int cnt)
{
    int chunk = a->count / g->nodes;
    int slot = 0;
    int rc = MPI_SUCCESS;

    for (int mask = 1, w = g->nodes / 2; mask < g->nodes; mask <<= 1, w /= 2)
        if (g->inter & mask)
            slot += w;
    for (int mask = g->nodes / 2, i = 1; mask >= 1 && rc == MPI_SUCCESS; mask >>= 1, i *= 2) {
        int peer = (g->inter ^ mask) * g->core;
        int other = g->inter & mask ? slot - i : slot + i;

        rc = smpi_sendrecv(at(a->rbuf, (MPI_Aint)slot * chunk, a), cnt, a->type, peer, TAG,
                           at(a->rbuf, (MPI_Aint)other * chunk, a), cnt, a->type, peer, TAG,
                           a->comm, MPI_STATUS_IGNORE);
        if (g->inter & mask)
            slot = other;
        cnt *= 2;
    }
    return rc;
}

/* Reduce-scatter by recursive halving, then allgather by recursive doubling, among the leaders. */
static int leaders_rab(const struct coll_args *a, const struct smp_grid *g, void *tmp)
{
    int cnt = 0;
    int rc = leaders_halving(a, g, tmp, &cnt);

    if (rc == MPI_SUCCESS)
        rc = leaders_doubling(a, g, cnt);
    return rc;
}

/* Binomial reduce inside each group, reduce-scatter by recursive halving and allgather by
 * recursive doubling among the group leaders, binomial bcast inside each group. Reference:
 * SimGrid 3.32 colls/allreduce/allreduce-smp-rsag-rab.cpp (Patarasuk).
 * Cost: 2 log2 c (α + n β) + 2 log2 h α + 2 (h-1)/h n β + (log2 c + (h-1)/h) n γ.
 * Needs: a power-of-two size (SMPI throws otherwise) and, with several hosts, a count that is
 * a multiple of twice the number of hosts (SMPI's halving and doubling lose elements
 * otherwise). */
int coll__allreduce_smp_rsag_rab(const struct coll_args *a)
{
    return smp_allreduce(a, leaders_rab);
}

const char *coll__allreduce_check_smp_rsag_rab(const struct coll_args *a)
{
    struct smp_grid g;

    if (grid_peek(a, &g) && g.nodes > 1 && a->count % (2 * g.nodes))
        return "a count that is a multiple of twice the number of hosts";
    return NULL;
}

/* The leaders' part of mvapich2_two_level: the inter-host function from a copy of the
 * leader's partial result. */
static int two_level_leaders(const struct coll_args *a, MPI_Comm leaders)
{
    struct coll_args out = *a;
    void *copy;
    void *block = coll__tmp_alloc(a->count, a->type, &copy);
    int rc = copy_in(a, a->rbuf, copy, a->count);

    out.sbuf = copy;
    out.comm = leaders;
    if (rc == MPI_SUCCESS)
        rc = coll__run.mv2.allreduce == NULL || coll__run.mv2.allreduce == coll__allreduce_rdb
                 ? coll__allreduce_rdb(&out)
                 : coll__allreduce_mvapich2_rs(&out);
    free(block);
    return rc;
}

/* MVAPICH2's two-level allreduce: the intra-host function the mvapich2 selector chose (the
 * mpich selector's allreduce until it ran; SMPI's comparison with its reduce variants never
 * matches, so it always runs on the host's communicator), then on the host leaders the
 * inter-host function (rdb, or mvapich2_rs when the selector chose it) from a copy of the
 * leader's result, then the configured bcast inside each host. Nothing but init_smp's
 * messages at count 0. Reference: SimGrid 3.32
 * colls/allreduce/allreduce-mvapich-two-level.cpp; MVAPICH2 2.0 allreduce_osu.c
 * (MPIR_Allreduce_two_level_MV2). Cost: intra-host allreduce + leaders' allreduce + intra-host
 * bcast. Needs: a commutative op (hosts need not hold consecutive ranks). */
int coll__allreduce_mvapich2_two_level(const struct coll_args *a)
{
    struct smpi_smp smp;
    struct coll_args in = *a;
    struct coll_args b = { .rbuf = a->rbuf, .count = a->count, .type = a->type, .root = 0 };
    bool leader;
    int rc = coll__smp_init(a->comm, &smp);

    if (rc != MPI_SUCCESS || a->count == 0)
        return rc;
    leader = smpi_comm_rank(smp.intra) == 0;
    if (leader)
        rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    in.comm = smp.intra;
    in.root = 0;
    if (rc == MPI_SUCCESS)
        rc = coll__run.mv2.allreduce_intra ? coll__run.mv2.allreduce_intra(&in)
                                           : coll__call(COLL_ALLREDUCE, "mpich", &in);
    if (rc == MPI_SUCCESS && leader && smpi_comm_size(smp.intra) != smpi_comm_size(a->comm))
        rc = two_level_leaders(a, smp.leaders);
    b.comm = smp.intra;
    if (rc == MPI_SUCCESS)
        rc = coll_run(COLL_BCAST, &b);
    return rc;
}

/* Rabenseifner's allreduce (reduce.c's coll__rab with the result spread to every rank): SMPI
 * 3.32's allreduce__rab. Needs a basic datatype and a predefined op, as SMPI's. */
int coll__allreduce_rab(const struct coll_args *a)
{
    return coll__rab(a, true);
}
