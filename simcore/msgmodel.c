/* msgmodel: the per-message network models of the papers simmpi follows, as discrete-event
 * costs of one message: the sender's CPU time, the gap before its next message, the network
 * part (sim_comm_start) and the receiver's CPU time.
 *   LogGP (Netgauge): sender o, gap g + (s-1)G, network (s-1)G + L, receiver o.
 *   LogGPS (SMPI paper, Fig. 1): sender o + kO, network T2 = L + kg below s and
 *     L + sg + (k-s)G from s on, one injection at a time (gap T2 - L), receiver o + kO; from S
 *     on a rendezvous whose handshake ends o after max(send + L + o, receive posted).
 *   log_3 P (Cameron, Ge, Sun): o_mw/2 at each end, plus l_mw/2 at an end whose datatype is
 *     not contiguous; network o_net between two hosts, T_mem within one.
 *   LMO (Lastovetsky, Rychkov, O'Flynn): C_i + t_i M at each end (host properties lmo/C and
 *     lmo/t), network = a raw max-min flow over the route. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "simcore/internal.h"

bool sim_net_model_is_per_message(enum sim_net_model m)
{
    return m == SIM_NET_LOGGP || m == SIM_NET_LOGGPS || m == SIM_NET_LOG3P || m == SIM_NET_LMO;
}

/* A host's lmo/C or lmo/t: its property, else network/lmo-default's value; dies when neither
 * is there or the property is not a duration. */
static double lmo_param(const struct sim_host *h, const char *prop, double def, bool has_def)
{
    const char *text = sim_host_property(h, prop);
    double v;

    if (!text && has_def)
        return def;
    if (!text)
        sim_die("network/model:LMO: host '%s' has no %s property and network/lmo-default is not "
                "set; give each host <prop id=\"lmo/C\" value=\"10us\"/> and <prop id=\"lmo/t\" "
                "value=\"0.002us\"/> (seconds per byte), or --cfg=network/lmo-default:C:t",
                sim_host_name(h), prop);
    if (sim_parse_time(text, &v) != 0 || !(v >= 0))
        sim_die("network/model:LMO: host '%s': %s '%s' is not a duration >= 0 (such as %s)",
                sim_host_name(h), prop, text, prop[4] == 'C' ? "10us" : "0.002us per byte");
    return v;
}

void sim__msg_init(void)
{
    struct sim__engine *e = &sim__engine;
    const struct sim_config *cfg = &e->cfg;
    int n = sim_platform_host_count(e->platform);

    if (cfg->net_model != SIM_NET_LMO)
        return;
    e->lmo_c = sim_xcalloc((size_t)n + 1, sizeof(*e->lmo_c));
    e->lmo_t = sim_xcalloc((size_t)n + 1, sizeof(*e->lmo_t));
    for (int i = 0; i < n; i++) {
        const struct sim_host *h = sim_platform_host(e->platform, i);

        e->lmo_c[sim_host_index(h)] =
            lmo_param(h, "lmo/C", cfg->lmo_default.c, cfg->lmo_default.set);
        e->lmo_t[sim_host_index(h)] =
            lmo_param(h, "lmo/t", cfg->lmo_default.t, cfg->lmo_default.set);
    }
}

void sim__msg_shutdown(void)
{
    free(sim__engine.lmo_c);
    free(sim__engine.lmo_t);
    sim__engine.lmo_c = sim__engine.lmo_t = NULL;
}

/* The index of the row of a table (rows of `size` bytes, each starting with its minsize,
 * sorted) that applies to `bytes`: the largest minsize not above it, else the first. Tables
 * have a few rows: a linear scan. */
static int row_index(const void *rows, int n, size_t size, double bytes)
{
    int i = 0;

    sim_assert(n > 0, "a per-message model without its table of parameters");
    while (i + 1 < n && *(const double *)((const char *)rows + (size_t)(i + 1) * size) <= bytes)
        i++;
    return i;
}

