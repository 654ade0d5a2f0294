/* models_reduce_scatter: tests/mpi/coll/reduce_scatter's program (every algorithm's data checks),
 * run here under the per-message network models (this folder's testlist). */
#include "../../coll/reduce_scatter/coll_reduce_scatter.c"
