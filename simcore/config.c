/* config: the kernel's configuration defaults per network model (SimGrid 3.32 values) and the
 * size-dependent factor tables of the SMPI model. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"

/* SMPI model defaults (SimGrid 3.32 sg_config.cpp, smpi/lat-factor and smpi/bw-factor),
 * fitted on ping-pongs on TACC Stampede. */
static const char smpi_lat_default[] = "0:2.01467;257:1.95341;732:1.9503;1426:1.61075;"
                                       "3484:1.88101;5776:2.18796;9376:2.59299;15424:3.48845;"
                                       "65472:11.6436";
static const char smpi_bw_default[] = "0:0.812084;257:0.338112;732:0.341987;1426:0.608902;"
                                      "3484:0.77493;5776:1.08739;9376:0.58729;15424:0.697866;"
                                      "65472:0.940694";

const char *sim__smpi_lat_factor_default(void)
{
    return smpi_lat_default;
}

const char *sim__smpi_bw_factor_default(void)
{
    return smpi_bw_default;
}

static void set_constant(struct sim_factor_table *t, double value)
{
    sim_factor_table_free(t);
    t->n = 0;
    t->constant = value;
}

void sim_config_defaults(struct sim_config *cfg, enum sim_net_model model)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->ctx_factory = SIM_CTX_RAW;
    cfg->stack_size = 128 * 1024;
    cfg->guard_size = 4096;
    cfg->precision_timing = 1e-9;
    cfg->precision_work = 1e-5;
    cfg->net_model = model;
    cfg->tcp_gamma = 4194304.0;
    cfg->crosstraffic = true;
    cfg->loopback_bw = 10e9;
    cfg->loopback_lat = 0.0;
    cfg->selective_update = true;
    set_constant(&cfg->lat_factor, 1.0);
    set_constant(&cfg->bw_factor, 1.0);
    switch (model) {
    case SIM_NET_RAW:
    case SIM_NET_LOGGP:
    case SIM_NET_LOGGPS:
    case SIM_NET_LOG3P:
    case SIM_NET_LMO: /* LMO's flows are raw ones: latency + size / bandwidth, max-min */
        cfg->tcp_gamma = 0.0;
        cfg->crosstraffic = false;
        break;
    case SIM_NET_CM02:
    case SIM_NET_CONSTANT:
        break;
    case SIM_NET_LV08:
        set_constant(&cfg->lat_factor, 13.01);
        set_constant(&cfg->bw_factor, 0.97);
        cfg->weight_s = 20537.0;
        break;
    case SIM_NET_SMPI:
        sim_factor_table_parse(smpi_lat_default, &cfg->lat_factor);
        sim_factor_table_parse(smpi_bw_default, &cfg->bw_factor);
        cfg->weight_s = 8775.0;
        break;
    }
}

static int cmp_seg(const void *a, const void *b)
{
    const struct sim_factor_seg *x = a;
    const struct sim_factor_seg *y = b;

    return (x->bound > y->bound) - (x->bound < y->bound);
}

/* "b1:f1;b2:f2;..." in any order, or one number for a constant factor. */
int sim_factor_table_parse(const char *text, struct sim_factor_table *t)
{
    struct sim_factor_table out = { 0, 1.0, NULL };
    char *copy = sim_xstrdup(text);
    char *save = NULL;
    char *end;
    int rc = 0;

    if (!strchr(text, ':')) {
        out.constant = strtod(text, &end);
        if (end == text || *end != '\0')
            rc = -1;
        goto out_done;
    }
    for (char *tok = strtok_r(copy, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
        char *colon = strchr(tok, ':');
        struct sim_factor_seg seg;

        if (!colon) {
            rc = -1;
            break;
        }
        *colon = '\0';
        seg.bound = strtod(tok, &end);
        if (end == tok || *end != '\0' || seg.bound < 0) {
            rc = -1;
            break;
        }
        seg.value = strtod(colon + 1, &end);
        if (end == colon + 1 || *end != '\0') {
            rc = -1;
            break;
        }
        out.seg = sim_xrealloc(out.seg, (size_t)(out.n + 1) * sizeof(*out.seg));
        out.seg[out.n++] = seg;
    }
    if (rc == 0 && out.n == 0)
        rc = -1;
    qsort(out.seg, (size_t)out.n, sizeof(*out.seg), cmp_seg);
out_done:
    free(copy);
    if (rc != 0) {
        free(out.seg);
        return -1;
    }
    sim_factor_table_free(t);
    *t = out;
    return 0;
}

/* SimGrid's rule: a size equal to a bound still gets the previous segment's value. */
double sim_factor_table_eval(const struct sim_factor_table *t, double size)
{
    double current = 1.0;

    if (t->n == 0)
        return t->constant;
    for (int i = 0; i < t->n; i++) {
        if (size <= t->seg[i].bound)
            return current;
        current = t->seg[i].value;
    }
    return current;
}

void sim_factor_table_free(struct sim_factor_table *t)
{
    free(t->seg);
    t->seg = NULL;
    t->n = 0;
}

void sim_config_free(struct sim_config *cfg)
{
    sim_factor_table_free(&cfg->lat_factor);
    sim_factor_table_free(&cfg->bw_factor);
    free(cfg->loggp.row);
    free(cfg->log3p.row);
    cfg->loggp = (struct sim_loggp_table){ 0, NULL };
    cfg->log3p = (struct sim_log3p_table){ 0, NULL };
}

static void *copy_rows(const void *rows, int n, size_t size)
{
    void *out;

    if (n <= 0)
        return NULL;
    out = sim_xmalloc((size_t)n * size);
    memcpy(out, rows, (size_t)n * size);
    return out;
}

void sim_config_copy(struct sim_config *dst, const struct sim_config *src)
{
    *dst = *src;
    dst->lat_factor.seg =
        copy_rows(src->lat_factor.seg, src->lat_factor.n, sizeof(*src->lat_factor.seg));
    dst->bw_factor.seg =
        copy_rows(src->bw_factor.seg, src->bw_factor.n, sizeof(*src->bw_factor.seg));
    dst->loggp.row = copy_rows(src->loggp.row, src->loggp.n, sizeof(*src->loggp.row));
    dst->log3p.row = copy_rows(src->log3p.row, src->log3p.n, sizeof(*src->log3p.row));
}
