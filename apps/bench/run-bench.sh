#!/bin/bash
# make bench: kernel benchmarks (context switches, solver events) and MPI-level runs under
# simmpi and, when installed, SimGrid's SMPI on the same programs and platform. Reports wall
# time, peak memory (GNU time's maximum RSS) and the simmpi/SMPI ratio; medians of 5 runs.
set -u
builddir=$1
srcdir=$2
cd "$builddir" || exit 1
out=apps/bench/out
mkdir -p "$out"

# BENCH_PARTS selects parts (default: all): kernel, pingpong, ring, scale, alltoall, coll,
# sample, fold, models, poll (needs BENCH_MPICH_DIR), apps (needs BENCH_APPS_DIR: bench-apps.sh).
parts=${BENCH_PARTS:-kernel pingpong ring scale alltoall coll sample fold models poll apps}
want() { case " $parts " in *" $1 "*) return 0 ;; esac; return 1; }

if want kernel; then
echo "== kernel: context switches (bench_context) =="
apps/bench/bench_context 1000000
echo
echo "== kernel: solver events (bench_lmm) =="
apps/bench/bench_lmm
fi

[ -x smpi/smpirun ] || { echo "MPI benchmarks skipped: smpi/smpirun not built"; exit 0; }
have_smpi=0
command -v /usr/bin/smpicc >/dev/null && command -v /usr/bin/smpirun >/dev/null && have_smpi=1
for p in mpi_pingpong mpi_ring mpi_barrier_allreduce mpi_sample mpi_fold; do
    smpi/smpicc -O2 -o "$out/$p" "$srcdir/apps/bench/$p.c" || exit 1
    [ $have_smpi = 1 ] && /usr/bin/smpicc -O2 -o "$out/$p.sg" "$srcdir/apps/bench/$p.c" 2>/dev/null
done
# Same platform for both: the default cluster of simmpi, written out for SimGrid.
plat=$out/cluster.xml
cat >"$plat" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="cluster" prefix="node-" suffix="" radical="0-4095" speed="1Gf" core="1"
           bw="10Gbps" lat="1us" limiter_link="15Gbps" loopback_bw="50GBps" loopback_lat="0.1us"
           bb_bw="10Tbps" bb_lat="0us" bb_sharing_policy="FATPIPE"/>
</platform>
XML
hosts() { for i in $(seq 0 $(($1 - 1))); do echo "node-$i"; done >"$out/hosts$1"; }
opts="--cfg=smpi/simulate-computation:no"

