/* units: the one parser for quantities with units (sizes, times, bandwidths, speeds), used by
 * option values and platform attributes. The unit tables follow SimGrid 3.32's
 * src/xbt/xbt_parse_units.cpp; "K" is also accepted for the decimal kilo of bytes and bits. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"

/* A unit family: a base unit and the prefixes it may carry. */
struct unit_family {
    const char *unit; /* "B", "bps", "f", "flops" */
    double base;      /* value of one unit in SI base units (a bit is 0.125 byte) */
    bool binary;      /* also takes Ki, Mi, ... (powers of 1024) */
    bool long_prefix; /* takes kilo, mega, ... instead of k, M, ... */
    bool upper_kilo;  /* also takes K as a decimal kilo (KB, KBps) */
};

static const char *const short_prefix[] = { "k", "M", "G", "T", "P", "E", "Z", "Y" };
static const char *const long_prefix[] = { "kilo", "mega", "giga", "tera",
                                           "peta", "exa",  "zeta", "yotta" };
static const char *const binary_prefix[] = { "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi" };
#define NPREFIX 8

static const struct unit_family size_units[] = {
    { "B", 1.0, true, false, true },
    { "b", 0.125, true, false, true },
    { NULL },
};

static const struct unit_family bandwidth_units[] = {
    { "Bps", 1.0, true, false, true },
    { "bps", 0.125, true, false, true },
    { NULL },
};

static const struct unit_family speed_units[] = {
    { "f", 1.0, false, false, false },
    { "flops", 1.0, false, true, false },
    { "flops", 1.0, false, false, false }, /* kflops, Mflops, Gflops, ... */
    { NULL },
};

static const struct time_unit {
    const char *unit;
    double seconds;
} time_units[] = {
    { "w", 7 * 24 * 3600.0 }, { "d", 24 * 3600.0 }, { "h", 3600.0 }, { "m", 60.0 },   { "s", 1.0 },
    { "ms", 1e-3 },           { "us", 1e-6 },       { "ns", 1e-9 },  { "ps", 1e-12 }, { NULL, 0 },
};

/* True if `text` is `prefix` followed by exactly `unit`. */
static bool is_prefixed(const char *text, const char *prefix, const char *unit)
{
    size_t n = strlen(prefix);

    return strncmp(text, prefix, n) == 0 && strcmp(text + n, unit) == 0;
}

/* Multiplier of `suffix` in the family, or 0 if the family does not spell it. Multipliers are
 * built by repeated multiplication, as SimGrid does, so values agree to the last bit. */
static double family_scale(const struct unit_family *f, const char *suffix)
{
    double dec = f->base;
    double bin = f->base;

    if (strcmp(suffix, f->unit) == 0)
        return f->base;
    for (int i = 0; i < NPREFIX; i++) {
        dec *= 1000.0;
        bin *= 1024.0;
        if (is_prefixed(suffix, f->long_prefix ? long_prefix[i] : short_prefix[i], f->unit))
            return dec;
        if (i == 0 && f->upper_kilo && is_prefixed(suffix, "K", f->unit))
            return dec;
        if (f->binary && is_prefixed(suffix, binary_prefix[i], f->unit))
            return bin;
    }
    return 0;
}

/* Reads the leading number of `text`; `*rest` points after it. Returns -1 if there is no
 * number, or it is out of range or not finite. */
static int parse_number(const char *text, double *value, const char **rest)
{
    char *end;

    if (!text)
        return -1;
    errno = 0;
    *value = strtod(text, &end);
    if (end == text || errno == ERANGE || !isfinite(*value))
        return -1;
    *rest = end;
    return 0;
}

/* Number followed by a unit of one of the families; a bare number is in the base unit. Sizes,
 * bandwidths and speeds are never negative. */
static int parse_families(const char *text, const struct unit_family *fam, double *out)
{
    const char *suffix;
    double v;

    if (parse_number(text, &v, &suffix) < 0 || v < 0)
        return -1;
    if (*suffix == '\0') {
        *out = v;
        return 0;
    }
    for (; fam->unit; fam++) {
        double scale = family_scale(fam, suffix);

        if (scale > 0) {
            *out = v * scale;
            return 0;
        }
    }
    return -1;
}

int sim_parse_size(const char *text, double *bytes)
{
    return parse_families(text, size_units, bytes);
}

int sim_parse_bandwidth(const char *text, double *bps)
{
    return parse_families(text, bandwidth_units, bps);
}

int sim_parse_speed(const char *text, double *flops)
{
    return parse_families(text, speed_units, flops);
}

int sim_parse_time(const char *text, double *seconds)
{
    const char *suffix;
    double v;

    if (parse_number(text, &v, &suffix) < 0)
        return -1;
    if (*suffix == '\0') {
        *seconds = v;
        return 0;
    }
    for (const struct time_unit *u = time_units; u->unit; u++) {
        if (strcmp(suffix, u->unit) == 0) {
            *seconds = v * u->seconds;
            return 0;
        }
    }
    return -1;
}

const char *sim_units_help(char kind)
{
    switch (kind) {
    case 's':
        return "B, kB, MB, GB, TB, PB, EB, ZB, YB, KiB, MiB, GiB, TiB, PiB, EiB, ZiB, YiB; b, kb, "
               "Mb, ..., Kib, Mib, ... for bits (8b = 1B); KB is taken as kB";
    case 't':
        return "s, ms, us, ns, ps, m (minute), h, d, w";
    case 'b':
        return "Bps, kBps, MBps, GBps, TBps, PBps, EBps, ZBps, YBps, KiBps, MiBps, GiBps, TiBps, "
               "PiBps, EiBps, ZiBps, YiBps; bps, kbps, Mbps, Gbps, Tbps, ..., Kibps, Mibps, Gibps, "
               "Tibps, ... for bits (8bps = 1Bps); KBps is taken as kBps";
    case 'f':
        return "f, kf, Mf, Gf, Tf, Pf, Ef, Zf, Yf, or flops, kflops, Mflops, Gflops, ..., Yflops, "
               "or kiloflops, megaflops, gigaflops, teraflops, petaflops, exaflops, zetaflops, "
               "yottaflops";
    default:
        return "";
    }
}
