/* coll_select: the eleven collectives SMPI's selectors switch (barrier, bcast, reduce,
 * allreduce, alltoall, alltoallv, allgather, allgatherv, gather, scatter, reduce_scatter), run
 * under the selector the testlist names (smpi/coll-selector) on communicators of 1, 2, 3, 4,
 * 5, 8, 12 and 16 ranks (the first ranks of MPI_COMM_WORLD) and on MPI_COMM_WORLD with its
 * ranks interleaved across hosts, with messages on both sides of the selectors' size classes,
 * a commutative and a non-commutative op, a derived type, MPI_IN_PLACE and irregular counts.
 * Checks every result; the registry itself asserts that each choice can run the call. Prints
 * "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

/* Elements per block: both sides of the size classes from 4 bytes to 600 KB. The block
 * collectives (and reduce_scatter) stop at block_max(size) elements per block so that buffers
 * and run time stay small at 16 ranks; the matrix reductions at MAT_MAX elements. */
static const int counts[] = { 0, 1, 3, 10, 100, 300, 1000, 3000, 10000, 40000, 150000 };
#define NCOUNTS (int)(sizeof(counts) / sizeof(counts[0]))
#define MAT_MAX 1000

static int block_max(int size)
{
    return size <= 3 ? 150000 : size <= 5 ? 40000 : 3000;
}

/* reduce_scatter's datatype-based algorithms cost more host time per element */
static int scatter_max(int size)
{
    return size <= 5 ? block_max(size) : 1000;
}

/* The value rank `from` sends to rank `to` at index i (block collectives). */
static int val(int from, int to, int i)
{
    return (from * 7919 + to * 131 + i * 17) % 100003;
}

/* ---- reductions: MPI_INT with MPI_SUM; 2x2 matrices modulo 1009 (a contiguous, thus derived,
 * type) multiplied by a user op declared non-commutative, or added by one declared
 * commutative ---- */

struct mat {
    int a[4];
};

static void mat_mul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    struct mat *x = in;
    struct mat *y = inout;

    (void)type;
    for (int i = 0; i < *len; i++) {
        struct mat r;

        r.a[0] = (x[i].a[0] * y[i].a[0] + x[i].a[1] * y[i].a[2]) % 1009;
        r.a[1] = (x[i].a[0] * y[i].a[1] + x[i].a[1] * y[i].a[3]) % 1009;
        r.a[2] = (x[i].a[2] * y[i].a[0] + x[i].a[3] * y[i].a[2]) % 1009;
        r.a[3] = (x[i].a[2] * y[i].a[1] + x[i].a[3] * y[i].a[3]) % 1009;
        y[i] = r;
    }
}

static void mat_add(void *in, void *inout, int *len, MPI_Datatype *type)
{
    struct mat *x = in;
    struct mat *y = inout;

    (void)type;
    for (int i = 0; i < *len; i++)
        for (int j = 0; j < 4; j++)
            y[i].a[j] = (x[i].a[j] + y[i].a[j]) % 1009;
}

enum red { R_SUM, R_MATMUL, R_MATADD, R_COUNT };
static const char *const rnames[] = { "int sum", "matrix product (non-commutative)",
                                      "matrix sum (derived type)" };
static MPI_Datatype mat_type;
static MPI_Op ops[R_COUNT];

static size_t rsize(enum red r)
{
    return r == R_SUM ? sizeof(int) : sizeof(struct mat);
}

static MPI_Datatype rtype(enum red r)
{
    return r == R_SUM ? MPI_INT : mat_type;
}

/* The input of `rank` at index i: element i of buf. */
static void rfill(void *buf, enum red r, int n, int rank)
{
    for (int i = 0; i < n; i++) {
        if (r == R_SUM) {
            ((int *)buf)[i] = rank * 3 + i % 11;
        } else {
            struct mat *m = (struct mat *)buf + i;

            m->a[0] = rank % 5 + 1;
            m->a[1] = (i + rank) % 7;
            m->a[2] = (i * 3 + rank * rank) % 5;
            m->a[3] = 1;
        }
    }
}

