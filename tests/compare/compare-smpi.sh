#!/bin/bash
# make compare: run the same MPI programs under simmpi and SimGrid's SMPI (3.32) with the same
# platform, hostfile and options, and print the simulated times side by side with the relative
# difference. Target: every case within 1%. Skipped when SimGrid is not installed.
# Then the collectives (tests/compare/compare-coll.sh): every algorithm SMPI 3.32 lists and
# every selector, one summary line each. COMPARE_COLL_ARGS narrows the grid (default: 2, 3, 4,
# 7, 8 and 16 ranks, 1, 1,000 and 100,000 doubles, one and four ranks per host). Then the Paje
# variables of tracing categories (tests/compare/compare-categories.py), and topo
# (tests/compare/compare-topo.sh): tests/compare/topo.c on the TORUS, FAT_TREE, DRAGONFLY,
# Vivaldi, Cluster-zone and bypass platforms of this directory, plus SimGrid's own examples when
# SIMGRID_PLATFORMS names its examples/platforms directory. COMPARE_PARTS picks among p2p,
# categories, coll and topo (default: all four).
set -u
builddir=$1
srcdir=$2
here=$srcdir/tests/compare
out=$builddir/tests/compare-out
if ! command -v /usr/bin/smpicc >/dev/null || ! command -v /usr/bin/smpirun >/dev/null; then
    echo "compare: SimGrid's SMPI is not installed (apt-get install libsimgrid-dev); skipped"
    exit 0
fi
mkdir -p "$out"
parts=${COMPARE_PARTS:-p2p categories coll topo}
programs="pingpong ring halo alltoall_isend"
case " $parts " in *" p2p "*) ;; *) programs= ;; esac
for p in $programs; do
    "$builddir/smpi/smpicc" -O2 -o "$out/$p" "$here/$p.c" || exit 1
    /usr/bin/smpicc -O2 -o "$out/$p.sg" "$here/$p.c" 2>/dev/null || exit 1
done
opts="--cfg=smpi/simulate-computation:no"
worst=0
[ -n "$programs" ] && printf '%-10s %-22s %16s %16s %9s\n' platform case simmpi SMPI diff
for plat in cluster cabinets; do
    for p in $programs; do
        np=16
        [ $p = pingpong ] && np=2
        "$builddir/smpi/smpirun" -np $np -platform "$here/$plat.xml" -hostfile "$here/$plat.hosts" \
            $opts "$out/$p" 2>"$out/$plat-$p.err" | grep '^RESULT' >"$out/$plat-$p.simmpi"
        /usr/bin/smpirun -np $np -platform "$here/$plat.xml" -hostfile "$here/$plat.hosts" \
            $opts "$out/$p.sg" 2>/dev/null | grep '^RESULT' >"$out/$plat-$p.smpi"
        while read -r _ name a && read -r _ name2 b <&3; do
            diff=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%+.3f", (a - b) / b * 100 }')
            printf '%-10s %-22s %16.9f %16.9f %8s%%\n' "$plat" "$name" "$a" "$b" "$diff"
            worst=$(awk -v d="$diff" -v w="$worst" 'BEGIN { d = d < 0 ? -d : d; print (d > w ? d : w) }')
        done <"$out/$plat-$p.simmpi" 3<"$out/$plat-$p.smpi"
    done
done
[ -n "$programs" ] && echo "largest relative difference: ${worst}%"

case " $parts " in
*" categories "*)
    echo
    echo "== tracing categories: Paje variables per category (tests/compare/compare-categories.py) =="
    python3 "$here/compare-categories.py" "$builddir" "$srcdir"
    ;;
esac

case " $parts " in *" topo "*)
    echo
    echo "== routing: cluster topologies, Vivaldi, Cluster zones and bypass routes =="
    bash "$here/compare-topo.sh" "$builddir" "$srcdir"
    ;;
esac

case " $parts " in *" coll "*) ;; *) exit 0 ;; esac
echo
echo "== collectives: every algorithm and selector of SMPI 3.32 (simulated time of every rank) =="
# shellcheck disable=SC2086 # COMPARE_COLL_ARGS is a list of options
coll() { bash "$here/compare-coll.sh" -b "$builddir" ${COMPARE_COLL_ARGS:-} "$@" | tail -n 1; }
for kind in barrier bcast reduce allreduce alltoall alltoallv allgather allgatherv gather scatter \
    reduce_scatter; do
    printf '%-16s %s\n' "$kind" "$(coll -k "$kind")"
done
for sel in default ompi mpich mvapich2 impi; do
    printf '%-16s %s\n' "selector $sel" "$(coll -a - -s "$sel")"
done
