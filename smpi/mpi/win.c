/* win: window objects (MPI-3.1 sections 11.2 and 11.4): their collective creation in the four
 * flavors, MPI_Win_free, attached regions of dynamic windows, shared segments, hints, the
 * predefined attributes and names. The operations and synchronisation are in rma.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/mpi/win.h"

static struct smpi_win *live_wins; /* every window some rank still holds */
static int win_count;

/* A window being created collectively: the first rank to arrive creates it, the others join
 * (keyed by the private communicator, which smpi__comm_derive gives to all of them). */
struct pending_win {
    MPI_Comm comm;
    MPI_Win win;
    int waiting;
    struct pending_win *next;
};
static struct pending_win *pending;

bool smpi__win_is_valid(MPI_Win win)
{
    struct smpi_win *w;
    int me;

    if (win == MPI_WIN_NULL)
        return false;
    for (w = live_wins; w && w != win; w = w->next)
        ;
    if (!w)
        return false;
    me = smpi_comm_rank(w->comm);
    return me != MPI_UNDEFINED && !w->r[me].freed;
}

int smpi__win_rank(MPI_Win win)
{
    return smpi_comm_rank(win->comm);
}

struct win_rank *smpi__win_self(MPI_Win win)
{
    return &win->r[smpi_comm_rank(win->comm)];
}

const char *smpi__win_name(MPI_Win win)
{
    static char buf[32];
    struct win_rank *me = smpi__win_self(win);

    if (me->name[0])
        return me->name;
    snprintf(buf, sizeof(buf), "window %d", win->id);
    return buf;
}

static void hints_default(struct win_hints *h)
{
    memset(h, 0, sizeof(*h));
    strcpy(h->accumulate_ordering, "rar,raw,war,waw");
    strcpy(h->accumulate_ops, "same_op_no_op");
}

static MPI_Win new_win(MPI_Comm comm, int flavor)
{
    struct smpi_win *w = sim_xcalloc(1, sizeof(*w));

    w->comm = comm;
    w->n = smpi_comm_size(comm);
    w->flavor = flavor;
    w->id = ++win_count;
    w->live = w->n;
    w->r = sim_xcalloc((size_t)w->n, sizeof(*w->r));
    for (int i = 0; i < w->n; i++) {
        w->r[i].excl_holder = -1;
        w->r[i].mutex.owner = NULL;
        w->r[i].collector = NULL;
        w->r[i].errhandler = MPI_ERRORS_ARE_FATAL;
        w->r[i].locks = sim_xcalloc((size_t)w->n, sizeof(int));
        hints_default(&w->r[i].hints);
    }
    w->next = live_wins;
    live_wins = w;
    return w;
}

/* The window of the creation that made the private communicator comm. */
static MPI_Win join(MPI_Comm comm, int flavor)
{
    struct pending_win **pp;
    struct pending_win *p;
    MPI_Win w;

    for (pp = &pending; *pp; pp = &(*pp)->next) {
        p = *pp;
        if (p->comm == comm) {
            w = p->win;
            if (--p->waiting == 0) {
                *pp = p->next;
                free(p);
            }
            return w;
        }
    }
    w = new_win(comm, flavor);
    if (w->n > 1) {
        p = sim_xcalloc(1, sizeof(*p));
        p->comm = comm;
        p->win = w;
        p->waiting = w->n - 1;
        p->next = pending;
        pending = p;
    }
    return w;
}

/* MPI_Win_allocate_shared: after the barrier every rank has given its size, so the first rank
 * out lays all segments out in rank order in one block (the standard's default contiguous
 * layout; alloc_shared_noncontig is only a hint). */
static void shared_layout(MPI_Win w)
{
    MPI_Aint total = 0;

    if (w->shared_block)
        return;
    for (int i = 0; i < w->n; i++)
        total += w->r[i].size;
    w->shared_block = sim_xcalloc(1, (size_t)(total > 0 ? total : 1));
    total = 0;
    for (int i = 0; i < w->n; i++) {
        w->r[i].base = w->shared_block + total;
        total += w->r[i].size;
    }
}

/* SMPI's Win constructor: an allgather of one pointer over the communicator. */
static int creation_allgather(MPI_Comm comm)
{
    void *mine = NULL;
    void **all = sim_xcalloc((size_t)smpi_comm_size(comm), sizeof(void *));
    struct coll_args a = {
        .sbuf = &mine,
        .scount = (int)sizeof(void *),
        .stype = MPI_BYTE,
        .rbuf = all,
        .rcount = (int)sizeof(void *),
        .rtype = MPI_BYTE,
        .comm = comm,
    };
    int rc = coll_run(COLL_ALLGATHER, &a);

    free(all);
    return rc;
}

