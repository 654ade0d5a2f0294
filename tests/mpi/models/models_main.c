/* models_main: see models_main.h. */
#include "models_main.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

int models_rank;
char *models_buf;

int models_main(int argc, char **argv, const struct models_mode *modes, size_t bufsize)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int errs = -1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &models_rank);
    models_buf = calloc(bufsize, 1);
    for (const struct models_mode *m = modes; m->name && errs < 0; m++)
        if (strcmp(m->name, mode) == 0)
            errs = m->run();
    if (errs < 0)
        errs = mtest_expect(false, "unknown mode '%s' (see the program's head comment)", mode);
    free(models_buf);
    return mtest_finish(errs);
}
