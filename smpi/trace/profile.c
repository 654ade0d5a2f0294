/* profile: the smpi/profile sink (trace.h). Per rank and MPI call it counts the calls, the bytes
 * the arguments send and receive, and the total and largest simulated time; at the end it
 * writes them as CSV (with the energy plugins, each host's and link's joules too) and prints on
 * stderr the ten calls with the most simulated time summed over the ranks, with their share of
 * the application's and of the MPI time (as mpiP does). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"

struct prof_entry {
    const char *call;
    long long calls;
    double sent;
    double received;
    double total;
    double max;
};

struct prof_rank {
    struct prof_entry *e;
    int n;
    int cap;
    double start; /* simulated time the current call began */
    double sent;  /* its argument bytes */
    double received;
    double end; /* when the rank ended (0: still running at the end) */
};

static struct prof_rank *ranks;
static FILE *csv;
static const char *csv_path;

static struct prof_entry *entry(struct prof_rank *r, const char *call)
{
    for (int i = 0; i < r->n; i++)
        if (r->e[i].call == call || strcmp(r->e[i].call, call) == 0)
            return &r->e[i];
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        r->e = sim_xrealloc(r->e, (size_t)r->cap * sizeof(*r->e));
    }
    r->e[r->n] = (struct prof_entry){ .call = call };
    return &r->e[r->n++];
}

static void on_call_in(const struct smpi_process *p, double now, const struct smpi_trace_call *c)
{
    struct prof_rank *r = &ranks[p->rank];

    r->start = now;
    smpi__trace_call_bytes(c, &r->sent, &r->received);
}

static void on_call_out(const struct smpi_process *p, double now, const char *call)
{
    struct prof_rank *r = &ranks[p->rank];
    struct prof_entry *e = entry(r, call);
    double t = now - r->start;

    e->calls++;
    e->sent += r->sent;
    e->received += r->received;
    e->total += t;
    if (t > e->max)
        e->max = t;
}

static void on_rank_end(const struct smpi_process *p, double now)
{
    ranks[p->rank].end = now;
}

static int by_call(const void *a, const void *b)
{
    return strcmp(((const struct prof_entry *)a)->call, ((const struct prof_entry *)b)->call);
}

static int by_time(const void *a, const void *b)
{
    double x = ((const struct prof_entry *)a)->total;
    double y = ((const struct prof_entry *)b)->total;

    if (x != y)
        return x < y ? 1 : -1;
    return by_call(a, b);
}

/* Adds every rank's entry of each call into one entry per call; returns how many. */
static int sum_over_ranks(struct prof_entry **out, double *app, double *mpi, double end)
{
    struct prof_rank all = { 0 };

    *app = *mpi = 0;
    for (int i = 0; i < smpi__rt.nranks; i++) {
        struct prof_rank *r = &ranks[i];

        *app += r->end > 0 ? r->end : end;
        for (int k = 0; k < r->n; k++) {
            struct prof_entry *e = entry(&all, r->e[k].call);

            e->calls += r->e[k].calls;
            e->sent += r->e[k].sent;
            e->received += r->e[k].received;
            e->total += r->e[k].total;
            if (r->e[k].max > e->max)
                e->max = r->e[k].max;
            *mpi += r->e[k].total;
        }
    }
    *out = all.e;
    return all.n;
}

static double share(double part, double whole)
{
    return whole > 0 ? 100.0 * part / whole : 0.0;
}

static void print_summary(double end)
{
    struct prof_entry *all;
    double app, mpi;
    int n = sum_over_ranks(&all, &app, &mpi, end);

    qsort(all, (size_t)n, sizeof(*all), by_time);
    fprintf(stderr,
            "simmpi: profile (%s): the %d MPI calls with the most simulated time, summed over "
            "%d ranks; app%% is of the ranks' %.6g s, mpi%% of their %.6g s in MPI\n",
            csv_path, n < 10 ? n : 10, smpi__rt.nranks, app, mpi);
    fprintf(stderr, "%-24s %12s %14s %14s %7s %7s\n", "call", "calls", "time (s)", "max (s)",
            "app%", "mpi%");
    for (int i = 0; i < n && i < 10; i++)
        fprintf(stderr, "%-24s %12lld %14.9f %14.9f %7.2f %7.2f\n", all[i].call, all[i].calls,
                all[i].total, all[i].max, share(all[i].total, app), share(all[i].total, mpi));
    free(all);
}

/* With an energy plugin on, the table gains the columns resource (the rank's host) and
 * energy_joules, and a row per host (call "host_energy") and per link ("link_energy") with the
 * joules consumed up to the end (0 without wattage properties). */
static void write_energy(void)
{
    struct sim_platform *p = sim_engine_platform();

    for (int i = 0; sim_host_energy_is_on() && i < sim_platform_host_count(p); i++) {
        struct sim_host *h = sim_platform_host(p, i);

        fprintf(csv, ",host_energy,,,,,,%s,%.6f\n", sim_host_name(h),
                sim_host_has_wattage(h) ? sim_host_consumed_energy(h) : 0.0);
    }
    for (int i = 0; sim_link_energy_is_on() && i < sim_platform_link_count(p); i++) {
        struct sim_link *l = sim_platform_link(p, i);

        fprintf(csv, ",link_energy,,,,,,%s,%.6f\n", sim_link_name(l), sim_link_consumed_energy(l));
    }
}

static void on_finish(double end)
{
    bool energy = sim_host_energy_is_on() || sim_link_energy_is_on();

    fprintf(csv, "rank,call,calls,bytes_sent,bytes_received,total_time,max_time%s\n",
            energy ? ",resource,energy_joules" : "");
    for (int i = 0; i < smpi__rt.nranks; i++) {
        struct prof_rank *r = &ranks[i];
        const char *host = sim_host_name(smpi__rt.procs[i].host);

        qsort(r->e, (size_t)r->n, sizeof(*r->e), by_call);
        for (int k = 0; k < r->n; k++)
            fprintf(csv, "%d,%s,%lld,%.0f,%.0f,%.9f,%.9f%s%s%s\n", i, r->e[k].call, r->e[k].calls,
                    r->e[k].sent, r->e[k].received, r->e[k].total, r->e[k].max, energy ? "," : "",
                    energy ? host : "", energy ? "," : "");
    }
    if (energy)
        write_energy();
    if (fclose(csv) != 0)
        sim_die("smpi/profile: cannot write '%s': %s", csv_path, strerror(errno));
    fflush(stdout);
    print_summary(end);
    for (int i = 0; i < smpi__rt.nranks; i++)
        free(ranks[i].e);
    free(ranks);
    ranks = NULL;
    csv = NULL;
}

static const struct smpi_trace_sink profile_sink = {
    .name = "profile",
    .call_in = on_call_in,
    .call_out = on_call_out,
    .rank_end = on_rank_end,
    .finish = on_finish,
};

void smpi__profile_init(void)
{
    csv_path = smpi__rt.cfg.profile;
    if (!csv_path[0])
        return;
    csv = fopen(csv_path, "w");
    if (!csv)
        sim_die("smpi/profile: cannot write '%s': %s", csv_path, strerror(errno));
    ranks = sim_xcalloc((size_t)smpi__rt.nranks, sizeof(*ranks));
    smpi__trace_register(&profile_sink);
}
