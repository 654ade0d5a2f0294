# smpitest_mpich.sh: the part of smpitest that runs MPICH test trees (SimGrid's curated suite and
# upstream MPICH's test/mpi) as their own build would: reading a folder's CMakeLists.txt or
# Makefile.am for sources and flags, writing a testlist.in's @VAR@ as a configure for simmpi
# would (with the probes of what the MPI under test provides), MPICH's headers and mtest
# helpers built once. smpitest sources it (installed in simmpi's data directory); it uses
# smpitest's variables (outdir, SMPICC, SMPIRUN, SMPIF77, SMPIF90, extra_run, ...).
# shellcheck shell=bash

# Reads an MPICH suite folder's CMakeLists.txt; prints "NAME|SOURCES|FLAGS" for each
# executable built from other sources than NAME.c or with flags of its own, and "*||FLAGS"
# for the folder's MPICH_FLAGS, "@configure|IN|OUT" for configure_file(IN OUT @ONLY). Handles
# the forms that suite uses: set(MPICH_FLAGS "..."),
# foreach(VAR ...) over add_executable(${VAR} ...) and set_target_properties(... COMPILE_FLAGS).
cmake_targets() {
    awk '
    function expand(s) {
        gsub(/\$\{CMAKE_CURRENT_SOURCE_DIR\}\//, "", s)
        gsub(/\$\{MPICH_FLAGS\}/, mf, s)
        return s
    }
    {
        line = $0; sub(/#.*/, "", line)
        stmt = stmt " " line
        if (gsub(/\(/, "(", stmt) > gsub(/\)/, ")", stmt)) next
        s = stmt; stmt = ""
        gsub(/[ \t]+/, " ", s); sub(/^ /, "", s)
        if (s == "" || index(s, "(") == 0) next
        cmd = tolower(substr(s, 1, index(s, "(") - 1)); gsub(/ /, "", cmd)
        body = substr(s, index(s, "(") + 1); sub(/\)[ ]*$/, "", body)
        if (cmd == "configure_file") {
            n = split(body, w, " ")
            print "@configure|" expand(w[1]) "|" w[2]
        } else if (cmd == "set" && body ~ /^MPICH_FLAGS /) {
            mf = body; sub(/^MPICH_FLAGS "/, "", mf); sub(/"$/, "", mf)
            print "*||" mf
        } else if (cmd == "foreach") {
            n = split(body, w, " "); depth++; var[depth] = w[1]; items[depth] = ""
            for (i = 2; i <= n; i++) items[depth] = items[depth] " " w[i]
        } else if (cmd == "endforeach") {
            depth--
        } else if (cmd == "add_executable" || cmd == "set_target_properties") {
            n = split(body, w, " "); names = w[1]
            if (depth > 0 && w[1] == "${" var[depth] "}") names = items[depth]
            m = split(names, nm, " ")
            for (j = 1; j <= m; j++) {
                if (cmd == "add_executable") {
                    srcs = ""
                    for (i = 2; i <= n; i++) if (w[i] != "EXCLUDE_FROM_ALL") {
                        x = w[i]; if (depth > 0) gsub("\\$\\{" var[depth] "\\}", nm[j], x)
                        srcs = srcs " " expand(x)
                    }
                    sub(/^ /, "", srcs)
                    if (srcs != nm[j] ".c") src[nm[j]] = srcs
                } else if (body ~ /COMPILE_FLAGS "/) {
                    f = body; sub(/.*COMPILE_FLAGS "/, "", f); sub(/".*/, "", f)
                    fl[nm[j]] = expand(f)
                }
                seen[nm[j]] = 1
            }
        }
    }
    END { for (k in seen) if ((k in src) || (k in fl)) print k "|" src[k] "|" fl[k] }' "$1"
}

# Reads an upstream MPICH folder's Makefile.am; prints "NAME|SOURCES|FLAGS" like cmake_targets
# for NAME_SOURCES and NAME_CPPFLAGS/NAME_CFLAGS (make and configure variables dropped), and
# "@variant|thread|" when the folder includes Makefile_threads.mtest, "@include|DIR|" for each
# relative -I of its AM_FFLAGS/AM_CPPFLAGS.
automake_targets() {
    awk '
    {
        line = $0; sub(/#.*/, "", line)
        if (sub(/\\$/, "", line)) { stmt = stmt " " line; next }
        s = stmt " " line; stmt = ""
        if (s ~ /^[ \t]*include .*Makefile_threads\.mtest/) { print "@variant|thread|"; next }
        if (s ~ /^[ \t]*AM_(FFLAGS|FCFLAGS|CPPFLAGS)[ \t]*\+?=/) {
            n = split(s, w, /[ \t=]+/)
            for (i = 1; i <= n; i++) if (w[i] ~ /^-I[^$@]+$/) print "@include|" substr(w[i], 3) "|"
            next
        }
        if (!match(s, /^[ \t]*[A-Za-z0-9_]+_(SOURCES|CPPFLAGS|CFLAGS)[ \t]*\+?=/)) next
        lhs = substr(s, 1, RLENGTH); body = substr(s, RLENGTH + 1)
        gsub(/[ \t+=]/, "", lhs)
        gsub(/\$\([A-Za-z_]+\)|@[A-Za-z_]+@/, "", body)
        gsub(/[ \t]+/, " ", body); sub(/^ /, "", body); sub(/ $/, "", body)
        if (lhs ~ /_SOURCES$/) {
            name = lhs; sub(/_SOURCES$/, "", name)
            if (body != name ".c") src[name] = body
        } else {
            name = lhs; sub(/_C(PP)?FLAGS$/, "", name)
            fl[name] = (name in fl) ? fl[name] " " body : body
        }
        seen[name] = 1
    }
    END { for (k in seen) print k "|" src[k] "|" fl[k] }' "$1"
}

# The value configure gives an @VAR@ of an upstream testlist.in for simmpi: the folder it names
# when simmpi has that part of MPI (Fortran folders when smpif77/smpif90 exist), else "#"
# (the line becomes a comment).
testlist_subst() {
    case "$1" in
        rmadir) echo rma ;; iodir) echo io ;; perfdir) echo perf ;; errordir) echo errors ;;
        comm_overlap) echo '' ;; # MPICH's default, --enable-comm-overlap-tests
        threadsdir) thread_multiple && echo threads || echo '#' ;;
        partdir) has_partitioned && echo part || echo '#' ;;
        spawndir) can_spawn && echo spawn || echo '#' ;;
        namepub_tests) can_spawn && echo '' || echo '#' ;; # configure's --enable-namepub
        # configure: '' when a Fortran 77 program links getarg and iargc (gfortran does)
        F77SPAWNARGTEST) [ -x "$SMPIF77" ] && can_spawn && echo '' || echo '#' ;;
        # and when a Fortran 90 one links GET_COMMAND_ARGUMENT (gfortran does)
        F03SPAWNARGTEST) [ -x "$SMPIF90" ] && can_spawn && echo '' || echo '#' ;;
        f77dir) [ -x "$SMPIF77" ] && echo f77 || echo '#' ;;
        f90dir) [ -x "$SMPIF90" ] && echo f90 || echo '#' ;;
        f08dir) has_f08 && echo f08 || echo '#' ;;
        *) echo '#' ;; # C++, ft, checkpoint, MPICH internals: not in simmpi
    esac
}

