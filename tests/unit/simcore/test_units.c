/* Unit parser tests: every kind (size, time, bandwidth, speed), bits vs bytes, binary vs decimal
 * prefixes, bare numbers, and rejected spellings. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "simcore/simcore.h"

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-12 * fabs(b) + 1e-300;
}

Test(units, sizes_use_decimal_and_binary_prefixes)
{
    /* 128KiB = 128 * 1024; 1kB = KB = 1000; 2MB = 2e6; 1GiB = 2^30; 16b = 2 bytes; 1Kib = 128. */
    double v;

    cr_assert_eq(sim_parse_size("128KiB", &v), 0);
    cr_assert(near(v, 131072));
    cr_assert_eq(sim_parse_size("1kB", &v), 0);
    cr_assert(near(v, 1000));
    cr_assert_eq(sim_parse_size("1KB", &v), 0);
    cr_assert(near(v, 1000));
    cr_assert_eq(sim_parse_size("2MB", &v), 0);
    cr_assert(near(v, 2e6));
    cr_assert_eq(sim_parse_size("1GiB", &v), 0);
    cr_assert(near(v, 1073741824.0));
    cr_assert_eq(sim_parse_size("16b", &v), 0);
    cr_assert(near(v, 2));
    cr_assert_eq(sim_parse_size("1Kib", &v), 0);
    cr_assert(near(v, 128));
    cr_assert_eq(sim_parse_size("3TB", &v), 0);
    cr_assert(near(v, 3e12));
}

Test(units, times_cover_seconds_to_weeks)
{
    /* 50us = 5e-5 s; 1.5ms; 2m = 120 s (minutes); 1h, 1d, 1w; 3ns; 7ps. */
    double v;

    cr_assert_eq(sim_parse_time("50us", &v), 0);
    cr_assert(near(v, 5e-5));
    cr_assert_eq(sim_parse_time("1.5ms", &v), 0);
    cr_assert(near(v, 1.5e-3));
    cr_assert_eq(sim_parse_time("2m", &v), 0);
    cr_assert(near(v, 120));
    cr_assert_eq(sim_parse_time("1h", &v), 0);
    cr_assert(near(v, 3600));
    cr_assert_eq(sim_parse_time("1d", &v), 0);
    cr_assert(near(v, 86400));
    cr_assert_eq(sim_parse_time("1w", &v), 0);
    cr_assert(near(v, 604800));
    cr_assert_eq(sim_parse_time("3ns", &v), 0);
    cr_assert(near(v, 3e-9));
    cr_assert_eq(sim_parse_time("7ps", &v), 0);
    cr_assert(near(v, 7e-12));
}

Test(units, bandwidths_divide_bits_by_eight)
{
    /* 1.25GBps = 1.25e9 B/s; 10Gbps = 10e9 / 8 = 1.25e9; 1KiBps = 1024; 8Mibps = 2^20;
     * 100Mbps = 1.25e7; 1KBps = 1000; 1Tbps = 1.25e11. */
    double v;

    cr_assert_eq(sim_parse_bandwidth("1.25GBps", &v), 0);
    cr_assert(near(v, 1.25e9));
    cr_assert_eq(sim_parse_bandwidth("10Gbps", &v), 0);
    cr_assert(near(v, 1.25e9));
    cr_assert_eq(sim_parse_bandwidth("1KiBps", &v), 0);
    cr_assert(near(v, 1024));
    cr_assert_eq(sim_parse_bandwidth("8Mibps", &v), 0);
    cr_assert(near(v, 1048576));
    cr_assert_eq(sim_parse_bandwidth("100Mbps", &v), 0);
    cr_assert(near(v, 1.25e7));
    cr_assert_eq(sim_parse_bandwidth("1KBps", &v), 0);
    cr_assert(near(v, 1000));
    cr_assert_eq(sim_parse_bandwidth("1Tbps", &v), 0);
    cr_assert(near(v, 1.25e11));
}

