/* bindings_topo: (being written) */
#include "smpi/internal.h"
