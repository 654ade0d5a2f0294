/* analyze_end: what the ranks left behind when the run ended, under smpi/pedantic — messages
 * sent to a rank that it never received, and requests it never completed (MPI-3.1 section
 * 8.7: every communication must be complete before MPI_Finalize). Each finding names the
 * rank, its MPI_Finalize, the call that made the message or request and the communicator. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>

#include "smpi/analyze/analyze.h"
#include "smpi/internal.h"

SIM_LOG_SUBCATEGORY(log_analyze, "smpi_analyze", "smpi");

static struct smpi_site *finalize_sites; /* per rank; call NULL until it finalizes */

void smpi__analyze_finalize(void)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        return;
    if (!finalize_sites)
        finalize_sites = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(*finalize_sites));
    finalize_sites[p->rank] = smpi__site_here("MPI_Finalize");
}

/* "MPI_Finalize at x.c:30", or how the rank ended without it. */
static const char *ending(int rank, char *buf, size_t cap)
{
    if (finalize_sites && finalize_sites[rank].call)
        return smpi__site_text(&finalize_sites[rank], buf, cap);
    return "the end of the rank (no MPI_Finalize)";
}

static bool user_message(const struct smpi_request *r)
{
    return !(r->flags & (SMPI_REQ_COLL | SMPI_REQ_INTERNAL | SMPI_REQ_CANCELLED));
}

static int unreceived(int rank)
{
    int found = 0;

    for (struct smpi_request *s = smpi__rt.procs[rank].mbox.unexp.head; s; s = s->next) {
        char end[512];
        char site[512];
        char comm[512];
        struct smpi_site where = smpi__req_site(s);

        if (!user_message(s))
            continue;
        SIM_LOG(log_analyze, SIM_LOG_WARN,
                "rank %d: %s: a message sent to it was never received: from rank %d by %s, tag "
                "%d, %d x %s (%zu bytes), on %s",
                rank, ending(rank, end, sizeof(end)), s->src,
                smpi__site_text(&where, site, sizeof(site)), s->tag, s->count,
                smpi__type_text(s->type), s->size, smpi__comm_text(s->comm, comm, sizeof(comm)));
        found++;
    }
    return found;
}

/* The peer part of a pending request's description: "to rank 1, tag 0, " for point-to-point. */
static void peer_text(const struct smpi_request *r, char *buf, size_t cap)
{
    if (r->flags & SMPI_REQ_SEND)
        snprintf(buf, cap, "to rank %d, tag %d, ", r->dst, r->tag);
    else if ((r->flags & SMPI_REQ_RECV) && r->src == MPI_ANY_SOURCE)
        snprintf(buf, cap, "from MPI_ANY_SOURCE, tag %d, ", r->tag);
    else if (r->flags & SMPI_REQ_RECV)
        snprintf(buf, cap, "from rank %d, tag %d, ", r->src, r->tag);
    else
        buf[0] = '\0';
}

static void pending(int rank, MPI_Request r, const struct smpi_site *s, void *arg)
{
    int *found = arg;
    char end[512];
    char site[512];
    char peer[128];
    char comm[512];

    if (!(r->flags & SMPI_REQ_ACTIVE))
        return; /* an inactive persistent request: only a leak (smpi/list-leaks) */
    peer_text(r, peer, sizeof(peer));
    SIM_LOG(log_analyze, SIM_LOG_WARN,
            "rank %d: %s: the request of %s (%son %s) was never completed: %s", rank,
            ending(rank, end, sizeof(end)), smpi__site_text(s, site, sizeof(site)), peer,
            smpi__comm_text(r->comm, comm, sizeof(comm)),
            (r->flags & SMPI_REQ_DONE) ? "it finished but was never waited for, tested or freed"
                                       : "nothing matched it, and it was never waited for");
    (*found)++;
}

int smpi__analyze_leftovers(void)
{
    int found = 0;

    for (int r = 0; r < smpi__rt.nranks; r++)
        found += unreceived(r);
    smpi__handle_each_request(pending, &found);
    return found;
}
