/* simcore/util.c's sim_decimal: the same text as printf's %lld, over the whole range; its
 * sim_huge_alloc: zeroed, writable, and from 1 MiB up on a 2 MiB boundary. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

/* Every byte of `bytes` at `p` is 0; then writes its first and last byte. */
static void check_zeroed_and_write(unsigned char *p, size_t bytes)
{
    for (size_t i = 0; i < bytes; i += 4096)
        cr_assert_eq(p[i], 0, "byte %zu of %zu is %d", i, bytes, p[i]);
    cr_assert_eq(p[bytes - 1], 0);
    p[0] = 1;
    p[bytes - 1] = 2;
}

Test(util, huge_alloc_is_zeroed_and_aligned_from_one_mib)
{
    const size_t sizes[] = { 1, 4095, 4097, 200000, (size_t)1 << 20, 3u << 20, (7u << 20) + 5 };
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);

    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        unsigned char *p = sim_huge_alloc(sizes[i]);

        cr_assert_not_null(p, "%zu bytes", sizes[i]);
        cr_assert_eq((uintptr_t)p % page, 0);
        if (sizes[i] >= (size_t)1 << 20)
            cr_assert_eq((uintptr_t)p % (2u << 20), 0, "%zu bytes at %p", sizes[i], (void *)p);
        check_zeroed_and_write(p, sizes[i]);
        sim_huge_free(p, sizes[i]);
    }
    sim_huge_free(NULL, 10); /* nothing to give back */
}
