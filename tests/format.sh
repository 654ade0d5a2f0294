#!/bin/sh
# format: clang-format over every hand-written C source and header of the project, tests
# included, by the rules of .clang-format (STYLE.md section 4).
#   format.sh check SRCDIR CLANG_FORMAT [EXCLUDED...]   fails listing the files that differ
#   format.sh fix SRCDIR CLANG_FORMAT [EXCLUDED...]     rewrites them in place
# The files: *.c and *.h under apps, collectives, include, simcore, smpi and tests, except
# smpitest's and make compare's outputs, the committed generated files (tests/check-generated.sh
# --list) and the EXCLUDED paths (files the build writes from another source). One version of
# clang-format, the one configure found (pinned: .ci/setup installs it), since another lays out
# some constructs differently.
set -u

if [ $# -lt 3 ] || { [ "$1" != check ] && [ "$1" != fix ]; }; then
    echo "usage: format.sh check|fix SRCDIR CLANG_FORMAT [EXCLUDED...]" >&2
    exit 2
fi
mode=$1
srcdir=$2
clang_format=$3
shift 3
if [ -z "$clang_format" ]; then
    echo "format: clang-format-14 was not found by configure: install Debian's clang-format-14"
    echo "  (sh .ci/setup does), then rerun configure"
    exit 1
fi
cd "$srcdir" || exit 2
excluded=$(sh tests/check-generated.sh --list) || exit 2
patterns=$(for f in $excluded "$@"; do echo "-e $f"; done)
# shellcheck disable=SC2086 # one -e PATH per word
list=$(find apps collectives include simcore smpi tests \
    \( -name '*-out' -o -path apps/bench/out -o -path tests/compare/out \) -prune -o \
    -name '*.[ch]' -print | LC_ALL=C sort | grep -vxF $patterns)
[ -n "$list" ] || { echo "format: no source file found under $srcdir"; exit 2; }

if [ "$mode" = fix ]; then
    # shellcheck disable=SC2086 # paths without blanks
    exec "$clang_format" -i $list
fi
# shellcheck disable=SC2086
out=$("$clang_format" --dry-run -Werror $list 2>&1)
status=$?
violation='^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*'
bad=$(printf '%s\n' "$out" | sed -n "s/$violation/\\1/p" | uniq)
if [ -n "$bad" ]; then
    version=$("$clang_format" --version | sed 's/.*version //')
    echo "check-format: $(echo "$bad" | wc -l) of $(echo "$list" | wc -l) files differ from" \
        ".clang-format (clang-format $version); make format rewrites them:"
    echo "$bad" | sed 's/^/    /'
    exit 1
elif [ $status -ne 0 ]; then
    printf '%s\n' "$out"
    echo "check-format: $clang_format failed (above)"
    exit 1
fi
echo "check-format: $(echo "$list" | wc -l) files follow .clang-format"
