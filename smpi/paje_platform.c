/* paje_platform: the types of a Paje trace and, when asked, the platform in it, as SMPI 3.32's
 * src/instr/instr_platform.cpp declares them: the MPI container, state and link types, the
 * HOST and LINK containers with their speed, core count, bandwidth and latency, and the ranks
 * grouped under their hosts (-trace-grouped). simcore keeps no zones, so hosts and links hang
 * under the root; SimGrid nests them in one container per zone. */
#include <stdio.h>
#include <stdlib.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/paje.h"

struct pj_platform {
    int host_type;
    int link_type;
    int nhosts;
    int nlinks;
    int *hosts; /* container of host i */
    int *links; /* container of link i, 0 for the engine's own */
};

static struct pj_platform plat;

static bool wants_platform(const struct smpi_config *cfg)
{
    bool smpi = cfg->tracing_smpi || cfg->tracing_smpi_group;

    return cfg->tracing_categorized || cfg->tracing_uncategorized || cfg->tracing_platform ||
           (smpi && cfg->tracing_smpi_group);
}

static bool wants_variables(const struct smpi_config *cfg)
{
    return cfg->tracing_categorized || cfg->tracing_uncategorized || cfg->tracing_platform;
}

/* The MPI types under the root (SMPI's on_netzone_creation for the root zone): the rank
 * container type, its state type unless the ranks sit under hosts, and the link types. */
static void root_types(struct paje_layout *l, bool grouped)
{
    int mpi = smpi__paje_new_type();
    int t;

    smpi__paje_def("0 %d 0 MPI", mpi);
    l->rank_type = mpi;
    if (!grouped) {
        l->state_type = smpi__paje_new_type();
        smpi__paje_def("2 %d %d MPI_STATE", l->state_type, mpi);
        l->msg_link_type = smpi__paje_new_type();
        smpi__paje_def("4 %d 0 %d %d MPI_LINK", l->msg_link_type, mpi, mpi);
    }
    t = smpi__paje_new_type();
    smpi__paje_def("4 %d 0 %d %d MIGRATE_LINK", t, mpi, mpi);
    t = smpi__paje_new_type();
    smpi__paje_def("2 %d %d MIGRATE_STATE", t, mpi);
}

/* Grouped ranks are of an MPI type under HOST. SMPI 3.32 still declares MPI_LINK between the
 * root's MPI type, which pj_dump rejects ("not the container type expected for the start of
 * link"); here the link joins the ranks' own type. */
static void host_rank_types(struct paje_layout *l)
{
    int mpi = smpi__paje_new_type();
    int t;

    smpi__paje_def("0 %d %d MPI", mpi, plat.host_type);
    l->rank_type = mpi;
    l->state_type = smpi__paje_new_type();
    smpi__paje_def("2 %d %d MPI_STATE", l->state_type, mpi);
    t = smpi__paje_new_type();
    smpi__paje_def("4 %d 0 %d %d MIGRATE_LINK", t, mpi, mpi);
    t = smpi__paje_new_type();
    smpi__paje_def("2 %d %d MIGRATE_STATE", t, mpi);
    l->msg_link_type = smpi__paje_new_type();
    smpi__paje_def("4 %d 0 %d %d MPI_LINK", l->msg_link_type, mpi, mpi);
}

static void hosts(const struct sim_platform *p, const struct smpi_config *cfg,
                  struct paje_layout *l, bool grouped)
{
    int speed = 0;
    int cores = 0;

