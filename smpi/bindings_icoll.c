/* bindings_icoll: (being written) */
#include "smpi/internal.h"
