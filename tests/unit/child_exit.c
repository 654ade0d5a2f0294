/* child_exit: see child_exit.h. */
#include <criterion/criterion.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child_exit.h"

void expect_exit_1(void (*fn)(const void *arg), const void *arg, const char *msg)
{
    char out[4096] = "";
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
    while ((n = read(fd[0], out + len, sizeof(out) - 1 - len)) > 0)
        len += (size_t)n;
    out[len] = '\0';
    close(fd[0]);
    waitpid(pid, &status, 0);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1, "exit status 1 for: %s", msg);
    cr_assert(strstr(out, msg), "stderr '%s' contains '%s'", out, msg);
}
