/* models_rma_dynamic_span: tests/mpi/rma/rma_dynamic_span's program, run here under the per-message
 * network models (this folder's testlist). */
#include "../../rma/rma_dynamic_span.c"
