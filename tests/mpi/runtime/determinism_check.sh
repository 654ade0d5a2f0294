#!/bin/sh
# determinism_check: runs one smpirun command twice and fails unless the two runs give the same
# exit status (0), stdout, stderr and files, byte for byte (testlist post=).
#   determinism_check.sh [-f FILE]... DIR SMPIRUN ARGS...
# Each run starts from an empty folder DIR and runs there, so the files it writes under relative
# names (traces, profiles) land in DIR, and the two runs see the same paths; an argument with a
# '/' that names an existing file is made absolute first. Each -f FILE (relative to DIR) must be
# written, not empty, by both runs. The copies are kept as DIR.1 and DIR.2.
# One difference is SMPI's and allowed: a TI trace's rank files are named
# <index>_files/<wall-clock time>_rank-<r>.txt, as SMPI 3.32 names them; that time is replaced by
# STAMP in the file names and in every file before the comparison.
set -u

usage() {
    echo "usage: determinism_check.sh [-f FILE]... DIR SMPIRUN ARGS..." >&2
    exit 2
}

required=
while [ $# -gt 0 ] && [ "$1" = -f ]; do
    [ $# -ge 2 ] || usage
    required="$required $2"
    shift 2
done
[ $# -ge 2 ] || usage
dir=$1
shift

# The arguments, paths to existing files made absolute (the runs start in DIR).
n=$#
while [ "$n" -gt 0 ]; do
    a=$1
    shift
    case $a in
        */*) [ -e "$a" ] && a=$(cd "$(dirname "$a")" && pwd)/$(basename "$a") ;;
    esac
    set -- "$@" "$a"
    n=$((n - 1))
done

# Replaces each wall-clock stamp of a TI trace's rank files by STAMP, in names and contents.
unstamp() {
    for stamp in $(find "$1" -path '*_files/*_rank-*.txt' |
        sed -n 's|.*/\([0-9]*\.[0-9]*\)_rank-[0-9]*\.txt$|\1|p' | sort -u); do
        find "$1" -path "*_files/${stamp}_rank-*.txt" | while IFS= read -r f; do
            b=$(basename "$f")
            mv "$f" "$(dirname "$f")/STAMP_${b#*_}"
        done
        pattern=$(printf '%s' "$stamp" | sed 's/\./\\./g')
        grep -rlF "$stamp" "$1" | while IFS= read -r f; do
            sed -i "s/$pattern/STAMP/g" "$f"
        done
    done
}

# run_once N SMPIRUN ARGS...: one run in a fresh DIR, kept as DIR.N.
run_once() {
    copy=$dir.$1
    shift
    rm -rf "$dir" "$copy" && mkdir -p "$dir" || exit 1
    (cd "$dir" && exec "$@" >stdout 2>stderr </dev/null)
    status=$?
    echo "$status" >"$dir/status"
    if [ "$status" -ne 0 ]; then
        echo "run $copy: exit status $status"
        cat "$dir/stderr"
        exit 1
    fi
    for f in $required; do
        [ -s "$dir/$f" ] || { echo "run $copy did not write $f"; exit 1; }
    done
    unstamp "$dir"
    mv "$dir" "$copy"
}

run_once 1 "$@"
run_once 2 "$@"
if ! diff -r "$dir.1" "$dir.2"; then
    echo "the two runs differ (above: diff -r $dir.1 $dir.2)"
    exit 1
fi
files=$(cd "$dir.1" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
echo "two runs, $(echo "$files" | wc -l) identical files:" $files
