/* sp_multi: MPI_Comm_spawn_multiple from both ranks of smpirun's world (root 1), on the default
 * platform: two commands (this program with argument "a", then with "b") for 2 and 1 ranks form
 * one world of 3; each child checks its MPI_APPNUM (0 for "a", 1 for "b") and its argv. The
 * children place themselves after smpirun's ranks: node-2, node-3, node-4. Command "b" runs in the
 * working directory "/" (info "wdir"), the others in smpirun's. Everyone then merges
 * the intercommunicator (parents low) and sums its rank in the merged communicator of 5: 10. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "mtest.h"

static int check_merged(MPI_Comm inter, int high)
{
    MPI_Comm all;
    int rank;
    int size;
    int sum = 0;

    MPI_Intercomm_merge(inter, high, &all);
    MPI_Comm_rank(all, &rank);
    MPI_Comm_size(all, &size);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, all);
    MPI_Comm_free(&all);
    return mtest_expect(size == 5 && sum == 10, "merged: size %d, sum of ranks %d", size, sum);
}

static int child(int argc, char **argv, MPI_Comm parent)
{
    int errs = 0;
    int rank;
    int size;
    int flag;
    int *appnum;
    int len;
    char host[MPI_MAX_PROCESSOR_NAME];
    char cwd[4096] = "";

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += mtest_expect(getcwd(cwd, sizeof(cwd)) && (rank < 2) == (strcmp(cwd, "/") != 0),
                         "child %d: working directory %s", rank, cwd);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &appnum, &flag);
    MPI_Get_processor_name(host, &len);
    errs += mtest_expect(size == 3, "child %d: world size %d", rank, size);
    errs += mtest_expect(flag && *appnum == (rank < 2 ? 0 : 1), "child %d: MPI_APPNUM %d", rank,
                         flag ? *appnum : -1);
    errs += mtest_expect(argc == 2 && !strcmp(argv[1], rank < 2 ? "a" : "b"), "child %d: argc %d",
                         rank, argc);
    printf("child %d of 3: appnum %d, argument %s, host %s\n", rank, *appnum, argv[1], host);
    errs += check_merged(parent, 1);
    MPI_Comm_free(&parent);
    return mtest_finish(errs);
}

int main(int argc, char **argv)
{
    char *cmds[2] = { argv[0], argv[0] };
    char *arg_a[] = { "a", NULL };
    char *arg_b[] = { "b", NULL };
    char **argvs[2] = { arg_a, arg_b };
    int np[2] = { 2, 1 };
    MPI_Info infos[2] = { MPI_INFO_NULL, MPI_INFO_NULL };
    char cwd[4096] = "";
    int codes[3] = { -1, -1, -1 };
    int errs = 0;
    int rank;
    int rsize;
    MPI_Comm parent;
    MPI_Comm inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_get_parent(&parent);
    if (parent != MPI_COMM_NULL)
        return child(argc, argv, parent);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&infos[1]);
    MPI_Info_set(infos[1], "wdir", "/");
    MPI_Comm_spawn_multiple(2, cmds, argvs, np, infos, 1, MPI_COMM_WORLD, &inter, codes);
    MPI_Comm_remote_size(inter, &rsize);
    errs += mtest_expect(rsize == 3, "parent %d: %d children", rank, rsize);
    if (rank == 1)
        errs += mtest_expect(codes[0] == 0 && codes[1] == 0 && codes[2] == 0,
                             "root: codes %d %d %d", codes[0], codes[1], codes[2]);
    MPI_Info_free(&infos[1]);
    errs += check_merged(inter, 0);
    errs += mtest_expect(getcwd(cwd, sizeof(cwd)) && strcmp(cwd, "/") != 0,
                         "parent %d: working directory %s", rank, cwd);
    MPI_Comm_free(&inter);
    return mtest_finish(errs);
}
