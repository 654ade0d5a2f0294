/* mpit: the variables of the tool interface (MPI-4.0 chapter 15). The control variables are
 * simmpi's --cfg items, read as the text of their value (MPI_CHAR); the collective choices
 * (smpi/coll-selector and smpi/<collective>) may be written at run time, which re-selects the
 * algorithms of every rank from the next call on, as if given with --cfg; every other item is
 * fixed for the run (MPI_T_SCOPE_CONSTANT, MPI_T_ERR_CVAR_SET_NEVER). The performance variables
 * are per-rank counters: messages and bytes sent (every message the rank's calls send,
 * collectives' included), the length of its unexpected queue, and per collective the algorithm
 * its last call ran and how many of its calls ran each algorithm. Categories group the items by
 * the prefix of their name ("network", "smpi", ...), the collective ones in "collectives", the
 * message counters in "messages". */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/mpit.h"
#include "smpi/runtime/options.h"

#define NK COLL_NKINDS
#define MAX_CATEGORIES 32

enum { PV_MSGS, PV_BYTES, PV_UNEXPECTED, PV_ALGO, PV_CALLS = PV_ALGO + NK, NPVARS = PV_CALLS + NK };

/* How many calls of collective `kind` ran its algorithm `value` (the enum value). */
struct call_count {
    unsigned short kind;
    unsigned short value;
    unsigned long long n;
};

/* The counters of one rank. Its calls per algorithm are kept for the (collective, algorithm)
 * pairs it has run only: a table per collective of every algorithm's count cost 1.3 KiB per
 * rank, most of a million-rank run's growth in memory. */
struct counters {
    unsigned long long msgs;
    unsigned long long bytes;
    struct call_count *calls; /* grown as the rank runs another pair */
    int ncalls;
    int calls_cap;
    unsigned short last1[NK]; /* 1 + the enum value of the last algorithm, 0 before any */
};

static struct counters *ranks; /* smpi__procs_cap() of them, made at the first count */
static char names[3][NK][48];  /* smpi/<kind>, smpi_coll_<kind>_algorithm, ..._calls */
static char cat_names[MAX_CATEGORIES][32];
static char cat_descs[MAX_CATEGORIES][96];
static int ncats;

static int nalgos(int k)
{
    int n = 0;

    for (const struct coll_algo *al = coll_algos((enum coll_kind)k); al->name; al++)
        n++;
    return n;
}

/* A rank's counters (the array has room for the ranks MPI_Comm_spawn may add; calloc leaves
 * the pages of ranks that never count untouched). */
static struct counters *counters_of(int rank)
{
    if (!ranks)
        ranks = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(*ranks));
    return &ranks[rank];
}

/* The count of rank c's calls of collective k that ran algorithm v, made at 0 if absent. */
static unsigned long long *call_count(struct counters *c, int k, int v)
{
    for (int i = 0; i < c->ncalls; i++)
        if (c->calls[i].kind == k && c->calls[i].value == v)
            return &c->calls[i].n;
    if (c->ncalls == c->calls_cap) {
        c->calls_cap = c->calls_cap ? 2 * c->calls_cap : 2;
        c->calls = sim_xrealloc(c->calls, (size_t)c->calls_cap * sizeof(*c->calls));
    }
    c->calls[c->ncalls] =
        (struct call_count){ .kind = (unsigned short)k, .value = (unsigned short)v, .n = 0 };
    return &c->calls[c->ncalls++].n;
}

void smpi__mpit_sent(int rank, int dst, int tag, size_t bytes)
{
    struct counters *c = counters_of(rank);

    c->msgs++;
    c->bytes += bytes;
    smpi__mpit_message_event(rank, dst, tag, bytes);
}

/* The enum value of algo in collective k's table (a selector may run an algorithm of another
 * table under its own name: found by name), or the last one, "other". */
static int algo_value(enum coll_kind k, const struct coll_algo *algo)
{
    const struct coll_algo *t = coll_algos(k);
    int n = nalgos((int)k);

    for (int i = 0; algo && i < n; i++)
        if (&t[i] == algo || strcmp(t[i].name, algo->name) == 0)
            return i;
    return n;
}

void smpi__mpit_coll_call(enum coll_kind k, const struct coll_algo *algo)
{
    struct counters *c = counters_of(smpi__self()->rank);
    int v = algo_value(k, algo);

    c->last1[k] = (unsigned short)(v + 1);
    (*call_count(c, (int)k, v))++;
    smpi__mpit_coll_event(k, smpi__self()->rank, v);
}

/* ---- categories ------------------------------------------------------------------------- */

