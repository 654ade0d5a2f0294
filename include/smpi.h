/* smpi.h: simulator calls for MPI applications, compatible with SimGrid's SMPI: inject a
 * computation into the calling rank's simulated time instead of (or besides) running it.
 * Sampling (SMPI_SAMPLE_*) and memory folding (SMPI_SHARED_MALLOC) come later. */
#ifndef SMPI_PUBLIC_SMPI_H
#define SMPI_PUBLIC_SMPI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The calling rank computes for `seconds` of this machine's time: converted to flops at the
 * reference speed (--cfg=smpi/host-speed), then run on the rank's simulated host. Blocks the
 * rank for the simulated duration. */
SMPI_API void smpi_execute(double seconds);
/* The calling rank computes `flops` floating-point operations on its simulated host. */
SMPI_API void smpi_execute_flops(double flops);
/* As smpi_execute, but `seconds` is a duration on the simulated host itself. */
SMPI_API void smpi_execute_benched(double seconds);
/* As smpi_execute_flops (SMPI's name for the benched variant). */
SMPI_API void smpi_execute_flops_benched(double flops);

#ifdef __cplusplus
}
#endif

#endif /* SMPI_PUBLIC_SMPI_H */
