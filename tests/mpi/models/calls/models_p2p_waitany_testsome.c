/* models_p2p_waitany_testsome: tests/mpi/p2p/p2p_waitany_testsome's program, run here under the
 * per-message network models (this folder's testlist). */
#include "../../p2p/p2p_waitany_testsome.c"
