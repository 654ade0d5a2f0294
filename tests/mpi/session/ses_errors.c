/* ses_errors: the errors of the session calls (one rank, MPI_ERRORS_RETURN on the session
 * unless said): MPI_ERR_ARG for a thread_level naming no level (raised on the handler
 * MPI_Session_init was given), for a process set index out of range, a name buffer missing, an
 * unknown process set (to MPI_Group_from_session_pset and MPI_Session_get_pset_info); a user
 * session handler sees MPI_Session_call_errhandler's code and the session; a user communicator
 * handler given to MPI_Comm_create_from_group sees its missing result pointer; MPI_ERR_SESSION
 * has its own class and string. With arg "fatal": finalizing a session twice is MPI_ERR_SESSION
 * through MPI_COMM_WORLD's handler (MPI_ERRORS_ARE_FATAL), which ends the job. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

static int session_calls;
static int comm_calls;
static MPI_Session seen;

static void on_session(MPI_Session *s, int *code, ...)
{
    session_calls++;
    seen = *s;
    printf("session handler: code %d\n", *code);
}

static void on_comm(MPI_Comm *c, int *code, ...)
{
    int cls = -1;

    comm_calls++;
    MPI_Error_class(*code, &cls);
    printf("communicator handler: class %s, comm %s\n", cls == MPI_ERR_ARG ? "MPI_ERR_ARG" : "?",
           *c == MPI_COMM_NULL ? "MPI_COMM_NULL" : "?");
}

static int bad_thread_level(void)
{
    MPI_Info info;
    MPI_Session s = MPI_SESSION_NULL;
    int rc;

    MPI_Info_create(&info);
    MPI_Info_set(info, "thread_level", "MPI_THREAD_PLENTY");
    rc = MPI_Session_init(info, MPI_ERRORS_RETURN, &s);
    MPI_Info_free(&info);
    return mtest_expect_class(rc, MPI_ERR_ARG, "MPI_Session_init with a bad thread_level") +
           mtest_expect(s == MPI_SESSION_NULL, "a failed MPI_Session_init made a session");
}

static int bad_psets(MPI_Session s)
{
    int errs = 0;
    int n = 0;
    int len = 8;
    MPI_Group g = MPI_GROUP_NULL;
    MPI_Info info = MPI_INFO_NULL;

    MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n);
    errs += mtest_expect_class(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, n, &len, NULL),
                               MPI_ERR_ARG, "index n");
    errs += mtest_expect_class(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, NULL),
                               MPI_ERR_ARG, "no name buffer");
    errs += mtest_expect_class(MPI_Group_from_session_pset(s, "mpi://NOWHERE", &g), MPI_ERR_ARG,
                               "unknown pset to MPI_Group_from_session_pset");
    errs += mtest_expect_class(MPI_Session_get_pset_info(s, "mpi://NOWHERE", &info), MPI_ERR_ARG,
                               "unknown pset to MPI_Session_get_pset_info");
    return errs + mtest_expect(g == MPI_GROUP_NULL && info == MPI_INFO_NULL, "results were set");
}

static int handlers(MPI_Session s)
{
    int errs = 0;
    MPI_Errhandler seh;
    MPI_Errhandler ceh;
    MPI_Errhandler got;
    MPI_Group g;
    MPI_Comm c = MPI_COMM_NULL;

    MPI_Session_create_errhandler(on_session, &seh);
    MPI_Session_set_errhandler(s, seh);
    MPI_Errhandler_free(&seh); /* the session keeps it */
    MPI_Session_get_errhandler(s, &got);
    MPI_Session_call_errhandler(s, MPI_ERR_OTHER);
    errs +=
        mtest_expect(session_calls == 1 && seen == s, "session handler: %d calls", session_calls);
    MPI_Session_set_errhandler(s, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&got);
    MPI_Comm_create_errhandler(on_comm, &ceh);
    MPI_Group_from_session_pset(s, "mpi://SELF", &g);
    MPI_Comm_create_from_group(g, "ses.errors", MPI_INFO_NULL, ceh, NULL);
    MPI_Comm_create_from_group(g, "ses.errors", MPI_INFO_NULL, ceh, &c);
    errs +=
        mtest_expect(comm_calls == 1 && c != MPI_COMM_NULL, "comm handler: %d calls", comm_calls);
    MPI_Comm_free(&c);
    MPI_Group_free(&g);
    MPI_Errhandler_free(&ceh);
    return errs;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int cls = -1;
    int len = 0;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Session s;

    errs += bad_thread_level();
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s);
    errs += mtest_expect(MPI_Session_f2c(MPI_Session_c2f(s)) == s, "c2f/f2c round trip");
    errs += bad_psets(s);
    errs += handlers(s);
    MPI_Error_class(MPI_ERR_SESSION, &cls);
    MPI_Error_string(MPI_ERR_SESSION, text, &len);
    printf("MPI_ERR_SESSION: class %d, string \"%s\"\n", cls == MPI_ERR_SESSION, text);
    MPI_Session_finalize(&s);
    if (argc > 1 && strcmp(argv[1], "fatal") == 0)
        MPI_Session_finalize(&s); /* MPI_SESSION_NULL now: ends the job */
    printf(errs == 0 ? "No Errors\n" : " Found %d errors\n", errs);
    return errs != 0;
}
