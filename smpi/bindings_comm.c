/* bindings_comm: (being written) */
#include "smpi/internal.h"
