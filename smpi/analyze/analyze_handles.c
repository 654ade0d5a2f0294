/* analyze_handles: the handles each rank got from MPI and has not given back, with the call
 * site that created them (a hash table keyed by handle and rank; O(1) per registration and
 * release), and SMPI 3.32's listing of them at the end (smpi_utils.cpp, print_leaked_handles).
 * Objects are shared by the ranks in simmpi, so each rank's handle is one entry, as each rank's
 * object is one handle in SMPI. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/mpi/datatype.h"
#include "smpi/runtime/htable.h"
#include "smpi/internal.h"
#include "smpi/mpi/op.h"

SIM_LOG_SUBCATEGORY(log_utils, "smpi_utils", "smpi");

struct entry {
    struct smpi_hnode node; /* keyed by handle and rank */
    const void *h;
    int rank;
    enum smpi_handle_kind kind;
    bool implicit; /* the group of a registered communicator, released with it */
    struct smpi_site site;
    unsigned long seq; /* registration order */
};

static struct smpi_htable table;
static unsigned long next_seq;

static const char *const kind_names[SMPI_H_KINDS] = {
    [SMPI_H_COMM] = "MPI_Comm",         [SMPI_H_GROUP] = "MPI_Group",
    [SMPI_H_DATATYPE] = "MPI_Datatype", [SMPI_H_OP] = "MPI_Op",
    [SMPI_H_REQUEST] = "MPI_Request",   [SMPI_H_WIN] = "MPI_Win",
    [SMPI_H_INFO] = "MPI_Info",         [SMPI_H_ERRHANDLER] = "MPI_Errhandler",
    [SMPI_H_FILE] = "MPI_File",
};

static uint64_t key_of(const void *h, int rank)
{
    return (uint64_t)(uintptr_t)h ^ ((uint64_t)(unsigned)rank << 48);
}

static struct entry *entry_of(struct smpi_hnode *n)
{
    return (struct entry *)((char *)n - offsetof(struct entry, node));
}

static bool predefined(enum smpi_handle_kind k, const void *h)
{
    switch (k) {
    case SMPI_H_COMM:
        return ((MPI_Comm)h)->predefined;
    case SMPI_H_GROUP:
        return ((MPI_Group)h)->predefined;
    case SMPI_H_DATATYPE:
        return (((MPI_Datatype)h)->flags & SMPI_TYPE_PREDEFINED) != 0;
    case SMPI_H_OP:
        return ((MPI_Op)h)->predefined;
    default:
        return false; /* only user-created ones are registered by their callers */
    }
}

static void insert(enum smpi_handle_kind k, const void *h, int rank, const struct smpi_site *s,
                   bool implicit)
{
    struct entry *e = sim_xmalloc(sizeof(*e));

    *e = (struct entry){ { key_of(h, rank), NULL }, h, rank, k, implicit, *s, next_seq++ };
    smpi__htable_insert(&table, &e->node);
}

/* The link to the most recent entry of (k, h, rank), implicit or not, or NULL. */
static struct smpi_hnode **find(enum smpi_handle_kind k, const void *h, int rank, bool implicit)
{
    struct smpi_hnode **p = smpi__htable_chain(&table, key_of(h, rank));

    for (; p && *p; p = &(*p)->next) {
        struct entry *e = entry_of(*p);

        if (e->h == h && e->rank == rank && e->kind == k && e->implicit == implicit)
            return p;
    }
    return NULL;
}

static bool erase(enum smpi_handle_kind k, const void *h, int rank, bool implicit)
{
    struct smpi_hnode **p = find(k, h, rank, implicit);
    struct entry *e;

    if (!p)
        return false;
    e = entry_of(*p);
    smpi__htable_unlink(&table, p);
    free(e);
    return true;
}

void smpi__handle_add(enum smpi_handle_kind k, const void *h, const char *call)
{
    struct smpi_process *p = smpi__self();
    struct smpi_site s;

    /* a handle an MPI call makes inside another one is not the application's (MPI_Cart_sub's
     * MPI_Comm_split), or is registered by the outer call */
    if (!p || p->depth > 0 || !h || predefined(k, h))
        return;
    s = smpi__site_here(call);
    insert(k, h, p->rank, &s, false);
    if (k == SMPI_H_COMM)
        insert(SMPI_H_GROUP, ((MPI_Comm)h)->group, p->rank, &s, true);
}

void smpi__request_add(MPI_Request r)
{
    struct smpi_process *p = smpi__self();
    struct smpi_site s = smpi__req_site(r);

    if (!p)
        return;
    r->flags |= SMPI_REQ_TRACKED;
    insert(SMPI_H_REQUEST, r, p->rank, &s, false);
}

void smpi__handle_remove(enum smpi_handle_kind k, const void *h)
{
    struct smpi_process *p = smpi__self();

    if (!p || !h || !erase(k, h, p->rank, false))
        return;
    if (k == SMPI_H_COMM)
        erase(SMPI_H_GROUP, ((MPI_Comm)h)->group, p->rank, true);
}

