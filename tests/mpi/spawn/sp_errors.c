/* sp_errors: what a spawn refuses, under MPI_ERRORS_RETURN on one rank of two_hosts.xml (2
 * cores: room for one more rank): a command that is no file (MPI_ERR_SPAWN, each errcode set),
 * a host the platform does not have (MPI_ERR_SPAWN), more ranks than the universe holds
 * (MPI_ERR_SPAWN), maxprocs 0 (MPI_ERR_ARG), connecting to a port never opened (MPI_ERR_PORT),
 * and to an open port that no MPI_Comm_accept serves (MPI_ERR_PORT once the connect timed out,
 * MPI-4.0 section 11.8.2: after info "timeout" seconds of simulated time, else
 * smpi/connect-timeout's 60 s; a "timeout" that is no number of seconds is MPI_ERR_INFO).
 * Each failed call leaves *intercomm MPI_COMM_NULL. With argument "fatal" the first one ends
 * the job through MPI_ERRORS_ARE_FATAL. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

/* Connects to an open port without an accept, with the timeout of info (or the default): the
 * call fails with MPI_ERR_PORT at exactly that simulated time (the broadcast over one rank
 * costs nothing). */
static int connect_alone(const char *port, const char *timeout, double want, int want_class)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_Comm inter = MPI_COMM_WORLD;
    double t0 = MPI_Wtime();
    int errs;

    if (timeout) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "timeout", timeout);
    }
    errs = mtest_expect_class(MPI_Comm_connect(port, info, 0, MPI_COMM_SELF, &inter), want_class,
                              timeout ? timeout : "default timeout");
    errs += mtest_expect_time(MPI_Wtime() - t0, want, timeout ? timeout : "default timeout");
    errs += mtest_expect(inter == MPI_COMM_NULL, "connect left the intercomm set");
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    return errs;
}

static int connect_timeouts(void)
{
    char port[MPI_MAX_PORT_NAME];
    int errs = 0;

    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Open_port(MPI_INFO_NULL, port);
    errs += connect_alone(port, "2.5", 2.5, MPI_ERR_PORT);
    errs += connect_alone(port, NULL, 60, MPI_ERR_PORT);
    errs += connect_alone(port, "soon", 0, MPI_ERR_INFO);
    errs += mtest_expect_class(MPI_Close_port(port), MPI_SUCCESS, "close after the timeouts");
    return errs;
}

int main(int argc, char **argv)
{
    int codes[2] = { -1, -1 };
    int errs = 0;
    MPI_Comm inter = MPI_COMM_WORLD;
    MPI_Info info;

    MPI_Init(&argc, &argv);
    if (argc < 2 || strcmp(argv[1], "fatal") != 0)
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs += mtest_expect_class(MPI_Comm_spawn("./no_such_program", MPI_ARGV_NULL, 1, MPI_INFO_NULL,
                                              0, MPI_COMM_WORLD, &inter, codes),
                               MPI_ERR_SPAWN, "missing command");
    errs += mtest_expect(inter == MPI_COMM_NULL && codes[0] == MPI_ERR_SPAWN,
                         "missing command: intercomm %s, code %d",
                         inter == MPI_COMM_NULL ? "null" : "set", codes[0]);
    MPI_Info_create(&info);
    MPI_Info_set(info, "host", "nowhere");
    errs += mtest_expect_class(MPI_Comm_spawn(argv[0], MPI_ARGV_NULL, 1, info, 0, MPI_COMM_WORLD,
                                              &inter, MPI_ERRCODES_IGNORE),
                               MPI_ERR_SPAWN, "unknown host");
    MPI_Info_free(&info);
    errs += mtest_expect_class(
        MPI_Comm_spawn(argv[0], MPI_ARGV_NULL, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter, codes),
        MPI_ERR_SPAWN, "beyond the universe");
    errs += mtest_expect_class(
        MPI_Comm_spawn(argv[0], MPI_ARGV_NULL, 0, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter, codes),
        MPI_ERR_ARG, "maxprocs 0");
    errs += mtest_expect_class(
        MPI_Comm_connect("simmpi-port-7", MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter), MPI_ERR_PORT,
        "connect to no port");
    errs += connect_timeouts();
    return mtest_finish(errs);
}
