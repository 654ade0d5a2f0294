#!/bin/bash
# bench-apps.sh: real applications (LULESH 2.0, HPCG 3.1, IMB-MPI1, CloverLeaf) built unmodified
# with simmpi's and SMPI 3.32's compiler wrappers and run side by side on tests/compare/cluster.xml
# with computation off (network only), as README "Real applications" lists them. Called by
# run-bench.sh for BENCH_PARTS=apps; the sources are not part of simmpi:
#   BENCH_APPS_DIR   a folder with lulesh/ (github:LLNL/LULESH), hpcg/ (github:hpcg-benchmark/hpcg),
#                    mpi-benchmarks/ (github:intel/mpi-benchmarks) and cloverleaf/
#                    (github:UK-MAC/CloverLeaf_ref); a missing one is skipped
#   BENCH_APPS_BASE  optional: the build folder of another simmpi (an older commit), run
#                    alternately with this one in the same loop, for a ratio of the two
#   BENCH_APPS_RUNS  runs per case (default 3; the median is reported)
#   BENCH_APPS_LIMIT seconds after which a run is stopped (default 600): that simulator's case is
#                    reported as "> LIMIT" and not run again (SMPI 3.32 does not end lulesh512 in
#                    30 minutes)
#   BENCH_APPS_SMPI  0 to leave SMPI 3.32 out (its 64-rank HPCG alone takes minutes)
#   BENCH_APPS_CASES the cases to run (default: lulesh8 lulesh27 lulesh64 lulesh512 hpcg8 imb16
#                    clover16 clover64; hpcg64 besides)
# Usage: bench-apps.sh BUILDDIR SRCDIR OUTDIR
set -u
# absolute: a run changes into the application's folder, and make bench passes relative paths
builddir=$(cd "$1" && pwd)
srcdir=$(cd "$2" && pwd)
mkdir -p "$3/apps"
out=$(cd "$3/apps" && pwd)
apps=${BENCH_APPS_DIR:-}
base=${BENCH_APPS_BASE:+$(cd "$BENCH_APPS_BASE" && pwd)}
runs=${BENCH_APPS_RUNS:-3}
limit=${BENCH_APPS_LIMIT:-600}
cases=${BENCH_APPS_CASES:-lulesh8 lulesh27 lulesh64 lulesh512 hpcg8 imb16 clover16 clover64}
if [ -z "$apps" ] || [ ! -d "$apps" ]; then
    echo "applications skipped: set BENCH_APPS_DIR to a folder holding lulesh/, hpcg/, mpi-benchmarks/ and cloverleaf/"
    exit 0
fi
plat=$srcdir/tests/compare/cluster.xml
hostfile=$srcdir/tests/compare/cluster.hosts
opts=--cfg=smpi/simulate-computation:no

# The simulators side by side: NAME, compiler wrapper folder, smpirun.
sims=(simmpi)
declare -A wrap=([simmpi]=$builddir/smpi) run=([simmpi]=$builddir/smpi/smpirun)
if [ -n "$base" ]; then
    sims+=(base)
    wrap[base]=$base/smpi
    run[base]=$base/smpi/smpirun
fi
if [ "${BENCH_APPS_SMPI:-1}" = 1 ] && [ -x /usr/bin/smpicxx ] && [ -x /usr/bin/smpirun ]; then
    sims+=(smpi)
    wrap[smpi]=/usr/bin
    run[smpi]=/usr/bin/smpirun
fi

