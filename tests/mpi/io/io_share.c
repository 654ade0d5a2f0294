/* io_share: concurrent accesses share a disk as in SimGrid's disk model S19 (each access is
 * bounded by the disk's read or write bandwidth, and all of them by max(read, write), shared
 * max-min fairly). Two ranks on host a of disks.xml, each with its own file opened on
 * MPI_COMM_SELF (which costs no simulated time), all from time 0:
 *  - both write 4 MB on /scratch at once: 40 MB/s shared, 0.2 s each;
 *  - then both read them back at once: 100 MB/s shared, 0.08 s each;
 *  - then rank 0 reads while rank 1 writes: the write keeps its 40 MB/s (0.1 s), the read gets
 *    the remaining 60 MB/s of the common 100 MB/s (4e6 / 60e6 s);
 * With argument "local", rank 0 on host a and rank 1 on host b, and the files outside the
 * mount point: each rank uses its own host's disk (a's d0, b's default disk of 100/40 MB/s)
 * and nothing is shared: 0.1 s each. SMPI 3.32 gives the same times (to 1e-8 s, its MPI_Wtime
 * cost) for the shared cases on SimGrid's hosts_with_disks.xml. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define MB4 4000000

static double timed(MPI_File f, char *buf, int write)
{
    double t0 = MPI_Wtime();

    if (write)
        MPI_File_write_at(f, 0, buf, MB4, MPI_BYTE, MPI_STATUS_IGNORE);
    else
        MPI_File_read_at(f, 0, buf, MB4, MPI_BYTE, MPI_STATUS_IGNORE);
    return MPI_Wtime() - t0;
}

int main(int argc, char **argv)
{
    int rank;
    int errs = 0;
    int local = argc > 1 && strcmp(argv[1], "local") == 0;
    char name[64];
    char *buf;
    MPI_File f;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    buf = calloc(1, MB4);
    snprintf(name, sizeof(name), "%s/io_share_%d.dat", local ? "/tmp" : "/scratch", rank);
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &f);
    if (local) {
        errs += mtest_expect_time(timed(f, buf, 1), 0.1, "4 MB written alone on a host's disk");
    } else {
        errs += mtest_expect_time(timed(f, buf, 1), 0.2, "4 MB written by two ranks at once");
        errs += mtest_expect_time(timed(f, buf, 0), 0.08, "4 MB read by two ranks at once");
        if (rank == 0)
            errs += mtest_expect_time(timed(f, buf, 0), 4e6 / 60e6, "4 MB read beside a write");
        else
            errs += mtest_expect_time(timed(f, buf, 1), 0.1, "4 MB written beside a read");
    }
    MPI_File_close(&f);
    free(buf);
    return mtest_finish(errs);
}
