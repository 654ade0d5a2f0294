/* smpi.h: forwards to <smpi/smpi.h>, the simulator's calls for MPI applications (the path SMPI
 * users include). */
#ifndef SMPI_PUBLIC_SMPI_H
#define SMPI_PUBLIC_SMPI_H

#include <smpi/smpi.h>

#endif /* SMPI_PUBLIC_SMPI_H */
