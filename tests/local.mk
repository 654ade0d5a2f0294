# tests: Criterion unit tests (one binary per module) and end-to-end MPI programs run through
# smpicc/smpirun by smpitest. `make check` ends with "N passed, N failed, N skipped".
unit_tests =
if HAVE_CRITERION
unit_tests += tests/unit/simcore/test_simcore
tests_unit_simcore_test_simcore_SOURCES = \
	tests/unit/simcore/test_context.c tests/unit/simcore/test_context_copy.c \
	tests/unit/simcore/test_context_thread.c \
	tests/unit/simcore/test_lmm.c tests/unit/simcore/test_lmm_random.c \
	tests/unit/simcore/lmm_util.h tests/unit/simcore/lmm_util.c \
	tests/unit/simcore/test_lmm_order.c \
	tests/unit/simcore/test_platform.c tests/unit/simcore/test_units.c \
	tests/unit/simcore/test_engine.c tests/unit/simcore/test_log.c \
	tests/unit/simcore/fixture.h tests/unit/simcore/fixture.c \
	tests/unit/simcore/test_profile.c tests/unit/simcore/test_energy.c \
	tests/unit/simcore/platform_util.h tests/unit/simcore/platform_util.c \
	tests/unit/child_exit.h tests/unit/child_exit.c \
	tests/unit/simcore/test_routing.c tests/unit/simcore/test_topology.c \
	tests/unit/simcore/test_msgmodel.c tests/unit/simcore/test_rerun.c \
	tests/unit/simcore/test_sync.c tests/unit/simcore/test_heap.c \
	tests/unit/simcore/test_util.c
tests_unit_simcore_test_simcore_CFLAGS = $(AM_CFLAGS) $(CRITERION_CFLAGS) $(XML_CFLAGS)
tests_unit_simcore_test_simcore_CPPFLAGS = $(AM_CPPFLAGS) -DSRCDIR=\"$(abs_top_srcdir)\"
tests_unit_simcore_test_simcore_LDADD = simcore/libsimcore.la $(CRITERION_LIBS) -lm

unit_tests += tests/unit/smpi/test_smpi
tests_unit_smpi_test_smpi_SOURCES = \
	tests/unit/smpi/test_match.c \
	tests/unit/smpi/test_options.c tests/unit/smpi/test_datatype.c tests/unit/smpi/test_op.c \
	tests/unit/smpi/test_loader.c tests/unit/smpi/test_rma.c tests/unit/smpi/test_adjust.c \
	tests/unit/smpi/test_replay_read.c tests/unit/smpi/test_paje.c tests/unit/smpi/test_timeline.c \
	tests/unit/smpi/test_hostfile.c tests/unit/child_exit.h tests/unit/child_exit.c \
	tests/unit/smpi/test_typesig.c tests/unit/smpi/test_clock.c tests/unit/smpi/test_coll_pack.c \
	tests/unit/smpi/test_mpit.c tests/unit/smpi/test_session.c
tests_unit_smpi_test_smpi_SOURCES += tests/unit/smpi/test_part.c tests/unit/smpi/test_f08.c
tests_unit_smpi_test_smpi_SOURCES += tests/unit/smpi/test_large_count.c
tests_unit_smpi_test_smpi_SOURCES += tests/unit/smpi/test_spawn.c
tests_unit_smpi_test_smpi_SOURCES += tests/unit/smpi/test_limits.c
tests_unit_smpi_test_smpi_CFLAGS = $(AM_CFLAGS) $(CRITERION_CFLAGS)
tests_unit_smpi_test_smpi_LDADD = smpi/libsmpi.la simcore/libsimcore.la $(CRITERION_LIBS) \
	$(UNWIND_LIBS) $(XML_LIBS) -ldl -lm

unit_tests += tests/unit/collectives/test_collectives
tests_unit_collectives_test_collectives_SOURCES = tests/unit/collectives/test_registry.c \
	tests/unit/collectives/test_select.c
tests_unit_collectives_test_collectives_CFLAGS = $(AM_CFLAGS) $(CRITERION_CFLAGS)
tests_unit_collectives_test_collectives_LDADD = smpi/libsmpi.la simcore/libsimcore.la \
	$(CRITERION_LIBS) $(UNWIND_LIBS) $(XML_LIBS) -ldl -lm

unit_tests += tests/unit/calibrate/test_calibrate
tests_unit_calibrate_test_calibrate_SOURCES = tests/unit/calibrate/test_fit.c \
	tests/unit/calibrate/test_recover.c
tests_unit_calibrate_test_calibrate_CFLAGS = $(AM_CFLAGS) $(CRITERION_CFLAGS)
tests_unit_calibrate_test_calibrate_CPPFLAGS = $(AM_CPPFLAGS) -DBUILDDIR=\"$(abs_top_builddir)\" \
	-DSRCDIR=\"$(abs_top_srcdir)\"
EXTRA_DIST += tests/unit/calibrate/lmo_o11.xml tests/unit/calibrate/lmo_four.xml
tests_unit_calibrate_test_calibrate_LDADD = apps/calibrate/libcalib.la $(CRITERION_LIBS) -lm
endif
check_PROGRAMS += $(unit_tests)

EXTRA_DIST += tests/run-tests.sh tests/mpi tests/unit/simcore/link_bw.profile \
	tests/unit/simcore/link_lat.profile
# the end-to-end outputs of smpitest (binaries, logs, JUnit report) and of make compare
clean-local: clean-local-tests
clean-local-tests:
	-rm -rf tests/mpi-out tests/compare-out
.PHONY: clean-local-tests

check-local: all $(unit_tests) check-layering
	@bash $(srcdir)/tests/run-tests.sh $(abs_top_builddir) $(abs_top_srcdir) $(unit_tests)
