/* models_allreduce: tests/mpi/coll/allreduce's program (every algorithm's data checks), run here
 * under the per-message network models (this folder's testlist). */
#include "../../coll/allreduce/coll_allreduce.c"
