/* comm_hints: the communicator hints MPI-4 defines (MPI-4.0 section 7.4.4), the assertions
 * mpi_assert_no_any_tag, mpi_assert_no_any_source, mpi_assert_exact_length and
 * mpi_assert_allow_overtaking. simmpi understands them (MPI_Comm_get_info returns those set to
 * "true" or "false") but matches messages the same way with or without them, which the
 * standard allows: they only let an implementation do less work. Other keys are ignored. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <strings.h>

#include "smpi/internal.h"

static const char *const assert_keys[] = {
    "mpi_assert_no_any_tag",
    "mpi_assert_no_any_source",
    "mpi_assert_exact_length",
    "mpi_assert_allow_overtaking",
};

void smpi__comm_hints_set(MPI_Comm comm, MPI_Info info)
{
    if (info == MPI_INFO_NULL)
        return;
    smpi__info_prepare(info);
    for (size_t i = 0; i < sizeof(assert_keys) / sizeof(assert_keys[0]); i++) {
        const char *v = smpi__info_value(info, assert_keys[i]);

        if (!v || (strcasecmp(v, "true") != 0 && strcasecmp(v, "false") != 0))
            continue;
        if (!comm->info)
            comm->info = smpi__info_new();
        smpi__info_put(comm->info, assert_keys[i], strcasecmp(v, "true") == 0 ? "true" : "false");
    }
}

MPI_Info smpi__comm_hints_get(MPI_Comm comm)
{
    return comm->info ? smpi__info_dup(comm->info) : smpi__info_new();
}

void smpi__comm_hints_free(MPI_Comm comm)
{
    if (comm->info)
        smpi__info_free(comm->info);
    comm->info = MPI_INFO_NULL;
}
