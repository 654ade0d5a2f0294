/* rma_pscw: generalized active target synchronisation. Even ranks expose their window to the
 * odd ones (MPI_Win_post / MPI_Win_wait, or a MPI_Win_test loop on rank 0); odd ranks open an
 * access epoch to the even ones (MPI_Win_start / MPI_Win_complete), put their rank into every
 * even rank's slot and get it back. A rank of both groups (a self epoch) is allowed. Needs an
 * even number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int rank, size, errs = 0, nev, nod;
    int slots[64];
    int evens[32], odds[32];
    MPI_Group world, eg, og;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < 64; i++)
        slots[i] = -1;
    nev = nod = 0;
    for (int r = 0; r < size; r++) {
        if (r % 2 == 0)
            evens[nev++] = r;
        else
            odds[nod++] = r;
    }
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, nev, evens, &eg);
    MPI_Group_incl(world, nod, odds, &og);
    MPI_Win_create(slots, sizeof(slots), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank % 2 == 0) {
        MPI_Win_post(og, 0, win);
        if (rank == 0) {
            int flag = 0;

            while (!flag)
                MPI_Win_test(win, &flag);
        } else {
            MPI_Win_wait(win);
        }
        for (int k = 0; k < nod; k++)
            errs +=
                mtest_expect(slots[odds[k]] == odds[k], "slot %d = %d", odds[k], slots[odds[k]]);
    } else {
        int back[32];

        MPI_Win_start(eg, 0, win);
        for (int k = 0; k < nev; k++)
            MPI_Put(&rank, 1, MPI_INT, evens[k], rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Win_start(eg, 0, win);
        for (int k = 0; k < nev; k++)
            MPI_Get(&back[k], 1, MPI_INT, evens[k], rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
        for (int k = 0; k < nev; k++)
            errs += mtest_expect(back[k] == rank, "get back from %d: %d", evens[k], back[k]);
    }
    if (rank % 2 == 0) { /* second exposure for the gets */
        MPI_Win_post(og, MPI_MODE_NOPUT, win);
        MPI_Win_wait(win);
    }
    /* a self epoch: every rank exposes to and accesses itself */
    {
        MPI_Group self;
        int v = 100 + rank;

        MPI_Group_incl(world, 1, &rank, &self);
        MPI_Win_post(self, 0, win);
        MPI_Win_start(self, 0, win);
        MPI_Put(&v, 1, MPI_INT, rank, 63, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Win_wait(win);
        errs += mtest_expect(slots[63] == v, "self epoch: %d", slots[63]);
        MPI_Group_free(&self);
    }
    MPI_Win_free(&win);
    MPI_Group_free(&eg);
    MPI_Group_free(&og);
    MPI_Group_free(&world);
    return mtest_finish(errs);
}