const struct smpi_site *smpi__handle_site(enum smpi_handle_kind k, const void *h)
{
    struct smpi_process *p = smpi__self();
    struct smpi_hnode **link = p ? find(k, h, p->rank, false) : NULL;

    return link ? &entry_of(*link)->site : NULL;
}

static int by_seq(const void *a, const void *b)
{
    const struct entry *x = *(const struct entry *const *)a;
    const struct entry *y = *(const struct entry *const *)b;

    return (x->seq > y->seq) - (x->seq < y->seq);
}

struct collect {
    struct entry **v;
    size_t n;
};

static void collect_one(struct smpi_hnode *n, void *arg)
{
    struct collect *c = arg;

    c->v[c->n++] = entry_of(n);
}

/* Every entry, in registration order (a new array of *n pointers). */
static struct entry **all_entries(size_t *n)
{
    struct collect c = { sim_xmalloc((table.count ? table.count : 1) * sizeof(*c.v)), 0 };

    smpi__htable_each(&table, collect_one, &c);
    qsort(c.v, c.n, sizeof(*c.v), by_seq);
    *n = c.n;
    return c.v;
}

void smpi__handle_each_request(void (*fn)(int rank, MPI_Request r, const struct smpi_site *s,
                                          void *arg),
                               void *arg)
{
    size_t n;
    struct entry **v = all_entries(&n);

    for (size_t i = 0; i < n; i++)
        if (v[i]->kind == SMPI_H_REQUEST)
            fn(v[i]->rank, (MPI_Request)v[i]->h, &v[i]->site, arg);
    free(v);
}

/* SMPI's name of a leaked handle (F2C::name()): a communicator, datatype or op set by the
 * application, else the type's name. */
static const char *handle_name(const struct entry *e)
{
    if (e->kind == SMPI_H_COMM && ((MPI_Comm)e->h)->name[0])
        return ((MPI_Comm)e->h)->name;
    if (e->kind == SMPI_H_DATATYPE && ((MPI_Datatype)e->h)->name[0])
        return ((MPI_Datatype)e->h)->name;
    return kind_names[e->kind];
}

struct leak {
    char key[512];
    int count;
};

static int by_key(const void *a, const void *b)
{
    return strcmp(((const struct leak *)a)->key, ((const struct leak *)b)->key);
}

/* The leaks grouped by "type at file:line" (or type alone without a location), in the order
 * of the keys, as SMPI's std::map; returns their number. */
static size_t group_leaks(struct entry **v, size_t n, struct leak **out, bool *unlocated)
{
    struct leak *l = sim_xcalloc(n ? n : 1, sizeof(*l));
    size_t nl = 0;

    for (size_t i = 0; i < n; i++) {
        const struct smpi_site *s = &v[i]->site;
        char key[512];
        size_t j;

        if (s->file && s->line > 0) {
            snprintf(key, sizeof(key), "%s at %s:%d", handle_name(v[i]), smpi__site_file(s->file),
                     s->line);
        } else {
            snprintf(key, sizeof(key), "%s", handle_name(v[i]));
            *unlocated = true;
        }
        for (j = 0; j < nl && strcmp(l[j].key, key) != 0; j++)
            continue;
        if (j == nl)
            snprintf(l[nl++].key, sizeof(l[0].key), "%s", key);
        l[j].count++;
    }
    qsort(l, nl, sizeof(*l), by_key);
    *out = l;
    return nl;
}

void smpi__handle_report(int max)
{
    size_t n;
    struct entry **v = all_entries(&n);
    struct leak *l = NULL;
    bool unlocated = false;
    size_t nl;

    if (n == 0) {
        free(v);
        return;
    }
    if (max == 0) {
        SIM_LOG(log_utils, SIM_LOG_INFO,
                "Probable memory leaks in your code: SMPI detected %zu unfreed MPI handles:\n"
                "HINT: Display types and addresses (n max) with --cfg=smpi/list-leaks:n.\n"
                "Running smpirun with -wrapper \"valgrind --leak-check=full\" can provide more "
                "information",
                n);
        free(v);
        return;
    }
    SIM_LOG(log_utils, SIM_LOG_INFO,
            "Probable memory leaks in your code: SMPI detected %zu unfreed MPI handles:", n);
    nl = group_leaks(v, n, &l, &unlocated);
    if (unlocated)
        SIM_LOG(log_utils, SIM_LOG_WARN,
                "To get more information (location of allocations), compile your code with "
                "-trace-call-location flag of smpicc/f90");
    for (size_t i = 0; i < nl && (max < 0 || i < (size_t)max); i++) {
        if (l[i].count == 1)
            SIM_LOG(log_utils, SIM_LOG_INFO, "leaked handle of type %s", l[i].key);
        else
            SIM_LOG(log_utils, SIM_LOG_INFO, "%d leaked handles of type %s", l[i].count, l[i].key);
    }
    if (max >= 0 && (size_t)max < nl)
        SIM_LOG(log_utils, SIM_LOG_INFO,
                "(%zu more handle leaks hidden as you wanted to see only %d of them)",
                nl - (size_t)max, max);
    free(l);
    free(v);
}
