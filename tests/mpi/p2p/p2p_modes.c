/* p2p_modes: the send modes. MPI_Bsend/MPI_Ibsend/MPI_Bsend_init copy the message into the
 * attached buffer and complete before any receive is posted; a message that does not fit fails
 * with MPI_ERR_BUFFER; MPI_Buffer_detach waits for delivery and returns the buffer. MPI_Issend
 * does not complete before the matching receive is posted; MPI_Ssend completes once it is;
 * MPI_Rsend/MPI_Irsend after the receiver said its receives are posted. Prints "No Errors"
 * from rank 0. Needs 2 ranks. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int me;

enum { SMALL = 10, BIGN = 25000, TAG_TOKEN = 100 };

static void token_send(int peer)
{
    int t = 1;

    MPI_Send(&t, 1, MPI_INT, peer, TAG_TOKEN, MPI_COMM_WORLD);
}

static void token_recv(int peer)
{
    int t;

    MPI_Recv(&t, 1, MPI_INT, peer, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void fill(int *buf, int n, int seed)
{
    for (int i = 0; i < n; i++)
        buf[i] = seed * 1000 + i;
}

static int check(const int *buf, int n, int seed, const char *what)
{
    for (int i = 0; i < n; i++)
        if (buf[i] != seed * 1000 + i)
            return mtest_expect(false, "%s: element %d is %d, expected %d", what, i, buf[i],
                                seed * 1000 + i);
    return 0;
}

/* The attached buffer holds exactly three small messages and a big one. */
static int bsend_sender(void)
{
    int size = 3 * (SMALL * (int)sizeof(int) + MPI_BSEND_OVERHEAD) + BIGN * (int)sizeof(int) +
               MPI_BSEND_OVERHEAD;
    char *attached = malloc((size_t)size);
    int *small[3];
    int *big = malloc(BIGN * sizeof(int));
    int errs = 0;
    int rc;
    int cls = -1;
    void *addr = NULL;
    int got = -1;

    MPI_Buffer_attach(attached, size);
    for (int k = 0; k < 3; k++) {
        small[k] = malloc(SMALL * sizeof(int));
        fill(small[k], SMALL, k + 1);
        MPI_Bsend(small[k], SMALL, MPI_INT, 1, k + 1, MPI_COMM_WORLD);
    }
    fill(big, BIGN, 4);
    MPI_Bsend(big, BIGN, MPI_INT, 1, 4, MPI_COMM_WORLD);
    MPI_Bsend(big, BIGN, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD);
    /* rank 1 has not posted anything yet: the buffer is full */
    rc = MPI_Bsend(big, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    errs +=
        mtest_expect(cls == MPI_ERR_BUFFER, "MPI_Bsend into a full buffer: class %d, expected %d",
                     cls, MPI_ERR_BUFFER);
    /* the messages were copied: the user buffers may change at once */
    for (int k = 0; k < 3; k++)
        memset(small[k], 0, SMALL * sizeof(int));
    memset(big, 0, BIGN * sizeof(int));
    token_send(1);
    MPI_Buffer_detach(&addr, &got);
    errs += mtest_expect(addr == attached && got == size,
                         "MPI_Buffer_detach returned %p size %d, expected %p size %d", addr, got,
                         (void *)attached, size);
    for (int k = 0; k < 3; k++)
        free(small[k]);
    free(big);
    free(attached);
    return errs;
}

static int bsend_receiver(void)
{
    int *buf = malloc(BIGN * sizeof(int));
    MPI_Status st;
    int errs = 0;
    int flag = 1;

    token_recv(0);
    for (int k = 1; k <= 4; k++) {
        int n = k == 4 ? BIGN : SMALL;

        MPI_Recv(buf, n, MPI_INT, 0, k, MPI_COMM_WORLD, &st);
        errs += check(buf, n, k, "MPI_Bsend message");
    }
    MPI_Iprobe(0, 5, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(!flag, "a failed MPI_Bsend was delivered");
    free(buf);
    return errs;
}

/* MPI_Ibsend and three rounds of MPI_Bsend_init complete with no receive posted. */
static int ibsend_sender(void)
{
    int size = 4 * (SMALL * (int)sizeof(int) + MPI_BSEND_OVERHEAD);
    char *attached = malloc((size_t)size);
    int buf[SMALL];
    MPI_Request req;
    void *addr = NULL;
    int got = -1;
    int errs = 0;

    MPI_Buffer_attach(attached, size);
    fill(buf, SMALL, 10);
    MPI_Ibsend(buf, SMALL, MPI_INT, 1, 10, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Bsend_init(buf, SMALL, MPI_INT, 1, 11, MPI_COMM_WORLD, &req);
    for (int r = 0; r < 3; r++) {
        fill(buf, SMALL, 11 + r);
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Request_free(&req);
    token_send(1);
    MPI_Buffer_detach(&addr, &got);
    errs += mtest_expect(addr == attached && got == size,
                         "second MPI_Buffer_detach returned %p size %d", addr, got);
    free(attached);
    return errs;
}

static int ibsend_receiver(void)
{
    int buf[SMALL];
    int errs = 0;

    token_recv(0);
    MPI_Recv(buf, SMALL, MPI_INT, 0, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    errs += check(buf, SMALL, 10, "MPI_Ibsend message");
    for (int r = 0; r < 3; r++) {
        MPI_Recv(buf, SMALL, MPI_INT, 0, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += check(buf, SMALL, 11 + r, "MPI_Bsend_init message");
    }
    return errs;
}

/* MPI_Issend stays incomplete while rank 1 has no receive posted (it waits for the token). */
static int ssend_sender(void)
{
    int buf[SMALL];
    MPI_Request req;
    int errs = 0;

    fill(buf, SMALL, 20);
    MPI_Issend(buf, SMALL, MPI_INT, 1, 20, MPI_COMM_WORLD, &req);
    for (int i = 0; i < 5; i++) {
        int flag = 1;

        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        if (mtest_expect(!flag, "MPI_Issend completed before the receive was posted"))
            return errs + 1;
    }
    token_send(1);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    errs += mtest_expect(req == MPI_REQUEST_NULL, "MPI_Wait did not free the MPI_Issend request");
    /* blocking synchronous send of a rendezvous-size message to a posted receive */
    token_recv(1);
    {
        int *big = malloc(BIGN * sizeof(int));

        fill(big, BIGN, 21);
        MPI_Ssend(big, BIGN, MPI_INT, 1, 21, MPI_COMM_WORLD);
        free(big);
    }
    return errs;
}

static int ssend_receiver(void)
{
    int buf[SMALL];
    int *big = malloc(BIGN * sizeof(int));
    MPI_Request req;
    int errs = 0;

    token_recv(0);
    MPI_Recv(buf, SMALL, MPI_INT, 0, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    errs += check(buf, SMALL, 20, "MPI_Issend message");
    MPI_Irecv(big, BIGN, MPI_INT, 0, 21, MPI_COMM_WORLD, &req);
    token_send(0);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    errs += check(big, BIGN, 21, "MPI_Ssend message");
    free(big);
    return errs;
}

/* Ready sends: rank 1 posts both receives, then says so. */
static int rsend_sender(void)
{
    int a[SMALL];
    int *b = malloc(BIGN * sizeof(int));
    MPI_Request req;

    fill(a, SMALL, 30);
    fill(b, BIGN, 31);
    token_recv(1);
    MPI_Rsend(a, SMALL, MPI_INT, 1, 30, MPI_COMM_WORLD);
    MPI_Irsend(b, BIGN, MPI_INT, 1, 31, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    free(b);
    return 0;
}

static int rsend_receiver(void)
{
    int a[SMALL];
    int *b = malloc(BIGN * sizeof(int));
    MPI_Request reqs[2];
    int errs = 0;

    MPI_Irecv(a, SMALL, MPI_INT, 0, 30, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(b, BIGN, MPI_INT, 0, 31, MPI_COMM_WORLD, &reqs[1]);
    token_send(0);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    errs += check(a, SMALL, 30, "MPI_Rsend message");
    errs += check(b, BIGN, 31, "MPI_Irsend message");
    free(b);
    return errs;
}

int main(int argc, char **argv)
{
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (size < 2) {
        if (me == 0)
            printf("p2p_modes needs 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    if (me == 0)
        errs += bsend_sender() + ibsend_sender() + ssend_sender() + rsend_sender();
    else if (me == 1)
        errs += bsend_receiver() + ibsend_receiver() + ssend_receiver() + rsend_receiver();
    return mtest_finish(errs);
}