# run5 LABEL CMD...: median wall seconds, max RSS (KiB) and median CPU seconds (user + system)
# over 5 runs (RUNS overrides the 5).
run5() {
    local label=$1
    shift
    local walls=() cpus=() rss=0
    for i in $(seq "${RUNS:-5}"); do
        if ! /usr/bin/time -f '%e %M %U %S' -o "$out/time" "$@" >"$out/stdout" 2>"$out/$label.err"; then
            echo "FAILED $out/$label.err"
            return 1
        fi
        read -r w m u sy < <(tail -n 1 "$out/time")
        walls+=("$w")
        cpus+=("$(awk -v u="$u" -v s="$sy" 'BEGIN { print u + s }')")
        [ "$m" -gt "$rss" ] && rss=$m
    done
    mid=$(((${#walls[@]} + 1) / 2))
    echo "$(printf '%s\n' "${walls[@]}" | sort -g | sed -n "${mid}p") $rss" \
        "$(printf '%s\n' "${cpus[@]}" | sort -g | sed -n "${mid}p")"
}

report() { # LABEL MESSAGES SIMMPI_RESULT SMPI_RESULT
    local label=$1 msgs=$2 a=$3 b=$4
    case "$a $b" in
        *FAILED*) printf '%-28s run failed: %s %s\n' "$label" "$a" "$b"; return ;;
    esac
    read -r wa ma _ <<<"$a"
    if [ -n "$b" ]; then
        read -r wb mb _ <<<"$b"
        printf '%-28s simmpi %8.3fs %7.0f MiB %12.0f msg/s | SMPI %8.3fs %7.0f MiB %12.0f msg/s | wall ratio %.2f\n' \
            "$label" "$wa" "$((ma / 1024))" "$(awk "BEGIN{print $msgs / ($wa > 0 ? $wa : 0.001)}")" \
            "$wb" "$((mb / 1024))" "$(awk "BEGIN{print $msgs / ($wb > 0 ? $wb : 0.001)}")" \
            "$(awk "BEGIN{print $wa / ($wb > 0 ? $wb : 0.001)}")"
    else
        printf '%-28s simmpi %8.3fs %7.0f MiB %12.0f msg/s\n' "$label" "$wa" "$((ma / 1024))" \
            "$(awk "BEGIN{print $msgs / ($wa > 0 ? $wa : 0.001)}")"
    fi
}

if want pingpong; then
echo
echo "== MPI: ping-pong, 1-byte messages (median of 5) =="
hosts 2
n=200000
a=$(run5 simmpi smpi/smpirun -np 2 -platform "$plat" -hostfile "$out/hosts2" $opts "$out/mpi_pingpong" $n)
b=
[ $have_smpi = 1 ] && b=$(run5 smpi /usr/bin/smpirun -np 2 -platform "$plat" -hostfile "$out/hosts2" $opts "$out/mpi_pingpong.sg" $n)
report "pingpong x$n" $((2 * n)) "$a" "$b"
# Default options time the native computation between MPI calls (smpi/runtime/clock.c); the
# ratio to the run without it is what that timing costs per message. Medians of 3, in one run.
echo "-- default options (computation timed) against smpi/simulate-computation:no (median of 3)"
for sim in simmpi smpi; do
    if [ $sim = simmpi ]; then run=smpi/smpirun; bin=$out/mpi_pingpong; else
        [ $have_smpi = 1 ] || continue
        run=/usr/bin/smpirun; bin=$out/mpi_pingpong.sg; fi
    on=$(RUNS=3 run5 "pp-$sim-on" $run -np 2 -platform "$plat" -hostfile "$out/hosts2" "$bin" $n)
    off=$(RUNS=3 run5 "pp-$sim-off" $run -np 2 -platform "$plat" -hostfile "$out/hosts2" $opts "$bin" $n)
    case "$on $off" in *FAILED*) echo "$sim: run failed: $on $off"; continue ;; esac
    # wall time, and CPU time (user + system: what a quiet machine's wall time would be)
    echo "$on $off" | awk -v s=$sim -v m=$((2 * n)) '{
        printf "%-7s default %7.3fs wall %7.3fs CPU %10.0f msg/s of CPU | computation off %7.3fs wall %7.3fs CPU %10.0f msg/s of CPU | ratio wall %.2f CPU %.2f\n",
               s, $1, $3, m / ($3 > 0 ? $3 : 0.001), $4, $6, m / ($6 > 0 ? $6 : 0.001),
               $1 / ($4 > 0 ? $4 : 0.001), $3 / ($6 > 0 ? $6 : 0.001) }'
done
fi

# BENCH_MPICH_DIR: SimGrid's curated MPICH suite (teshsuite/smpi/mpich3-test of a v3.32 tree);
# its rma/linked_list_bench_* poll MPI in a loop, which costs what timing each call costs.
if want poll && [ -n "${BENCH_MPICH_DIR:-}" ]; then
echo
echo "== MPICH rma/linked_list_bench_*, 4 ranks, default options (wall s, median of 3) =="
hosts 4
for t in linked_list_bench_lock_all linked_list_bench_lock_excl linked_list_bench_lock_shr; do
    src=$BENCH_MPICH_DIR/rma/$t.c
    [ -f "$src" ] || continue
    smpi/smpicc -O2 -I"$BENCH_MPICH_DIR/include" -o "$out/$t" "$src" "$BENCH_MPICH_DIR/util/mtest.c" || exit 1
    a=$(RUNS=3 run5 "$t" smpi/smpirun -np 4 -platform "$plat" -hostfile "$out/hosts4" "$out/$t")
    b=
    if [ $have_smpi = 1 ] && /usr/bin/smpicc -O2 -I"$BENCH_MPICH_DIR/include" -o "$out/$t.sg" "$src" \
            "$BENCH_MPICH_DIR/util/mtest.c" 2>/dev/null; then
        b=$(RUNS=3 run5 "$t-sg" /usr/bin/smpirun -np 4 -platform "$plat" -hostfile "$out/hosts4" "$out/$t.sg")
    fi
    echo "$a ${b:--1 0 -1}" | awk -v t=$t '{
        printf "%-28s simmpi %7.2fs wall %7.2fs CPU | SMPI %7.2fs wall %7.2fs CPU | ratio wall %s CPU %s\n",
               t, $1, $3, $4, $6, ($4 > 0 ? sprintf("%.3f", $1 / $4) : "-"),
               ($6 > 0 ? sprintf("%.3f", $3 / $6) : "-") }'
done
fi

