/* sp_basic: MPI_Comm_spawn of the program itself, on two_hosts.xml (1 GB/s, 10 us) with
 * network/model:raw and native computation off. Rank 0 of smpirun (host a) spawns one child
 * with two arguments; the child goes to the next host, b. The spawn costs the parents'
 * broadcast of one MPI_Aint, nothing on one rank, so the child starts at 0. Then a ping-pong
 * of 100000 bytes over the intercommunicator: the child receives at T = L + (100000 + 16) / B,
 * the parent at 2T. The child checks its world (size 1), MPI_APPNUM, MPI_UNIVERSE_SIZE (the
 * platform's 2 cores), argv, its parent's name and host; both disconnect, after which
 * MPI_Comm_get_parent gives MPI_COMM_NULL. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "../runtime/rt_platform.h"
#include "mtest.h"

enum { BYTES = 100000 };

static char buf[BYTES];

static int child(int argc, char **argv, MPI_Comm parent)
{
    int errs = 0;
    int size;
    int rsize;
    int flag;
    int *attr;
    int len;
    char name[MPI_MAX_OBJECT_NAME];
    char host[MPI_MAX_PROCESSOR_NAME];

    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_remote_size(parent, &rsize);
    errs += mtest_expect(size == 1 && rsize == 1, "child: world size %d, parents %d", size, rsize);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &attr, &flag);
    errs += mtest_expect(flag && *attr == 0, "child: MPI_APPNUM %d", flag ? *attr : -1);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &attr, &flag);
    errs += mtest_expect(flag && *attr == 2, "child: MPI_UNIVERSE_SIZE %d", flag ? *attr : -1);
    errs += mtest_expect(argc == 3 && !strcmp(argv[1], "child") && !strcmp(argv[2], "x y"),
                         "child: argc %d", argc);
    MPI_Comm_get_name(parent, name, &len);
    MPI_Get_processor_name(host, &len);
    printf("child: parent is %s, runs on host %s, starts at %.9f s\n", name, host, MPI_Wtime());
    errs += mtest_expect_time(MPI_Wtime(), 0, "child start");
    MPI_Recv(buf, BYTES, MPI_CHAR, 0, 0, parent, MPI_STATUS_IGNORE);
    printf("child: message received at %.9f s\n", MPI_Wtime());
    errs += mtest_expect_time(MPI_Wtime(), rt_raw_transfer(BYTES), "child receive");
    MPI_Send(buf, BYTES, MPI_CHAR, 0, 1, parent);
    MPI_Send(&errs, 1, MPI_INT, 0, 2, parent);
    MPI_Comm_disconnect(&parent);
    MPI_Comm_get_parent(&parent);
    errs += mtest_expect(parent == MPI_COMM_NULL, "child: parent after disconnect");
    MPI_Finalize();
    return errs != 0;
}

int main(int argc, char **argv)
{
    char *args[] = { "child", "x y", NULL };
    int errcodes[1] = { -1 };
    int errs = 0;
    int cerrs = 0;
    int rsize;
    MPI_Comm parent;
    MPI_Comm inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_get_parent(&parent);
    if (parent != MPI_COMM_NULL)
        return child(argc, argv, parent);
    MPI_Comm_spawn(argv[0], args, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter, errcodes);
    MPI_Comm_remote_size(inter, &rsize);
    errs += mtest_expect(rsize == 1 && errcodes[0] == MPI_SUCCESS, "parent: %d children, code %d",
                         rsize, errcodes[0]);
    MPI_Send(buf, BYTES, MPI_CHAR, 0, 0, inter);
    MPI_Recv(buf, BYTES, MPI_CHAR, 0, 1, inter, MPI_STATUS_IGNORE);
    printf("parent: message received at %.9f s\n", MPI_Wtime());
    errs += mtest_expect_time(MPI_Wtime(), 2 * rt_raw_transfer(BYTES), "parent receive");
    MPI_Recv(&cerrs, 1, MPI_INT, 0, 2, inter, MPI_STATUS_IGNORE);
    MPI_Comm_disconnect(&inter);
    return mtest_finish(errs + cerrs); /* and MPI_Finalize */
}
