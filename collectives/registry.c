/* registry: every collective's algorithm table (expanded from algorithms.def), the selectors, the
 * forced algorithms of smpi/<collective>, smpi/coll-fallback, and smpirun -help-coll. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

SIM_LOG_SUBCATEGORY(log_coll, "smpi_coll", "smpi"); /* SMPI's name for its selection */

/* SMPI's initial values of its mvapich2 globals, which coll_init restores. */
#define MV2_INITIAL                                                                                \
    {                                                                                              \
        .pipelined_zcpy_knomial_factor = -1, .inter_node_knomial_factor = 4,                       \
        .intra_node_knomial_factor = 4, .reduce_intra_knomial_factor = -1,                         \
        .reduce_inter_knomial_factor = -1,                                                         \
    }
static const struct coll_mv2 mv2_initial = MV2_INITIAL;

/* The algorithm tables coll_<kind>_algos[] of collectives.h: the sections of algorithms.def, each
 * ended by a row whose name is NULL. */
#define COLL_ALGOS_BEGIN(l) const struct coll_algo coll_##l##_algos[] = {
#define COLL_ALGO_CHECKED(name_, run_, needs_, check_, help_)                                      \
    { .name = (name_), .needs = (needs_), .run = run_, .help = (help_), .check = check_ },
#define COLL_ALGO(name_, run_, needs_, help_) COLL_ALGO_CHECKED(name_, run_, needs_, NULL, help_)
/* The closing brace of the table that COLL_ALGOS_BEGIN opens (kept on one line). */
/* clang-format off */
#define COLL_ALGOS_END(l) COLL_ALGO(NULL, NULL, 0, NULL) };
/* clang-format on */
#include "collectives/algorithms.def"
#undef COLL_ALGOS_BEGIN
#undef COLL_ALGO_CHECKED
#undef COLL_ALGO
#undef COLL_ALGOS_END

#define KIND_ROW(U, l, ...) [COLL_##U] = { .name = #l, .algos = coll_##l##_algos },
static const struct {
    const char *name;
    const struct coll_algo *algos;
} kinds[COLL_NKINDS] = { COLL_KINDS(KIND_ROW) };
#undef KIND_ROW

