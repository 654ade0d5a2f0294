/* MPI_SEEK_END is relative to the view: with a filetype of blocks of 20 ints every 30 ints and a
 * file of 25 ints past the displacement, the end lies in the first hole, so the position is 20
 * etypes (it was 25: bytes over the etype size; upstream f77/io/miscfilef). And the atomicity
 * flag each rank reads is the one it set: a rank ahead in MPI_File_set_atomicity does not
 * change what the others still read before their own call. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    MPI_File fh;
    MPI_Datatype vec;
    MPI_Offset pos, byte;
    char name[64];
    int size, rank, flag;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(name, sizeof(name), "/scratch/io_seek_end_%d.dat", size);
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);

    MPI_File_get_atomicity(fh, &flag);
    errs += mtest_expect(!flag, "rank %d: atomicity is false after the open", rank);
    MPI_File_set_atomicity(fh, 1);
    MPI_File_get_atomicity(fh, &flag);
    errs += mtest_expect(flag, "rank %d: atomicity is true after setting it", rank);
    MPI_File_set_atomicity(fh, 0);

    MPI_Type_vector(10, 20, 30, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_File_set_view(fh, 1000, MPI_INT, vec, "native", MPI_INFO_NULL);
    MPI_File_set_size(fh, 1000 + 25 * sizeof(int));
    MPI_File_seek(fh, 0, MPI_SEEK_END);
    MPI_File_get_position(fh, &pos);
    errs += mtest_expect(pos == 20, "rank %d: position at the end %lld, expected 20", rank,
                         (long long)pos);
    MPI_File_get_byte_offset(fh, pos, &byte);
    errs += mtest_expect(byte == 1000 + 30 * sizeof(int), "rank %d: byte offset %lld, expected %d",
                         rank, (long long)byte, (int)(1000 + 30 * sizeof(int)));
    /* a file ending inside a block: the data before it (after every rank's seek above) */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_set_size(fh, 1000 + (30 + 7) * sizeof(int));
    MPI_File_seek(fh, -2, MPI_SEEK_END);
    MPI_File_get_position(fh, &pos);
    errs += mtest_expect(pos == 25, "rank %d: position 2 before the end %lld, expected 25", rank,
                         (long long)pos);
    MPI_File_close(&fh);
    MPI_Type_free(&vec);
    return mtest_finish(errs);
}
