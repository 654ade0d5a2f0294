/* coll_reduce: MPI_Reduce against a local reduction in rank order, for every type of
 * coll_redux.h with each of its ops (predefined ops, the non-commutative matrix product, the
 * resized user sum), on counts 0, 1, 7 and 17000 (above 64 KiB of data for every type), at
 * roots 0, size-1 and size/2, with and without MPI_IN_PLACE at the root (a few well-chosen
 * combinations: see cases[]). Options narrow the
 * cases for the algorithms that refuse some (the testlist forces those):
 *   -noncomm-ends  the non-commutative op at root 0 where the others use size/2
 *   -commutative   no non-commutative op
 *   -basic         only int and double with the predefined ops
 *   -no-small      no count below the number of ranks (except 0)
 * Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_redux.h"
#include "mtest.h"

#define BIG_COUNT 17000

struct opts {
    bool noncomm_ends;
    bool commutative;
    bool basic;
    bool no_small;
};

struct one_case {
    enum tkind t;
    int j; /* op index for t */
    int n;
    int root;
    bool in_place;
};

static int check_one(const struct one_case *c)
{
    int rank;
    int size;
    int errs = 0;
    size_t bytes = tsize(c->t) * (size_t)(c->n ? c->n : 1);
    MPI_Op op = op_of(c->t, c->j);
    void *in = malloc(bytes);
    void *out = malloc(bytes);

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    fill(in, c->t, c->n, rank);
    memset(out, 0x5a, bytes);
    if (c->in_place && rank == c->root) {
        fill(out, c->t, c->n, rank);
        MPI_Reduce(MPI_IN_PLACE, out, c->n, mpi_type(c->t), op, c->root, MPI_COMM_WORLD);
    } else {
        MPI_Reduce(in, out, c->n, mpi_type(c->t), op, c->root, MPI_COMM_WORLD);
    }
    if (rank == c->root) {
        void *want = malloc(bytes);
        int bad;

        expected(want, c->t, c->n, size, op);
        bad = same(out, want, c->t, c->n);
        if (bad >= 0) {
            fprintf(stderr, "rank %d: MPI_Reduce(%s, %s, count %d, root %d%s): element %d wrong\n",
                    rank, tnames[c->t], op_name(c->t, c->j), c->n, c->root,
                    c->in_place ? ", in place" : "", bad);
            errs++;
        }
        free(want);
    }
    free(in);
    free(out);
    return errs;
}

/* Roots as indices: 0, size-1 and size/2. */
enum { ROOT_FIRST, ROOT_LAST, ROOT_MIDDLE };

/* The cases of one type and op: count, root, in place. The large count runs for the first op
 * of each type only. */
static const struct {
    int n;
    int root;
    bool in_place;
} cases[] = {
    { 0, ROOT_FIRST, false },       { 0, ROOT_LAST, true },
    { 1, ROOT_FIRST, false },       { 1, ROOT_LAST, false },
    { 1, ROOT_MIDDLE, false },      { 7, ROOT_FIRST, false },
    { 7, ROOT_LAST, true },         { 7, ROOT_MIDDLE, false },
    { 7, ROOT_MIDDLE, true },       { BIG_COUNT, ROOT_MIDDLE, false },
    { BIG_COUNT, ROOT_LAST, true },
};

static int check_type_op(enum tkind t, int j, const struct opts *o)
{
    int size;
    int errs = 0;

    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        int roots[] = { [ROOT_FIRST] = 0, [ROOT_LAST] = size - 1, [ROOT_MIDDLE] = size / 2 };
        struct one_case k = { t, j, cases[i].n, roots[cases[i].root], cases[i].in_place };

        if (cases[i].n == BIG_COUNT && j > 0)
            continue;
        if (o->no_small && k.n > 0 && k.n < size)
            continue;
        if (t == T_MAT && o->noncomm_ends && cases[i].root == ROOT_MIDDLE)
            k.root = 0;
        errs += check_one(&k);
    }
    return errs;
}

int main(int argc, char **argv)
{
    struct opts o = { false, false, false, false };
    int errs = 0;

    MPI_Init(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        o.noncomm_ends |= strcmp(argv[i], "-noncomm-ends") == 0;
        o.commutative |= strcmp(argv[i], "-commutative") == 0;
        o.basic |= strcmp(argv[i], "-basic") == 0;
        o.no_small |= strcmp(argv[i], "-no-small") == 0;
    }
    for (int t = 0; t < T_COUNT; t++) {
        if ((o.commutative || o.basic) && t == T_MAT)
            continue;
        if (o.basic && t != T_INT && t != T_DOUBLE)
            continue;
        for (int j = 0; j < nops((enum tkind)t); j++)
            errs += check_type_op((enum tkind)t, j, &o);
    }
    return mtest_finish(errs);
}
