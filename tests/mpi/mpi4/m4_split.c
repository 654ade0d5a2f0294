/* m4_split: MPI-4's split types of MPI_Comm_split_type on 6 ranks placed 2 per host
 * (comm/three_hosts.txt). The one hardware resource is the simulated host, named
 * "mpi_shared_memory": MPI_COMM_TYPE_HW_GUIDED (and MPI-4.1's RESOURCE_GUIDED) with it gives the
 * host's 2 ranks; with another resource, a wrong key or no info, MPI_COMM_NULL.
 * MPI_COMM_TYPE_HW_UNGUIDED gives the host (a strict subset of MPI_COMM_WORLD) and names it in
 * info; from the host's communicator, where no strict subset exists, MPI_COMM_NULL. Rank 0
 * prints what it got. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

/* The size of the communicator of split type `type` with info key=value (NULL: no info),
 * 0 for MPI_COMM_NULL. */
static int split_size(MPI_Comm comm, int type, const char *key, const char *value)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_Comm c;
    int size = 0;

    if (key) {
        MPI_Info_create(&info);
        MPI_Info_set(info, key, value);
    }
    MPI_Comm_split_type(comm, type, 0, info, &c);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    if (c == MPI_COMM_NULL)
        return 0;
    MPI_Comm_size(c, &size);
    MPI_Comm_free(&c);
    return size;
}

int main(int argc, char **argv)
{
    const char *k = "mpi_hw_resource_type";
    int errs = 0;
    int rank;
    int sizes[6];
    int flag = 0;
    char got[64] = "";
    MPI_Info info;
    MPI_Comm host;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    sizes[0] = split_size(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, k, "mpi_shared_memory");
    sizes[1] = split_size(MPI_COMM_WORLD, MPI_COMM_TYPE_RESOURCE_GUIDED, k, "mpi_shared_memory");
    sizes[2] = split_size(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, k, "l3cache");
    sizes[3] = split_size(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, "shmem_topo", "core");
    sizes[4] = split_size(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, NULL, NULL);
    MPI_Info_create(&info);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_UNGUIDED, 0, info, &host);
    MPI_Info_get(info, k, sizeof(got) - 1, got, &flag);
    MPI_Info_free(&info);
    MPI_Comm_size(host, &sizes[5]);
    errs += mtest_expect(split_size(host, MPI_COMM_TYPE_HW_UNGUIDED, NULL, NULL) == 0,
                         "HW_UNGUIDED within a host is not MPI_COMM_NULL");
    MPI_Comm_free(&host);
    if (rank == 0)
        printf("HW_GUIDED mpi_shared_memory %d, RESOURCE_GUIDED %d, l3cache %d, wrong key %d, "
               "no info %d; HW_UNGUIDED %d (%s)\n",
               sizes[0], sizes[1], sizes[2], sizes[3], sizes[4], sizes[5], flag ? got : "no key");
    errs += mtest_expect(sizes[0] == 2 && sizes[1] == 2 && sizes[2] == 0 && sizes[3] == 0 &&
                             sizes[4] == 0 && sizes[5] == 2 && flag,
                         "split sizes");
    return mtest_finish(errs);
}
