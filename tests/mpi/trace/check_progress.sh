#!/bin/sh
# check_progress.sh SMPIRUN PROGRAM PLATFORM: the progress line (smpi/progress) is drawn on a
# terminal (through script(1)'s pseudo-terminal), is absent when stderr is a pipe under the
# default smpi/progress:auto, and is written into a pipe when asked for with smpi/progress:yes.
# Exit 77 (smpitest: SKIP) without script(1).
smpirun=$1 prog=$2 platform=$3
command -v script >/dev/null || { echo "no script(1): progress on a terminal not checked"; exit 77; }
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
run() { "$smpirun" -np 4 -platform "$platform" --cfg=smpi/simulate-computation:no "$@" "$prog" 3; }

# a terminal: the line is drawn in place (carriage return, erase to end of line), then erased
script -qec "$smpirun -np 4 -platform $platform --cfg=smpi/simulate-computation:no \
    --cfg=smpi/progress-interval:0 $prog 3" /dev/null >"$out" 2>&1 </dev/null
grep -q 'simmpi: simulated .* s | host .* s | .* events/s | [0-4]/4 ranks finished' "$out" ||
    { echo "no progress line on a terminal:"; cat "$out"; exit 1; }
grep -q "$(printf '\r')" "$out" || { echo "the progress line is not redrawn in place"; exit 1; }
grep -q 'No Errors' "$out" || { echo "the program's output is missing:"; cat "$out"; exit 1; }

# a pipe, smpi/progress:auto (the default): nothing but the program's output
run --cfg=smpi/progress-interval:0 2>&1 | cat >"$out"
if grep -q 'ranks finished' "$out"; then
    echo "progress written into a pipe under smpi/progress:auto:"; cat "$out"; exit 1
fi

# a pipe, smpi/progress:yes: one line per refresh, the last one with every rank finished
run --cfg=smpi/progress:yes --cfg=smpi/progress-interval:0 2>&1 | cat >"$out"
grep -q '| 4/4 ranks finished$' "$out" ||
    { echo "smpi/progress:yes wrote no final line into the pipe:"; cat "$out"; exit 1; }
if grep -q "$(printf '\r')" "$out"; then
    echo "carriage returns written into a pipe"; exit 1
fi

# smpi/progress:no on a terminal: nothing
script -qec "$smpirun -np 4 -platform $platform --cfg=smpi/simulate-computation:no \
    --cfg=smpi/progress:no $prog 3" /dev/null >"$out" 2>&1 </dev/null
if grep -q 'ranks finished' "$out"; then
    echo "progress drawn under smpi/progress:no:"; cat "$out"; exit 1
fi
echo "progress: drawn on a terminal, absent in a pipe, written on request"
