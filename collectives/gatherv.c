/* gatherv: MPI_Gatherv algorithms. At the root, rank j's a->sbuf lands as a->rcounts[j]
 * elements of a->rtype, a->rdispls[j] extents into a->rbuf; MPI_IN_PLACE as the root's a->sbuf
 * means its block is already in place. Costs: p ranks, n bytes gathered in all, α latency,
 * β time per byte. */
#include "collectives/blocks.h"

/* SMPI's gatherv, its only one: the nonblocking gatherv of smpi_nbc_impl.cpp (igatherv)
 * followed by a wait. Every other rank posts a nonblocking send of its block to the root; the
 * root copies its own block, posts one receive per other rank in rank order and waits for
 * them all. Reference: SimGrid 3.32 colls/smpi_coll.cpp (colls::gatherv) and
 * colls/smpi_nbc_impl.cpp (igatherv). Cost: (p - 1) α + n β at the root, whose receives share
 * its links. Needs: none. */
int coll__gatherv_smpi_linear(const struct coll_args *a)
{
    return coll__rooted_linear(a, false, true);
}
