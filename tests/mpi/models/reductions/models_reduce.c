/* models_reduce: tests/mpi/coll/reduce's program (every algorithm's data checks), run here under
 * the per-message network models (this folder's testlist). */
#include "../../coll/reduce/coll_reduce.c"
