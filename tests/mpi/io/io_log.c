/* io_log: SMPI 3.32's smpi_io lines and its collective I/O model. Two ranks on host a of
 * disks.xml (two_on_a.hosts), /scratch on its disk (40 MB/s write); the testlist runs it with
 * --log=smpi_io.thres:verbose and checks rank 1's lines on stderr.
 *  - independent: rank r writes one int at byte 4 r (MPI_File_write_at): "Seeking in MPI_File
 *    /scratch/io_log.dat, setting offset 4", "Write in MPI_File /scratch/io_log.dat, 4 bytes
 *    written, count 1, writesize 4 bytes, movesize 4", "Position after write in MPI_File
 *    /scratch/io_log.dat : 8", then the seek back to its individual pointer, 0;
 *  - collective: both write 10 ints from byte 4 r (MPI_File_write_all): [0, 40) and [4, 44)
 *    overlap, so each rank writes its share of [0, 44]: 45 / 2 = 22 bytes each, rank 1 from
 *    byte 22 to 45 (23 bytes, 5 whole ints: "Seeking ... setting offset 22", "Write in MPI_File
 *    /scratch/io_log.dat, 20 bytes written, count 5, writesize 20 bytes, movesize 20",
 *    "Position after write ... : 42"), then moves its pointer to the end of its own range
 *    ("setting offset 44");
 *  - time: both write N ints from byte 4 r the same way. Each writes 4 N / 2 bytes of the
 *    global range (rounded down to whole ints) at once on the shared disk: 4 N / 40e6 s =
 *    0.1 s, plus the gathers and the alltoallv of 4 N bytes on a's loopback (10 GB/s: 0.4 ms at
 *    most), where two independent writes of 4 N bytes would take 0.2 s;
 *  - the data: the bytes no other rank wrote hold what their rank wrote. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "mtest.h"

#define N 1000000

int main(int argc, char **argv)
{
    int rank, size, errs = 0, back = -1;
    int *buf = malloc(N * sizeof(int));
    MPI_File fh;
    MPI_Status st;
    double t0, t1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < N; i++)
        buf[i] = rank * 100 + i;
    MPI_File_open(MPI_COMM_WORLD, "/scratch/io_log.dat",
                  MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);

    MPI_File_write_at(fh, (MPI_Offset)rank * sizeof(int), buf, 1, MPI_INT, &st);
    MPI_File_seek(fh, (MPI_Offset)rank * sizeof(int), MPI_SEEK_SET);
    MPI_File_write_all(fh, buf, 10, MPI_INT, &st);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_read_at(fh, rank == 0 ? 0 : 40, &back, 1, MPI_INT, &st);
    errs +=
        mtest_expect(back == (rank == 0 ? 0 : 109), "byte %d holds %d", rank == 0 ? 0 : 40, back);

    MPI_File_seek(fh, (MPI_Offset)rank * sizeof(int), MPI_SEEK_SET);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    MPI_File_write_all(fh, buf, N, MPI_INT, &st);
    t1 = MPI_Wtime();
    errs +=
        mtest_expect(size != 2 || (t1 - t0 >= 0.1 && t1 - t0 < 0.1004),
                     "write_all of %d ints took %.9f s, not 0.1 s plus at most 0.4 ms", N, t1 - t0);
    MPI_File_close(&fh);
    free(buf);
    return mtest_finish(errs);
}