/* MPI_Win_allocate_shared in SMPI: rank 0 broadcasts the block's address, then a barrier. */
static int shared_sync(MPI_Comm comm)
{
    void *ptr = NULL;
    struct coll_args b = {
        .rbuf = &ptr, .count = (int)sizeof(void *), .type = MPI_BYTE, .root = 0, .comm = comm
    };
    struct coll_args bar = { .comm = comm };
    int rc = MPI_SUCCESS;

    if (smpi_comm_size(comm) > 1)
        rc = coll_run(COLL_BCAST, &b);
    if (rc == MPI_SUCCESS)
        rc = coll_run(COLL_BARRIER, &bar);
    return rc;
}

int smpi__win_create(int flavor, void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                     MPI_Comm comm, void **base_out, MPI_Win *winp)
{
    struct smpi_group *g = smpi__comm_group(comm);
    MPI_Comm wc = smpi__comm_derive(comm, g);
    MPI_Win w;
    struct win_rank *me;
    int rc = MPI_SUCCESS;

    smpi__group_release(g);
    w = join(wc, flavor);
    me = &w->r[smpi_comm_rank(wc)];
    me->size = flavor == MPI_WIN_FLAVOR_DYNAMIC ? 0 : size;
    me->disp_unit = flavor == MPI_WIN_FLAVOR_DYNAMIC ? 1 : disp_unit;
    me->flavor_attr = flavor;
    me->model_attr = MPI_WIN_UNIFIED;
    if (flavor == MPI_WIN_FLAVOR_CREATE)
        me->base = base;
    if (flavor == MPI_WIN_FLAVOR_ALLOCATE) {
        me->base = sim_xcalloc(1, (size_t)(size > 0 ? size : 1));
        me->allocated = true;
    }
    if (info != MPI_INFO_NULL)
        smpi__win_info_set(w, info);
    if (flavor == MPI_WIN_FLAVOR_SHARED) {
        rc = shared_sync(wc);
        shared_layout(w);
    }
    if (base_out)
        *base_out = me->base;
    if (rc == MPI_SUCCESS)
        rc = creation_allgather(wc);
    *winp = w;
    return rc;
}

static void release_rank(struct win_rank *me)
{
    struct win_region *g;

    if (me->allocated)
        free(me->base);
    while ((g = me->regions)) {
        me->regions = g->next;
        free(g);
    }
    if (me->errhandler != MPI_ERRHANDLER_NULL)
        PMPI_Errhandler_free(&me->errhandler);
    free(me->access);
    free(me->expose);
    free(me->expose_reqs);
    free(me->locks);
    free(me->waitq.actors);
    free(me->mutex.queue);
    me->freed = true;
}

static void destroy(MPI_Win w)
{
    struct smpi_win **pp;

    for (pp = &live_wins; *pp != w; pp = &(*pp)->next)
        ;
    *pp = w->next;
    free(w->shared_block);
    free(w->r);
    free(w);
}

int smpi__win_free(MPI_Win w)
{
    struct coll_args bar = { .comm = w->comm };
    struct win_rank *me = smpi__win_self(w);
    MPI_Comm wc = w->comm;
    int rc = coll_run(COLL_BARRIER, &bar);

    smpi__rma_wait_local_all(w);
    if (rc == MPI_SUCCESS)
        rc = coll_run(COLL_BARRIER, &bar);
    smpi__attrs_delete(SMPI_ATTR_WIN, w, &w->attrs);
    release_rank(me);
    if (--w->live == 0)
        destroy(w);
    smpi__comm_release(wc);
    return rc;
}

/* ---- hints ----------------------------------------------------------------------------- */

static bool info_value(MPI_Info info, const char *key, char *val, int len)
{
    int flag = 0;

    PMPI_Info_get(info, key, len - 1, val, &flag);
    return flag != 0;
}