#define DESC_ROW(U, l, form_, flags_, ti_)                                                         \
    [COLL_##U] = { .name = #l, .form = COLL_FORM_##form_, .flags = (flags_), .ti = (ti_) },
const struct coll_desc coll_descs[COLL_NKINDS] = { COLL_KINDS(DESC_ROW) };
#undef DESC_ROW

static const char *const fallback_names[] = {
    [COLL_FALLBACK_ERROR] = "error",
    [COLL_FALLBACK_WARN] = "warn",
    [COLL_FALLBACK_SILENT] = "silent",
};

static bool kind_has_op(enum coll_kind k)
{
    return coll_descs[k].flags & COLL_OP;
}

const char *coll__need_missing(const struct coll_algo *algo, enum coll_kind k,
                               const struct coll_args *b)
{
    if ((algo->needs & COLL_NEEDS_POW2) && !coll__is_pow2(smpi_comm_size(b->comm)))
        return "a power-of-two communicator size";
    if ((algo->needs & COLL_NEEDS_COMMUTATIVE) && kind_has_op(k) && b->op != MPI_OP_NULL &&
        !smpi_op_is_commutative(b->op))
        return "a commutative op";
    if ((algo->needs & COLL_NO_IN_PLACE) && b->sbuf == MPI_IN_PLACE)
        return "a send buffer other than MPI_IN_PLACE";
    if (algo->check)
        return algo->check(b);
    return NULL;
}

/* ---- selectors -------------------------------------------------------------------------- */

static const struct coll_selector selectors[] = {
#define COLL_SELECTOR(name_, help_)                                                                \
    { .name = #name_,                                                                              \
      .pick = coll__pick_##name_,                                                                  \
      .check = coll__select_##name_##_check,                                                       \
      .substitutes = coll__subst_##name_,                                                          \
      .help = help_ },
    COLL_SELECTORS
#undef COLL_SELECTOR
    { .name = "automatic",
      .help =
          "runs every algorithm that can run the call and records their times (smpi/coll-report)" },
    { .name = NULL },
};

static int run_nothing(const struct coll_args *a)
{
    (void)a;
    return MPI_SUCCESS;
}

const struct coll_algo coll__nothing = { .name = COLL_NOTHING,
                                         .run = run_nothing,
                                         .help = "the selector returns without communicating" };

/* Until coll_init: the default selector, the warn fallback, SMPI's initial mvapich2 globals. */
struct coll__run coll__run = {
    .selector = &selectors[0],
    .fallback = COLL_FALLBACK_WARN,
    .mv2 = MV2_INITIAL,
};

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

bool coll__is_selector(const char *name)
{
    const struct coll_selector *s = find_selector(name);

    return s && s->pick;
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
        return COLL_FALLBACK_WARN;
    for (size_t i = 0; i < sizeof(fallback_names) / sizeof(fallback_names[0]); i++)
        if (strcmp(text, fallback_names[i]) == 0)
            return (enum coll_fallback)i;
    sim_die("unknown smpi/coll-fallback value '%s'; valid: error, warn, silent", text);
}

/* Resolves the value of smpi/<kind>: an algorithm of that collective or a selector name. */
static void set_forced(enum coll_kind k, const char *value)
{
    struct coll__run *r = &coll__run;

    r->forced[k] = NULL;
    r->forced_selector[k] = NULL;
    if (!value || !*value)
        return;
    r->forced[k] = coll_find(k, value);
    if (r->forced[k])
        return;
    r->forced_selector[k] = find_selector(value);
    if (r->forced_selector[k])
        return;
    sim_die("unknown %s algorithm '%s' (smpi/%s); valid: %s, or a selector: %s "
            "(smpirun --help-coll)",
            kinds[k].name, value, kinds[k].name, name_list(k), name_list(-1));
}

void coll_init(const char *selector, const char *(*forced)(const char *kind), const char *fallback)
{
    struct coll__run *r = &coll__run;
    const char *sel = selector && *selector ? selector : "default";

    r->selector = find_selector(sel);
    if (!r->selector)
        sim_die("unknown collective selector '%s' (smpi/coll-selector); valid: %s "
                "(smpirun --help-coll)",
                sel, name_list(-1));
    r->fallback = parse_fallback(fallback);
    r->mv2 = mv2_initial;
    memset(r->memo, 0, sizeof(r->memo));
    for (const struct coll_selector *s = selectors; s->name; s++) {
        if (s->check)
            s->check();
        for (const struct coll_subst *x = s->substitutes; x && x->smpi; x++) {
            if (!coll_find(x->kind, x->smpi))
                sim_die("selector '%s': its substitutes name an unknown %s algorithm '%s'", s->name,
                        kinds[x->kind].name, x->smpi);
            coll__target_check(s->name, x->kind, x->instead);
        }
    }
    for (int k = 0; k < COLL_NKINDS; k++) {
        sim_assert(kinds[k].algos[0].name && kinds[k].algos[0].needs == 0,
                   "the first %s algorithm must exist and have no needs", kinds[k].name);
        set_forced((enum coll_kind)k, forced ? forced(kinds[k].name) : NULL);
        r->warned[k] = false;
    }
    SIM_LOG(log_coll, SIM_LOG_VERBOSE, "collective selector '%s', fallback '%s'", r->selector->name,
            fallback_names[r->fallback]);
}

/* The forced algorithm of k cannot run this call: apply smpi/coll-fallback. */
static void forced_cannot_run(enum coll_kind k, const char *missing, const struct coll_args *a)
{
    struct coll__run *r = &coll__run;
    const char *name = r->forced[k]->name;

    if (r->fallback == COLL_FALLBACK_ERROR)
        sim_die("forced %s algorithm '%s' needs %s (communicator size %d): force another one "
                "with --cfg=smpi/%s:NAME, or let the selector choose with "
                "--cfg=smpi/coll-fallback:warn",
                kinds[k].name, name, missing, smpi_comm_size(a->comm), kinds[k].name);
    if (r->fallback == COLL_FALLBACK_WARN && !r->warned[k]) {
        r->warned[k] = true;
        SIM_LOG(log_coll, SIM_LOG_WARN,
                "forced %s algorithm '%s' needs %s; using the '%s' selector's choice instead",
                kinds[k].name, name, missing, r->selector->name);
    }
}

/* The first substitute `sel` declares for its choice `al` of collective k that applies to call
 * b, or NULL. */
static const struct coll_subst *find_subst(const struct coll_selector *sel, enum coll_kind k,
                                           const struct coll_algo *al, const struct coll_args *b)
{
    struct coll_facts f;

    coll__facts_init(&f, k, b);
    for (const struct coll_subst *x = sel->substitutes; x && x->smpi; x++)
        if (x->kind == k && strcmp(x->smpi, al->name) == 0 && (f.flags & x->when) == x->when)
            return x;
    return NULL;
}

const struct coll_algo *coll__select(const struct coll_selector *sel, enum coll_kind k,
                                     struct coll_args *b)
{
    const struct coll_algo *al = sel->pick(k, b);
    const char *missing = coll__need_missing(al, k, b);
    const struct coll_subst *x;

    if (missing) {
        x = find_subst(sel, k, al, b);
        sim_assert(x != NULL,
                   "selector '%s' chose %s algorithm '%s', which needs %s (communicator size %d)",
                   sel->name, kinds[k].name, al->name, missing, smpi_comm_size(b->comm));
        SIM_LOG(log_coll, SIM_LOG_VERBOSE,
                "%s: SMPI's '%s' selector runs '%s', which needs %s here; running '%s'",
                kinds[k].name, sel->name, al->name, missing, x->instead);
        al = coll__pick_named(k, x->instead, b);
        missing = coll__need_missing(al, k, b);
        sim_assert(missing == NULL, "selector '%s': substitute %s algorithm '%s' needs %s",
                   sel->name, kinds[k].name, al->name, missing);
    }
    return al;
}

/* The arguments a selector rewrote (*b) when they differ from the call's (a): a copy on the
 * heap, which the caller frees after the run; else NULL, and the algorithm runs on a itself. */
static struct coll_args *rewritten(const struct coll_args *a, const struct coll_args *b)
{
    struct coll_args *c;

    if (memcmp(a, b, sizeof(*b)) == 0)
        return NULL;
    c = sim_xmalloc(sizeof(*c));
    memcpy(c, b, sizeof(*c));
    return c;
}

/* The choice of selector `sel` for a call of k, made on a copy of its arguments that the
 * selector may rewrite; in *run that copy on the heap when it did (see rewritten), else NULL.
 * Out of line: the copy stays off the stack a rank keeps while the algorithm waits, which
 * copied stacks copy at every switch. */
__attribute__((noinline)) static const struct coll_algo *
select_on_copy(const struct coll_selector *sel, enum coll_kind k, const struct coll_args *a,
               struct coll_args **run)
{
    struct coll_args b;
    const struct coll_algo *al;

    memcpy(&b, a, sizeof(b)); /* every byte, padding too, for rewritten's comparison */
    al = coll__select(sel, k, &b);
    *run = rewritten(a, &b);
    return al;
}

/* The algorithm that runs this call of k: the forced one if its needs hold, else the
 * selector's choice; in *run the arguments it runs on when a selector rewrote them (see
 * rewritten), else NULL. NULL for the automatic selector on an application's call (`app`);
 * elsewhere the automatic selector defers to the default one. */
static const struct coll_algo *choose(enum coll_kind k, const struct coll_args *a, bool app,
                                      struct coll_args **run)
{
    const struct coll_algo *al = coll__run.forced[k];
    const struct coll_selector *sel = coll__run.forced_selector[k];
    const char *missing;

    sim_assert((unsigned)k < COLL_NKINDS, "bad collective kind %d", (int)k);
    *run = NULL;
    if (al) {
        missing = coll__need_missing(al, k, a);
        if (!missing)
            return al;
        forced_cannot_run(k, missing, a);
    }
    if (!sel)
        sel = coll__run.selector;
    if (!sel->pick && app)
        return NULL;
    if (!sel->pick)
        sel = &selectors[0];
    al = select_on_copy(sel, k, a, run);
    SIM_LOG(log_coll, SIM_LOG_VERBOSE, "%s: selector '%s' chose '%s' (communicator size %d)",
            kinds[k].name, sel->name, al->name, smpi_comm_size(a->comm));
    return al;
}

/* Runs al on b, a rewritten copy of a call's arguments, and frees b. */
static int run_rewritten(const struct coll_algo *al, struct coll_args *b)
{
    int rc = al->run(b);

    free(b);
    return rc;
}

int coll_run(enum coll_kind k, const struct coll_args *a)
{
    struct coll_args *b;
    const struct coll_algo *al = choose(k, a, false, &b);

    return b ? run_rewritten(al, b) : al->run(a);
}

coll_call_fn *coll_call_observer;

bool coll_name_is_valid(int k, const char *name)
{
    return find_selector(name) || (k >= 0 && coll_find((enum coll_kind)k, name));
}

int coll_run_call(enum coll_kind k, const struct coll_args *a)
{
    struct coll_args *b;
    const struct coll_algo *al = choose(k, a, true, &b);
    double start = smpi_now();
    int rc;

    if (coll_call_observer)
        coll_call_observer(k, al);
    if (b)
        rc = run_rewritten(al, b);
    else
        rc = al ? al->run(a) : coll__automatic(k, a);

    coll__report_call(k, a, al ? al->name : "automatic", start);
    return rc;
}

int coll__call(enum coll_kind k, const char *name, const struct coll_args *a)
{
    const struct coll_algo *al = coll_find(k, name);
    const struct coll_selector *sel;
    struct coll_args *b;

    if (al)
        return al->run(a);
    sel = find_selector(name);
    sim_assert(sel != NULL, "no %s algorithm or selector named '%s'", kinds[k].name, name);
    if (!sel->pick)
        return coll__automatic(k, a);
    al = select_on_copy(sel, k, a, &b);
    return b ? run_rewritten(al, b) : al->run(a);
}

/* ---- rule engine ------------------------------------------------------------------------ */

bool coll__target_find(struct coll_target *t, enum coll_kind k, const char *name)
{
    /* Fibonacci hashing of the address and the collective */
    uint64_t h = ((uint64_t)(uintptr_t)name ^ (uint64_t)k) * UINT64_C(0x9E3779B97F4A7C15);
    struct coll__memo *m = &coll__run.memo[(h >> 32) % COLL_MEMO_SIZE];

    if (m->name == name && m->kind == k) {
        *t = m->to;
        return true;
    }
    t->algo = strcmp(name, COLL_NOTHING) == 0 ? &coll__nothing : coll_find(k, name);
    t->sel = t->algo ? NULL : find_selector(name);
    if (!t->algo && !t->sel)
        return false;
    *m = (struct coll__memo){ .name = name, .kind = k, .to = *t };
    return true;
}

void coll__target_check(const char *selector, enum coll_kind k, const char *name)
{
    struct coll_target t;

    if (!coll__target_find(&t, k, name))
        sim_die("selector '%s' names an unknown %s algorithm '%s'; valid: %s, or a selector: %s",
                selector, kinds[k].name, name, name_list(k), name_list(-1));
}

const struct coll_algo *coll__pick_named(enum coll_kind k, const char *name, struct coll_args *b)
{
    struct coll_target t;
    bool found = coll__target_find(&t, k, name);

    sim_assert(found, "no %s algorithm or selector named '%s'", kinds[k].name, name);
    return t.algo ? t.algo : coll__select(t.sel, k, b);
}

static bool rule_matches(const struct coll_rule *r, const struct coll_facts *f)
{
    size_t ranks = (size_t)f->ranks;

    return (f->flags & r->when) == r->when && ranks >= r->ranks_ge && ranks < r->ranks_lt &&
           f->bytes >= r->bytes_ge && f->bytes < r->bytes_lt;
}

static bool rule_is_catch_all(const struct coll_rule *r)
{
    return r->when == 0 && r->ranks_ge == 0 && r->ranks_lt == COLL_ANY && r->bytes_ge == 0 &&
           r->bytes_lt == COLL_ANY;
}

const struct coll_rule *coll__rules_match(const struct coll_rule *rules, const struct coll_facts *f)
{
    const struct coll_rule *r = rules;

    while (r->name && !rule_matches(r, f))
        r++;
    sim_assert(r->name != NULL, "a selector rule table has no catch-all row");
    return r;
}

void coll__rules_check(const struct coll_rule *rules, const char *selector, enum coll_kind k)
{
    const struct coll_rule *r = rules;

    for (; r->name; r++)
        coll__target_check(selector, k, r->name);
    if (r == rules || !rule_is_catch_all(r - 1))
        sim_die("selector '%s': the %s rules must end with a catch-all row", selector,
                kinds[k].name);
}

const struct coll_algo *coll__rules_pick(const struct coll_rule *rules, const struct coll_facts *f,
                                         enum coll_kind k, struct coll_args *b)
{
    return coll__pick_named(k, coll__rules_match(rules, f)->name, b);
}

size_t coll__bytes(int count, MPI_Datatype type)
{
    return (size_t)count * smpi_type_size(type);
}

size_t coll__sum(const int *counts, int n)
{
    size_t sum = 0;

    for (int i = 0; i < n; i++)
        sum += (size_t)counts[i];
    return sum;
}

/* The count that COLL_WHEN_COUNT_*_POF2 compares, and the datatype COLL_WHEN_DERIVED tests. */
static int kind_count(enum coll_kind k, const struct coll_args *a)
{
    enum coll_form f = coll_descs[k].form;

    if (f == COLL_FORM_BCAST || f == COLL_FORM_REDUCE || f == COLL_FORM_ALLREDUCE)
        return a->count;
    return a->scount;
}

static MPI_Datatype kind_type(enum coll_kind k, const struct coll_args *a)
{
    enum coll_form f = coll_descs[k].form;

    if (f == COLL_FORM_BCAST || f == COLL_FORM_REDUCE || f == COLL_FORM_ALLREDUCE ||
        f == COLL_FORM_REDUCE_SCATTER)
        return a->type;
    return MPI_DATATYPE_NULL; /* only SMPI's default reduce and allreduce test it */
}

static bool counts_regular(const int *counts, int n)
{
    for (int i = 1; i < n; i++)
        if (counts[i] != counts[0])
            return false;
    return true;
}

void coll__facts_init(struct coll_facts *f, enum coll_kind k, const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    int pof2 = coll__pow2_floor(size);
    MPI_Datatype type = kind_type(k, a);
    unsigned w = 0;

    if (kind_has_op(k)) {
        if (a->op != MPI_OP_NULL)
            w |= COLL_WHEN_OP;
        if (a->op == MPI_OP_NULL || smpi_op_is_commutative(a->op))
            w |= COLL_WHEN_COMMUTATIVE;
        else
            w |= COLL_WHEN_NONCOMMUTATIVE;
    }
    w |= coll__is_pow2(size) ? COLL_WHEN_POW2 : 0;
    w |= size % 2 ? COLL_WHEN_ODD : COLL_WHEN_EVEN;
    w |= kind_count(k, a) >= pof2 ? COLL_WHEN_COUNT_GE_POF2 : COLL_WHEN_COUNT_LT_POF2;
    w |= kind_count(k, a) == 0 ? COLL_WHEN_ZERO : 0;
    if (k == COLL_REDUCE_SCATTER)
        w |= counts_regular(a->rcounts, size) ? COLL_WHEN_REGULAR : COLL_WHEN_IRREGULAR;
    if (type != MPI_DATATYPE_NULL && smpi_type_is_derived(type))
        w |= COLL_WHEN_DERIVED;
    w |= a->sbuf == MPI_IN_PLACE ? COLL_WHEN_IN_PLACE : 0;
    w |= smpi_comm_is_smp(a->comm) ? 0 : COLL_WHEN_HIER;
    f->ranks = size;
    f->bytes = 0;
    f->flags = w;
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