if want ring; then
echo
echo "== MPI: token ring (median of 5) =="
for np in 16 256 4096; do
    hosts $np
    laps=$((400000 / np))
    a=$(run5 simmpi smpi/smpirun -np $np -platform "$plat" -hostfile "$out/hosts$np" $opts "$out/mpi_ring" $laps)
    b=
    [ $have_smpi = 1 ] && b=$(run5 smpi /usr/bin/smpirun -np $np -platform "$plat" -hostfile "$out/hosts$np" $opts "$out/mpi_ring.sg" $laps)
    report "ring np=$np" $((laps * np)) "$a" "$b"
done
fi

# timed_run NAME LIMIT CMD...: one run; prints its wall seconds, or ">LIMIT" when it was stopped,
# or "failed" (stderr in $out/NAME.err).
timed_run() {
    local name=$1 limit=$2
    shift 2
    /usr/bin/time -f '%e %M' -o "$out/time" timeout "$limit" "$@" >"$out/stdout" 2>"$out/$name.err"
    case $? in
        0) tail -n 1 "$out/time" | cut -d' ' -f1 ;;
        124) echo ">$limit" ;;
        *) echo failed ;;
    esac
}

if want alltoall || want coll || want models; then
    smpi/smpicc -O2 -o "$out/coll_time" "$srcdir/tests/compare/coll_time.c" || exit 1
    [ $have_smpi = 1 ] && /usr/bin/smpicc -O2 -o "$out/coll_time.sg" "$srcdir/tests/compare/coll_time.c" 2>/dev/null
fi

if want alltoall; then
echo
echo "== MPI: MPI_Alltoall basic_linear (every send posted at once), 1 KiB per pair, one call =="
limit=${BENCH_ALLTOALL_LIMIT:-300}
printf '%-8s %12s %12s %s\n' ranks simmpi SMPI "(wall seconds, one run each; stopped past $limit s)"
for np in 256 1024; do
    hosts $np
    run=(-np $np -platform "$plat" -hostfile "$out/hosts$np" $opts --cfg=smpi/alltoall:basic_linear)
    a=$(timed_run a2a-simmpi-$np "$limit" smpi/smpirun "${run[@]}" "$out/coll_time" alltoall 128 0 sum 1)
    b=-
    [ $have_smpi = 1 ] && b=$(timed_run a2a-smpi-$np "$limit" /usr/bin/smpirun "${run[@]}" "$out/coll_time.sg" alltoall 128 0 sum 1)
    printf '%-8s %12s %12s\n' "$np" "$a" "$b"
done
fi

if want coll; then
np=${BENCH_COLL_NP:-1024}
limit=${BENCH_COLL_LIMIT:-120}
echo
echo "== MPI: every collective algorithm once at $np ranks, 1 KiB blocks (128 doubles) =="
echo "(wall seconds, one run each, stopped past $limit s; 'refused': the algorithm cannot run there)"
hosts $np
printf '%-16s %-28s %10s %10s %8s\n' collective algorithm simmpi SMPI ratio
help=$(smpi/smpirun -help-coll 2>/dev/null)
for kind in barrier bcast reduce allreduce alltoall alltoallv allgather allgatherv gather scatter reduce_scatter; do
    algos=$(awk -v kind="$kind" '/^  [^ ].*:$/ { in_kind = ($1 == kind ":"); next }
        /^[^ ]/ { in_kind = 0 } in_kind && /^    [^ ]/ { print $1 }' <<<"$help")
    for al in $algos; do
        run=(-np $np -platform "$plat" -hostfile "$out/hosts$np" $opts --cfg=smpi/$kind:$al)
        a=$(timed_run coll-simmpi "$limit" smpi/smpirun "${run[@]}" --cfg=smpi/coll-fallback:error \
            "$out/coll_time" $kind 128 0 sum 1)
        if [ "$a" = failed ] && grep -q "needs" "$out/coll-simmpi.err"; then
            printf '%-16s %-28s %10s\n' "$kind" "$al" refused
            continue
        fi
        b=-
        smpi_al=$al
        case $al in smpi_*) smpi_al=default ;; esac
        [ $have_smpi = 1 ] && b=$(timed_run coll-smpi "$limit" /usr/bin/smpirun -np $np -platform "$plat" \
            -hostfile "$out/hosts$np" $opts --cfg=smpi/$kind:$smpi_al "$out/coll_time.sg" $kind 128 0 sum 1)
        ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { if (a + 0 > 0 && b ~ /^[0-9.]+$/) printf "%.3f", a / b; else print "-" }')
        printf '%-16s %-28s %10s %10s %8s\n' "$kind" "$al" "$a" "$b" "$ratio"
    done
