#!/bin/sh
# tr_paje_check.sh TRACE EXPECT: reads the Paje file TRACE with pajeng's pj_dump (which fails
# on a malformed file or a link whose two ends do not pair) and compares what it shows with
# EXPECT: per rank the MPI states in order (name, start, end), then every message's link
# (source and destination rank, start, end), dates within 1%. EXPECT holds lines
#   state CONTAINER NAME START END
#   link SOURCE DESTINATION START END
#   container PARENT TYPE NAME
#   var CONTAINER NAME START END VALUE
# as `tr_paje_check.sh -x TRACE` prints them for a trace (used to record SMPI 3.32's): the
# containers but the ranks', the variables of -trace-resource (speed, core_count, speed_used,
# bandwidth, latency, bandwidth_used; values within 1%). A kind of record absent from EXPECT is
# not compared.
# Exit status: 0 same, 1 different or unreadable, 77 when pj_dump is not installed.
set -u

if ! command -v pj_dump >/dev/null 2>&1; then
    echo "pj_dump (Debian package pajeng) is not installed"
    exit 77
fi

# extract TRACE [PJ_DUMP_FLAGS]: the states, then the links, in a stable order.
extract() {
    dump=$(pj_dump -l 9 ${2:-} "$1") || { echo "pj_dump cannot read $1"; return 1; }
    printf '%s\n' "$dump" | awk -F', ' '$1 == "State" && $3 == "MPI_STATE" { print "state", $2, $8, $4, $5 }' |
        sort -s -k2,2V -k4,4g -k5,5g
    printf '%s\n' "$dump" | awk -F', ' '$1 == "Link" && $3 == "MPI_LINK" { print "link", $8, $9, $4, $5 }' |
        sort -s -k4,4g -k5,5g -k2,2V -k3,3V
    printf '%s\n' "$dump" | awk -F', ' '$1 == "Container" && $3 != "MPI" { print "container", $2, $3, $7 }' |
        sort -s -k2,2V -k4,4V
    printf '%s\n' "$dump" | awk -F', ' '$1 == "Variable" && $6 != 0 { print "var", $2, $3, $4, $5, $7 }' |
        sort -s -k2,2V -k3,3 -k4,4g
}

if [ "${1:-}" = -x ] && [ $# -ge 2 ]; then
    extract "$2" "${3:-}"
    exit $?
fi
if [ $# -ne 2 ]; then
    echo "usage: tr_paje_check.sh TRACE EXPECT | tr_paje_check.sh -x TRACE [PJ_DUMP_FLAGS]" >&2
    exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
extract "$1" >"$tmp/all" || { cat "$tmp/all"; exit 1; }
grep -v '^#' "$2" | grep . >"$tmp/want" || { echo "cannot read $2"; exit 1; }
# each kind of record (states, links, containers, variables) counts only when EXPECT has some
skip='^$'
for kind in state link container var; do
    grep -q "^$kind " "$tmp/want" || skip="$skip|^$kind "
done
grep -Ev "$skip" "$tmp/all" >"$tmp/got"
awk '
    function near(a, b) { d = a - b; if (d < 0) d = -d; m = a < 0 ? -a : a; if (b > m) m = b;
                          return d <= 0.01 * m + 1e-9 }
    FNR == NR { g[++n] = $0; next }
    {
        k++
        if (k > n) { print "missing: " $0; bad = 1; next }
        split(g[k], f, " ")
        if (f[1] != $1 || f[2] != $2 || f[3] != $3 ||
            ($1 == "container" ? f[4] != $4 : !near(f[4], $4) || !near(f[5], $5)) ||
            ($1 == "var" && !near(f[6], $6))) {
            if (++shown <= 20) { print "expected: " $0; print "got:      " g[k] }
            bad = 1
        }
    }
    END {
        for (i = k + 1; i <= n && i <= k + 20; i++) { print "unexpected: " g[i]; bad = 1 }
        if (n > k) bad = 1
        print (bad ? "DIFFERENT" : "SAME") ": " n " records read, " k " expected"
        exit bad
    }' "$tmp/got" "$tmp/want"
