/* scatterv: MPI_Scatterv algorithms. Rank j receives in a->rbuf the a->scounts[j] elements of
 * a->stype that start a->sdispls[j] extents into the root's a->sbuf; MPI_IN_PLACE as the root's
 * a->rbuf means its own block stays where it is. Costs: p ranks, n bytes scattered in all,
 * α latency, β time per byte. */
#include "collectives/blocks.h"

/* SMPI's scatterv, its only one: the nonblocking scatterv of smpi_nbc_impl.cpp (iscatterv)
 * followed by a wait. The root copies its own block, posts a nonblocking send to every other
 * rank in rank order and waits for them all; the others post a receive and wait for it.
 * Reference: SimGrid 3.32 colls/smpi_coll.cpp (colls::scatterv) and colls/smpi_nbc_impl.cpp
 * (iscatterv). Cost: (p - 1) α + n β at the root, whose sends share its links. Needs: none. */
int coll__scatterv_smpi_linear(const struct coll_args *a)
{
    return coll__rooted_linear(a, true, true);
}
