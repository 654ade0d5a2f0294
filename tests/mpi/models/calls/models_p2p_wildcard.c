/* models_p2p_wildcard: tests/mpi/p2p/p2p_wildcard's program, run here under the per-message network
 * models (this folder's testlist). */
#include "../../p2p/p2p_wildcard.c"
