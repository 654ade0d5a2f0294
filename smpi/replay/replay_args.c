/* replay_args: reading the arguments of a time-independent trace action as SMPI 3.32's replay
 * reads them (numbers truncated to integers, its datatype ids, its -333 for an unnamed peer);
 * every failure names the file, the line and the action. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/replay/replay_impl.h"

void smpi__ra_malformed(const struct rank_replay *rr, const char *fmt, ...)
{
    char why[256];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    sim_die("%s:%d: malformed '%s' action '%s': %s", rr->in.path, rr->in.line, rr->f[1],
            rr->in.text, why);
}

/* Needs at least n arguments after the action name; `usage` lists them. */
void smpi__ra_need(const struct rank_replay *rr, int n, const char *usage)
{
    if (rr->nf - 2 < n)
        smpi__ra_malformed(rr, "expected %s", usage);
}

const char *smpi__ra_arg(const struct rank_replay *rr, int i)
{
    return rr->f[2 + i];
}

bool smpi__ra_has(const struct rank_replay *rr, int i)
{
    return 2 + i < rr->nf;
}

double smpi__ra_num(const struct rank_replay *rr, int i)
{
    char *end;
    double v = strtod(smpi__ra_arg(rr, i), &end);

    if (end == smpi__ra_arg(rr, i) || *end != '\0' || !isfinite(v))
        smpi__ra_malformed(rr, "argument %d '%s' is not a number", i + 1, smpi__ra_arg(rr, i));
    return v;
}

/* An integer argument: SMPI accepts any number and truncates it ("1e+06"). */
int smpi__ra_integer(const struct rank_replay *rr, int i)
{
    double v = trunc(smpi__ra_num(rr, i));

    if (v < -2147483648.0 || v > 2147483647.0)
        smpi__ra_malformed(rr, "argument %d '%s' is out of range", i + 1, smpi__ra_arg(rr, i));
    return (int)v;
}

int smpi__ra_count(const struct rank_replay *rr, int i)
{
    int v = smpi__ra_integer(rr, i);

    if (v < 0)
        smpi__ra_malformed(rr, "argument %d '%s' is a negative count", i + 1, smpi__ra_arg(rr, i));
    return v;
}

MPI_Datatype smpi__ra_type(const struct rank_replay *rr, int i)
{
    MPI_Datatype t;

    if (!smpi__ra_has(rr, i))
        return rr->default_type;
    t = smpi__ti_type_decode(smpi__ra_arg(rr, i));
    if (!t)
        smpi__ra_malformed(
            rr,
            "argument %d '%s' is not a datatype id (0 MPI_DOUBLE, 1 MPI_INT, 2 MPI_CHAR, "
            "... as SMPI 3.32 numbers them; -1 for a derived type)",
            i + 1, smpi__ra_arg(rr, i));
    return t;
}

/* A rank of MPI_COMM_WORLD; SMPI's -333 (a peer it could not name) is `unnamed`. */
int smpi__ra_peer(const struct rank_replay *rr, int i, int unnamed)
{
    int v = smpi__ra_integer(rr, i);

    if (v == SMPI_TI_UNDEFINED)
        return unnamed;
    if (v < 0 || v >= smpi__rt.nranks)
        smpi__ra_malformed(rr, "rank %d is not a rank of the %d replayed", v, smpi__rt.nranks);
    return v;
}

int smpi__ra_root(const struct rank_replay *rr, int i)
{
    return smpi__ra_has(rr, i) ? smpi__ra_peer(rr, i, 0) : 0;
}

double smpi__ra_bytes(int n, MPI_Datatype t)
{
    return (double)n * (double)smpi_type_size(t);
}

/* n counts from argument i on; their sum in *total. */
int *smpi__ra_counts(const struct rank_replay *rr, int i, int n, double *total)
{
    int *v = sim_xcalloc((size_t)n, sizeof(*v));

    *total = 0;
    for (int k = 0; k < n; k++) {
        v[k] = smpi__ra_count(rr, i + k);
        *total += v[k];
    }
    return v;
}
