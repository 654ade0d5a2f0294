#!/bin/sh
# check-layering: fails when an #include crosses a module boundary of STYLE.md section 1.
#   simcore/      libc and simcore/ only (never MPI)
#   collectives/  collectives/, smpi/mpi/p2p_api.h (the narrow p2p API), simcore/simcore.h, <mpi.h>
#   smpi/         smpi/, simcore/simcore.h, collectives/collectives.h, <mpi.h>, <smpi/smpi.h>
#   apps/         <mpi.h>, <smpi.h>, <smpi/smpi.h> only; the kernel benchmarks apps/bench/bench_*.c measure
#                 simcore itself (issue: "apps/bench gets a kernel benchmark") and may include
#                 simcore headers
# Usage: check-layering.sh SRCDIR
cd "${1:-.}" || exit 2
bad=0

# scan DIR-GLOB ALLOWED-REGEX: reports every quoted or angled project include not allowed.
scan() {
    pattern=$1
    allowed=$2
    for f in $pattern; do
        [ -f "$f" ] || continue
        grep -n '^#include [<"]\(simcore\|smpi\|collectives\|mpi\|smpi\)[/.]' "$f" |
            grep -v -E "$allowed" | while IFS= read -r line; do
                echo "$f:$line: include crosses a module boundary (STYLE.md section 1)"
            done
    done
}

out=$( {
    scan 'simcore/*.[ch]' '"simcore/'
    scan 'collectives/*.[ch]' '"collectives/|"smpi/mpi/p2p_api.h"|"simcore/simcore.h"|<mpi.h>'
    scan 'smpi/*.[ch] smpi/*/*.[ch]' '"smpi/|"simcore/simcore.h"|"collectives/collectives.h"|<mpi.h>|<smpi.h>|<smpi/smpi.h>'
    scan 'apps/*.c apps/*/*.c' '<mpi.h>|<smpi.h>|<smpi/smpi.h>'
} )
out=$(printf '%s\n' "$out" | grep -v '^apps/bench/bench_[a-z_]*\.c:[0-9]*:#include "simcore/' |
      grep -v '^$')
if [ -n "$out" ]; then
    printf '%s\n' "$out" >&2
    bad=1
fi
[ $bad -eq 0 ] && echo "layering: every include respects the module boundaries"
exit $bad
