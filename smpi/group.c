/* group: (being written) */
#include "smpi/internal.h"
