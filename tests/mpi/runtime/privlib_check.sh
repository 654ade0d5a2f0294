#!/bin/sh
# privlib_check SMPIRUN DIR RUN: smpi/privatize-libs (testlist post=). Builds the shared library
# DIR/privlib_count.c (SONAME libsimmpicount.so.1) and DIR/privlib_main.c linked to it, then
# runs 3 ranks: sharing the library they count 1, 2, 3; with the library privatized (by name,
# then by full path) each counts 1; a name that loads nothing is refused naming it (status 1).
smpirun=$1 dir=$2 run=$3
smpicc=$(dirname "$smpirun")/smpicc
work=$run.d
rm -rf "$work" && mkdir -p "$work" || exit 1
${CC:-cc} -shared -fPIC -o "$work/libsimmpicount.so.1" -Wl,-soname,libsimmpicount.so.1 \
    "$dir/privlib_count.c" || exit 1
ln -s libsimmpicount.so.1 "$work/libsimmpicount.so"
"$smpicc" -o "$work/prog" "$dir/privlib_main.c" -L"$work" -lsimmpicount -Wl,-rpath,"$work" ||
    exit 1
run() {
    "$smpirun" -np 3 --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1e9 \
        --log=xbt_cfg.thres:warning "$@" "$work/prog" 2>&1
}
counts() {
    sed -n 's/^rank \([0-9]\) counted \([0-9]\)$/\1:\2/p' | tr '\n' ' '
}
shared=$(run | counts)
echo "shared: $shared"
[ "$shared" = "0:1 1:2 2:3 " ] || exit 1
private=$(run --cfg=smpi/privatize-libs:libsimmpicount.so.1 | counts)
echo "privatized: $private"
[ "$private" = "0:1 1:1 2:1 " ] || exit 1
private=$(run --cfg=smpi/privatization:dlopen "--cfg=smpi/privatize-libs:$work/libsimmpicount.so.1" | counts)
echo "privatized by path: $private"
[ "$private" = "0:1 1:1 2:1 " ] || exit 1
err=$(run --cfg=smpi/privatize-libs:libnothere.so.7)
status=$?
echo "absent: status $status: $err"
[ "$status" -eq 1 ] && case $err in *"smpi/privatize-libs: cannot load 'libnothere.so.7'"*) ;; *) exit 1 ;; esac
