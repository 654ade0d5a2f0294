/* registry: every collective's algorithm table (expanded from COLL_KINDS), the selectors, the
 * forced algorithms of smpi/<collective>, smpi/coll-fallback, and smpirun -help-coll. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

SIM_LOG_CATEGORY(log_coll, "coll");

struct coll_mv2 coll__mv2 = {
    .pipelined_zcpy_knomial_factor = -1,
    .inter_node_knomial_factor = 4,
    .intra_node_knomial_factor = 4,
    .reduce_intra_knomial_factor = -1,
    .reduce_inter_knomial_factor = -1,
};

/* A selector picks an algorithm of collective k for one call; the choice must be the same on
 * every rank of a->comm and its needs must hold. */
typedef const struct coll_algo *coll_select_fn(enum coll_kind k, const struct coll_args *a);

struct coll_selector {
    const char *name;
    coll_select_fn *pick;
    const char *help;
};

enum coll_fallback {
    FALLBACK_ERROR,
    FALLBACK_WARN,
    FALLBACK_SILENT,
};

#define KIND_ROW(U, l) [COLL_##U] = { #l, coll_##l##_algos },
static const struct {
    const char *name;
    const struct coll_algo *algos;
} kinds[COLL_NKINDS] = { COLL_KINDS(KIND_ROW) };
#undef KIND_ROW

static const char *const fallback_names[] = {
    [FALLBACK_ERROR] = "error",
    [FALLBACK_WARN] = "warn",
    [FALLBACK_SILENT] = "silent",
};

static bool kind_has_op(enum coll_kind k)
{
    return k == COLL_REDUCE || k == COLL_ALLREDUCE || k == COLL_REDUCE_SCATTER || k == COLL_SCAN ||
           k == COLL_EXSCAN;
}

/* What `algo` needs that this call does not offer, or NULL when every need holds. */
const char *coll__need_missing(const struct coll_algo *algo, enum coll_kind k,
                               const struct coll_args *a)
{
    if ((algo->needs & COLL_NEEDS_POW2) && !coll__is_pow2(smpi_comm_size(a->comm)))
        return "a power-of-two communicator size";
    if ((algo->needs & COLL_NEEDS_COMMUTATIVE) && kind_has_op(k) && !smpi_op_is_commutative(a->op))
        return "a commutative op";
    if ((algo->needs & COLL_NO_IN_PLACE) && a->sbuf == MPI_IN_PLACE)
        return "a send buffer other than MPI_IN_PLACE";
    if (algo->check)
        return algo->check(a);
    return NULL;
}

/* The baseline choice: the first row of the table whose needs hold (the first row has none).
 * The "ompi" and "mpich" selectors use it too until their decision rules (Open MPI's
 * coll_tuned_decision_fixed.c, MPICH's generic tuning) land in select_ompi.c and
 * select_mpich.c. */
static const struct coll_algo *select_baseline(enum coll_kind k, const struct coll_args *a)
{
    for (const struct coll_algo *al = kinds[k].algos; al->name; al++)
        if (!coll__need_missing(al, k, a))
            return al;
    sim_assert(false, "no %s algorithm can run this call", kinds[k].name);
    return kinds[k].algos;
}

static const struct coll_selector selectors[] = {
    /* name      pick              help */
    { "default", select_baseline, "the first algorithm of each table whose needs hold" },
    { "mpich", select_baseline, "MPICH's rules (for now: the default choice)" },
    { "ompi", select_baseline, "Open MPI's tuned rules (for now: the default choice)" },
    { "automatic", NULL,
      "run every algorithm that can run the call and record their times (smpi/coll-report)" },
    { NULL, NULL, NULL },
};

static struct {
    const struct coll_selector *selector;
    const struct coll_algo *forced[COLL_NKINDS];
    const struct coll_selector *forced_selector[COLL_NKINDS]; /* smpi/<kind>:<selector> */
    enum coll_fallback fallback;
    bool warned[COLL_NKINDS];
} reg = { .selector = &selectors[0], .fallback = FALLBACK_WARN };

