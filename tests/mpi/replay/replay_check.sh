#!/bin/sh
# replay_check: the checks of tests/mpi/replay that need more than one smpirun (testlist post=).
#   online SMPIRUN BIN RUN NP ARGS...   trace BIN with -trace-ti (computation timing off), replay
#                                       the trace with the same ARGS; the replay's
#                                       "Simulation time" must be the online simulated time
#   time SMPIRUN DIR INDEX NP T ARGS... replay DIR/INDEX (from DIR: an index names its files
#                                       relative to where the trace was written); the time must
#                                       be T (SMPI 3.32's replay prints 6 decimals: within 1e-6)
#   same SMPIRUN BIN RUN NP DIR INDEX   trace BIN (np NP) with -trace-ti: each rank's file must be
#                                       byte for byte the one DIR/INDEX names (SMPI 3.32's)
#   paje SMPIRUN DIR INDEX NP EXPECT ARGS...
#                                       replay DIR/INDEX with a Paje trace (computation states
#                                       on): from its third line (the first two name the program
#                                       and its command line) the file must be DIR/EXPECT byte
#                                       for byte (SMPI 3.32's, line order included)
#   bad SMPIRUN DIR INDEX NP TEXT...    the replay must fail with status 1 (not SMPI's abort),
#                                       its stderr containing every TEXT (%20 for a space)
# Times agree when |a - b| <= 1e-6 + 1e-6 * b.
mode=$1
smpirun=$2
shift 2

same_time() {
    awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= 1e-6 + 1e-6 * b) }'
}

# Prints its arguments one per line, those naming existing files made absolute (the replay runs
# from the trace's directory).
absolute() {
    for a in "$@"; do
        if [ -e "$a" ]; then
            echo "$(cd "$(dirname "$a")" && pwd)/$(basename "$a")"
        else
            echo "$a"
        fi
    done
}

replay_time() {
    sed -n 's/.*Simulation time //p' "$1"
}

case $mode in
online)
    bin=$1 run=$2 np=$3
    shift 3
    "$smpirun" -np "$np" "$@" -trace-ti -trace-file "$run.ti" --cfg=smpi/simulate-computation:no \
        --cfg=smpi/display-timing:yes "$bin" >"$run.out" 2>"$run.err" || { cat "$run.err"; exit 1; }
    online=$(sed -n 's/.*Simulated time: \([^ ]*\) seconds.*/\1/p' "$run.err")
    "$smpirun" -np "$np" "$@" -replay "$run.ti" >"$run.rout" 2>"$run.rerr" ||
        { cat "$run.rerr"; exit 1; }
    replay=$(replay_time "$run.rerr")
    echo "online $online replay $replay"
    same_time "$replay" "$online"
    ;;
time)
    dir=$1 index=$2 np=$3 want=$4
    shift 4
    args=$(absolute "$@")
    cd "$dir" || exit 1
    # shellcheck disable=SC2086 # one argument per line, none with blanks
    err=$(IFS='
'; "$smpirun" -np "$np" $args -replay "$index" 2>&1 >/dev/null) || { echo "$err"; exit 1; }
    got=$(echo "$err" | sed -n 's/.*Simulation time //p')
    echo "replay $got expected $want"
    same_time "$got" "$want"
    ;;
same)
    bin=$1 run=$2 np=$3 dir=$4 index=$5
    "$smpirun" -np "$np" -trace-ti -trace-file "$run.ti" --cfg=smpi/simulate-computation:no \
        "$bin" >"$run.out" 2>"$run.err" || { cat "$run.err"; exit 1; }
    [ "$(wc -l <"$run.ti")" -eq "$np" ] || { echo "$run.ti does not name $np files"; exit 1; }
    r=0
    while IFS= read -r mine && IFS= read -r theirs <&3; do
        r=$((r + 1))
        case $mine in
            *_rank-$r.txt) ;;
            *) echo "line $r of the index names $mine, not a file of rank $((r - 1))"; exit 1 ;;
        esac
        cmp "$mine" "$dir/$theirs" || exit 1
    done <"$run.ti" 3<"$dir/$index"
    echo "$r rank files identical to $dir/$index's"
    [ "$r" -eq "$np" ]
    ;;
paje)
    dir=$1 index=$2 np=$3 expect=$4
    shift 4
    args=$(absolute "$@")
    tmp=$(mktemp -d) || exit 1
    trap 'rm -rf "$tmp"' EXIT
    cd "$dir" || exit 1
    # shellcheck disable=SC2086 # one argument per line, none with blanks
    err=$(IFS='
'; "$smpirun" -np "$np" $args -replay "$index" --cfg=tracing:yes --cfg=tracing/smpi:yes \
        --cfg=tracing/smpi/computing:yes --cfg=tracing/filename:"$tmp/paje.trace" 2>&1 >/dev/null) ||
        { echo "$err"; exit 1; }
    tail -n +3 "$tmp/paje.trace" >"$tmp/got"
    diff "$expect" "$tmp/got" && echo "$(wc -l <"$expect") lines identical to $expect"
    ;;
bad)
    dir=$1 index=$2 np=$3
    shift 3
    cd "$dir" || exit 1
    err=$("$smpirun" -np "$np" -replay "$index" 2>&1 >/dev/null)
    status=$?
    echo "exit status $status: $err"
    [ "$status" -eq 1 ] || exit 1
    for text in "$@"; do
        text=$(echo "$text" | sed 's/%20/ /g')
        case $err in
            *"$text"*) ;;
            *) echo "missing: $text"; exit 1 ;;
        esac
    done
    ;;
*)
    echo "replay_check: unknown mode '$mode'" >&2
    exit 2
    ;;
esac