    plat.host_type = smpi__paje_new_type();
    smpi__paje_def("0 %d 0 HOST", plat.host_type);
    plat.nhosts = sim_platform_host_count(p);
    plat.hosts = sim_xcalloc((size_t)plat.nhosts, sizeof(*plat.hosts));
    for (int i = 0; i < plat.nhosts; i++) {
        const struct sim_host *h = sim_platform_host(p, i);

        plat.hosts[i] = smpi__paje_new_container();
        smpi__paje_event(6, 0, "%d %d 0 \"%s\"", plat.hosts[i], plat.host_type, sim_host_name(h));
        if (i == 0 && wants_variables(cfg) && !cfg->tracing_disable_power) {
            speed = smpi__paje_new_type();
            smpi__paje_def("1 %d %d speed \"1 1 1\"", speed, plat.host_type);
            cores = smpi__paje_new_type();
            smpi__paje_def("1 %d %d core_count \"1 1 1\"", cores, plat.host_type);
        }
        if (i == 0 && grouped)
            host_rank_types(l);
        if (speed) {
            smpi__paje_event(8, 0, "%d %d %.*f", speed, plat.hosts[i], cfg->tracing_precision,
                             sim_host_speed(h));
            smpi__paje_event(8, 0, "%d %d %.*f", cores, plat.hosts[i], cfg->tracing_precision,
                             (double)sim_host_cores(h));
        }
    }
    if (grouped) {
        l->host_container = sim_xcalloc((size_t)plat.nhosts, sizeof(*l->host_container));
        for (int i = 0; i < plat.nhosts; i++)
            l->host_container[sim_host_index(sim_platform_host(p, i))] = plat.hosts[i];
    }
}

static void links(const struct sim_platform *p, const struct smpi_config *cfg)
{
    int bw = 0;
    int lat = 0;

    plat.nlinks = sim_platform_link_count(p);
    plat.links = sim_xcalloc((size_t)plat.nlinks, sizeof(*plat.links));
    for (int i = 0; i < plat.nlinks; i++) {
        const struct sim_link *k = sim_platform_link(p, i);

        if (sim_link_name(k)[0] == '_' && sim_link_name(k)[1] == '_')
            continue; /* __loopback__ and the like: SimGrid leaves them out too */
        if (!plat.link_type) {
            plat.link_type = smpi__paje_new_type();
            smpi__paje_def("0 %d 0 LINK", plat.link_type);
        }
        plat.links[i] = smpi__paje_new_container();
        smpi__paje_event(6, 0, "%d %d 0 \"%s\"", plat.links[i], plat.link_type, sim_link_name(k));
        if (!bw && wants_variables(cfg) && !cfg->tracing_disable_link) {
            bw = smpi__paje_new_type();
            smpi__paje_def("1 %d %d bandwidth \"1 1 1\"", bw, plat.link_type);
            lat = smpi__paje_new_type();
            smpi__paje_def("1 %d %d latency \"1 1 1\"", lat, plat.link_type);
        }
        if (bw) {
            smpi__paje_event(8, 0, "%d %d %.*f", bw, plat.links[i], cfg->tracing_precision,
                             sim_link_bandwidth(k));
            smpi__paje_event(8, 0, "%d %d %.*f", lat, plat.links[i], cfg->tracing_precision,
                             sim_link_latency(k));
        }
    }
}

void smpi__paje_platform(struct paje_layout *l)
{
    const struct smpi_config *cfg = &smpi__rt.cfg;
    const struct sim_platform *p = sim_engine_platform();
    bool smpi = cfg->tracing_smpi || cfg->tracing_smpi_group;
    bool grouped = smpi && cfg->tracing_smpi_group;

    l->host_container = NULL;
    if (smpi)
        root_types(l, grouped);
    if (!wants_platform(cfg))
        return;
    hosts(p, cfg, l, grouped);
    links(p, cfg);
}

void smpi__paje_platform_end(double t, struct paje_layout *l)
{
    (void)l;
    if (!smpi__rt.cfg.tracing_disable_destroy) {
        for (int i = 0; i < plat.nhosts; i++)
            smpi__paje_event(7, t, "%d %d", plat.host_type, plat.hosts[i]);
        for (int i = 0; i < plat.nlinks; i++)
            if (plat.links[i])
                smpi__paje_event(7, t, "%d %d", plat.link_type, plat.links[i]);
    }
    free(plat.hosts);
    free(plat.links);
    plat = (struct pj_platform){ 0 };
}
