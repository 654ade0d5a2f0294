/* test_datatype_ctor: (being written) */
#include <criterion/criterion.h>
