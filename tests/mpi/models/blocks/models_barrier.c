/* models_barrier: tests/mpi/coll/barrier's program (every algorithm's data checks), run here under
 * the per-message network models (this folder's testlist). */
#include "../../coll/barrier/coll_barrier.c"
