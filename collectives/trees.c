/* trees: the communication shapes every algorithm family shares (binomial trees, rings,
 * recursive-doubling peers) and temporary buffers sized from datatype extents. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

int coll__tree_parent(int rank, int root, int size)
{
    int vr = (rank - root + size) % size;

    if (vr == 0)
        return -1;
    return ((vr & (vr - 1)) + root) % size;
}

int coll__tree_children(int rank, int root, int size, int *children)
{
    int vr = (rank - root + size) % size;
    int n = 0;

    for (unsigned mask = 1; mask < (unsigned)size; mask <<= 1) {
        if ((unsigned)vr & mask)
            break;
        if ((unsigned)vr + mask < (unsigned)size)
            children[n++] = (int)(((unsigned)vr + mask + (unsigned)root) % (unsigned)size);
    }
    return n;
}

int coll__ring_right(int rank, int size)
{
    return (rank + 1) % size;
}

int coll__ring_left(int rank, int size)
{
    return (rank - 1 + size) % size;
}

int coll__pow2_floor(int n)
{
    int p = 1;

    sim_assert(n >= 1, "pow2_floor of %d", n);
    while (p <= n / 2)
        p *= 2;
    return p;
}

bool coll__is_pow2(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

int coll__rd_fold(int rank, int rem)
{
    if (rank < 2 * rem)
        return rank % 2 ? rank / 2 : -1;
    return rank - rem;
}

int coll__rd_unfold(int newrank, int rem)
{
    return newrank < rem ? 2 * newrank + 1 : newrank + rem;
}

void *coll__elem(const void *buf, MPI_Aint i, MPI_Datatype type)
{
    return (char *)buf + i * smpi_type_extent(type);
}

void *coll__tmp_alloc(int count, MPI_Datatype type, void **base)
{
    MPI_Aint extent = smpi_type_extent(type);
    MPI_Aint true_extent = smpi_type_true_extent(type);
    MPI_Aint bytes = count > 0 ? (MPI_Aint)(count - 1) * extent + true_extent : 0;
    char *block = sim_xmalloc(bytes > 0 ? (size_t)bytes : 1);

    *base = block - smpi_type_true_lb(type);
    return block;
}

int coll__waitall(int n, MPI_Request *reqs, int rc)
{
    int wrc = n > 0 ? smpi_waitall(n, reqs, MPI_STATUSES_IGNORE) : MPI_SUCCESS;

    return rc != MPI_SUCCESS ? rc : wrc;
}

MPI_Request *coll__reqs_alloc(int n)
{
    MPI_Request *reqs = sim_xmalloc((size_t)(n > 0 ? n : 1) * sizeof(*reqs));

    for (int i = 0; i < n; i++)
        reqs[i] = MPI_REQUEST_NULL;
    return reqs;
}
