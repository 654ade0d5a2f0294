/* info: (being written) */
#include "smpi/internal.h"
