#!/bin/bash
# compare-coll: run collective algorithms under simmpi and SimGrid SMPI 3.32 on the same
# platform, hostfile and options, and compare the simulated time at which every rank leaves
# every repetition (tests/compare/coll_time.c). Usage:
#   compare-coll.sh [-k KINDS] [-a ALGOS] [-n NPS] [-c COUNTS] [-l LAYOUTS] [-o OP] [-r ROOT]
#                   [-s SELECTOR] [-v] [-b BUILDDIR]
#   KINDS    collectives (default: the eleven SMPI can switch)
#   ALGOS    algorithm names (default: every algorithm SMPI 3.32 lists for the collective,
#            selectors excluded); "-" means none forced (the selector decides)
#   NPS      rank counts (default "2 3 4 7 8 16")
#   COUNTS   elements of MPI_DOUBLE (default "1 1000 100000")
#   LAYOUTS  flat (one rank per host), smp4 (four consecutive ranks per host), rr4 (ranks
#            dealt round robin over 16 hosts): default "flat smp4"
#   OP       sum, max or noncomm (default sum)
#   SELECTOR smpi/coll-selector for both (default: each simulator's default)
# COMPARE_OUT in the environment: where binaries and outputs go (default
# BUILDDIR/tests/compare-out/coll), so that two comparisons can run at once.
# Prints one line per case: the largest relative difference over ranks and repetitions, or
# why there is none; then a summary. simmpi runs with smpi/coll-fallback:error, so a case that
# simmpi refuses says which precondition failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
builddir=$(cd "$here/../.." && pwd)
kinds="barrier bcast reduce allreduce alltoall alltoallv allgather allgatherv gather scatter reduce_scatter"
algos=
nps="2 3 4 7 8 16"
counts="1 1000 100000"
layouts="flat smp4"
op=sum
root=0
selector=
verbose=0
while getopts "k:a:n:c:l:o:r:s:b:v" opt; do
    case $opt in
        k) kinds=$OPTARG ;;
        a) algos=$OPTARG ;;
        n) nps=$OPTARG ;;
        c) counts=$OPTARG ;;
        l) layouts=$OPTARG ;;
        o) op=$OPTARG ;;
        r) root=$OPTARG ;;
        s) selector=$OPTARG ;;
        b) builddir=$OPTARG ;;
        v) verbose=1 ;;
        *) exit 2 ;;
    esac
done
if [ ! -x /usr/bin/smpirun ]; then
    echo "compare-coll: SimGrid's SMPI is not installed (apt-get install libsimgrid-dev); skipped"
    exit 0
fi
out=${COMPARE_OUT:-$builddir/tests/compare-out/coll}
mkdir -p "$out"
"$builddir/smpi/smpicc" -O2 -o "$out/ct" "$here/coll_time.c" || exit 1
/usr/bin/smpicc -O2 -o "$out/ct.sg" "$here/coll_time.c" 2>/dev/null || exit 1

# SMPI's algorithm list for one collective: the "valid algorithms" of an unknown name.
smpi_algos() {
    /usr/bin/smpirun -np 1 -platform "$here/smp.xml" -hostfile "$here/flat.hosts" \
        --cfg=smpi/$1:nonexistent "$out/ct.sg" barrier 1 2>&1 |
        sed -n 's/.*Valid algorithms: \(.*\)\.$/\1/p' | tr -d ',' | tr ' ' '\n' |
        grep -v -x -E 'default|ompi|mpich|mvapich2|impi|automatic'
}

exact=0 close=0 far=0 refused=0 broken=0 worst=0
cfg="--cfg=smpi/simulate-computation:no"
[ -n "$selector" ] && cfg="$cfg --cfg=smpi/coll-selector:$selector"
for kind in $kinds; do
    list=$algos
    [ -n "$list" ] || list=$(smpi_algos "$kind")
    for algo in $list; do
        force=
        [ "$algo" != - ] && force="--cfg=smpi/$kind:$algo"
        for layout in $layouts; do
            for np in $nps; do
                for count in $counts; do
                    id="$kind $algo $layout np=$np count=$count"
                    args=(-np "$np" -platform "$here/smp.xml" -hostfile "$here/$layout.hosts")
                    prog=(coll_time "$kind" "$count" "$root" "$op")
                    timeout 120 "$builddir/smpi/smpirun" "${args[@]}" $cfg $force \
                        --cfg=smpi/coll-fallback:error "$out/ct" "${prog[@]:1}" \
                        >"$out/a.out" 2>"$out/a.err"
                    sa=$?
                    timeout 120 /usr/bin/smpirun "${args[@]}" $cfg $force "$out/ct.sg" \
                        "${prog[@]:1}" >"$out/b.out" 2>"$out/b.err"
                    sb=$?
                    if [ $sa -ne 0 ] && grep -q "needs" "$out/a.err"; then
                        refused=$((refused + 1))
                        why=$(grep -o "needs [^:(]*" "$out/a.err" | head -1)
                        printf '%-60s simmpi refuses (%s); SMPI status %d\n' "$id" "$why" $sb
                        continue
                    fi
                    if [ $sa -ne 0 ] || [ $sb -ne 0 ]; then
                        broken=$((broken + 1))
                        printf '%-60s FAILED: simmpi status %d, SMPI status %d\n' "$id" $sa $sb
                        if [ $verbose = 1 ]; then
                            tail -3 "$out/a.err" | sed 's/^/    simmpi: /'
                            tail -3 "$out/b.err" | sed 's/^/    SMPI: /'
                        fi
                        continue
                    fi
                    d=$(paste "$out/a.out" "$out/b.out" | awk '
                        $1 == "RESULT" && $5 == "RESULT" {
                            a = $4; b = $8; n++
                            e = (b != 0) ? (a - b) / b : (a - b)
                            if (e < 0) e = -e
                            if (e > m) m = e
                        }
                        END { if (n == 0) print "none"; else printf "%.6f", m * 100 }')
                    if [ "$d" = none ]; then
                        broken=$((broken + 1))
                        printf '%-60s FAILED: no RESULT lines\n' "$id"
                        continue
                    fi
                    verdict=$(awk -v d="$d" 'BEGIN { print (d < 1e-6) ? "exact" : (d <= 1 ? "close" : "FAR") }')
                    case $verdict in
                        exact) exact=$((exact + 1)) ;;
                        close) close=$((close + 1)) ;;
                        *) far=$((far + 1)) ;;
                    esac
                    worst=$(awk -v d="$d" -v w="$worst" 'BEGIN { print (d > w ? d : w) }')
                    printf '%-60s %10s%% %s\n' "$id" "$d" "$verdict"
                    if [ $verbose = 1 ] && [ "$verdict" = FAR ]; then
                        paste "$out/a.out" "$out/b.out" | awk '$4 != $8 { print "    " $2, $3, $4, $8 }' | head -5
                    fi
                done
            done
        done
    done
done
echo "summary: exact $exact, within 1% $close, beyond 1% $far, refused by simmpi $refused, failed $broken; largest difference ${worst}%"
