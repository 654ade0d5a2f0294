/* child_exit: runs a function in a child process and checks that it ends the run as the
 * simulator does on bad input: exit status 1 (or SIGABRT where SMPI aborts) and a message on
 * stderr. */
#ifndef TEST_CHILD_EXIT_H
#define TEST_CHILD_EXIT_H

/* Runs fn(arg) in a child whose stderr is captured; asserts that the child exits with status
 * 1 (not 0: fn is expected to end the run) and that its stderr contains msg. */
void expect_exit_1(void (*fn)(const void *arg), const void *arg, const char *msg);
/* As expect_exit_1, for what ends the run as SimGrid's failed assertions do: SIGABRT (status 134
 * from a shell) after msg on stderr. */
void expect_abort(void (*fn)(const void *arg), const void *arg, const char *msg);

#endif /* TEST_CHILD_EXIT_H */