static const struct sim_loggp_row *loggp_row(double bytes)
{
    const struct sim_loggp_table *t = &sim__engine.cfg.loggp;

    return &t->row[row_index(t->row, t->n, sizeof(*t->row), bytes)];
}

static const struct sim_log3p_row *log3p_row(double bytes)
{
    const struct sim_log3p_table *t = &sim__engine.cfg.log3p;

    return &t->row[row_index(t->row, t->n, sizeof(*t->row), bytes)];
}

/* LMO's CPU time of a message of `bytes` at its end on host h: C_h + t_h * bytes. */
static double lmo_end(const struct sim_host *h, double bytes)
{
    int i = sim_host_index(h);

    return sim__engine.lmo_c[i] + sim__engine.lmo_t[i] * bytes;
}

/* LogGP counts the bytes after the first: an empty message costs what a 1-byte one does. */
static double after_first(double bytes)
{
    return bytes > 1 ? bytes - 1 : 0;
}

/* LogGPS's transmission part of T2 (T2 without L). */
static double loggps_wire(const struct sim_loggps *m, double k)
{
    return k < m->s ? k * m->g : m->s * m->g + (k - m->s) * m->G;
}

void sim_msg_send(const struct sim_host *src, const struct sim_host *dst, double bytes,
                  bool strided, struct sim_msg_cost *c)
{
    const struct sim_config *cfg = &sim__engine.cfg;

    (void)dst;
    *c = (struct sim_msg_cost){ 0 };
    switch (cfg->net_model) {
    case SIM_NET_LOGGP: {
        const struct sim_loggp_row *r = loggp_row(bytes);

        c->cpu = r->o;
        c->gap = r->g + after_first(bytes) * r->G;
        break;
    }
    case SIM_NET_LOGGPS: {
        const struct sim_loggps *m = &cfg->loggps;

        c->cpu = m->o + bytes * m->O;
        c->gap = loggps_wire(m, bytes);
        c->rendezvous = bytes >= m->S;
        c->hs_latency = m->L + m->o;
        c->hs_cpu = m->o;
        break;
    }
    case SIM_NET_LOG3P: {
        const struct sim_log3p_row *r = log3p_row(bytes);

        c->cpu = r->o_mw / 2 + (strided ? r->l_mw / 2 : 0);
        break;
    }
    case SIM_NET_LMO:
        c->cpu = lmo_end(src, bytes);
        break;
    default:
        sim_assert(false, "sim_msg_send under a model without per-message costs");
    }
}

double sim_msg_recv(const struct sim_host *src, const struct sim_host *dst, double bytes,
                    bool strided)
{
    const struct sim_config *cfg = &sim__engine.cfg;

    (void)src;
    switch (cfg->net_model) {
    case SIM_NET_LOGGP:
        return loggp_row(bytes)->o;
    case SIM_NET_LOGGPS:
        return cfg->loggps.o + bytes * cfg->loggps.O;
    case SIM_NET_LOG3P: {
        const struct sim_log3p_row *r = log3p_row(bytes);

        return r->o_mw / 2 + (strided ? r->l_mw / 2 : 0);
    }
    case SIM_NET_LMO:
        return lmo_end(dst, bytes);
    default:
        sim_assert(false, "sim_msg_recv under a model without per-message costs");
    }
    return 0;
}

double sim__msg_wire(const struct sim_host *src, const struct sim_host *dst, double bytes)
{
    const struct sim_config *cfg = &sim__engine.cfg;

    switch (cfg->net_model) {
    case SIM_NET_LOGGP: {
        const struct sim_loggp_row *r = loggp_row(bytes);

        return r->L + after_first(bytes) * r->G;
    }
    case SIM_NET_LOGGPS:
        return cfg->loggps.L + loggps_wire(&cfg->loggps, bytes);
    case SIM_NET_LOG3P: {
        const struct sim_log3p_row *r = log3p_row(bytes);

        return src == dst ? r->t_mem : r->o_net;
    }
    default:
        sim_assert(false, "sim__msg_wire under a model with flows");
    }
    return 0;
}
