/* bindings_comm: communicator creation and inspection (MPI-3.1 sections 6.4, 6.8):
 * MPI_Comm_create, MPI_Comm_split, MPI_Comm_split_type, MPI_Comm_dup_with_info,
 * MPI_Comm_compare, MPI_Comm_test_inter and the communicator names. Creations are collective
 * over the parent and meet on one object per new communicator (smpi__comm_derive_keyed). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"

int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    int me;

    SMPI_CHECK_INIT("MPI_Comm_create");
    SMPI_CHECK_COMM("MPI_Comm_create", comm);
    SMPI_CHECK_ARG("MPI_Comm_create", comm, newcomm);
    if (group == MPI_GROUP_NULL)
        return smpi__error(comm, "MPI_Comm_create", MPI_ERR_GROUP, "group is MPI_GROUP_NULL");
    SMPI_CHECK(smpi__coll_order_plain("MPI_Comm_create", comm));
    if (comm->remote_group) {
        /* each side passes a subgroup of its local group: a split whose one color is membership
         * and whose keys are the positions in the subgroup (MPI-3.1 section 6.4.2) */
        int pos = MPI_UNDEFINED;

        for (int i = 0; i < group->size; i++)
            if (group->world[i] == smpi__self()->rank)
                pos = i;
        smpi__enter("MPI_Comm_create");
        *newcomm = smpi__inter_split(comm, pos == MPI_UNDEFINED ? MPI_UNDEFINED : 0, pos);
        smpi__leave();
        smpi__handle_new(SMPI_H_COMM, *newcomm, "MPI_Comm_create");
        return MPI_SUCCESS;
    }
    for (int i = 0; i < group->size; i++)
        if (smpi__comm_rank_of(comm, group->world[i]) == MPI_UNDEFINED)
            return smpi__error(comm, "MPI_Comm_create", MPI_ERR_GROUP,
                               "member %d of group is not in the communicator", i);
    smpi__enter("MPI_Comm_create");
    me = smpi__self()->rank;
    *newcomm = MPI_COMM_NULL;
    {
        /* Members meet on the communicator of their group, told apart from the other groups of
         * the same call by its first member (MPI-2.2: disjoint groups, one per subset of ranks;
         * a group is the same at all its members); the others only keep the count of creations
         * aligned. */
        bool member = false;

        for (int i = 0; i < group->size; i++)
            member = member || group->world[i] == me;
        if (member)
            *newcomm = smpi__comm_derive_keyed(comm, group, group->world[0], group->size);
        else
            smpi__comm_derive_skip(comm);
    }
    smpi__comm_announce(*newcomm);
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, *newcomm, "MPI_Comm_create");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_create = PMPI_Comm_create

static int cmp_key_rank(const void *a, const void *b)
{
    const int *x = a;
    const int *y = b;

    if (x[0] != y[0])
        return (x[0] > y[0]) - (x[0] < y[0]);
    return (x[1] > y[1]) - (x[1] < y[1]);
}

/* The split of comm by (color, key) pairs, one per rank (all[2 r], all[2 r + 1]): the calling
 * rank's communicator holds the ranks of its color ordered by key then by rank in comm. */
static MPI_Comm split_by(MPI_Comm comm, const int *all, int color)
{
    int n = smpi_comm_size(comm);
    int *pairs = sim_xmalloc(2 * (size_t)n * sizeof(*pairs));
    int m = 0;
    struct smpi_group *g;
    MPI_Comm c;

    if (color == MPI_UNDEFINED) {
        smpi__comm_derive_skip(comm);
        free(pairs);
        return MPI_COMM_NULL;
    }
    for (int r = 0; r < n; r++) {
        if (all[2 * r] != color)
            continue;
        pairs[2 * m] = all[2 * r + 1];
        pairs[2 * m + 1] = r;
        m++;
    }
    qsort(pairs, (size_t)m, 2 * sizeof(int), cmp_key_rank);
    g = smpi__group_new(m);
    for (int i = 0; i < m; i++)
        g->world[i] = smpi__comm_world_rank(comm, pairs[2 * i + 1]);
    c = smpi__comm_derive_keyed(comm, g, color, m);
    smpi__group_release(g);
    free(pairs);
    return c;
}

/* Exchanges (color, key) over comm and splits it. */
static int split(const char *call, MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    int mine[2] = { color, key };
    int n = smpi_comm_size(comm);
    int *all = sim_xmalloc(2 * (size_t)n * sizeof(*all));
    int rc;

    rc = PMPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, comm);
    if (rc == MPI_SUCCESS) {
        *newcomm = split_by(comm, all, color);
        smpi__comm_announce(*newcomm);
    }
    free(all);
    return rc;
}

