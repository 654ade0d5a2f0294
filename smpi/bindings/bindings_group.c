/* bindings_group: the MPI calls on process groups (MPI-3.1 section 6.3) and MPI_Comm_group.
 * The objects: smpi/mpi/group.c. Errors go to MPI_COMM_WORLD's handler. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"

int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    SMPI_CHECK_INIT("MPI_Comm_group");
    SMPI_CHECK_COMM("MPI_Comm_group", comm);
    SMPI_CHECK_ARG("MPI_Comm_group", comm, group);
    *group = smpi__comm_group(comm);
    smpi__handle_new(SMPI_H_GROUP, *group, "MPI_Comm_group");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_group = PMPI_Comm_group

int PMPI_Group_size(MPI_Group group, int *size)
{
    SMPI_CHECK_GROUP("MPI_Group_size", group);
    SMPI_CHECK_ARG("MPI_Group_size", MPI_COMM_WORLD, size);
    *size = group->size;
    return MPI_SUCCESS;
}
#pragma weak MPI_Group_size = PMPI_Group_size

int PMPI_Group_rank(MPI_Group group, int *rank)
{
    struct smpi_process *self = smpi__self();

    SMPI_CHECK_GROUP("MPI_Group_rank", group);
    SMPI_CHECK_ARG("MPI_Group_rank", MPI_COMM_WORLD, rank);
    *rank = self ? smpi__group_rank_of(group, self->rank) : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
#pragma weak MPI_Group_rank = PMPI_Group_rank

int PMPI_Group_free(MPI_Group *group)
{
    SMPI_CHECK_ARG("MPI_Group_free", MPI_COMM_WORLD, group);
    SMPI_CHECK_GROUP("MPI_Group_free", *group);
    if (*group == MPI_GROUP_EMPTY) {
        *group = MPI_GROUP_NULL; /* freeing a predefined group releases only the handle */
        return MPI_SUCCESS;
    }
    smpi__handle_gone(SMPI_H_GROUP, *group);
    smpi__group_release(*group);
    *group = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_Group_free = PMPI_Group_free

int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
                               int ranks2[])
{
    SMPI_CHECK_GROUP("MPI_Group_translate_ranks", group1);
    SMPI_CHECK_GROUP("MPI_Group_translate_ranks", group2);
    if (n < 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Group_translate_ranks", MPI_ERR_ARG,
                           "n %d is negative", n);
    if (n > 0 && (!ranks1 || !ranks2))
        return smpi__error(MPI_COMM_WORLD, "MPI_Group_translate_ranks", MPI_ERR_ARG,
                           "ranks1 or ranks2 is NULL");
    for (int i = 0; i < n; i++) {
        if (ranks1[i] == MPI_PROC_NULL) {
            ranks2[i] = MPI_PROC_NULL;
            continue;
        }
        if (ranks1[i] < 0 || ranks1[i] >= group1->size)
            return smpi__error(MPI_COMM_WORLD, "MPI_Group_translate_ranks", MPI_ERR_RANK,
                               "ranks1[%d] = %d is out of range for a group of size %d", i,
                               ranks1[i], group1->size);
        ranks2[i] = smpi__group_rank_of(group2, group1->world[ranks1[i]]);
    }
    return MPI_SUCCESS;
}
#pragma weak MPI_Group_translate_ranks = PMPI_Group_translate_ranks

int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result)
{
    SMPI_CHECK_GROUP("MPI_Group_compare", group1);
    SMPI_CHECK_GROUP("MPI_Group_compare", group2);
    SMPI_CHECK_ARG("MPI_Group_compare", MPI_COMM_WORLD, result);
    *result = smpi__group_compare(group1, group2);
    return MPI_SUCCESS;
}
#pragma weak MPI_Group_compare = PMPI_Group_compare

/* The checks of the three set operations, then the operation. */
static int set_op(const char *call, MPI_Group g1, MPI_Group g2, MPI_Group *out,
                  MPI_Group (*op)(MPI_Group, MPI_Group))
{
    SMPI_CHECK_GROUP(call, g1);
    SMPI_CHECK_GROUP(call, g2);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, out);
    *out = op(g1, g2);
    smpi__handle_new(SMPI_H_GROUP, *out, call);
    return MPI_SUCCESS;
}

