/* group: process groups (MPI-3.1 section 6.3). A group lists the MPI_COMM_WORLD rank of each
 * member in group-rank order; MPI_GROUP_EMPTY is a predefined empty group. The MPI_Group_*
 * bindings: smpi/bindings/bindings_group.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/internal.h"

SMPI_API struct smpi_group smpi_mpi_group_empty = { .magic = SMPI_GROUP_MAGIC,
                                                    .size = 0,
                                                    .predefined = true };

int smpi__group_rank_of(const struct smpi_group *g, int w)
{
    for (int i = 0; i < g->size; i++)
        if (g->world[i] == w)
            return i;
    return MPI_UNDEFINED;
}

MPI_Group smpi__group_of(const int *world, int n)
{
    struct smpi_group *g;

    if (n == 0)
        return MPI_GROUP_EMPTY;
    g = smpi__group_new(n);
    for (int i = 0; i < n; i++)
        g->world[i] = world[i];
    return g;
}

int smpi__group_compare(MPI_Group group1, MPI_Group group2)
{
    bool same_order = true;

    if (group1->size != group2->size)
        return MPI_UNEQUAL;
    for (int i = 0; i < group1->size; i++) {
        if (group1->world[i] != group2->world[i])
            same_order = false;
        if (smpi__group_rank_of(group2, group1->world[i]) == MPI_UNDEFINED)
            return MPI_UNEQUAL;
    }
    return same_order ? MPI_IDENT : MPI_SIMILAR;
}

enum set_op { SET_UNION, SET_INTERSECTION, SET_DIFFERENCE };

/* The set operations of MPI-3.1 section 6.3.2: members in the order of group1, then (union)
 * those of group2 not in group1. O(n1 * n2). */
static MPI_Group set_op(MPI_Group g1, MPI_Group g2, enum set_op op)
{
    int *w = sim_xmalloc(((size_t)g1->size + (size_t)g2->size + 1) * sizeof(*w));
    int n = 0;
    MPI_Group out;

    for (int i = 0; i < g1->size; i++) {
        bool in2 = smpi__group_rank_of(g2, g1->world[i]) != MPI_UNDEFINED;

        if (op == SET_UNION || (op == SET_INTERSECTION) == in2)
            w[n++] = g1->world[i];
    }
    if (op == SET_UNION)
        for (int i = 0; i < g2->size; i++)
            if (smpi__group_rank_of(g1, g2->world[i]) == MPI_UNDEFINED)
                w[n++] = g2->world[i];
    out = smpi__group_of(w, n);
    free(w);
    return out;
}

MPI_Group smpi__group_union(MPI_Group group1, MPI_Group group2)
{
    return set_op(group1, group2, SET_UNION);
}

MPI_Group smpi__group_intersection(MPI_Group group1, MPI_Group group2)
{
    return set_op(group1, group2, SET_INTERSECTION);
}

MPI_Group smpi__group_difference(MPI_Group group1, MPI_Group group2)
{
    return set_op(group1, group2, SET_DIFFERENCE);
}

MPI_Group smpi__group_incl(MPI_Group g, int n, const int ranks[])
{
    int *w = sim_xmalloc(((size_t)n + 1) * sizeof(*w));
    MPI_Group out;

    for (int i = 0; i < n; i++)
        w[i] = g->world[ranks[i]];
    out = smpi__group_of(w, n);
    free(w);
    return out;
}

MPI_Group smpi__group_excl(MPI_Group g, int n, const int ranks[])
{
    char *gone = sim_xcalloc((size_t)g->size + 1, 1);
    int *w = sim_xmalloc(((size_t)g->size + 1) * sizeof(*w));
    int m = 0;
    MPI_Group out;

    for (int i = 0; i < n; i++)
        gone[ranks[i]] = 1;
    for (int i = 0; i < g->size; i++)
        if (!gone[i])
            w[m++] = g->world[i];
    out = smpi__group_of(w, m);
    free(w);
    free(gone);
    return out;
}
