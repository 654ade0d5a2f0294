/* analyze_allocs: smpi/display-allocs — the application's malloc and calloc calls (through the
 * intercepts of smpi_helpers.h, with their file and line), the buffers never freed, and SMPI
 * 3.32's summary of them (smpi_utils.cpp: account_malloc_size, print_leaked_buffers,
 * print_memory_analysis), with its wording. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/mpi/datatype.h"
#include "smpi/runtime/htable.h"
#include "smpi/internal.h"

SIM_LOG_SUBCATEGORY(log_utils, "smpi_utils", "smpi");

struct alloc {
    struct smpi_hnode node; /* keyed by address */
    size_t size;
    const char *file; /* as compiled */
    int line;
};

static struct smpi_htable allocs;
static size_t total_malloc;
static size_t total_shared;
static unsigned shared_calls;
/* The largest allocation, and how many calls of that size its site made (SMPI's max_malloc). */
static struct {
    size_t size;
    const char *file;
    int line;
    unsigned calls;
} largest;

static struct alloc *alloc_of(struct smpi_hnode *n)
{
    return (struct alloc *)((char *)n - offsetof(struct alloc, node));
}

static bool same_file(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* `counted`: a malloc or calloc (SMPI adds it to its totals); a realloc only moves the record. */
void smpi__alloc_note(void *p, size_t size, const char *file, int line, bool counted)
{
    struct alloc *a;

    if (!p)
        return;
    a = sim_xmalloc(sizeof(*a));
    *a = (struct alloc){ { (uint64_t)(uintptr_t)p, NULL }, size, file, line };
    smpi__htable_insert(&allocs, &a->node);
    if (!counted)
        return;
    total_malloc += size;
    if (size > largest.size) {
        largest.size = size;
        largest.file = file;
        largest.line = line;
        largest.calls = 1;
    } else if (size == largest.size && largest.line == line && same_file(largest.file, file)) {
        largest.calls++;
    }
}

void smpi__alloc_forget(void *p)
{
    struct smpi_hnode **link = smpi__htable_chain(&allocs, (uint64_t)(uintptr_t)p);

    for (; link && *link; link = &(*link)->next) {
        if ((*link)->key == (uint64_t)(uintptr_t)p) {
            struct alloc *a = alloc_of(*link);

            smpi__htable_unlink(&allocs, link);
            free(a);
            return;
        }
    }
}

static struct alloc *find(const void *p)
{
    struct smpi_hnode **link = smpi__htable_chain(&allocs, (uint64_t)(uintptr_t)p);

    for (; link && *link; link = &(*link)->next)
        if ((*link)->key == (uint64_t)(uintptr_t)p)
            return alloc_of(*link);
    return NULL;
}

/* The bytes count elements of type touch from their buffer: up to the last byte of the last
 * element (its true extent), which a buffer must hold; SMPI counts count x extent. */
bool smpi__alloc_overflow(const void *buf, MPI_Count count, MPI_Datatype type, const char *name,
                          char *msg, size_t cap)
{
    struct alloc *a = count > 0 && buf ? find(buf) : NULL;
    MPI_Aint extent = type->ub - type->lb;
    long long reach;

    if (!a || type->size == 0 || type->true_lb < 0 || extent < 0)
        return false;
    reach = (long long)type->true_lb + (count - 1) * (long long)extent +
            (long long)(type->true_ub - type->true_lb);
    if (reach <= (long long)a->size)
        return false;
    snprintf(msg, cap, "message size %lld exceeds buffer %s size %zu, allocated at %s:%d", reach,
             name, a->size, a->file ? smpi__site_file(a->file) : "?", a->line);
    return true;
}

int smpi__check_buf_room(const char *call, MPI_Comm comm, const void *buf, int count,
                         MPI_Datatype type, const char *name)
{
    char msg[512];

    if (smpi__alloc_overflow(buf, count, type, name, msg, sizeof(msg)))
        return smpi__error(comm, call, MPI_ERR_BUFFER, "%s", msg);
    return MPI_SUCCESS;
}

void smpi__alloc_shared(size_t size)
{
    total_shared += size;
    shared_calls++;
}

struct site_leak {
    char key[512];
    int count;
    size_t total;
    size_t min;
    size_t max;
};

struct gather {
    struct site_leak *v;
    size_t n;
};

/* Adds one unfreed buffer to the group of its site ("file:line: leaked allocations"). */
static void gather_one(struct smpi_hnode *n, void *arg)
{
    struct gather *g = arg;
    struct alloc *a = alloc_of(n);
    char key[512];
    size_t i;

    snprintf(key, sizeof(key), "%s:%d: leaked allocations",
             a->file ? smpi__site_file(a->file) : "?", a->line);
    for (i = 0; i < g->n && strcmp(g->v[i].key, key) != 0; i++)
        continue;
    if (i == g->n) {
        snprintf(g->v[g->n].key, sizeof(g->v[0].key), "%s", key);
        g->v[g->n].min = a->size;
        g->v[g->n++].max = a->size;
    }
    g->v[i].count++;
    g->v[i].total += a->size;
    if (a->size > g->v[i].max)
        g->v[i].max = a->size;
    if (a->size < g->v[i].min)
        g->v[i].min = a->size;
}

/* Largest total first, as SMPI orders them; ties by site. */
static int by_total(const void *a, const void *b)
{
    const struct site_leak *x = a;
    const struct site_leak *y = b;

    if (x->total != y->total)
        return x->total < y->total ? 1 : -1;
    return strcmp(x->key, y->key);
}

static void report_leaks(int max)
{
    struct gather g = { sim_xcalloc(allocs.count, sizeof(*g.v)), 0 };

    if (max == 0) {
        SIM_LOG(log_utils, SIM_LOG_INFO,
                "Probable memory leaks in your code: SMPI detected %zu unfreed buffers:display "
                "types and addresses (n max) with --cfg=smpi/list-leaks:n.\nRunning smpirun with "
                "-wrapper \"valgrind --leak-check=full\" can provide more information",
                allocs.count);
        free(g.v);
        return;
    }
    SIM_LOG(log_utils, SIM_LOG_INFO,
            "Probable memory leaks in your code: SMPI detected %zu unfreed buffers:", allocs.count);
    smpi__htable_each(&allocs, gather_one, &g);
    qsort(g.v, g.n, sizeof(*g.v), by_total);
    for (size_t i = 0; i < g.n && (max < 0 || i < (size_t)max); i++) {
        const struct site_leak *l = &g.v[i];

        if (l->min == l->max)
            SIM_LOG(log_utils, SIM_LOG_INFO,
                    "%s of total size %zu, called %d times, each with size %zu", l->key, l->total,
                    l->count, l->min);
        else
            SIM_LOG(log_utils, SIM_LOG_INFO,
                    "%s of total size %zu, called %d times, with minimum size %zu and maximum "
                    "size %zu",
                    l->key, l->total, l->count, l->min, l->max);
    }
    if (max >= 0 && (size_t)max < g.n)
        SIM_LOG(log_utils, SIM_LOG_INFO,
                "(more buffer leaks hidden as you wanted to see only %d of them)", max);
    free(g.v);
}

/* SMPI names the largest allocation's file by its base name in every case. */
static const char *base_name(const char *file)
{
    const char *slash = file ? strrchr(file, '/') : NULL;

    return slash ? slash + 1 : file ? file : "?";
}

void smpi__alloc_report(int max)
{
    if (allocs.count)
        report_leaks(max);
    if (total_malloc)
        SIM_LOG(log_utils, SIM_LOG_INFO,
                "Memory Usage: Simulated application allocated %zu bytes during its lifetime "
                "through malloc/calloc calls.\nLargest allocation at once from a single process "
                "was %zu bytes, at %s:%d. It was called %u times during the whole simulation.\n"
                "If this is too much, consider sharing allocations for computation buffers.\n"
                "This can be done automatically by setting --cfg=smpi/auto-shared-malloc-thresh "
                "to the minimum size wanted size (this can alter execution if data content is "
                "necessary)\n",
                total_malloc, largest.size, base_name(largest.file), largest.line, largest.calls);
    else
        SIM_LOG(log_utils, SIM_LOG_INFO,
                "Allocations analysis asked, but 0 bytes were allocated through malloc/calloc "
                "calls intercepted by SMPI.\nThe code may not use malloc() to allocate memory, or "
                "it was built with SMPI_NO_OVERRIDE_MALLOC");
    if (total_shared)
        SIM_LOG(log_utils, SIM_LOG_INFO,
                "%zu bytes were automatically shared between processes, in %u calls\n",
                total_shared, shared_calls);
}
