/* smp: SMPI's Comm::init_smp for the SMP-aware algorithms and selectors. The host layout itself
 * comes from the MPI library (smpi_comm_smp); what this file adds is the cost: the first time
 * a rank asks for a communicator's layout, it sends the messages SMPI's init_smp sends, in the
 * same order and with the same algorithms, so that simulated times stay equal to SMPI's. */
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"

/* SimGrid 3.32, src/smpi/mpi/smpi_comm.cpp (Comm::init_smp):
 *   1. allgather (ring) of each rank's host leader over comm;
 *   2. on each host leader: allgather (ring) of the host sizes over the leaders;
 *   3. bcast (scatter_LR_allgather) of the uniformity flag from the leader to its host;
 *   4. allreduce (the default selector's) of the "blocked" flag with MPI_LAND over comm.
 * The values exchanged are the layout's own, so the messages carry what SMPI's carry. */
static int charge_init_smp(MPI_Comm comm, const struct smpi_smp *smp)
{
    int size = smpi_comm_size(comm);
    int rank = smpi_comm_rank(comm);
    int leader = smp->leader_of[rank];
    int local = smpi_comm_size(smp->intra);
    int uniform = smp->uniform;
    int blocked = smp->blocked;
    int global = 0;
    int *map = sim_xcalloc((size_t)size, sizeof(int));
    struct coll_args a = { .sbuf = &leader,
                           .scount = 1,
                           .stype = MPI_INT,
                           .rbuf = map,
                           .rcount = 1,
                           .rtype = MPI_INT,
                           .comm = comm };
    int rc = coll__call(COLL_ALLGATHER, "ring", &a);

    if (rc == MPI_SUCCESS && smpi_comm_rank(smp->intra) == 0) {
        a.sbuf = &local;
        a.comm = smp->leaders;
        rc = coll__call(COLL_ALLGATHER, "ring", &a);
    }
    if (rc == MPI_SUCCESS) {
        struct coll_args b = {
            .rbuf = &uniform, .count = 1, .type = MPI_INT, .root = 0, .comm = smp->intra
        };

        rc = coll__call(COLL_BCAST, "scatter_LR_allgather", &b);
    }
    if (rc == MPI_SUCCESS) {
        struct coll_args c = { .sbuf = &blocked,
                               .rbuf = &global,
                               .count = 1,
                               .type = MPI_INT,
                               .op = MPI_LAND,
                               .comm = comm };

        rc = coll__call(COLL_ALLREDUCE, "default", &c);
    }
    free(map);
    return rc;
}

int coll__smp_init(MPI_Comm comm, struct smpi_smp *smp)
{
    int rc = smpi_comm_smp(comm, smp);

    if (rc == MPI_SUCCESS && smpi_comm_smp_first_use(comm))
        rc = charge_init_smp(comm, smp);
    return rc;
}