const char *coll_kind_name(enum coll_kind k)
{
    sim_assert((unsigned)k < COLL_NKINDS, "bad collective kind %d", (int)k);
    return kinds[k].name;
}

int coll_kind_by_name(const char *name)
{
    for (int k = 0; k < COLL_NKINDS; k++)
        if (strcmp(kinds[k].name, name) == 0)
            return k;
    return -1;
}

const struct coll_algo *coll_algos(enum coll_kind k)
{
    sim_assert((unsigned)k < COLL_NKINDS, "bad collective kind %d", (int)k);
    return kinds[k].algos;
}

const struct coll_algo *coll_find(enum coll_kind k, const char *name)
{
    for (const struct coll_algo *al = coll_algos(k); al->name; al++)
        if (strcmp(al->name, name) == 0)
            return al;
    return NULL;
}

static const struct coll_selector *find_selector(const char *name)
{
    for (const struct coll_selector *s = selectors; s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

/* "a, b, c": the algorithm names of collective k, or the selector names when k < 0. */
static char *name_list(int k)
{
    size_t len = 1;
    char *out;

    if (k >= 0)
        for (const struct coll_algo *al = kinds[k].algos; al->name; al++)
            len += strlen(al->name) + 2;
    else
        for (const struct coll_selector *s = selectors; s->name; s++)
            len += strlen(s->name) + 2;
    out = sim_xmalloc(len);
    out[0] = '\0';
    if (k >= 0)
        for (const struct coll_algo *al = kinds[k].algos; al->name; al++)
            strcat(strcat(out, al == kinds[k].algos ? "" : ", "), al->name);
    else
        for (const struct coll_selector *s = selectors; s->name; s++)
            strcat(strcat(out, s == selectors ? "" : ", "), s->name);
    return out;
}

static enum coll_fallback parse_fallback(const char *text)
{
    if (!text || !*text)
        return FALLBACK_WARN;
    for (size_t i = 0; i < sizeof(fallback_names) / sizeof(fallback_names[0]); i++)
        if (strcmp(text, fallback_names[i]) == 0)
            return (enum coll_fallback)i;
    sim_die("unknown smpi/coll-fallback value '%s'; valid: error, warn, silent", text);
}

/* Resolves the value of smpi/<kind>: an algorithm of that collective or a selector name. */
static void set_forced(enum coll_kind k, const char *value)
{
    reg.forced[k] = NULL;
    reg.forced_selector[k] = NULL;
    if (!value || !*value)
        return;
    reg.forced[k] = coll_find(k, value);
    if (reg.forced[k])
        return;
    reg.forced_selector[k] = find_selector(value);
    if (reg.forced_selector[k])
        return;
    sim_die("unknown %s algorithm '%s' (smpi/%s); valid: %s, or a selector: %s "
            "(smpirun --help-coll)",
            kinds[k].name, value, kinds[k].name, name_list(k), name_list(-1));
}

void coll_init(const char *selector, const char *(*forced)(const char *kind), const char *fallback)
{
    const char *sel = selector && *selector ? selector : "default";

    reg.selector = find_selector(sel);
    if (!reg.selector)
        sim_die("unknown collective selector '%s' (smpi/coll-selector); valid: %s "
                "(smpirun --help-coll)",
                sel, name_list(-1));
    reg.fallback = parse_fallback(fallback);
    for (int k = 0; k < COLL_NKINDS; k++) {
        sim_assert(kinds[k].algos[0].name && kinds[k].algos[0].needs == 0,
                   "the first %s algorithm must exist and have no needs", kinds[k].name);
        set_forced((enum coll_kind)k, forced ? forced(kinds[k].name) : NULL);
        reg.warned[k] = false;
    }
    SIM_LOG(log_coll, SIM_LOG_VERBOSE, "collective selector '%s', fallback '%s'",
            reg.selector->name, fallback_names[reg.fallback]);
}

/* The forced algorithm of k cannot run this call: apply smpi/coll-fallback. */
static void forced_cannot_run(enum coll_kind k, const char *missing, const struct coll_args *a)
{
    const char *name = reg.forced[k]->name;

    if (reg.fallback == FALLBACK_ERROR)
        sim_die("forced %s algorithm '%s' needs %s (communicator size %d): force another one "
                "with --cfg=smpi/%s:NAME, or let the selector choose with "
                "--cfg=smpi/coll-fallback:warn",
                kinds[k].name, name, missing, smpi_comm_size(a->comm), kinds[k].name);
    if (reg.fallback == FALLBACK_WARN && !reg.warned[k]) {
        reg.warned[k] = true;
        SIM_LOG(log_coll, SIM_LOG_WARN,
                "forced %s algorithm '%s' needs %s; using the '%s' selector's choice instead",
                kinds[k].name, name, missing, reg.selector->name);
    }
}

/* The algorithm that runs this call of k: the forced one if its needs hold, else the selector's
 * choice. NULL for the automatic selector on an application's call (`app`); elsewhere the
 * automatic selector defers to the default one. */
static const struct coll_algo *choose(enum coll_kind k, const struct coll_args *a, bool app)
{
    const struct coll_algo *al = reg.forced[k];
    const struct coll_selector *sel = reg.forced_selector[k];
    const char *missing;

    sim_assert((unsigned)k < COLL_NKINDS, "bad collective kind %d", (int)k);
    if (al) {
        missing = coll__need_missing(al, k, a);
        if (!missing)
            return al;
        forced_cannot_run(k, missing, a);
    }
    if (!sel)
        sel = reg.selector;
    if (!sel->pick && app)
        return NULL;
    if (!sel->pick)
        sel = &selectors[0];
    al = sel->pick(k, a);
    SIM_LOG(log_coll, SIM_LOG_VERBOSE, "%s: selector '%s' chose '%s' (communicator size %d)",
            kinds[k].name, sel->name, al->name, smpi_comm_size(a->comm));
    return al;
}

int coll_run(enum coll_kind k, const struct coll_args *a)
{
    return choose(k, a, false)->run(a);
}

int coll_run_call(enum coll_kind k, const struct coll_args *a)
{
    const struct coll_algo *al = choose(k, a, true);
    double start = smpi_now();
    int rc = al ? al->run(a) : coll__automatic(k, a);

    coll__report_call(k, a, al ? al->name : "automatic", start);
    return rc;
}

int coll__call(enum coll_kind k, const char *name, const struct coll_args *a)
{
    const struct coll_algo *al = coll_find(k, name);
    const struct coll_selector *sel;

    if (al)
        return al->run(a);
    sel = find_selector(name);
    sim_assert(sel != NULL, "no %s algorithm or selector named '%s'", kinds[k].name, name);
    if (!sel->pick)
        return coll__automatic(k, a);
    al = sel->pick(k, a);
    return al->run(a);
}

static void print_needs(FILE *out, unsigned needs)
{
    const char *sep = " [needs:";

    if (!needs)
        return;
    if (needs & COLL_NEEDS_POW2) {
        fprintf(out, "%s power-of-two size", sep);
        sep = ",";
    }
    if (needs & COLL_NEEDS_COMMUTATIVE) {
        fprintf(out, "%s commutative op", sep);
        sep = ",";
    }
    if (needs & COLL_NO_IN_PLACE)
        fprintf(out, "%s no MPI_IN_PLACE", sep);
    fprintf(out, "]");
}

void coll_print_help(FILE *out)
{
    fprintf(out, "Collective algorithms (force one with --cfg=smpi/<collective>:<algorithm>):\n");
    for (int k = 0; k < COLL_NKINDS; k++) {
        fprintf(out, "  %s:\n", kinds[k].name);
        for (const struct coll_algo *al = kinds[k].algos; al->name; al++) {
            fprintf(out, "    %-28s %s", al->name, al->help);
            print_needs(out, al->needs);
            fprintf(out, "\n");
        }
    }
    fprintf(out, "Selectors (--cfg=smpi/coll-selector:<name>, or as an algorithm name):\n");
    for (const struct coll_selector *s = selectors; s->name; s++)
        fprintf(out, "    %-28s %s\n", s->name, s->help);
    fprintf(out, "A forced algorithm whose needs fail follows smpi/coll-fallback "
                 "(error, warn or silent).\n");
}
