/* bindings_misc: (being written) */
#include "smpi/internal.h"
