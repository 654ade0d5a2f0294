/* The thread level of a session (MPI-4.0 section 11.3.1): the one its info asks for (SINGLE
 * without a thread_level key), and at least the world model's while MPI is initialized, since
 * the rank's threads run under that one (upstream MPICH threads/init/mult_session opens
 * sessions without the key from threads of an MPI_THREAD_MULTIPLE program). */
#include <stdio.h>

#include <mpi.h>

/* Opens a session asking for `want` (NULL: no key), prints the level granted, closes it. */
static void session_level(const char *when, const char *want)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_Session s;
    char level[64] = "";
    int flag = 0;

    if (want) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "thread_level", want);
    }
    MPI_Session_init(info, MPI_ERRORS_RETURN, &s);
    if (want)
        MPI_Info_free(&info);
    MPI_Session_get_info(s, &info);
    MPI_Info_get(info, "thread_level", sizeof(level) - 1, level, &flag);
    MPI_Info_free(&info);
    printf("%s, asking %s: %s\n", when, want ? want : "nothing", flag ? level : "(no key)");
    MPI_Session_finalize(&s);
}

int main(int argc, char **argv)
{
    int provided = -1;

    session_level("before MPI_Init_thread", NULL);
    session_level("before MPI_Init_thread", "MPI_THREAD_SERIALIZED");
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    printf("MPI_Init_thread granted %s\n",
           provided == MPI_THREAD_MULTIPLE ? "MPI_THREAD_MULTIPLE" : "less");
    session_level("after MPI_Init_thread", NULL);
    session_level("after MPI_Init_thread", "MPI_THREAD_FUNNELED");
    MPI_Finalize();
    session_level("after MPI_Finalize", NULL);
    printf("No Errors\n");
    return 0;
}