int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Comm_split");
    SMPI_CHECK_COMM("MPI_Comm_split", comm);
    SMPI_CHECK_ARG("MPI_Comm_split", comm, newcomm);
    if (color < 0 && color != MPI_UNDEFINED)
        return smpi__error(comm, "MPI_Comm_split", MPI_ERR_ARG,
                           "color %d is negative (use a color >= 0 or MPI_UNDEFINED)", color);
    SMPI_CHECK(smpi__coll_order_plain("MPI_Comm_split", comm));
    smpi__enter("MPI_Comm_split");
    if (comm->remote_group) {
        *newcomm = smpi__inter_split(comm, color, key);
        rc = MPI_SUCCESS;
    } else {
        rc = split("MPI_Comm_split", comm, color, key, newcomm);
    }
    smpi__leave();
    if (rc == MPI_SUCCESS)
        smpi__handle_new(SMPI_H_COMM, *newcomm, "MPI_Comm_split");
    return rc;
}
#pragma weak MPI_Comm_split = PMPI_Comm_split

/* The lowest MPI_COMM_WORLD rank on the calling rank's simulated host: the color of
 * MPI_COMM_TYPE_SHARED. */
static int host_color(void)
{
    struct smpi_process *self = smpi__self();

    for (int w = 0; w < smpi__rt.nranks; w++)
        if (smpi__rt.procs[w].host == self->host)
            return w;
    return self->rank;
}

/* The one hardware resource simmpi knows is the simulated host, whose ranks share memory: its
 * MPI-4 name (MPI-4.0 section 7.4.2) for info key mpi_hw_resource_type. */
#define HOST_RESOURCE "mpi_shared_memory"

/* Whether every member of comm runs on the calling rank's host. */
static bool host_holds_all(MPI_Comm comm)
{
    struct sim_host *h = smpi__self()->host;
    int n = smpi_comm_size(comm);

    for (int r = 0; r < n; r++)
        if (smpi__rt.procs[smpi__comm_world_rank(comm, r)].host != h)
            return false;
    return true;
}

/* The color of a split type: MPI_COMM_TYPE_SHARED is the host; MPI-4's guided types are the
 * host when info names it (MPI_UNDEFINED, hence MPI_COMM_NULL, for any other or no resource);
 * MPI_COMM_TYPE_HW_UNGUIDED is the host when that is a strict subset of comm, and says so in
 * info. */
static int split_type_color(MPI_Comm comm, int split_type, MPI_Info info)
{
    const char *v = info != MPI_INFO_NULL ? smpi__info_value(info, "mpi_hw_resource_type") : NULL;

    switch (split_type) {
    case MPI_COMM_TYPE_SHARED:
        return host_color();
    case MPI_COMM_TYPE_HW_GUIDED:
    case MPI_COMM_TYPE_RESOURCE_GUIDED:
        return v && strcmp(v, HOST_RESOURCE) == 0 ? host_color() : MPI_UNDEFINED;
    case MPI_COMM_TYPE_HW_UNGUIDED:
        if (host_holds_all(comm))
            return MPI_UNDEFINED;
        if (info != MPI_INFO_NULL && !smpi__info_predefined(info))
            smpi__info_put(info, "mpi_hw_resource_type", HOST_RESOURCE);
        return host_color();
    default:
        return MPI_UNDEFINED;
    }
}

int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm)
{
    int rc;

    SMPI_CHECK_NEW_COMM("MPI_Comm_split_type", comm, newcomm);
    if (split_type != MPI_COMM_TYPE_SHARED && split_type != MPI_UNDEFINED &&
        split_type != MPI_COMM_TYPE_HW_GUIDED && split_type != MPI_COMM_TYPE_HW_UNGUIDED &&
        split_type != MPI_COMM_TYPE_RESOURCE_GUIDED)
        return smpi__error(comm, "MPI_Comm_split_type", MPI_ERR_ARG,
                           "split_type %d is not MPI_COMM_TYPE_SHARED, MPI_COMM_TYPE_HW_GUIDED, "
                           "MPI_COMM_TYPE_HW_UNGUIDED, MPI_COMM_TYPE_RESOURCE_GUIDED or "
                           "MPI_UNDEFINED",
                           split_type);
    SMPI_CHECK(smpi__coll_order_plain("MPI_Comm_split_type", comm));
    smpi__enter("MPI_Comm_split_type");
    rc = split("MPI_Comm_split_type", comm, split_type_color(comm, split_type, info), key, newcomm);
    smpi__leave();
    if (rc == MPI_SUCCESS)
        smpi__handle_new(SMPI_H_COMM, *newcomm, "MPI_Comm_split_type");
    return rc;
}
#pragma weak MPI_Comm_split_type = PMPI_Comm_split_type

