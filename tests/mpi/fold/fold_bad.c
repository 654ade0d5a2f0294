/* fold_bad: SMPI_PARTIAL_SHARED_MALLOC with a bad offsets array ends the run with a message
 * naming the block, the offset and the limit (SMPI 3.32 asserts the same three conditions):
 *  "unsorted": block 1 starts before block 0 stops; "overlap": the blocks share bytes;
 *  "empty": a block starts at its stop; "past": a block stops past the size. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <string.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "unsorted";
    size_t unsorted[4] = { 8192, 12288, 0, 4096 };
    size_t overlap[4] = { 0, 8192, 4096, 12288 };
    size_t empty[2] = { 4096, 4096 };
    size_t past[2] = { 0, 20000 };
    const size_t *offsets = unsorted;
    int n = 2;
    char *p;

    MPI_Init(&argc, &argv);
    if (strcmp(mode, "overlap") == 0)
        offsets = overlap;
    else if (strcmp(mode, "empty") == 0)
        offsets = empty, n = 1;
    else if (strcmp(mode, "past") == 0)
        offsets = past, n = 1;
    p = SMPI_PARTIAL_SHARED_MALLOC(16384, offsets, n);
    SMPI_SHARED_FREE(p);
    return mtest_finish(mtest_expect(0, "SMPI_PARTIAL_SHARED_MALLOC accepted bad offsets"));
}