static int category_named(const char *name, size_t len, const char *desc)
{
    for (int i = 0; i < ncats; i++)
        if (strlen(cat_names[i]) == len && strncmp(cat_names[i], name, len) == 0)
            return i;
    sim_assert(ncats < MAX_CATEGORIES, "more than %d MPI_T categories", MAX_CATEGORIES);
    snprintf(cat_names[ncats], sizeof(cat_names[ncats]), "%.*s", (int)len, name);
    snprintf(cat_descs[ncats], sizeof(cat_descs[ncats]), "%s", desc);
    return ncats++;
}

static int cvar_category(int i)
{
    const char *help;
    const char *name =
        i >= 0 && i < (int)smpi_options_count() ? smpi_options_name((size_t)i, &help) : NULL;
    const char *slash = name ? strchr(name, '/') : NULL;
    char desc[96];

    if (!name || strncmp(name, "smpi/coll-", 10) == 0)
        return category_named("collectives", 11, "the choice of collective algorithms");
    snprintf(desc, sizeof(desc), "the %.*s/... configuration items (--cfg)",
             (int)(slash ? slash - name : (ptrdiff_t)strlen(name)), name);
    return category_named(name, slash ? (size_t)(slash - name) : strlen(name), desc);
}

static int pvar_category(int i)
{
    if (i < PV_ALGO)
        return category_named("messages", 8, "the messages each rank sends and holds");
    return cvar_category(-1);
}

/* Every category exists once every variable has been given its own. */
static void categories_make(void)
{
    if (ncats > 0)
        return;
    for (int i = 0; i < smpi__mpit_cvar_count(); i++)
        cvar_category(i);
    for (int i = 0; i < NPVARS; i++)
        pvar_category(i);
}

int smpi__mpit_category_named(const char *name)
{
    categories_make();
    for (int i = 0; i < ncats; i++)
        if (strcmp(cat_names[i], name) == 0)
            return i;
    return -1;
}

int smpi__mpit_category_count(void)
{
    categories_make();
    return ncats;
}

const char *smpi__mpit_category(int i, const char **desc)
{
    categories_make();
    *desc = cat_descs[i];
    return cat_names[i];
}

int smpi__mpit_category_vars(int i, bool pvars, int *idx, int len)
{
    int n = 0;
    int total = pvars ? NPVARS : smpi__mpit_cvar_count();

    categories_make();
    for (int v = 0; v < total; v++)
        if ((pvars ? pvar_category(v) : cvar_category(v)) == i) {
            if (n < len)
                idx[n] = v;
            n++;
        }
    return n;
}

/* ---- control variables ------------------------------------------------------------------ */

int smpi__mpit_cvar_count(void)
{
    return (int)smpi_options_count() + NK;
}

/* Whether cvar i may be written: the collective choices. */
static bool cvar_writable(int i, int *kind)
{
    const char *help;

    *kind = i - (int)smpi_options_count();
    if (*kind >= 0)
        return true;
    return strcmp(smpi_options_name((size_t)i, &help), "smpi/coll-selector") == 0;
}

void smpi__mpit_cvar(int i, struct smpi_mpit_var *out)
{
    int k;
    bool w = cvar_writable(i, &k);

    *out = (struct smpi_mpit_var){ .verbosity = MPI_T_VERBOSITY_USER_BASIC,
                                   .type = MPI_CHAR,
                                   .count = w ? SMPI_COLL_NAME_MAX : SMPI_PATH_MAX,
                                   .enum_kind = -1,
                                   .scope = w ? MPI_T_SCOPE_ALL_EQ : MPI_T_SCOPE_CONSTANT,
                                   .category = cvar_category(i) };
    if (k < 0) {
        out->name = smpi_options_name((size_t)i, &out->desc);
        return;
    }
    if (!names[0][k][0])
        snprintf(names[0][k], sizeof(names[0][k]), "smpi/%s", coll_descs[k].name);
    out->name = names[0][k];
    out->desc = "the algorithm of this collective: one of its algorithms or a selector "
                "(smpirun --help-coll); empty: smpi/coll-selector's choice";
}

void smpi__mpit_cvar_read(int i, char *buf, size_t len)
{
    int k;

    if (cvar_writable(i, &k) && k >= 0)
        snprintf(buf, len, "%s", smpi_options_coll(coll_descs[k].name));
    else
        smpi_options_text(&smpi__rt.cfg, (size_t)i, buf, len);
}