/* want = the reduction of ranks lo..hi-1 (in rank order) at indices [0, n). */
static void rexpect(void *want, enum red r, int n, int lo, int hi)
{
    void *in;
    int len = n;

    if (r == R_SUM) {
        for (int i = 0; i < n; i++)
            ((int *)want)[i] = 3 * (hi * (hi - 1) - lo * (lo - 1)) / 2 + (hi - lo) * (i % 11);
        return;
    }
    in = malloc(rsize(r) * (size_t)(n + 1));
    rfill(want, r, n, lo);
    for (int k = lo + 1; k < hi; k++) {
        rfill(in, r, n, k);
        if (r == R_SUM) {
            for (int i = 0; i < n; i++)
                ((int *)want)[i] += ((int *)in)[i];
        } else {
            /* want = want op in, the lower ranks on the left */
            void *tmp = malloc(rsize(r) * (size_t)(n + 1));

            memcpy(tmp, want, rsize(r) * (size_t)n);
            memcpy(want, in, rsize(r) * (size_t)n);
            (r == R_MATMUL ? mat_mul : mat_add)(tmp, want, &len, &mat_type);
            free(tmp);
        }
    }
    free(in);
}

static int rcheck(const void *got, const void *want, enum red r, int n, const char *what, int size,
                  int count)
{
    int bad = memcmp(got, want, rsize(r) * (size_t)n) != 0;

    return mtest_expect(!bad, "%s on %d ranks, count %d, %s: wrong result", what, size, count,
                        rnames[r]);
}

static int reductions(MPI_Comm c, enum red r, int n)
{
    int rank;
    int size;
    int errs = 0;
    int root;
    size_t bytes;
    char *s;
    char *g;
    char *w;
    int *rc;

    MPI_Comm_rank(c, &rank);
    MPI_Comm_size(c, &size);
    root = (n / 3) % size;
    bytes = rsize(r) * (size_t)(n * size + 1);
    s = malloc(bytes);
    g = malloc(bytes);
    w = malloc(bytes);
    rc = malloc(sizeof(int) * (size_t)size);
    rfill(s, r, n, rank);
    rexpect(w, r, n, 0, size);
    MPI_Reduce(s, g, n, rtype(r), ops[r], root, c);
    if (rank == root)
        errs += rcheck(g, w, r, n, "MPI_Reduce", size, n);
    MPI_Allreduce(s, g, n, rtype(r), ops[r], c);
    errs += rcheck(g, w, r, n, "MPI_Allreduce", size, n);
    /* in place: the root's contribution is in its receive buffer */
    memcpy(g, s, rsize(r) * (size_t)n);
    MPI_Allreduce(MPI_IN_PLACE, g, n, rtype(r), ops[r], c);
    errs += rcheck(g, w, r, n, "MPI_Allreduce(MPI_IN_PLACE)", size, n);
    /* reduce_scatter: n elements per rank, then n + (i % 2) for rank i (irregular) */
    for (int irregular = 0; irregular < 2 && n <= scatter_max(size); irregular++) {
        int total = 0;
        int mine = 0;

        for (int i = 0; i < size; i++) {
            rc[i] = n + (irregular ? i % 2 : 0);
            if (i < rank)
                mine += rc[i];
            total += rc[i];
        }
        free(s);
        free(w);
        s = malloc(rsize(r) * (size_t)(total + 1));
        w = malloc(rsize(r) * (size_t)(total + 1));
        rfill(s, r, total, rank);
        rexpect(w, r, total, 0, size);
        MPI_Reduce_scatter(s, g, rc, rtype(r), ops[r], c);
        errs +=
            rcheck(g, w + rsize(r) * (size_t)mine, r, rc[rank],
                   irregular ? "MPI_Reduce_scatter (irregular)" : "MPI_Reduce_scatter", size, n);
    }
    free(s);
    free(g);
    free(w);
    free(rc);
    return errs;
}

