/* models_coll_nonblocking: tests/mpi/coll/nonblocking/coll_nonblocking's program, run here under
 * the per-message network models (this folder's testlist). */
#include "../../coll/nonblocking/coll_nonblocking.c"