int smpi__mpit_cvar_write(int i, const char *value)
{
    int k;
    char item[SMPI_COLL_NAME_MAX + 48];
    struct smpi_mpit_var v;

    if (!cvar_writable(i, &k))
        return MPI_T_ERR_CVAR_SET_NEVER;
    smpi__mpit_cvar(i, &v);
    if (strlen(value) >= SMPI_COLL_NAME_MAX || (k < 0 && !value[0]) ||
        (value[0] && !coll_name_is_valid(k, value)))
        return MPI_T_ERR_INVALID;
    snprintf(item, sizeof(item), "%s:%s", v.name, value);
    smpi_options_set(&smpi__rt.cfg, item);
    coll_init(smpi__rt.cfg.coll_selector, smpi_options_coll, smpi__rt.cfg.coll_fallback);
    return MPI_SUCCESS;
}

/* ---- performance variables -------------------------------------------------------------- */

int smpi__mpit_pvar_count(void)
{
    return NPVARS;
}

void smpi__mpit_pvar(int i, struct smpi_mpit_var *out)
{
    static const struct smpi_mpit_var fixed[] = {
        [PV_MSGS] = { "smpi_msgs_sent",
                      "messages this rank sent (its point-to-point calls and the messages of its "
                      "collectives)",
                      MPI_T_VERBOSITY_USER_BASIC, NULL, 1, -1, 0, MPI_T_PVAR_CLASS_COUNTER },
        [PV_BYTES] = { "smpi_bytes_sent", "bytes of the messages this rank sent",
                       MPI_T_VERBOSITY_USER_BASIC, NULL, 1, -1, 0, MPI_T_PVAR_CLASS_COUNTER },
        [PV_UNEXPECTED] = { "smpi_unexpected_queue_length",
                            "messages arrived at this rank that no posted receive matched yet",
                            MPI_T_VERBOSITY_USER_BASIC, NULL, 1, -1, 0, MPI_T_PVAR_CLASS_LEVEL,
                            true, true },
    };
    int k = i >= PV_CALLS ? i - PV_CALLS : i - PV_ALGO;

    if (i < PV_ALGO) {
        *out = fixed[i];
        out->type = i == PV_UNEXPECTED ? MPI_UNSIGNED : MPI_UNSIGNED_LONG_LONG;
        out->category = pvar_category(i);
        return;
    }
    if (!names[1][k][0]) {
        snprintf(names[1][k], sizeof(names[1][k]), "smpi_coll_%s_algorithm", coll_descs[k].name);
        snprintf(names[2][k], sizeof(names[2][k]), "smpi_coll_%s_calls", coll_descs[k].name);
    }
    *out = (struct smpi_mpit_var){ .verbosity = MPI_T_VERBOSITY_TUNER_BASIC,
                                   .enum_kind = k,
                                   .category = pvar_category(i) };
    if (i < PV_CALLS) {
        out->name = names[1][k];
        out->desc = "the algorithm this rank's last call of the collective ran (enumeration)";
        out->type = MPI_INT;
        out->count = 1;
        out->var_class = MPI_T_PVAR_CLASS_STATE;
        out->readonly = out->continuous = true;
    } else {
        out->name = names[2][k];
        out->desc = "this rank's calls of the collective that ran each algorithm (one element "
                    "per item of the enumeration, 'none' aside)";
        out->type = MPI_UNSIGNED_LONG_LONG;
        out->count = nalgos(k) + 1;
        out->var_class = MPI_T_PVAR_CLASS_COUNTER;
    }
}

static unsigned unexpected_length(int rank)
{
    unsigned n = 0;

    for (const struct smpi_request *r = smpi__rt.procs[rank].mbox.unexp.head; r; r = r->next)
        n++;
    return n;
}

void smpi__mpit_pvar_read(int i, int rank, void *out)
{
    struct counters *c = counters_of(rank);
    int k = i >= PV_CALLS ? i - PV_CALLS : i - PV_ALGO;

    if (i == PV_MSGS || i == PV_BYTES)
        *(unsigned long long *)out = i == PV_MSGS ? c->msgs : c->bytes;
    else if (i == PV_UNEXPECTED)
        *(unsigned *)out = unexpected_length(rank);
    else if (i < PV_CALLS)
        *(int *)out = (int)c->last1[k] - 1;
    else {
        unsigned long long *n = out;

        memset(n, 0, ((size_t)nalgos(k) + 1) * sizeof(*n));
        for (int j = 0; j < c->ncalls; j++)
            if (c->calls[j].kind == k)
                n[c->calls[j].value] = c->calls[j].n;
    }
}

/* ---- enumerations ----------------------------------------------------------------------- */

int smpi__mpit_enum_items(int k)
{
    return nalgos(k) + 2;
}

void smpi__mpit_enum_item(int k, int item, const char **name, int *value)
{
    int n = nalgos(k);

    *value = item <= n ? item : -1;
    *name = item < n ? coll_algos((enum coll_kind)k)[item].name : item == n ? "other" : "none";
}