# probe NAME HOW LINE...: whether the MPI under test builds the C program whose main has these
# lines (HOW=run: and runs it on one process; HOW=f08: the lines are a Fortran program built
# with $SMPIF90), as configure checks before it enables a folder; the answer is remembered in
# $outdir/gen/probe-NAME.result.
probe() {
    local how=$2 p=$outdir/gen/probe-$1 ok=no
    shift 2
    if [ ! -f "$p.result" ]; then
        mkdir -p "$outdir/gen"
        if [ "$how" = f08 ]; then
            printf '%s\n' "$@" >"$p.f90"
            [ -x "$SMPIF90" ] && (cd "$outdir/gen" && "$SMPIF90" -o "$p" "$p.f90") >"$p.log" 2>&1 &&
                ok=yes
        else
            printf '%s\n' '#include <mpi.h>' 'int main(int argc, char **argv) {' "$@" '}' >"$p.c"
            "$SMPICC" -o "$p" "$p.c" >"$p.log" 2>&1 &&
                { [ "$how" != run ] || timeout 60 "$SMPIRUN" -np 1 "${extra_run[@]}" "$p" \
                    >>"$p.log" 2>&1 </dev/null; } && ok=yes
        fi
        echo "$ok" >"$p.result"
    fi
    [ "$(cat "$p.result")" = yes ]
}

# MPI_THREAD_MULTIPLE granted (the threads folder).
thread_multiple() {
    probe thread_multiple run '    int provided = MPI_THREAD_SINGLE;' \
        '    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);' \
        '    MPI_Finalize();' '    return provided == MPI_THREAD_MULTIPLE ? 0 : 1;'
}

# A process that spawns itself once (the spawn folder).
can_spawn() {
    probe spawn run '    MPI_Comm parent, inter;' '    MPI_Init(&argc, &argv);' \
        '    MPI_Comm_get_parent(&parent);' '    if (parent == MPI_COMM_NULL)' \
        '        MPI_Comm_spawn(argv[0], MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD,' \
        '                       &inter, MPI_ERRCODES_IGNORE);' '    MPI_Finalize();' '    return 0;'
}

