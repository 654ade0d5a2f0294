/* info: the MPI_Info object type. The MPI_Info_* calls are not provided yet (smpi/absent.c);
 * MPI_INFO_ENV must still exist for programs that name it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "smpi/internal.h"

/* A set of (key, value) string pairs, in insertion order. */
struct smpi_info {
    int nkeys;
    char **keys;
    char **values;
};

SMPI_API struct smpi_info smpi_mpi_info_env;
