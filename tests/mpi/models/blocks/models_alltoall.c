/* models_alltoall: tests/mpi/coll/alltoall's program (every algorithm's data checks), run here
 * under the per-message network models (this folder's testlist). */
#include "../../coll/alltoall/coll_alltoall.c"