done
fi

if want models; then
echo
echo "== MPI: the per-message models LogGP and LogGPS against the default SMPI model (simmpi) =="
echo "(medians of 5 runs of wall and of CPU = user + system time; ratio = the model's over SMPI's)"
# The parameters are of the order of the default cluster's (1 us, 10 Gbps); LogGPS's rendezvous
# is above the sizes used, as SMPI's detached threshold is.
loggp="--cfg=network/model:LogGP --cfg=network/loggp:0:1us:0.5us:1us:0.8ns"
loggps="--cfg=network/model:LogGPS --cfg=network/loggps:1us:0.5us:0:0.8ns:0.8ns:65536:65536"
# median5 CMD...: "WALL CPU", the medians of 5 runs.
median5() {
    local walls=() cpus=()
    for i in 1 2 3 4 5; do
        /usr/bin/time -f '%e %U %S' -o "$out/time" "$@" >"$out/stdout" 2>"$out/models.err" ||
            { echo "failed: $out/models.err"; return 1; }
        read -r w u sy < <(tail -n 1 "$out/time")
        walls+=("$w")
        cpus+=("$(awk -v u="$u" -v s="$sy" 'BEGIN { print u + s }')")
    done
    echo "$(printf '%s\n' "${walls[@]}" | sort -g | sed -n 3p) $(printf '%s\n' "${cpus[@]}" | sort -g | sed -n 3p)"
}
models_case() { # LABEL NP ARGS...
    local label=$1 np=$2 a b c
    shift 2
    hosts $np
    a=$(median5 smpi/smpirun -np $np -platform "$plat" -hostfile "$out/hosts$np" $opts "$@")
    b=$(median5 smpi/smpirun -np $np -platform "$plat" -hostfile "$out/hosts$np" $opts $loggp "$@")
    c=$(median5 smpi/smpirun -np $np -platform "$plat" -hostfile "$out/hosts$np" $opts $loggps "$@")
    echo "$a $b $c" | awk -v l="$label" '{
        printf "%-32s wall SMPI %6.2fs LogGP %6.2fs (%.2f) LogGPS %6.2fs (%.2f)\n", l, $1, $3,
               $3 / $1, $5, $5 / $1
        printf "%-32s CPU  SMPI %6.2fs LogGP %6.2fs (%.2f) LogGPS %6.2fs (%.2f)\n", "", $2, $4,
               $4 / $2, $6, $6 / $2 }'
}
models_case "pingpong x1000000" 2 "$out/mpi_pingpong" 1000000
models_case "ring np=256, 3906 laps" 256 "$out/mpi_ring" 3906
models_case "alltoall basic_linear np=256 x4" 256 --cfg=smpi/alltoall:basic_linear "$out/coll_time" alltoall 128 0 sum 4
fi

if want scale; then
echo
echo "== MPI: barrier + allreduce of one double, growing -np (one run each, stops past ${BENCH_SCALE_LIMIT:-60} s) =="
# Ranks x4 from 1024 to 1048576, with -no-privatize and with private globals (simmpi: its
# default smpi/privatization:yes, which takes mmap above the vm.max_map_count limit of dlopen
# copies; SMPI: its default dlopen). A column stops at its first run that fails or takes more
# than 60 s; the last line gives the largest count that finished and its memory. CPU is user +
# system time: on a machine shared with other jobs the wall time grows, the CPU time less. Memory is GNU
# time's maximum RSS; with mmap privatization the ranks' globals live in a memory file of
# ranks x (globals rounded to pages), which RSS counts once written (switching by copy).
# BENCH_SCALE_LIMIT (seconds, default 60) moves the limit, to measure CPU time on a loaded machine.
limit=${BENCH_SCALE_LIMIT:-60}
# scale_run NAME CMD...: prints wall, CPU and peak memory, or why it stopped; returns 1 when it did.
scale_run() {
    local name=$1
    shift
    if ! /usr/bin/time -f '%e %U %S %M' -o "$out/time" timeout "$limit" "$@" >"$out/stdout" \
            2>"$out/$name.err" || ! grep -q '^ok' "$out/stdout"; then
        printf '  %-22s did not finish in %s s (or failed: %s)\n' "$name" "$limit" "$out/$name.err"
        return 1
    fi
    read -r w u sy m < <(tail -n 1 "$out/time")
    cpu=$(awk -v u="$u" -v s="$sy" 'BEGIN { printf "%.2f", u + s }')
    printf '  %-22s %8.2f s wall %8.2f s CPU %8d MiB\n' "$name" "$w" "$cpu" "$((m / 1024))"
    eval "best_${name//[^a-zA-Z0-9]/_}=\"$np ranks: $w s wall, $cpu s CPU, $((m / 1024)) MiB\""
}
declare -A ok=( [simmpi-shared]=1 [simmpi-private]=1 [SMPI-shared]=$have_smpi [SMPI-private]=$have_smpi )
for np in 1024 4096 16384 65536 262144 1048576; do
    echo "np=$np"
    for name in simmpi-shared simmpi-private SMPI-shared SMPI-private; do
        [ "${ok[$name]}" = 1 ] || continue
        case $name in
            simmpi-shared) cmd=(smpi/smpirun -no-privatize "$out/mpi_barrier_allreduce") ;;
            simmpi-private) cmd=(smpi/smpirun "$out/mpi_barrier_allreduce") ;;
            SMPI-shared) cmd=(/usr/bin/smpirun -no-privatize "$out/mpi_barrier_allreduce.sg") ;;
            SMPI-private) cmd=(/usr/bin/smpirun "$out/mpi_barrier_allreduce.sg") ;;
        esac
        scale_run "$name" "${cmd[0]}" -np $np -platform "$plat" $opts "${cmd[@]:1}" || ok[$name]=0
    done