#define SET_OP(name, op)                                                                           \
    int P##name(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)                           \
    {                                                                                              \
        return set_op(#name, group1, group2, newgroup, op);                                        \
    }                                                                                              \
    SMPI_WEAK(name)
SET_OP(MPI_Group_union, smpi__group_union)
SET_OP(MPI_Group_intersection, smpi__group_intersection)
SET_OP(MPI_Group_difference, smpi__group_difference)

/* Checks that the n ranks are valid in g and distinct. */
static int check_ranks(const char *call, MPI_Group g, int n, const int ranks[])
{
    char *seen;
    int rc = MPI_SUCCESS;

    if (n < 0 || n > g->size)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "n %d is out of range for a group of size %d", n, g->size);
    if (n > 0 && !ranks)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "ranks is NULL");
    seen = sim_xcalloc((size_t)g->size + 1, 1);
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) {
        if (ranks[i] < 0 || ranks[i] >= g->size)
            rc = smpi__error(MPI_COMM_WORLD, call, MPI_ERR_RANK,
                             "ranks[%d] = %d is out of range for a group of size %d", i, ranks[i],
                             g->size);
        else if (seen[ranks[i]])
            rc = smpi__error(MPI_COMM_WORLD, call, MPI_ERR_RANK, "ranks[%d] = %d appears twice", i,
                             ranks[i]);
        else
            seen[ranks[i]] = 1;
    }
    free(seen);
    return rc;
}

/* Group_incl (keep the listed ranks in list order) or Group_excl (keep the others in order). */
static int incl_excl(const char *call, MPI_Group g, int n, const int ranks[], MPI_Group *out,
                     bool incl)
{
    SMPI_CHECK_GROUP(call, g);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, out);
    SMPI_CHECK(check_ranks(call, g, n, ranks));
    *out = incl ? smpi__group_incl(g, n, ranks) : smpi__group_excl(g, n, ranks);
    smpi__handle_new(SMPI_H_GROUP, *out, call);
    return MPI_SUCCESS;
}

int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    return incl_excl("MPI_Group_incl", group, n, ranks, newgroup, true);
}
#pragma weak MPI_Group_incl = PMPI_Group_incl

int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    return incl_excl("MPI_Group_excl", group, n, ranks, newgroup, false);
}
#pragma weak MPI_Group_excl = PMPI_Group_excl

/* Expands n (first, last, stride) triplets into the list of ranks they name, in order; NULL
 * (after reporting) when a triplet is invalid. *count receives the number of ranks. */
static int *expand_ranges(const char *call, MPI_Group g, int n, int ranges[][3], int *count,
                          int *rc)
{
    int *list = sim_xmalloc(((size_t)g->size + 1) * sizeof(*list));
    int m = 0;

    *rc = MPI_SUCCESS;
    for (int i = 0; i < n; i++) {
        int first = ranges[i][0];
        int last = ranges[i][1];
        int stride = ranges[i][2];

        if (stride == 0 || first < 0 || first >= g->size || last < 0 || last >= g->size ||
            (stride > 0 && first > last) || (stride < 0 && first < last)) {
            *rc = smpi__error(MPI_COMM_WORLD, call, MPI_ERR_RANK,
                              "range %d (%d, %d, %d) is invalid for a group of size %d", i, first,
                              last, stride, g->size);
            free(list);
            return NULL;
        }
        for (int r = first; stride > 0 ? r <= last : r >= last; r += stride) {
            if (m == g->size) {
                *rc = smpi__error(MPI_COMM_WORLD, call, MPI_ERR_RANK,
                                  "the ranges name rank %d twice", r);
                free(list);
                return NULL;
            }
            list[m++] = r;
        }
    }
    *count = m;
    return list;
}

static int range_op(const char *call, MPI_Group g, int n, int ranges[][3], MPI_Group *out,
                    bool incl)
{
    int count = 0;
    int rc;
    int *list;

    SMPI_CHECK_GROUP(call, g);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, out);
    if (n < 0 || (n > 0 && !ranges))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "n %d or ranges is invalid", n);
    list = expand_ranges(call, g, n, ranges, &count, &rc);
    if (!list)
        return rc;
    rc = incl_excl(call, g, count, list, out, incl);
    free(list);
    return rc;
}

int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return range_op("MPI_Group_range_incl", group, n, ranges, newgroup, true);
}
#pragma weak MPI_Group_range_incl = PMPI_Group_range_incl

int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return range_op("MPI_Group_range_excl", group, n, ranges, newgroup, false);
}
#pragma weak MPI_Group_range_excl = PMPI_Group_range_excl
