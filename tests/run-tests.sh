#!/bin/bash
# make check: every Criterion unit binary, then the end-to-end MPI programs through smpitest.
# Prints one line per suite and ends with "N passed, N failed" over all of them.
set -u
builddir=$1
srcdir=$2
shift 2
pass=0
fail=0

for t in "$@"; do
    out=$("$builddir/$t" --jobs 2 2>&1)
    status=$?
    line=$(printf '%s\n' "$out" | grep 'Synthesis' | tail -n 1)
    ok=$(printf '%s\n' "$line" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
    bad=$(printf '%s\n' "$line" | sed -n 's/.*Failing: \([0-9]*\).*Crashing: \([0-9]*\).*/\1 \2/p')
    ok=${ok:-0}
    nbad=0
    for b in $bad; do nbad=$((nbad + b)); done
    if [ -z "$line" ] || { [ $status -ne 0 ] && [ $nbad -eq 0 ]; }; then
        nbad=$((nbad + 1))
    fi
    [ $nbad -ne 0 ] && printf '%s\n' "$out"
    echo "unit $t: $ok passed, $nbad failed"
    pass=$((pass + ok))
    fail=$((fail + nbad))
done

if [ -x "$builddir/smpi/smpitest" ] && [ -f "$srcdir/tests/mpi/testlist" ]; then
    out=$(cd "$builddir" && ./smpi/smpitest -j 2 -o tests/mpi-out -v "$srcdir/tests/mpi" 2>&1)
    printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
    last=$(printf '%s\n' "$out" | tail -n 1)
    ok=$(printf '%s\n' "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    bad=$(printf '%s\n' "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    pass=$((pass + ${ok:-0}))
    fail=$((fail + ${bad:-1}))
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
