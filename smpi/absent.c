/* absent: (being written) */
#include "smpi/internal.h"
