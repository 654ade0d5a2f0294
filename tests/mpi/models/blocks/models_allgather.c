/* models_allgather: tests/mpi/coll/allgather's program (every algorithm's data checks), run here
 * under the per-message network models (this folder's testlist). */
#include "../../coll/allgather/coll_allgather.c"
