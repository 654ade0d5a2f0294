/* models_ti_p2p: tests/mpi/replay/ti_p2p's program, traced and replayed here under the per-message
 * network models (this folder's testlist). */
#include "../../replay/ti_p2p.c"
