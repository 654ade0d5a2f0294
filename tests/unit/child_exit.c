/* child_exit: see child_exit.h. */
#include <criterion/criterion.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child_exit.h"

/* Runs fn(arg) in a child, its stderr into out[size]; returns its wait status. */
static int run_child(void (*fn)(const void *arg), const void *arg, char *out, size_t size)
{
    int fd[2];
    int status;
    ssize_t n;
    size_t len = 0;
    pid_t pid;

    cr_assert_eq(pipe(fd), 0);
    pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        fn(arg);
        _exit(0);
    }
    close(fd[1]);
    while ((n = read(fd[0], out + len, size - 1 - len)) > 0)
        len += (size_t)n;
    out[len] = '\0';
    close(fd[0]);
    waitpid(pid, &status, 0);
    return status;
}

void expect_exit_1(void (*fn)(const void *arg), const void *arg, const char *msg)
{
    char out[4096];
    int status = run_child(fn, arg, out, sizeof(out));

    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1, "exit status 1 for: %s", msg);
    cr_assert(strstr(out, msg), "stderr '%s' contains '%s'", out, msg);
}

void expect_abort(void (*fn)(const void *arg), const void *arg, const char *msg)
{
    char out[4096];
    int status = run_child(fn, arg, out, sizeof(out));

    cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "SIGABRT for: %s", msg);
    cr_assert(strstr(out, msg), "stderr '%s' contains '%s'", out, msg);
}
