/* paje_category: the variables of tracing categories (tracing/categorized), as SimGrid declares
 * them (instr_interface.cpp declare_tracing_category, instr_platform.cpp): a category is a
 * variable "p<name>" under every HOST type and "b<name>" under every LINK type, declared when
 * the category is, walking SimGrid's type tree (each type's children by name: HOST, then the
 * zone type below, then LINK). A category declared without a colour gets SimGrid's random one:
 * three draws of its XbtRandom::uniform_real(0, nextafter(1, 2)) on std::mt19937 with its
 * default seed, so the same declarations give SMPI 3.32's colours. paje_usage.c fills them. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/paje.h"

/* The variable types of one category, by depth (0: none). */
struct pj_category {
    int *ptype;
    int *btype;
    int ndepths;
};

static struct {
    struct pj_category *v; /* v[id - 1] */
    int n;
} cats;

/* ---- SimGrid's default random generator: MT19937 (Matsumoto and Nishimura 1998), seed 5489,
 * the default of std::mt19937 ---- */

#define MT_N 624
#define MT_M 397

static struct {
    uint32_t s[MT_N];
    int next; /* MT_N + 1: not seeded */
} mt = { .next = MT_N + 1 };

static void mt_seed(uint32_t seed)
{
    mt.s[0] = seed;
    for (int i = 1; i < MT_N; i++)
        mt.s[i] = 1812433253u * (mt.s[i - 1] ^ (mt.s[i - 1] >> 30)) + (uint32_t)i;
    mt.next = MT_N;
}

/* Regenerates the whole state ("twist"). */
static void mt_twist(void)
{
    for (int i = 0; i < MT_N; i++) {
        uint32_t y = (mt.s[i] & 0x80000000u) | (mt.s[(i + 1) % MT_N] & 0x7fffffffu);

        mt.s[i] = mt.s[(i + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    mt.next = 0;
}

static uint32_t mt_draw(void)
{
    uint32_t y;

    if (mt.next > MT_N)
        mt_seed(5489u);
    if (mt.next == MT_N)
        mt_twist();
    y = mt.s[mt.next++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* XbtRandom::uniform_real(0, max): a draw over 2^32 - 1, the top value drawn again. */
static double uniform_real(double max)
{
    uint32_t x;

    do {
        x = mt_draw();
    } while (x == UINT32_MAX);
    return max * (double)x / (double)UINT32_MAX;
}

/* ---- the variable types ---- */

/* Declares the types of category c under the types of `depth` and below, in SimGrid's order. */
static void declare_depth(struct pj_category *c, int depth, const char *name, const char *color)
{
    int zone_type;
    int host_type;
    int link_type;

    smpi__paje_depth_types(depth, &zone_type, &host_type, &link_type);
    if (host_type) {
        c->ptype[depth] = smpi__paje_new_type();
        smpi__paje_def("1 %d %d p%s \"%s\"", c->ptype[depth], host_type, name, color);
    }
    if (depth + 1 < c->ndepths) {
        int below;
        int below_host;
        int below_link;

        smpi__paje_depth_types(depth + 1, &below, &below_host, &below_link);
        if (below)
            declare_depth(c, depth + 1, name, color);
    }
    if (link_type) {
        c->btype[depth] = smpi__paje_new_type();
        smpi__paje_def("1 %d %d b%s \"%s\"", c->btype[depth], link_type, name, color);
    }
}

void smpi__paje_category(int id, const char *name, const char *color)
{
    struct pj_category *c;
    char drawn[64];

    if (id > cats.n) {
        cats.v = sim_xrealloc(cats.v, (size_t)id * sizeof(*cats.v));
        memset(cats.v + cats.n, 0, (size_t)(id - cats.n) * sizeof(*cats.v));
        cats.n = id;
    }
    if (!color) {
        double max = nextafter(1.0, 2.0);
        double red = uniform_real(max);
        double green = uniform_real(max);
        double blue = uniform_real(max);

        snprintf(drawn, sizeof(drawn), "%f %f %f", red, green, blue);
        color = drawn;
    }
    c = &cats.v[id - 1];
    c->ndepths = smpi__paje_depths();
    c->ptype = sim_xcalloc((size_t)c->ndepths + 1, sizeof(int));
    c->btype = sim_xcalloc((size_t)c->ndepths + 1, sizeof(int));
    if (c->ndepths > 0)
        declare_depth(c, 0, name, color);
}

int smpi__paje_category_type(int id, bool host, int depth)
{
    const struct pj_category *c;

    if (id < 1 || id > cats.n || !cats.v[id - 1].ptype || depth < 0 ||
        depth >= cats.v[id - 1].ndepths)
        return 0;
    c = &cats.v[id - 1];
    return host ? c->ptype[depth] : c->btype[depth];
}

void smpi__paje_category_end(void)
{
    for (int i = 0; i < cats.n; i++) {
        free(cats.v[i].ptype);
        free(cats.v[i].btype);
    }
    free(cats.v);
    memset(&cats, 0, sizeof(cats));
}
