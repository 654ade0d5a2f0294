# apps/calibrate: smpicalibrate, installed with simmpi. Its probe (probe.c, an MPI program) is
# compiled into the tool as a string, written out and built at run time with the MPI compiler
# the user names. The fitting code is a convenience library shared with the unit tests.
bin_PROGRAMS += apps/calibrate/smpicalibrate
noinst_LTLIBRARIES += apps/calibrate/libcalib.la
apps_calibrate_libcalib_la_SOURCES = apps/calibrate/calib.h apps/calibrate/fit.c \
	apps/calibrate/samples.c apps/calibrate/launch.c apps/calibrate/calib_smpi.c \
	apps/calibrate/calib_loggp.c apps/calibrate/calib_lmo.c
nodist_apps_calibrate_libcalib_la_SOURCES = apps/calibrate/probe_src.c
apps_calibrate_smpicalibrate_SOURCES = apps/calibrate/smpicalibrate.c
apps_calibrate_smpicalibrate_LDADD = apps/calibrate/libcalib.la -lm
EXTRA_DIST += apps/calibrate/probe.c apps/calibrate/imb-compare
CLEANFILES += apps/calibrate/probe_src.c

apps/calibrate/probe_src.c: $(srcdir)/apps/calibrate/probe.c
	$(AM_V_GEN)$(MKDIR_P) apps/calibrate && { \
	  echo '/* generated from apps/calibrate/probe.c by apps/calibrate/local.mk; edit that file */'; \
	  echo 'const char calib_probe_source[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$$/\\n"/' \
	    $(srcdir)/apps/calibrate/probe.c; \
	  echo ';'; } >$@.tmp && mv $@.tmp $@
