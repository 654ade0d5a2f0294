# apps: example MPI programs, platforms and benchmarks.
EXTRA_DIST += apps/hello.c apps/platforms apps/bench/run-bench.sh apps/bench/breakdown.awk \
	apps/bench/bench-apps.sh

noinst_PROGRAMS += apps/bench/bench_context apps/bench/bench_lmm apps/bench/bench_lmm_burst \
	apps/bench/bench_engine
EXTRA_DIST += apps/bench/mpi_pingpong.c apps/bench/mpi_ring.c apps/bench/mpi_barrier_allreduce.c \
	apps/bench/mpi_sample.c apps/bench/mpi_fold.c apps/bench/mpi_alltoall.c
apps_bench_bench_context_SOURCES = apps/bench/bench_context.c apps/bench/bench_util.h
apps_bench_bench_context_LDADD = simcore/libsimcore.la -lm
apps_bench_bench_lmm_SOURCES = apps/bench/bench_lmm.c apps/bench/bench_util.h
apps_bench_bench_lmm_LDADD = simcore/libsimcore.la -lm
apps_bench_bench_lmm_burst_SOURCES = apps/bench/bench_lmm_burst.c apps/bench/bench_util.h
apps_bench_bench_lmm_burst_LDADD = simcore/libsimcore.la -lm
apps_bench_bench_engine_SOURCES = apps/bench/bench_engine.c apps/bench/bench_util.h
apps_bench_bench_engine_LDADD = simcore/libsimcore.la -lm

# The README's first command: a real MPI program on the default platform.
demo: all
	./smpi/smpicc -o apps/hello $(srcdir)/apps/hello.c
	./smpi/smpirun -np 8 ./apps/hello

bench: all
	@bash $(srcdir)/apps/bench/run-bench.sh $(abs_top_builddir) $(abs_top_srcdir)

CLEANFILES += apps/hello
.PHONY: demo bench

# Side by side with SimGrid's SMPI on the same programs and platforms (skipped without it).
compare: all
	@bash $(srcdir)/tests/compare/compare-smpi.sh $(abs_top_builddir) $(abs_top_srcdir)
EXTRA_DIST += tests/compare
.PHONY: compare

include apps/calibrate/local.mk
