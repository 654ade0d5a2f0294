/* env_info_bounds: MPI_Info_get given the whole buffer size as valuelen (as most programs pass
 * MPI_MAX_INFO_VAL with a buffer of MPI_MAX_INFO_VAL bytes) writes the value and its null and
 * nothing beyond the buffer; a value longer than valuelen is truncated to valuelen characters
 * and terminated at value[valuelen], MPI's own convention. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

struct guarded {
    char value[MPI_MAX_INFO_VAL];
    char guard[16];
};

int main(int argc, char **argv)
{
    struct guarded g;
    char small[8];
    int flag = 0;
    int errs = 0;
    MPI_Info info;

    MPI_Init(&argc, &argv);
    MPI_Info_create(&info);
    MPI_Info_set(info, "color", "blue");
    MPI_Info_set(info, "shape", "a rather long value");
    memset(&g, 'G', sizeof(g));
    MPI_Info_get(info, "color", MPI_MAX_INFO_VAL, g.value, &flag);
    errs += mtest_expect(flag && strcmp(g.value, "blue") == 0, "value '%.8s'", g.value);
    for (size_t i = 0; i < sizeof(g.guard); i++)
        errs += mtest_expect(g.guard[i] == 'G', "byte %zu past the buffer was written", i);
    errs += mtest_expect(g.value[MPI_MAX_INFO_VAL - 1] == 'G',
                         "the end of the buffer was padded although the value is short");
    memset(small, 'S', sizeof(small));
    MPI_Info_get(info, "shape", 6, small, &flag);
    errs +=
        mtest_expect(flag && memcmp(small, "a rath", 6) == 0 && small[6] == '\0' && small[7] == 'S',
                     "truncated value '%.7s'", small);
    MPI_Info_free(&info);
    return mtest_finish(errs);
}