# MPI-4's partitioned communication (the part folders): MPI_Psend_init compiles and links.
has_partitioned() {
    probe partitioned build '    MPI_Request req;' '    MPI_Init(&argc, &argv);' \
        '    MPI_Psend_init(NULL, 1, 0, MPI_INT, 0, 0, MPI_COMM_SELF, MPI_INFO_NULL, &req);' \
        '    MPI_Finalize();' '    return 0;'
}

# The mpi_f08 module (the f08 folder): a program that uses it builds with $SMPIF90.
has_f08() {
    probe f08 f08 'program probe' '    use mpi_f08' '    call MPI_Init()' '    call MPI_Finalize()' \
        'end program probe'
}

# The testlist of DIR: DIR/testlist, else (upstream MPICH) DIR/testlist.in or testlist.def with
# its @VAR@ substituted as configure would, written under $outdir/gen/REL.
testlist_of() {
    local dir=$1 rel=$2 in var out
    [ ! -f "$dir/testlist" ] || { echo "$dir/testlist"; return; }
    for in in "$dir/testlist.in" "$dir/testlist.def"; do
        [ -f "$in" ] || continue
        out=$outdir/gen/${rel:-.}/testlist
        mkdir -p "$(dirname "$out")"
        cp "$in" "$out"
        for var in $(grep -o '@[A-Za-z0-9_]*@' "$in" | sort -u | tr -d @); do
            sed -i "s|@$var@|$(testlist_subst "$var")|g" "$out"
        done
        echo "$out"
        return
    done
}

# The root of the MPICH test tree that DIR belongs to (DIR itself or up to three levels up: a
# directory with util/mtest.c and include/mpitest.h), or nothing.
mpich_root() {
    local d
    d=$(cd "$1" && pwd) || return
    for _ in 1 2 3 4; do
        if [ -f "$d/util/mtest.c" ] && [ -f "$d/include/mpitest.h" ]; then
            echo "$d"
            return
        fi
        d=$(dirname "$d")
    done
}

# The headers MPICH's configure would generate for simmpi (an MPI-3.1 library with MPI-IO, RMA,
# MPI_Init_thread and POSIX threads, no MPIX extensions), written once under $outdir/gen for a
# tree that ships none (upstream test/mpi); prints the -I flag, or nothing.
mpich_headers() {
    local root=$1 gen=$outdir/gen/include
    [ ! -f "$root/include/mpitestconf.h" ] || return 0
    mkdir -p "$gen" "$outdir/gen/dtpools/include"
    {
        flock 8
        if [ ! -f "$gen/mpitestconf.h" ]; then
            {
                echo '/* written by smpitest: what configure finds for simmpi */'
                echo '#ifndef MPITESTCONF_H_INCLUDED'
                echo '#define MPITESTCONF_H_INCLUDED'
                for h in STDIO STDLIB STRING STRINGS STDARG STDINT INTTYPES UNISTD SYS_TIME \
                    SYS_TYPES SYS_STAT SYS_RESOURCE PTHREAD; do
                    echo "#define HAVE_${h}_H 1"
                done
                for d in GETRUSAGE LONG_DOUBLE LONG_LONG LONG_LONG_INT MPI_WIN_CREATE MPI_IO \
                    MPI_INIT_THREAD MPI_INTEGER16 H_ADDR_LIST _BOOL FLOAT__COMPLEX \
                    DOUBLE__COMPLEX LONG_DOUBLE__COMPLEX PTHREAD_CREATE PTHREAD_BARRIER_INIT; do
                    echo "#define HAVE_$d 1"
                done
                echo '#define MPIO_USES_MPI_REQUEST 1'
                echo '#define USE_STRICT_MPI 1'
                echo '#define THREAD_PACKAGE_NAME THREAD_PACKAGE_POSIX'
                echo '#define POINTERINT_t long'
                echo "#define SIZEOF_VOID_P $(($(getconf LONG_BIT) / 8))"
                echo '#define F77_NAME_LOWER_USCORE 1'
                echo '#endif'
            } >"$gen/mpitestconf.h.tmp"
            : >"$gen/mtest_mpix.h" # MPICH's own build lists its MPIX_ renames here
            # dtpools includes "../dtpoolsconf.h" from its include/ folder
            printf '#define HAVE_STRDUP 1\n#define HAVE_MEMSET 1\n' >"$outdir/gen/dtpools/dtpoolsconf.h"
            # sources two levels down include "../../include/mpitestconf.h" (f77/datatype)
            mkdir -p "$outdir/gen/nest/a/b"
            ln -sfn ../include "$outdir/gen/nest/include"
            mv "$gen/mpitestconf.h.tmp" "$gen/mpitestconf.h"
        fi
    } 8>"$outdir/gen/lock"
    echo "-I$gen -I$outdir/gen/nest/a/b"
}

