/* select_automatic: the `automatic` selector (SMPI 3.32's smpi_automatic_selector.cpp, an
 * exploration aid): each call runs, one after the other, every algorithm of the collective
 * that can run it, each preceded by a barrier, measures each on every rank, reduces the
 * longest time to rank 0 and records it in the collective report (smpi/coll-report), which
 * then names the fastest algorithm per communicator size and message size. Unlike SMPI, the
 * other selectors are not measured (they only pick among the same algorithms) and nothing is
 * printed per call: the report says it once. It changes the application's timing, by design. */
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"

SIM_LOG_SUBCATEGORY(log_auto, "smpi_coll", "smpi");

/* Runs `algo` once between a barrier and a reduction of its time, as SMPI does; returns its
 * result. *longest gets the longest time over the ranks (at rank 0 only). */
static int measure(const struct coll_algo *algo, const struct coll_args *a, double *longest)
{
    struct coll_args bar = { .comm = a->comm };
    double t;
    struct coll_args red = { .sbuf = &t,
                             .rbuf = longest,
                             .count = 1,
                             .type = MPI_DOUBLE,
                             .op = MPI_MAX,
                             .root = 0,
                             .comm = a->comm };
    double t0;
    int rc = coll__call(COLL_BARRIER, "default", &bar);

    t0 = smpi_now();
    if (rc == MPI_SUCCESS)
        rc = algo->run(a);
    t = smpi_now() - t0;
    if (rc == MPI_SUCCESS)
        rc = coll__call(COLL_REDUCE, "default", &red);
    return rc;
}

int coll__automatic(enum coll_kind k, const struct coll_args *args)
{
    struct coll_args a = *args;
    int rank = smpi_comm_rank(a.comm);
    void *block = NULL;
    void *copy = NULL;
    const char *best = NULL;
    double best_time = 0;
    int rc = MPI_SUCCESS;

    /* an in-place reduce feeds the root's buffer back in: keep the input aside for every run */
    if (k == COLL_REDUCE && rank == a.root && a.sbuf == MPI_IN_PLACE) {
        block = coll__tmp_alloc(a.count, a.type, &copy);
        smpi_type_copy(a.rbuf, a.count, a.type, copy, a.count, a.type);
        a.sbuf = copy;
    }
    for (const struct coll_algo *al = coll_algos(k); al->name && rc == MPI_SUCCESS; al++) {
        double longest = 0;

        if (coll__need_missing(al, k, &a))
            continue;
        rc = measure(al, &a, &longest);
        if (rank != 0)
            continue;
        coll__report_tried(k, &a, al->name, longest);
        if (!best || longest < best_time) {
            best = al->name;
            best_time = longest;
        }
    }
    if (rank == 0 && best)
        SIM_LOG(log_auto, SIM_LOG_VERBOSE, "automatic %s on %d ranks: fastest was %s (%.9f s)",
                coll_kind_name(k), smpi_comm_size(a.comm), best, best_time);
    free(block);
    return rc;
}
