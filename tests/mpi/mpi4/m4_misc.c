/* m4_misc: the small MPI-4 calls on 2 ranks of two_hosts.xml (network/model:raw, smpi/wtime:0):
 * - MPI_Info_create_env before MPI_Init: MPI_INFO_ENV's keys in an object of one's own;
 * - MPI_Info_get_string: a missing key leaves the buffer alone; *buflen 0 asks the length;
 *   a short buffer gets a truncated, terminated value; *buflen is the value's length + 1;
 * - MPI_Comm_idup_with_info: a working duplicate, its request complete, with MPI-4's assertion
 *   hints, which MPI_Comm_get_info returns (and MPI_Comm_set_info adds to); other keys ignored;
 * - MPI_Buffer_iflush and MPI_Buffer_flush: rank 0 buffers 2000 bytes for rank 1, which sleeps
 *   1 s before receiving each; the flush completes when the message is delivered, at
 *   1 + T and 2 + 2T, T = L + (2000 + 16) / B, and the buffer stays attached;
 * - the MPI-4 error classes have their names.
 * With arg "abort": MPI_ERRORS_ABORT on MPI_COMM_WORLD and a send to rank 5 end the job. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../runtime/rt_platform.h"
#include "mtest.h"

enum { BYTES = 2000 };

static char msg[BYTES];
static char pool[BYTES + MPI_BSEND_OVERHEAD];

static int info_string(MPI_Info env)
{
    int errs = 0;
    int flag = -1;
    int len = 4;
    char v[8] = "canary";
    MPI_Info info;

    MPI_Info_create(&info);
    MPI_Info_set(info, "colour", "turquoise");
    MPI_Info_get_string(info, "missing", &len, v, &flag);
    errs += mtest_expect(flag == 0 && strcmp(v, "canary") == 0, "missing key: flag %d", flag);
    len = 0;
    MPI_Info_get_string(info, "colour", &len, v, &flag);
    errs += mtest_expect(flag == 1 && len == 10 && strcmp(v, "canary") == 0, "length: %d", len);
    len = 5;
    MPI_Info_get_string(info, "colour", &len, v, &flag);
    errs += mtest_expect(len == 10 && strcmp(v, "turq") == 0, "short buffer: %d '%s'", len, v);
    MPI_Info_free(&info);
    len = 0;
    MPI_Info_get_string(env, "maxprocs", &len, v, &flag);
    MPI_Info_get_string(env, "maxprocs", &len, v, &flag);
    return errs + mtest_expect(flag == 1 && strcmp(v, "2") == 0, "MPI_Info_create_env maxprocs");
}

/* Prints the hints MPI_Comm_get_info returns for c (rank 0). */
static void show_hints(MPI_Comm c, int rank, const char *what)
{
    int n = 0;
    char key[MPI_MAX_INFO_KEY];
    char value[MPI_MAX_INFO_VAL];
    int flag = 0;
    MPI_Info info;

    MPI_Comm_get_info(c, &info);
    MPI_Info_get_nkeys(info, &n);
    if (rank == 0)
        printf("%s: %d hints", what, n);
    for (int i = 0; i < n; i++) {
        MPI_Info_get_nthkey(info, i, key);
        MPI_Info_get(info, key, MPI_MAX_INFO_VAL - 1, value, &flag);
        if (rank == 0)
            printf(" %s=%s", key, value);
    }
    if (rank == 0)
        printf("\n");
    MPI_Info_free(&info);
}

/* A duplicate with an assertion; MPI_Comm_set_info adds one, ignores an unknown key and a
 * value that is not a boolean. */
static int idup(int rank)
{
    int sum = 0;
    MPI_Comm dup;
    MPI_Request r;
    MPI_Info info;

    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &dup, &r);
    MPI_Info_free(&info);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, dup);
    show_hints(dup, rank, "MPI_Comm_idup_with_info");
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_exact_length", "FALSE");
    MPI_Info_set(info, "mpi_assert_no_any_source", "maybe");
    MPI_Info_set(info, "simmpi_unknown_hint", "true");
    MPI_Comm_set_info(dup, info);
    MPI_Info_free(&info);
    show_hints(dup, rank, "after MPI_Comm_set_info");
    show_hints(MPI_COMM_WORLD, rank, "MPI_COMM_WORLD");
    MPI_Comm_free(&dup);
    return mtest_expect(sum == 1, "MPI_Comm_idup_with_info: sum %d", sum);
}

/* Rank 0 buffers a message and flushes; rank 1 receives it after a second. */
static int flushes(int rank)
{
    double t = rt_raw_transfer(BYTES);
    int errs = 0;
    int flag = 1;
    int size = 0;
    void *p = NULL;
    MPI_Request r;

    if (rank == 1) {
        for (int i = 0; i < 2; i++) {
            sleep(1);
            MPI_Recv(msg, BYTES, MPI_CHAR, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        return 0;
    }
    MPI_Buffer_attach(pool, sizeof(pool));
    MPI_Bsend(msg, BYTES, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    MPI_Buffer_iflush(&r);
    MPI_Request_get_status(r, &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(flag == 0, "MPI_Buffer_iflush complete before the delivery");
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    printf("MPI_Buffer_iflush completes at %.9f s\n", MPI_Wtime());
    errs += mtest_expect_time(MPI_Wtime(), 1 + t, "MPI_Buffer_iflush");
    MPI_Bsend(msg, BYTES, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
    MPI_Buffer_flush();
    printf("MPI_Buffer_flush returns at %.9f s\n", MPI_Wtime());
    errs += mtest_expect_time(MPI_Wtime(), 2 + 2 * t, "MPI_Buffer_flush");
    MPI_Buffer_iflush(&r);
    MPI_Request_get_status(r, &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(flag == 1, "MPI_Buffer_iflush of an empty buffer not complete");
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Buffer_detach(&p, &size);
    return errs + mtest_expect(p == pool && size == (int)sizeof(pool), "buffer not attached");
}

static void class_name(int cls, const char *name)
{
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    int got = -1;

    MPI_Error_class(cls, &got);
    MPI_Error_string(cls, text, &len);
    printf("%s: %s, %s\n", name, got == cls ? "a class" : "not a class", text);
}

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;
    MPI_Info env;

    MPI_Info_create_env(argc, argv, &env);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 1 && strcmp(argv[1], "abort") == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ABORT);
        MPI_Send(msg, 1, MPI_CHAR, 5, 0, MPI_COMM_WORLD);
    }
    errs += info_string(env);
    MPI_Info_free(&env);
    errs += flushes(rank); /* first: at date 0 on both ranks */
    errs += idup(rank);
    if (rank == 0) {
        class_name(MPI_ERR_PROC_ABORTED, "MPI_ERR_PROC_ABORTED");
        class_name(MPI_ERR_VALUE_TOO_LARGE, "MPI_ERR_VALUE_TOO_LARGE");
        class_name(MPI_ERR_SESSION, "MPI_ERR_SESSION");
        class_name(MPI_ERR_ERRHANDLER, "MPI_ERR_ERRHANDLER");
        class_name(MPI_T_ERR_NOT_ACCESSIBLE, "MPI_T_ERR_NOT_ACCESSIBLE");
        class_name(MPI_T_ERR_NOT_SUPPORTED, "MPI_T_ERR_NOT_SUPPORTED");
    }
    return mtest_finish(errs);
}