/* ---- block collectives on MPI_INT ---- */

static int check_block(const int *buf, int n, int from, int to, const char *what, int size)
{
    for (int i = 0; i < n; i++)
        if (buf[i] != val(from, to, i))
            return mtest_expect(false, "%s on %d ranks, count %d: element %d from rank %d wrong",
                                what, size, n, i, from);
    return 0;
}

static int bcast_and_rooted(MPI_Comm c, int n)
{
    int rank;
    int size;
    int errs = 0;
    int root;
    int *a;
    int *b;

    MPI_Comm_rank(c, &rank);
    MPI_Comm_size(c, &size);
    root = size - 1 - (n / 3) % size;
    a = malloc(sizeof(int) * ((size_t)n * size + 1));
    b = malloc(sizeof(int) * ((size_t)n * size + 1));
    for (int i = 0; i < n; i++)
        a[i] = rank == root ? val(root, 0, i) : -1;
    MPI_Bcast(a, n, MPI_INT, root, c);
    errs += check_block(a, n, root, 0, "MPI_Bcast", size);
    if (n > block_max(size))
        goto out;
    /* gather, with MPI_IN_PLACE at the root for odd counts */
    for (int i = 0; i < n; i++)
        a[i] = val(rank, root, i);
    if (rank == root && n % 2) {
        memcpy(b + (size_t)n * rank, a, sizeof(int) * (size_t)n);
        MPI_Gather(MPI_IN_PLACE, n, MPI_INT, b, n, MPI_INT, root, c);
    } else {
        MPI_Gather(a, n, MPI_INT, b, n, MPI_INT, root, c);
    }
    for (int p = 0; rank == root && p < size; p++)
        errs += check_block(b + (size_t)n * p, n, p, root, "MPI_Gather", size);
    /* scatter; for odd counts the non-roots pass send arguments other than the root's, which
     * MPI leaves insignificant there (the mpich selector rewrites them) */
    for (int p = 0; rank == root && p < size; p++)
        for (int i = 0; i < n; i++)
            b[(size_t)n * p + i] = val(root, p, i);
    if (rank != root && n % 2)
        MPI_Scatter(NULL, 0, MPI_BYTE, a, n, MPI_INT, root, c);
    else
        MPI_Scatter(b, n, MPI_INT, a, n, MPI_INT, root, c);
    errs += check_block(a, n, root, rank, "MPI_Scatter", size);
out:
    free(a);
    free(b);
    return errs;
}

