/* simcore/util.c's sim_decimal: the same text as printf's %lld, over the whole range. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "simcore/simcore.h"

Test(util, decimal_is_printf_lld)
{
    const long long v[] = { 0,    7,     -1,      10,      -10,       99,        100,
                            4095, -4096, INT_MAX, INT_MIN, LLONG_MAX, LLONG_MIN, 1000000000000LL };
    char got[24];
    char want[24];

    for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        int n = sim_decimal(got, v[i]);

        snprintf(want, sizeof(want), "%lld", v[i]);
        cr_assert_str_eq(got, want);
        cr_assert_eq(n, (int)strlen(want));
    }
}