void smpi__win_info_set(MPI_Win win, MPI_Info info)
{
    struct win_hints *h = &smpi__win_self(win)->hints;
    char v[MPI_MAX_INFO_VAL + 1];

    if (info_value(info, "no_locks", v, sizeof(v)))
        h->no_locks = strcmp(v, "true") == 0;
    if (info_value(info, "same_size", v, sizeof(v)))
        h->same_size = strcmp(v, "true") == 0;
    if (info_value(info, "same_disp_unit", v, sizeof(v)))
        h->same_disp_unit = strcmp(v, "true") == 0;
    if (info_value(info, "alloc_shared_noncontig", v, sizeof(v)))
        h->alloc_shared_noncontig = strcmp(v, "true") == 0;
    if (info_value(info, "accumulate_ordering", v, sizeof(v)))
        snprintf(h->accumulate_ordering, sizeof(h->accumulate_ordering), "%.63s", v);
    if (info_value(info, "accumulate_ops", v, sizeof(v)))
        snprintf(h->accumulate_ops, sizeof(h->accumulate_ops), "%.31s", v);
}

MPI_Info smpi__win_info_get(MPI_Win win)
{
    const struct win_hints *h = &smpi__win_self(win)->hints;
    MPI_Info info;

    PMPI_Info_create(&info);
    PMPI_Info_set(info, "no_locks", h->no_locks ? "true" : "false");
    PMPI_Info_set(info, "accumulate_ordering", h->accumulate_ordering);
    PMPI_Info_set(info, "accumulate_ops", h->accumulate_ops);
    PMPI_Info_set(info, "same_size", h->same_size ? "true" : "false");
    PMPI_Info_set(info, "same_disp_unit", h->same_disp_unit ? "true" : "false");
    if (win->flavor == MPI_WIN_FLAVOR_SHARED)
        PMPI_Info_set(info, "alloc_shared_noncontig", h->alloc_shared_noncontig ? "true" : "false");
    return info;
}

/* ---- attributes, shared segments, dynamic regions ----------------------------------------- */

bool smpi__win_predefined_attr(MPI_Win win, int keyval, void **value)
{
    struct win_rank *me = smpi__win_self(win);

    switch (keyval) {
    case MPI_WIN_BASE:
        *value = me->base;
        return true;
    case MPI_WIN_SIZE:
        me->size_attr = win->flavor == MPI_WIN_FLAVOR_DYNAMIC ? 0 : me->size; /* MPI-3.1 11.2.6 */
        *value = &me->size_attr;
        return true;
    case MPI_WIN_DISP_UNIT:
        me->disp_unit_attr = me->disp_unit;
        *value = &me->disp_unit_attr;
        return true;
    case MPI_WIN_CREATE_FLAVOR:
        *value = &me->flavor_attr;
        return true;
    case MPI_WIN_MODEL:
        *value = &me->model_attr;
        return true;
    default:
        return false;
    }
}

struct smpi_attr_list **smpi__win_attrs(MPI_Win win)
{
    return &win->attrs;
}

int smpi__win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr)
{
    const struct win_rank *t = NULL;

    if (rank != MPI_PROC_NULL)
        t = &win->r[rank];
    for (int i = 0; !t && i < win->n; i++)
        if (win->r[i].size > 0)
            t = &win->r[i];
    *size = t ? t->size : 0;
    *disp_unit = t ? t->disp_unit : 1;
    *(void **)baseptr =
        t ? smpi__rank_addr(smpi__comm_world_rank(win->comm, (int)(t - win->r)), t->base) : NULL;
    return MPI_SUCCESS;
}

int smpi__win_attach(MPI_Win win, void *base, MPI_Aint size, const char **why)
{
    struct win_rank *me = smpi__win_self(win);
    struct win_region *g;
    char *b = base;

    for (g = me->regions; g; g = g->next) {
        if (b < g->base + g->size && g->base < b + size) {
            *why = "the region overlaps one already attached";
            return MPI_ERR_RMA_ATTACH;
        }
    }
    g = sim_xcalloc(1, sizeof(*g));
    g->base = b;
    g->size = size;
    g->next = me->regions;
    me->regions = g;
    me->size += size;
    return MPI_SUCCESS;
}

int smpi__win_detach(MPI_Win win, const void *base)
{
    struct win_rank *me = smpi__win_self(win);

    for (struct win_region **gp = &me->regions; *gp; gp = &(*gp)->next) {
        struct win_region *g = *gp;

        if (g->base == base) {
            *gp = g->next;
            me->size -= g->size;
            free(g);
            return MPI_SUCCESS;
        }
    }
    return MPI_ERR_RMA_ATTACH;
}
