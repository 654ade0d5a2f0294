# breakdown.awk: sums the exclusive instruction counts of a callgrind_annotate report (run with
# --threshold=100, so every function is listed) by the part of simmpi they belong to, from the
# file each function is in. Prints "part<TAB>instructions" lines and a "total" line. Used by
# make bench's breakdown part (run-bench.sh), which subtracts a run of one round trip.
/Auto-annotated source|User-annotated source/ { exit }
/^ *[0-9,]+ +\(/ {
    n = $1; gsub(",", "", n); f = $0
    sub(/^ *[0-9,]+ +\( *[0-9.]+%\) +/, "", f)
    if (f ~ /PROGRAM TOTALS/) next
    if (f ~ /context|ctx_raw|actor\.c|runtime\/(launch|getopt)\.c/) g = "context switch, actors, resume hook"
    else if (f ~ /simcore\/lmm/) g = "solver (lmm)"
    else if (f ~ /simcore\/heap\.c/) g = "event heap"
    else if (f ~ /simcore\/(engine|activity)\.c/) g = "engine loop, activities"
    else if (f ~ /simcore\/(network|routing)/) g = "network model, routes"
    else if (f ~ /smpi\/mpi\/match\.c|p2p\.c:(match|srcq)/) g = "matching"
    else if (f ~ /smpi\/runtime\/clock\.c|bench_(begin|end)|smpi__compute/) g = "timing computation"
    else if (f ~ /smpi\/(trace|analyze)\//) g = "tracing and checking hooks"
    else if (f ~ /smpi\/runtime\/runtime\.c|smpi\/bindings\//) g = "MPI call entry and exit, argument checks"
    else if (f ~ /smpi\/mpi\//) g = "requests, copies, completion"
    else if (f ~ /malloc|memset|memcpy|memmove/) g = "malloc, memset, memcpy"
    else if (f ~ /\/tmp\/|\.so:main|:main \[/) g = "application"
    else g = "other"
    sum[g] += n; total += n
}
END { for (g in sum) printf "%s\t%.0f\n", g, sum[g]; printf "total\t%.0f\n", total }
