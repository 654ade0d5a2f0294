/* models_rma_fence: tests/mpi/rma/rma_fence's program, run here under the per-message network
 * models (this folder's testlist). */
#include "../../rma/rma_fence.c"
