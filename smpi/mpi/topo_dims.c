/* topo_dims: the search behind MPI_Dims_create (MPI-3.1 section 7.5.2; its binding:
 * smpi/bindings/bindings_topo.c), the balanced grid of nnodes processes.
 * The free dimensions get factors "as close to each other as possible", in non-increasing order.
 * Closeness is decided exactly, by a search over every non-increasing factorisation of what the
 * fixed dimensions leave: the best has the smallest spread between the largest and the
 * smallest factor, then the largest smallest factor, then next smallest, and so on (for 72 in two
 * dimensions 9 x 8, not the 12 x 6 a greedy split of the prime factors gives). This is the
 * choice MPICH's test suite expects (test/mpi/topo/dims5 and its 75,000 cases). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdbool.h>
#include <stdlib.h>

#include "smpi/internal.h"

struct dims_search {
    int k;           /* free dimensions */
    const int *divs; /* divisors of the product, largest first */
    int ndiv;
    int *cur;
    int *best;
    bool found;
};

/* Whether cur beats best: a smaller spread cur[0] - cur[k-1], then larger factors from the
 * smallest up (cur[k-1], then cur[k-2], ...). */
static bool dims_better(const struct dims_search *s)
{
    int a = s->cur[0] - s->cur[s->k - 1];
    int b = s->best[0] - s->best[s->k - 1];

    if (!s->found || a != b)
        return !s->found || a < b;
    for (int j = s->k - 1; j >= 1; j--)
        if (s->cur[j] != s->best[j])
            return s->cur[j] > s->best[j];
    return false;
}

/* Whether d multiplied by itself times times reaches n (the largest remaining factor d can
 * still cover n in that many non-increasing factors). */
static bool power_reaches(long d, int times, long n)
{
    long p = 1;

    for (int i = 0; i < times && p < n; i++)
        p *= d;
    return p >= n;
}

/* Fills cur[pos..k-1] with non-increasing factors of n, each at most maxd. */
static void dims_place(struct dims_search *s, int pos, int n, int maxd)
{
    if (pos == s->k - 1) {
        if (n > maxd)
            return;
        s->cur[pos] = n;
        if (dims_better(s)) {
            for (int i = 0; i < s->k; i++)
                s->best[i] = s->cur[i];
            s->found = true;
        }
        return;
    }
    for (int i = 0; i < s->ndiv; i++) {
        int d = s->divs[i];

        if (d > maxd || n % d != 0)
            continue;
        if (!power_reaches(d, s->k - pos, n))
            break; /* smaller divisors cannot reach n either */
        s->cur[pos] = d;
        dims_place(s, pos + 1, n / d, d);
    }
}

static int cmp_desc(const void *a, const void *b)
{
    int x = *(const int *)a;
    int y = *(const int *)b;

    return (x < y) - (x > y);
}

/* The most balanced non-increasing split of n into k factors, into out[0..k-1]. */
static void dims_balance(int n, int k, int out[])
{
    struct dims_search s = { .k = k };
    int divs[1600]; /* no int has more than 1536 divisors */
    int ndiv = 0;

    for (long d = 1; d * d <= n; d++)
        if (n % d == 0) {
            divs[ndiv++] = (int)d;
            if (d * d != n)
                divs[ndiv++] = (int)(n / d);
        }
    qsort(divs, (size_t)ndiv, sizeof(*divs), cmp_desc);
    s.divs = divs;
    s.ndiv = ndiv;
    s.cur = sim_xcalloc((size_t)k, sizeof(int));
    s.best = out;
    dims_place(&s, 0, n, n);
    free(s.cur);
}

void smpi__dims_fill(int rest, int ndims, int dims[], int nfree)
{
    int *f = sim_xcalloc((size_t)nfree, sizeof(*f));

    dims_balance(rest, nfree, f);
    for (int d = 0, i = 0; d < ndims; d++)
        if (dims[d] == 0)
            dims[d] = f[i++];
    free(f);
}