static int all_to_all(MPI_Comm c, int n)
{
    int rank;
    int size;
    int errs = 0;
    int *a;
    int *b;
    int *cnt;
    int *dsp;
    int *rcnt;
    int *rdsp;
    size_t room;

    MPI_Comm_rank(c, &rank);
    MPI_Comm_size(c, &size);
    room = ((size_t)n + 2) * size + 1;
    a = malloc(sizeof(int) * room);
    b = malloc(sizeof(int) * room);
    cnt = malloc(sizeof(int) * 4 * (size_t)size);
    dsp = cnt + size;
    rcnt = cnt + 2 * size;
    rdsp = cnt + 3 * size;
    /* allgather (MPI_IN_PLACE for odd counts) */
    for (int i = 0; i < n; i++)
        a[i] = val(rank, 0, i);
    if (n % 2) {
        memcpy(b + (size_t)n * rank, a, sizeof(int) * (size_t)n);
        MPI_Allgather(MPI_IN_PLACE, n, MPI_INT, b, n, MPI_INT, c);
    } else {
        MPI_Allgather(a, n, MPI_INT, b, n, MPI_INT, c);
    }
    for (int p = 0; p < size; p++)
        errs += check_block(b + (size_t)n * p, n, p, 0, "MPI_Allgather", size);
    /* allgatherv: rank p contributes n + p % 3 elements */
    for (int p = 0, off = 0; p < size; p++) {
        rcnt[p] = n + p % 3;
        rdsp[p] = off;
        off += rcnt[p];
    }
    for (int i = 0; i < rcnt[rank]; i++)
        a[i] = val(rank, 0, i);
    MPI_Allgatherv(a, rcnt[rank], MPI_INT, b, rcnt, rdsp, MPI_INT, c);
    for (int p = 0; p < size; p++)
        errs += check_block(b + rdsp[p], rcnt[p], p, 0, "MPI_Allgatherv", size);
    /* alltoall */
    for (int p = 0; p < size; p++)
        for (int i = 0; i < n; i++)
            a[(size_t)n * p + i] = val(rank, p, i);
    MPI_Alltoall(a, n, MPI_INT, b, n, MPI_INT, c);
    for (int p = 0; p < size; p++)
        errs += check_block(b + (size_t)n * p, n, p, rank, "MPI_Alltoall", size);
    /* alltoallv: n + (from + to) % 3 elements from `from` to `to` */
    for (int p = 0, so = 0, ro = 0; p < size; p++) {
        cnt[p] = n + (rank + p) % 3;
        dsp[p] = so;
        so += cnt[p];
        rcnt[p] = n + (p + rank) % 3;
        rdsp[p] = ro;
        ro += rcnt[p];
        for (int i = 0; i < cnt[p]; i++)
            a[dsp[p] + i] = val(rank, p, i);
    }
    MPI_Alltoallv(a, cnt, dsp, MPI_INT, b, rcnt, rdsp, MPI_INT, c);
    for (int p = 0; p < size; p++)
        errs += check_block(b + rdsp[p], rcnt[p], p, rank, "MPI_Alltoallv", size);
    free(a);
    free(b);
    free(cnt);
    return errs;
}

/* Every collective on c at every count up to max_count. */
static int run_all(MPI_Comm c, int max_count)
{
    int errs = 0;
    int size;

    MPI_Comm_size(c, &size);
    for (int k = 0; k < NCOUNTS && counts[k] <= max_count; k++) {
        int n = counts[k];

        MPI_Barrier(c);
        errs += bcast_and_rooted(c, n);
        if (n <= block_max(size))
            errs += all_to_all(c, n);
        errs += reductions(c, R_SUM, n);
        if (n <= MAT_MAX) {
            errs += reductions(c, R_MATMUL, n);
            errs += reductions(c, R_MATADD, n);
        }
    }
    return errs;
}

int main(int argc, char **argv)
{
    static const int sizes[] = { 1, 2, 3, 4, 5, 8, 12, 16 };
    int errs = 0;
    int rank;
    int world;
    MPI_Comm c;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world);
    MPI_Type_contiguous(4, MPI_INT, &mat_type);
    MPI_Type_commit(&mat_type);
    ops[R_SUM] = MPI_SUM;
    MPI_Op_create(mat_mul, 0, &ops[R_MATMUL]);
    MPI_Op_create(mat_add, 1, &ops[R_MATADD]);
    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]) && sizes[s] <= world; s++) {
        MPI_Comm_split(MPI_COMM_WORLD, rank < sizes[s] ? 0 : MPI_UNDEFINED, rank, &c);
        if (c != MPI_COMM_NULL) {
            errs += run_all(c, counts[NCOUNTS - 1]);
            MPI_Comm_free(&c);
        }
    }
    /* every rank, hosts interleaved: with four ranks per host, not blocked */
    MPI_Comm_split(MPI_COMM_WORLD, 0, (rank % 4) * world + rank, &c);
    errs += run_all(c, 1000);
    MPI_Comm_free(&c);
    MPI_Op_free(&ops[R_MATMUL]);
    MPI_Op_free(&ops[R_MATADD]);
    MPI_Type_free(&mat_type);
    return mtest_finish(errs);
}
