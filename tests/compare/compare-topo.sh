#!/bin/bash
# compare-topo.sh BUILDDIR SRCDIR: tests/compare/topo.c under simmpi and SimGrid's SMPI 3.32 on
# each routing this directory's platforms exercise (TORUS, FAT_TREE, DRAGONFLY, Vivaldi, Cluster
# zones with cabinets, host_link and backbone, bypass routes), with the same hostfile and
# computation off: the hosts each rank runs on, then every simulated time side by side.
# SIMGRID_PLATFORMS=DIR adds SimGrid's own examples/platforms files that use those features, each
# with 16 ranks spread over its hosts in name order (a hostfile written to the output dir).
set -u
builddir=$1
srcdir=$2
here=$srcdir/tests/compare
out=$builddir/tests/compare-out/topo
if ! command -v /usr/bin/smpicc >/dev/null || ! command -v /usr/bin/smpirun >/dev/null; then
    echo "compare-topo: SimGrid's SMPI is not installed (apt-get install libsimgrid-dev); skipped"
    exit 0
fi
mkdir -p "$out"
"$builddir/smpi/smpicc" -O2 -o "$out/topo" "$here/topo.c" || exit 1
/usr/bin/smpicc -O2 -o "$out/topo.sg" "$here/topo.c" 2>/dev/null || exit 1

# Hosts of a platform file in name order (hosts, peers, cluster and cabinet radicals).
hosts_of() {
    python3 - "$1" <<'EOF'
import re, sys, xml.etree.ElementTree as ET
names = []
def radicals(s):
    for part in s.split(','):
        a, _, b = part.partition('-')
        yield from range(int(a), int(b or a) + 1)
for e in ET.parse(sys.argv[1]).iter():
    if e.tag in ('host', 'peer'):
        names.append(e.get('id'))
    elif e.tag in ('cluster', 'cabinet'):
        names += [e.get('prefix') + str(r) + e.get('suffix') for r in radicals(e.get('radical'))]
for n in sorted(names):
    print(n)
EOF
}

cases=()
for x in "$here"/topo_*.xml; do
    cases+=("$x ${x%.xml}.hosts")
done
for name in cluster_torus cluster_fat_tree cluster_dragonfly two_peers vivaldi data_center \
    bypassRoute bypassZoneRoute meta_cluster routing_cluster; do
    f=${SIMGRID_PLATFORMS:-/nonexistent}/$name.xml
    [ -f "$f" ] || continue
    hosts_of "$f" | awk -v n="$(hosts_of "$f" | wc -l)" \
        'BEGIN { k = n < 16 ? n : 16 } { h[NR - 1] = $0 } END { for (i = 0; i < k; i++) print h[int(i * n / k)] }' \
        >"$out/$name.hosts"
    cases+=("$f $out/$name.hosts")
done

worst=0
opts="--cfg=smpi/simulate-computation:no"
[ -n "${COMPARE_TOPO_VERBOSE:-}" ] &&
    printf '%-18s %-24s %14s %14s %9s\n' platform case simmpi SMPI diff
for c in "${cases[@]}"; do
    read -r plat hosts <<<"$c"
    b=$(basename "$plat" .xml)
    np=$(awk -F: 'NF == 2 { n += $2; next } NF { n++ } END { print n }' "$hosts")
    (cd "$(dirname "$plat")" && "$builddir/smpi/smpirun" -np "$np" -platform "$plat" \
        -hostfile "$hosts" $opts "$out/topo") >"$out/$b.simmpi" 2>"$out/$b.simmpi.err"
    (cd "$(dirname "$plat")" && /usr/bin/smpirun -np "$np" -platform "$plat" -hostfile "$hosts" \
        $opts "$out/topo.sg") >"$out/$b.smpi" 2>"$out/$b.smpi.err"
    place="same hosts"
    cmp -s <(grep '^HOST' "$out/$b.simmpi" | sort) <(grep '^HOST' "$out/$b.smpi" | sort) ||
        { place="DIFFERENT hosts"; worst=100; }
    n=0
    exact=0
    largest=0
    while read -r _ name a && read -r _ _ b2 <&3; do
        diff=$(awk -v a="$a" -v b="$b2" 'BEGIN { printf "%+.4f", (a - b) / b * 100 }')
        [ -n "${COMPARE_TOPO_VERBOSE:-}" ] &&
            printf '%-18s %-24s %14.9f %14.9f %8s%%\n' "$b" "$name" "$a" "$b2" "$diff"
        n=$((n + 1))
        [ "$a" = "$b2" ] && exact=$((exact + 1))
        largest=$(awk -v d="$diff" -v w="$largest" 'BEGIN { d = d < 0 ? -d : d; print (d > w ? d : w) }')
    done < <(grep '^RESULT' "$out/$b.simmpi") 3< <(grep '^RESULT' "$out/$b.smpi")
    [ "$n" -gt 0 ] && [ "$n" = "$(grep -c '^RESULT' "$out/$b.smpi")" ] || largest=100
    printf '%-18s %2d ranks, %s, %2d times: %2d exact, largest difference %s%%\n' "$b" "$np" \
        "$place" "$n" "$exact" "$largest"
    worst=$(awk -v d="$largest" -v w="$worst" 'BEGIN { print (d > w ? d : w) }')
done
echo "topologies: largest relative difference ${worst}% (COMPARE_TOPO_VERBOSE=1 shows every case;" \
    "runs in $out)"