Test(units, speeds_take_short_and_long_spellings)
{
    /* 1Gf = 1e9; 2.5Mf = 2.5e6; 1Pf = 1e15; 3gigaflops = 3e9; 1kiloflops = 1e3; 4flops = 4. */
    double v;

    cr_assert_eq(sim_parse_speed("1Gf", &v), 0);
    cr_assert(near(v, 1e9));
    cr_assert_eq(sim_parse_speed("2.5Mf", &v), 0);
    cr_assert(near(v, 2.5e6));
    cr_assert_eq(sim_parse_speed("1Pf", &v), 0);
    cr_assert(near(v, 1e15));
    cr_assert_eq(sim_parse_speed("3gigaflops", &v), 0);
    cr_assert(near(v, 3e9));
    cr_assert_eq(sim_parse_speed("1kiloflops", &v), 0);
    cr_assert(near(v, 1e3));
    cr_assert_eq(sim_parse_speed("4flops", &v), 0);
    cr_assert(near(v, 4));
}

Test(units, short_flops_forms_and_signs)
{
    /* "2Gflops" = 2e9 and "5Mflops" = 5e6 (short prefix + flops); a time may be negative
     * ("-1.5ms" = -1.5e-3, "-2" = -2 s) but a size, bandwidth or speed may not (-1). */
    double v;

    cr_assert_eq(sim_parse_speed("2Gflops", &v), 0);
    cr_assert(near(v, 2e9));
    cr_assert_eq(sim_parse_speed("5Mflops", &v), 0);
    cr_assert(near(v, 5e6));
    cr_assert_eq(sim_parse_time("-1.5ms", &v), 0);
    cr_assert(near(v, -1.5e-3));
    cr_assert_eq(sim_parse_time("-2", &v), 0);
    cr_assert(near(v, -2));
    cr_assert_eq(sim_parse_size("-1B", &v), -1);
    cr_assert_eq(sim_parse_bandwidth("-1Gbps", &v), -1);
    cr_assert_eq(sim_parse_speed("-1Gf", &v), -1);
}

Test(units, bare_numbers_are_in_the_base_unit)
{
    /* "42" is 42 bytes, seconds, bytes/s or flop/s; "1e3" is 1000. */
    double v;

    cr_assert_eq(sim_parse_size("42", &v), 0);
    cr_assert(near(v, 42));
    cr_assert_eq(sim_parse_time("0.5", &v), 0);
    cr_assert(near(v, 0.5));
    cr_assert_eq(sim_parse_bandwidth("1e3", &v), 0);
    cr_assert(near(v, 1000));
    cr_assert_eq(sim_parse_speed("7", &v), 0);
    cr_assert(near(v, 7));
}

Test(units, bad_spellings_are_rejected)
{
    /* "10Gbs" (no such unit), "abc" (no number), "" and NULL, a unit of another kind ("1Gf" as a
     * bandwidth), a trailing space, "Kf" (K is only an alias for bytes and bits). */
    double v;

    cr_assert_eq(sim_parse_bandwidth("10Gbs", &v), -1);
    cr_assert_eq(sim_parse_size("abc", &v), -1);
    cr_assert_eq(sim_parse_time("", &v), -1);
    cr_assert_eq(sim_parse_time(NULL, &v), -1);
    cr_assert_eq(sim_parse_bandwidth("1Gf", &v), -1);
    cr_assert_eq(sim_parse_time("1s ", &v), -1);
    cr_assert_eq(sim_parse_speed("1Kf", &v), -1);
    cr_assert_eq(sim_parse_time("1S", &v), -1);
}

Test(units, help_lists_the_units_of_each_kind)
{
    /* The help strings name representative units of their kind and nothing for a bad kind. */
    cr_assert(strstr(sim_units_help('s'), "KiB"));
    cr_assert(strstr(sim_units_help('t'), "us"));
    cr_assert(strstr(sim_units_help('b'), "Gbps"));
    cr_assert(strstr(sim_units_help('f'), "Gf"));
    cr_assert_str_eq(sim_units_help('x'), "");
}
