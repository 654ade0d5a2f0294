/* topo: (being written) */
#include "smpi/internal.h"
