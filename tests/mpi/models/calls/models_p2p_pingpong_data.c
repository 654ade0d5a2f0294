/* models_p2p_pingpong_data: tests/mpi/p2p/p2p_pingpong_data's program, run here under the
 * per-message network models (this folder's testlist). */
#include "../../p2p/p2p_pingpong_data.c"
