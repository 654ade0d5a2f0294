/* models_rma_lock: tests/mpi/rma/rma_lock's program, run here under the per-message network models
 * (this folder's testlist). */
#include "../../rma/rma_lock.c"
