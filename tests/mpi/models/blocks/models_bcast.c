/* models_bcast: tests/mpi/coll/bcast's program (every algorithm's data checks), run here under the
 * per-message network models (this folder's testlist). */
#include "../../coll/bcast/coll_bcast.c"
