/* models_gather: tests/mpi/coll/gather's program (every algorithm's data checks), run here under
 * the per-message network models (this folder's testlist). */
#include "../../coll/gather/coll_gather.c"