# Compiles the root's helpers into an archive under $outdir/mtest (once, whoever comes first)
# and prints the archives to link. SimGrid's copy: every util/*.c. Upstream MPICH (with
# util/mtest_common.c): mtest.c, mtest_common.c, dtypes.c and mtest_single.c, or mtest_thread.c
# for a folder built with Makefile_threads.mtest (VARIANT thread), and apart the dtpools
# library its datatype tests use.
mtest_lib() {
    local root=$1 variant=${2:-single} lib f o
    local -a inc=("-I$root/include") srcs=("$root"/util/*.c) objs=()
    mkdir -p "$outdir/mtest"
    lib=$outdir/mtest/libmtest.a
    if [ -f "$root/util/mtest_common.c" ]; then
        inc+=($(mpich_headers "$root") "-I$root/dtpools/include" "-I$outdir/gen/dtpools/include")
        srcs=("$root"/util/{mtest,mtest_common,dtypes,mtest_$variant}.c)
        lib=$outdir/mtest/libmtest-$variant.a
    fi
    {
        flock 8
        if [ ! -f "$lib" ]; then
            for f in "${srcs[@]}"; do
                o=$outdir/mtest/$(basename "$f" .c).o
                objs+=("$o")
                [ -f "$o" ] || "$SMPICC" -c "${inc[@]}" "${cflags[@]}" -o "$o" "$f" \
                    >>"$outdir/mtest/build.log" 2>&1 || { echo "smpitest: cannot build $f (see $outdir/mtest/build.log)" >&2; return 1; }
            done
            ar rcs "$lib" "${objs[@]}"
        fi
        if [ -d "$root/dtpools/src" ] && [ ! -f "$outdir/mtest/libdtpools.a" ]; then
            objs=()
            for f in "$root"/dtpools/src/*.c; do
                objs+=("$outdir/mtest/dtp-$(basename "$f" .c).o")
                "$SMPICC" -c "${inc[@]}" "${cflags[@]}" -o "${objs[-1]}" "$f" \
                    >>"$outdir/mtest/build.log" 2>&1 || { echo "smpitest: cannot build $f (see $outdir/mtest/build.log)" >&2; return 1; }
            done
            ar rcs "$outdir/mtest/libdtpools.a" "${objs[@]}"
        fi
        f=$root/util/run_mpitests.c # main() of the tests that only define run()
        if [ -f "$f" ] && [ ! -f "$outdir/mtest/run_mpitests.o" ]; then
            "$SMPICC" -c "${inc[@]}" "${cflags[@]}" -o "$outdir/mtest/run_mpitests.o" "$f" \
                >>"$outdir/mtest/build.log" 2>&1 || { echo "smpitest: cannot build $f (see $outdir/mtest/build.log)" >&2; return 1; }
        fi
    } 8>"$outdir/mtest/lock"
    echo "$lib"
    [ ! -f "$outdir/mtest/libdtpools.a" ] || echo "$outdir/mtest/libdtpools.a"
}

# The Fortran helper of an MPICH tree for a test in DIR (ROOT/f77/util/mtestf.f for the f77
# tests, ROOT/f90/util/mtestf90.f90 for the f90 ones), compiled once with COMPILER; prints the
# object, or nothing when the tree has none.
mtest_fortran() {
    local root=$1 dir=$2 compiler=$3 lang src obj
    lang=${dir#"$root"/}
    [[ "$dir" != "$outdir/f90src/"* ]] || lang=f90/${dir#"$outdir/f90src/"} # written by f77tof90
    case "/$lang/" in # the f77 or f90 folder the test is in (errors/f77/io: f77)
        */f77/*) lang=f77 ;;
        */f90/*) lang=f90 ;;
        *) lang=${lang%%/*} ;;
    esac
    for src in "$root/$lang"/util/mtestf*.f "$root/$lang"/util/mtestf*.f90 \
            "$root/util/mtest_$lang.f" "$root/util/mtest_$lang.f90"; do # SimGrid's, upstream
        [ -f "$src" ] || continue
        obj=$outdir/mtest/$lang-$(basename "${src%.*}").o
        mkdir -p "$outdir/mtest"
        {
            flock 8
            [ -f "$obj" ] || "$compiler" -c -J "$outdir/mtest" -o "$obj" "$src" \
                >>"$outdir/mtest/build.log" 2>&1 || { rm -f "$obj"; return 1; }
        } 8>"$outdir/mtest/lock"
        echo "$obj"
        return 0
    done
}

# The Fortran wrapper for a source, or nothing: $SMPIF77 / $SMPIF90 (default: smpif77 /
# smpif90 next to smpicc).
fortran_compiler() {
    local w
    case "$1" in
        *.f) w=$SMPIF77 ;;
        *) w=$SMPIF90 ;;
    esac
    [ -x "$w" ] && echo "$w"
}
