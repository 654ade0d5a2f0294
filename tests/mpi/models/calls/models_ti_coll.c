/* models_ti_coll: tests/mpi/replay/ti_coll's program, traced and replayed here under the
 * per-message network models (this folder's testlist). */
#include "../../replay/ti_coll.c"
