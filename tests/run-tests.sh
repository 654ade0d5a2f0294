#!/bin/bash
# make check: every Criterion unit binary, then the end-to-end MPI programs through smpitest.
# Prints one line per suite and ends with "N passed, N failed, N skipped" over all of them (a
# skipped test is neither passed nor failed; Criterion's own summary leaves skips out, its JSON
# report counts them).
set -u
builddir=$1
srcdir=$2
shift 2
pass=0
fail=0
skip=0
json=$(mktemp) || exit 1
trap 'rm -f "$json"' EXIT

for t in "$@"; do
    rm -f "$json"
    out=$("$builddir/$t" --jobs 2 --json="$json" 2>&1)
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
    nskip=$(sed -n 's/^  "skipped": \([0-9]*\),*$/\1/p' "$json" 2>/dev/null | head -n 1)
    nskip=${nskip:-0}
    [ $nbad -ne 0 ] && printf '%s\n' "$out"
    echo "unit $t: $ok passed, $nbad failed, $nskip skipped"
    pass=$((pass + ok))
    fail=$((fail + nbad))
    skip=$((skip + nskip))
done

if [ -x "$builddir/smpi/smpitest" ] && [ -f "$srcdir/tests/mpi/testlist" ]; then
    out=$(cd "$builddir" && ./smpi/smpitest -j 2 -o tests/mpi-out -v "$srcdir/tests/mpi" 2>&1)
    summary='^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$'
    printf '%s\n' "$out" | grep -v "$summary"
    last=$(printf '%s\n' "$out" | tail -n 1)
    ok=$(printf '%s\n' "$last" | sed -n "s/$summary/\\1/p")
    bad=$(printf '%s\n' "$last" | sed -n "s/$summary/\\2/p")
    nskip=$(printf '%s\n' "$last" | sed -n "s/$summary/\\3/p")
    echo "smpitest tests/mpi: ${ok:-0} passed, ${bad:-1} failed, ${nskip:-0} skipped"
    pass=$((pass + ${ok:-0}))
    fail=$((fail + ${bad:-1}))
    skip=$((skip + ${nskip:-0}))
fi

echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
