/* models_p2p_truncate: tests/mpi/p2p/p2p_truncate's program, run here under the per-message network
 * models (this folder's testlist). */
#include "../../p2p/p2p_truncate.c"
