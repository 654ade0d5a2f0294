/* bindings_type: (being written) */
#include "smpi/internal.h"
