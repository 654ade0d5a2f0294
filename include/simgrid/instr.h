/* simgrid/instr.h: the tracing calls of SimGrid's C API that MPI programs written for SMPI make
 * (SimGrid 3.32's include/simgrid/instr.h, the functions simmpi provides). A category tags the
 * computations and messages of the rank that set it; under --cfg=tracing/categorized:yes the
 * Paje trace (smpirun -trace) shows each category's share of every host ("p<category>") and
 * link ("b<category>"). Without tracing they only record the names. */
#ifndef SIMGRID_INSTR_H
#define SIMGRID_INSTR_H

#include <mpi.h> /* SMPI_API */

#ifdef __cplusplus
extern "C" {
#endif

/* Declares a category; its colour ("r g b", each in [0, 1]) is drawn at random as SimGrid
 * draws it, or given. Declaring a name again changes nothing. */
SMPI_API void TRACE_category(const char *category);
SMPI_API void TRACE_category_with_color(const char *category, const char *color);
/* Declares the category if needed and tags with it what the calling rank computes and sends
 * from now on (the computation before the call keeps the previous one). NULL changes nothing,
 * as in SMPI. */
SMPI_API void TRACE_smpi_set_category(const char *category);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SIMGRID_INSTR_H */
