/* models_scan: tests/mpi/coll/scan's program (every algorithm's data checks), run here under the
 * per-message network models (this folder's testlist). */
#include "../../coll/scan/coll_scan.c"
