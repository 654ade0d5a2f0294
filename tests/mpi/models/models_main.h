/* models_main: the main() of this folder's programs that run one of several modes, named by
 * their first argument: MPI_Init, the mode, then mtest_finish's verdict. */
#ifndef MODELS_MAIN_H
#define MODELS_MAIN_H

#include <stddef.h>

struct models_mode {
    const char *name;
    int (*run)(void); /* returns its number of errors */
};

/* The calling rank in MPI_COMM_WORLD and a zeroed buffer of the size models_main was given,
 * both ready when a mode runs. */
extern int models_rank;
extern char *models_buf;

/* Runs the mode of `modes` (ended by a NULL name) that argv[1] names; returns main's status. */
int models_main(int argc, char **argv, const struct models_mode *modes, size_t bufsize);

#endif /* MODELS_MAIN_H */