int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    SMPI_CHECK_NEW_COMM("MPI_Comm_dup_with_info", comm, newcomm);
    /* info carries only hints: MPI-4's assertions are recorded (comm_hints.c), others ignored */
    SMPI_CHECK(smpi__coll_order_plain("MPI_Comm_dup_with_info", comm));
    smpi__enter("MPI_Comm_dup_with_info");
    *newcomm = smpi__comm_dup(comm);
    smpi__comm_hints_set(*newcomm, info);
    smpi__comm_announce(*newcomm);
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, *newcomm, "MPI_Comm_dup_with_info");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_dup_with_info = PMPI_Comm_dup_with_info

int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    struct smpi_group *g1;
    struct smpi_group *g2;
    int rc;

    SMPI_CHECK_INIT("MPI_Comm_compare");
    SMPI_CHECK_COMM("MPI_Comm_compare", comm1);
    SMPI_CHECK_COMM("MPI_Comm_compare", comm2);
    SMPI_CHECK_ARG("MPI_Comm_compare", comm1, result);
    if (comm1 == comm2) {
        *result = MPI_IDENT;
        return MPI_SUCCESS;
    }
    g1 = smpi__comm_group(comm1);
    g2 = smpi__comm_group(comm2);
    rc = PMPI_Group_compare(g1, g2, result);
    if (rc == MPI_SUCCESS && *result == MPI_IDENT)
        *result = MPI_CONGRUENT; /* same members in the same order, another context */
    smpi__group_release(g1);
    smpi__group_release(g2);
    return rc;
}
#pragma weak MPI_Comm_compare = PMPI_Comm_compare

int PMPI_Comm_test_inter(MPI_Comm comm, int *flag)
{
    SMPI_CHECK_INIT("MPI_Comm_test_inter");
    SMPI_CHECK_COMM("MPI_Comm_test_inter", comm);
    SMPI_CHECK_ARG("MPI_Comm_test_inter", comm, flag);
    *flag = comm->remote_group != NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_test_inter = PMPI_Comm_test_inter

int PMPI_Comm_set_name(MPI_Comm comm, const char *comm_name)
{
    SMPI_CHECK_INIT("MPI_Comm_set_name");
    SMPI_CHECK_COMM("MPI_Comm_set_name", comm);
    SMPI_CHECK_ARG("MPI_Comm_set_name", comm, comm_name);
    /* the object is shared by the members, which all set the same name (a collective call) */
    strncpy(comm->name, comm_name, MPI_MAX_OBJECT_NAME - 1);
    comm->name[MPI_MAX_OBJECT_NAME - 1] = '\0';
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_set_name = PMPI_Comm_set_name

int PMPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen)
{
    SMPI_CHECK_INIT("MPI_Comm_get_name");
    SMPI_CHECK_COMM("MPI_Comm_get_name", comm);
    SMPI_CHECK_ARG("MPI_Comm_get_name", comm, comm_name);
    SMPI_CHECK_ARG("MPI_Comm_get_name", comm, resultlen);
    strcpy(comm_name, comm->name);
    *resultlen = (int)strlen(comm_name);
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_get_name = PMPI_Comm_get_name

/* ---- MPI_Comm_create_group ---------------------------------------------------------------
 * Collective over the members of `group` only (MPI-3.1 section 6.4.2): the members of one call
 * meet on (parent context, tag, group) (smpi__comm_meet, comm_meet.c). */

int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
    const char *call = "MPI_Comm_create_group";
    int me;

    SMPI_CHECK_NEW_COMM(call, comm, newcomm);
    SMPI_CHECK_TAG(call, comm, tag, false);
    if (group == MPI_GROUP_NULL)
        return smpi__error(comm, call, MPI_ERR_GROUP, "group is MPI_GROUP_NULL");
    me = smpi__self()->rank;
    if (group->size == 0) {
        *newcomm = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    {
        bool member = false;

        for (int i = 0; i < group->size; i++) {
            if (smpi__comm_rank_of(comm, group->world[i]) == MPI_UNDEFINED)
                return smpi__error(comm, call, MPI_ERR_GROUP,
                                   "member %d of group is not in the communicator", i);
            member = member || group->world[i] == me;
        }
        if (!member)
            return smpi__error(comm, call, MPI_ERR_GROUP,
                               "the calling rank is not a member of group (only members call "
                               "MPI_Comm_create_group)");
    }
    smpi__enter(call);
    *newcomm = smpi__comm_meet((uint64_t)(unsigned)comm->context, tag, group);
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, *newcomm, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_create_group = PMPI_Comm_create_group
