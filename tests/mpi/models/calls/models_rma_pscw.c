/* models_rma_pscw: tests/mpi/rma/rma_pscw's program, run here under the per-message network models
 * (this folder's testlist). */
#include "../../rma/rma_pscw.c"
