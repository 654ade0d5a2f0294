/* datatype_ctor: (being written) */
#include "smpi/internal.h"
