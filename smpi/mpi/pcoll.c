/* pcoll: the persistent collectives of MPI-4.0 (section 6.13). MPI_<Coll>_init checks its
 * arguments as the blocking collective does and derives the request's private communicator
 * (the init calls are collective and ordered on the communicator, as the nonblocking calls are,
 * so the n-th of every rank gets the same fresh matching contexts); each MPI_Start then runs the
 * nonblocking collective on that communicator (bindings_icoll.c's helper actor, with the
 * algorithm the selector chooses), traced and costed as the nonblocking call made at that date.
 * Requests started in different orders at different ranks never meet the wrong peer, since each
 * has contexts of its own. The request holds references on its datatypes, op and private
 * communicator until it is freed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"

struct smpi_pcoll {
    enum coll_kind kind;
    struct coll_args user; /* the arguments as given, on the user's communicator (traces) */
    struct coll_args args; /* the same on the private communicator (one reference) */
    int *counts;           /* reduce_scatter_block: the equal counts, owned */
    char icall[48];        /* the nonblocking call each start is ("MPI_Ibcast") */
};

/* "MPI_Bcast_init" -> "MPI_Ibcast". */
static void icall_name(const char *call, char *out, size_t len)
{
    size_t n = strlen(call) - strlen("MPI_") - strlen("_init");

    snprintf(out, len, "MPI_I%c%.*s", tolower((unsigned char)call[4]), (int)n - 1, call + 5);
}

int smpi__pcoll_init(const char *call, enum coll_kind kind, const struct coll_args *args,
                     int *counts, MPI_Request *request)
{
    struct smpi_pcoll *p;
    MPI_Request r;
    int rc = smpi__coll_check(call, kind, args);

    if (rc == MPI_SUCCESS)
        rc = smpi__check_arg(call, args->comm, request, "request");
    if (rc != MPI_SUCCESS) {
        free(counts);
        return rc;
    }
    smpi__enter(call);
    p = sim_xcalloc(1, sizeof(*p));
    p->kind = kind;
    p->user = *args;
    p->args = *args;
    p->args.comm = smpi__nbc_comm(args->comm);
    p->counts = counts;
    icall_name(call, p->icall, sizeof(p->icall));
    smpi__nbc_hold(kind, &p->args, true);
    r = smpi__req_new(SMPI_REQ_NBC | SMPI_REQ_PERSISTENT, NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0,
                      args->comm);
    r->flags &= ~SMPI_REQ_PROCNULL;
    smpi__req_rare(r)->pcoll = p;
    *request = r;
    smpi__request_new(r);
    smpi__leave();
    return MPI_SUCCESS;
}

void smpi__pcoll_start(MPI_Request r)
{
    struct smpi_pcoll *p = r->rare->pcoll;

    smpi__coll_enter(p->icall, p->kind, &p->user);
    p->args.comm->refcount++; /* the helper's, released when it ends */
    smpi__nbc_launch(p->icall, p->kind, &p->args, NULL, r);
    smpi__leave();
}

void smpi__pcoll_free(struct smpi_pcoll *p)
{
    smpi__nbc_hold(p->kind, &p->args, false);
    smpi__comm_release(p->args.comm);
    free(p->counts);
    free(p);
}
