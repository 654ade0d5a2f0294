/* ses_basic: MPI-4 sessions without MPI_Init (MPI-4.0 section 11.3), on 4 ranks. A session
 * grants MPI_THREAD_FUNNELED for MPI_THREAD_MULTIPLE (MPI_Init_thread's rule) and offers the
 * two process sets mpi://WORLD (4 ranks) and mpi://SELF (1); communicators built from their
 * groups carry collectives and point-to-point; two creations with the same string tag on the
 * same group are two communicators; disjoint groups may use one tag at once; an
 * intercommunicator from two groups links the halves. MPI_Initialized and MPI_Finalized
 * speak of the World Model only: 0 throughout. Rank 0 prints what the ranks agree on. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static void world_flags(int rank, const char *when)
{
    int init = -1;
    int fin = -1;

    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (rank == 0)
        printf("%s: MPI_Initialized %d, MPI_Finalized %d\n", when, init, fin);
}

/* Lists the process sets, their name lengths and sizes. */
static int psets(MPI_Session s, int rank)
{
    int errs = 0;
    int n = 0;

    MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n);
    for (int i = 0; i < n; i++) {
        int len = 0;
        char name[MPI_MAX_PSET_NAME_LEN];
        char size[16];
        int flag = 0;
        MPI_Info info;

        MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, NULL);
        MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, name);
        errs +=
            mtest_expect((int)strlen(name) + 1 == len, "pset %d: length %d for '%s'", i, len, name);
        MPI_Session_get_pset_info(s, name, &info);
        MPI_Info_get(info, "mpi_size", sizeof(size) - 1, size, &flag);
        MPI_Info_free(&info);
        if (rank == 0)
            printf("pset %d: %s (length %d), mpi_size %s\n", i, name, len, flag ? size : "?");
    }
    return errs;
}

/* The communicator of pset `name` (tag "ses.basic"). */
static MPI_Comm pset_comm(MPI_Session s, const char *name)
{
    MPI_Group g;
    MPI_Comm c;

    MPI_Group_from_session_pset(s, name, &g);
    MPI_Comm_create_from_group(g, "ses.basic", MPI_INFO_NULL, MPI_ERRORS_RETURN, &c);
    MPI_Group_free(&g);
    return c;
}

/* Halves of world: ranks of one parity meet on one tag at once; then an intercommunicator
 * between the lower and upper halves, merged back. */
static int groups(MPI_Comm world, int rank, int size)
{
    int errs = 0;
    int ranks[8];
    int n = 0;
    int sum = 0;
    int rsize = 0;
    int peer = -1;
    MPI_Group wg;
    MPI_Group half;
    MPI_Group lo;
    MPI_Group hi;
    MPI_Comm c;
    MPI_Comm inter;
    MPI_Comm merged;

    MPI_Comm_group(world, &wg);
    for (int r = rank % 2; r < size; r += 2)
        ranks[n++] = r;
    MPI_Group_incl(wg, n, ranks, &half);
    MPI_Comm_create_from_group(half, "ses.half", MPI_INFO_NULL, MPI_ERRORS_RETURN, &c);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c);
    errs += mtest_expect(sum == (rank % 2 ? 4 : 2), "parity sum %d", sum);
    MPI_Comm_free(&c);
    MPI_Group_free(&half);
    for (int r = 0; r < size; r++)
        ranks[r] = r;
    MPI_Group_incl(wg, size / 2, ranks, &lo);
    MPI_Group_incl(wg, size - size / 2, ranks + size / 2, &hi);
    MPI_Intercomm_create_from_groups(rank < size / 2 ? lo : hi, 0, rank < size / 2 ? hi : lo, 0,
                                     "ses.inter", MPI_INFO_NULL, MPI_ERRORS_RETURN, &inter);
    MPI_Comm_remote_size(inter, &rsize);
    if (rank == 0)
        MPI_Send(&rank, 1, MPI_INT, 0, 5, inter);
    if (rank == size / 2)
        MPI_Recv(&peer, 1, MPI_INT, 0, 5, inter, MPI_STATUS_IGNORE);
    errs += mtest_expect(rank != size / 2 || peer == 0, "intercomm message %d", peer);
    MPI_Intercomm_merge(inter, rank >= size / 2, &merged);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, merged);
    if (rank == 0)
        printf("intercommunicator: remote size %d, merged sum %d\n", rsize, sum);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&inter);
    MPI_Group_free(&lo);
    MPI_Group_free(&hi);
    MPI_Group_free(&wg);
    return errs;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int rank = -1;
    int size = 0;
    int sum = 0;
    int flag = 0;
    int cmp = -1;
    int echo = -1;
    char level[64] = "";
    MPI_Info info;
    MPI_Session s;
    MPI_Comm world;
    MPI_Comm again;
    MPI_Comm self;

    (void)argc;
    (void)argv;
    MPI_Info_create(&info);
    MPI_Info_set(info, "thread_level", "MPI_THREAD_MULTIPLE");
    MPI_Session_init(info, MPI_ERRORS_RETURN, &s);
    MPI_Info_free(&info);
    world = pset_comm(s, "mpi://WORLD");
    MPI_Comm_rank(world, &rank);
    MPI_Comm_size(world, &size);
    world_flags(rank, "session open");
    MPI_Session_get_info(s, &info);
    MPI_Info_get(info, "thread_level", sizeof(level) - 1, level, &flag);
    MPI_Info_free(&info);
    if (rank == 0)
        printf("thread_level granted: %s\n", flag ? level : "(none)");
    errs += psets(s, rank);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, world);
    if (rank == 0)
        printf("mpi://WORLD communicator: size %d, sum of ranks %d\n", size, sum);
    again = pset_comm(s, "mpi://world"); /* names compare case-insensitively */
    MPI_Comm_compare(world, again, &cmp);
    errs += mtest_expect(cmp == MPI_CONGRUENT, "a second creation compares %d", cmp);
    MPI_Comm_free(&again);
    self = pset_comm(s, "mpi://SELF");
    MPI_Comm_size(self, &flag);
    MPI_Sendrecv(&rank, 1, MPI_INT, 0, 1, &echo, 1, MPI_INT, 0, 1, self, MPI_STATUS_IGNORE);
    errs += mtest_expect(flag == 1 && echo == rank, "mpi://SELF: size %d, echo %d", flag, echo);
    MPI_Comm_free(&self);
    errs += groups(world, rank, size);
    MPI_Reduce(&errs, &sum, 1, MPI_INT, MPI_SUM, 0, world);
    MPI_Comm_free(&world);
    MPI_Session_finalize(&s);
    world_flags(rank, "session finalized");
    if (rank == 0)
        printf(sum == 0 ? "No Errors\n" : " Found %d errors\n", sum);
    return rank == 0 && sum != 0;
}