# build APP SIM: builds the application into $out/SIM/APP; returns 1 when it cannot.
build() {
    local app=$1 sim=$2 dir=$out/$2 w=${wrap[$2]}
    mkdir -p "$dir"
    [ -x "$dir/$app" ] && return 0
    case $app in
        lulesh)
            [ -f "$apps/lulesh/lulesh.cc" ] || return 1
            "$w/smpicxx" -DUSE_MPI=1 -O2 -o "$dir/lulesh" "$apps"/lulesh/lulesh*.cc ;;
        hpcg)
            [ -d "$apps/hpcg/src" ] || return 1
            "$w/smpicxx" -O2 -DHPCG_NO_OPENMP -I"$apps/hpcg/src" -o "$dir/hpcg" "$apps"/hpcg/src/*.cpp ;;
        imb)
            [ -d "$apps/mpi-benchmarks/src_c" ] || return 1
            rm -rf "$dir/imb-src"
            cp -r "$apps/mpi-benchmarks/src_c" "$dir/imb-src"
            # SMPI's malloc macro breaks IMB's declarations (README "Real applications")
            if [ "$sim" = smpi ]; then
                make -s -C "$dir/imb-src" TARGET=MPI1 CC="$w/smpicc -DSMPI_NO_OVERRIDE_MALLOC"
            else
                make -s -C "$dir/imb-src" TARGET=MPI1 CC="$w/smpicc"
            fi && cp "$dir/imb-src/IMB-MPI1" "$dir/imb" ;;
        clover)
            [ -f "$apps/cloverleaf/clover.f90" ] && [ -x "$w/smpif90" ] || return 1
            rm -rf "$dir/clover-src"
            cp -r "$apps/cloverleaf" "$dir/clover-src"
            # without OpenMP: one thread per rank, as in the other cases
            make -s -C "$dir/clover-src" COMPILER=GNU OMP_GNU= MPI_COMPILER="$w/smpif90" \
                C_MPI_COMPILER="$w/smpicc" && cp "$dir/clover-src/clover_leaf" "$dir/clover" ;;
    esac >"$dir/$app.build.log" 2>&1 || { echo "$app: build failed under $sim ($dir/$app.build.log)"; return 1; }
}

# result APP SIM FILE: what must be equal in every simulator (simulated time, figures).
result() {
    local f
    case $1 in
        lulesh) grep -E "^Elapsed time|Final Origin Energy" "$3" | tr -s ' ' | tr '\n' ' ' ;;
        hpcg) # HPCG writes its report to a file of the working folder
            f=$(ls -t "$out/$2"/HPCG-Benchmark*.txt 2>/dev/null | head -n 1)
            [ -n "$f" ] && grep -hE "GFLOP/s rating of|Total Time" "$f" | tr '\n' ' ' ;;
        imb) grep -cE "^ +[0-9]+ +[0-9]+ " "$3" | sed 's/$/ result lines/' ;;
        clover) # CloverLeaf writes its report to clover.out in the working folder
            grep -hE "This test is considered|Wall clock" "$out/$2/clover.out" | tail -n 2 |
                tr -s ' ' | tr '\n' ' ' ;;
    esac
}

# ratio SIM: within bench, simmpi's median over SIM's, as a bound ("<" or ">") when one of the
# two was stopped at the limit, "?" when both were.
ratio() {
    local a b sign=
    eval "a=\$med_simmpi b=\$med_$1"
    if [ -n "${over[simmpi]:-}" ] && [ -n "${over[$1]:-}" ]; then
        printf '?'
        return
    fi
    [ -n "${over[simmpi]:-}" ] && sign='>'
    [ -n "${over[$1]:-}" ] && sign='<'
    printf '%s%.2f' "$sign" "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"
}

# bench LABEL APP NP ARGS...: median wall time of each simulator over $runs runs, alternated; a
# simulator whose run passes $limit seconds is stopped, shown as "> $limit" and not run again.
bench() {
    local label=$1 app=$2 np=$3 sim i w xopts status
    shift 3
    declare -A walls=() over=()
    for sim in "${sims[@]}"; do build "$app" "$sim" || return; done
    # CloverLeaf reads its input deck from the working folder: its own test problem 2
    # (960 x 960 cells, 87 steps), whose result it checks
    [ "$app" = clover ] && for sim in "${sims[@]}"; do
        cp "$apps/cloverleaf/clover.in" "$out/$sim/clover.in"
    done
    for i in $(seq "$runs"); do
        for sim in "${sims[@]}"; do
            [ -n "${over[$sim]:-}" ] && continue
            # SMPI 3.32 runs CloverLeaf only with libgfortran privatized: without, its ranks
            # other than 0 fail to open clover.in.tmp (README "Comparison with SMPI")
            xopts=
            [ "$app $sim" = "clover smpi" ] && xopts=--cfg=smpi/privatize-libs:libgfortran.so.5
            (cd "$out/$sim" && /usr/bin/time -f %e -o "$out/time" timeout "$limit" \
                "${run[$sim]}" -np "$np" -platform "$plat" -hostfile "$hostfile" $opts $xopts \
                "./$app" "$@" >"$out/$label.$sim.out" 2>"$out/$label.$sim.err")
            status=$?
            if [ $status = 124 ]; then
                over[$sim]=1
                continue
            elif [ $status != 0 ]; then
                echo "$label: failed under $sim ($out/$label.$sim.err)"
                return
            fi
            walls[$sim]="${walls[$sim]:-} $(tail -n 1 "$out/time")"
        done
    done
    printf '%-30s' "$label"
    for sim in "${sims[@]}"; do
        if [ -n "${over[$sim]:-}" ]; then
            printf ' %s >%6ss' "$sim" "$limit"
            eval "med_$sim=$limit"
            continue
        fi
        w=$(tr ' ' '\n' <<<"${walls[$sim]}" | grep . | sort -g | sed -n "$(((runs + 1) / 2))p")
        printf ' %s %7.2fs' "$sim" "$w"
        eval "med_$sim=$w"
    done
    [ -n "$base" ] && printf ' | simmpi/base %s' "$(ratio base)"
    case " ${sims[*]} " in
        *" smpi "*) printf ' | simmpi/SMPI %s' "$(ratio smpi)" ;;
    esac
    echo
    for sim in "${sims[@]}"; do
        printf '    %-7s %s\n' "$sim" "$(result "$app" "$sim" "$out/$label.$sim.out")"
    done
}

echo "(wall seconds, median of $runs runs, the simulators alternated; load $(cut -d' ' -f1-3 /proc/loadavg))"
for c in $cases; do
    case $c in
        lulesh8) bench "LULESH -s 10 -i 20, 8" lulesh 8 -s 10 -i 20 ;;
        lulesh27) bench "LULESH -s 12 -i 30, 27" lulesh 27 -s 12 -i 30 ;;
        lulesh64) bench "LULESH -s 12 -i 30, 64" lulesh 64 -s 12 -i 30 ;;
        lulesh512) bench "LULESH -s 4 -i 5, 512" lulesh 512 -s 4 -i 5 ;;
        hpcg8) bench "HPCG 16^3 --rt=0, 8" hpcg 8 --nx=16 --ny=16 --nz=16 --rt=0 ;;
        hpcg64) bench "HPCG 16^3 --rt=0, 64" hpcg 64 --nx=16 --ny=16 --nz=16 --rt=0 ;;
        imb16) bench "IMB-MPI1 -msglog 0:18 -iter 10, 16" imb 16 -msglog 0:18 -iter 10 ;;
        clover16) bench "CloverLeaf 960^2 87 steps, 16" clover 16 ;;
        clover64) bench "CloverLeaf 960^2 87 steps, 64" clover 64 ;;
        *) echo "unknown case $c (lulesh8 lulesh27 lulesh64 lulesh512 hpcg8 hpcg64 imb16 clover16 clover64)" ;;
    esac
done
