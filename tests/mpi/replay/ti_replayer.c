/* ti_replayer: a replayer program, run as smpirun -no-privatize -replay INDEX ./ti_replayer
 * (SimGrid's examples/smpi/replay, in C): it starts the replay with smpi_replay_init, adds an
 * action of its own ("mark", which the trace uses), wraps the built-in "send" (counting, then
 * calling it), and runs its actions with smpi_replay_main, which also finalizes MPI. The table
 * of handlers is shared by the ranks, as SimGrid's, so rank 0 registers them (as SimGrid's
 * example does for its override) and, without privatization, the counters are shared too: the
 * last rank to end checks them. The trace's sends still happen (the receives match them). */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANKS 8

static int marks[MAX_RANKS];
static int sends[MAX_RANKS];
static int ended;
static smpi_replay_action_fn *builtin_send;
static void *builtin_data;

static void mark(void *data, int nfields, const char *const *fields)
{
    (void)data;
    if (nfields == 3 && strcmp(fields[1], "mark") == 0)
        marks[atoi(fields[0]) % MAX_RANKS] += atoi(fields[2]);
}

static void counted_send(void *data, int nfields, const char *const *fields)
{
    (void)data;
    sends[atoi(fields[0]) % MAX_RANKS]++;
    builtin_send(builtin_data, nfields, fields);
}

int main(int argc, char **argv)
{
    int rank;
    int size;
    int errs = 0;

    (void)argc;
    (void)argv;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); /* known before MPI_Init, as in SMPI */
    smpi_replay_init("smpirun", rank, 0);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        smpi_replay_action_register("mark", mark, NULL, NULL);
        if (!smpi_replay_action_get("send", &builtin_send, &builtin_data))
            return 1;
        smpi_replay_action_register("send", counted_send, NULL, NULL);
    }
    smpi_replay_main(rank, NULL);
    if (++ended < size)
        return 0;
    for (int r = 0; r < size && r < MAX_RANKS; r++) {
        if (marks[r] != 10 * (r + 1)) {
            fprintf(stderr, "rank %d: marks added to %d\n", r, marks[r]);
            errs++;
        }
        if (sends[r] != (r == 0 ? 2 : 0)) {
            fprintf(stderr, "rank %d: %d sends\n", r, sends[r]);
            errs++;
        }
    }
    if (errs == 0)
        printf("No Errors\n");
    return errs != 0;
}
