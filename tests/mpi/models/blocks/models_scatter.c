/* models_scatter: tests/mpi/coll/scatter's program (every algorithm's data checks), run here under
 * the per-message network models (this folder's testlist). */
#include "../../coll/scatter/coll_scatter.c"