done
echo "largest -np finished within $limit s:"
for name in simmpi-shared simmpi-private SMPI-shared SMPI-private; do
    v=best_${name//[^a-zA-Z0-9]/_}
    [ -n "${!v:-}" ] && printf '  %-22s %s\n' "$name" "${!v}"
done
fi

if want sample; then
echo
echo "== shadow execution: 4 ranks x 100 kernels of 2e6 steps (median of 5) =="
hosts 4
for mode in native local global flops; do
    for sim in simmpi smpi; do
        if [ $sim = simmpi ]; then run=smpi/smpirun; bin=$out/mpi_sample; else
            [ $have_smpi = 1 ] || continue
            run=/usr/bin/smpirun; bin=$out/mpi_sample.sg; fi
        r=$(run5 "sample-$sim" "$run" -np 4 -platform "$plat" -hostfile "$out/hosts4" \
            --cfg=smpi/host-speed:1e9 "$bin" 100 2000000 $mode)
        printf '%-8s %-7s host %8s s  %s\n' "$mode" "$sim" "${r%% *}" \
            "$(grep -h "kernels executed" "$out/stdout" | head -n 1)"
    done
done
fi

if want fold; then
echo
echo "== memory folding: 32 ranks x 64 MiB written (PSS added to the simulator process) =="
hosts 32
for mode in global local no; do
    for sim in simmpi smpi; do
        if [ $sim = simmpi ]; then run=smpi/smpirun; bin=$out/mpi_fold; else
            [ $have_smpi = 1 ] || continue
            run=/usr/bin/smpirun; bin=$out/mpi_fold.sg; fi
        "$run" -np 32 -platform "$plat" -hostfile "$out/hosts32" $opts \
            --cfg=smpi/shared-malloc:$mode "$bin" 64 >"$out/stdout" 2>"$out/fold.err"
        printf '%-7s %-7s %s\n' "$mode" "$sim" "$(grep -h "PSS added" "$out/stdout" || echo failed)"
    done
done
# malloc (not SMPI_SHARED_MALLOC) folded by smpi/auto-shared-malloc-thresh, and not
for thresh in 1MiB 0; do
    for sim in simmpi smpi; do
        if [ $sim = simmpi ]; then run=smpi/smpirun; bin=$out/mpi_fold; t=$thresh; else
            [ $have_smpi = 1 ] || continue
            run=/usr/bin/smpirun; bin=$out/mpi_fold.sg; t=${thresh%MiB}; [ $t = 1 ] && t=1048576; fi
        "$run" -np 32 -platform "$plat" -hostfile "$out/hosts32" $opts \
            --cfg=smpi/auto-shared-malloc-thresh:$t "$bin" 64 malloc >"$out/stdout" 2>"$out/fold.err"
        printf 'malloc, auto-shared-malloc-thresh:%-5s %-7s %s\n' "$thresh" "$sim" \
            "$(grep -h "PSS added" "$out/stdout" || echo failed)"
    done
done
fi

if want apps; then
echo
echo "== real applications, network only, tests/compare/cluster.xml (apps/bench/bench-apps.sh) =="
bash "$srcdir/apps/bench/bench-apps.sh" "$builddir" "$srcdir" "$out"
fi
