/* attr: (being written) */
#include "smpi/internal.h"
