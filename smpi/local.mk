# smpi: the MPI library. Its code is a convenience library (also linked by the unit tests);
# libsimmpi.so wraps it together with simcore and exports only the SMPI_API symbols.
noinst_LTLIBRARIES += smpi/libsmpi.la
smpi_libsmpi_la_SOURCES = \
	smpi/p2p_api.h smpi/internal.h smpi/options.h smpi/check.h smpi/datatype.h smpi/datatype_build.h smpi/op.h \
	smpi/errors.h smpi/loader.h \
	smpi/options.c smpi/errors.c smpi/errhandler.c smpi/datatype.c smpi/op.c \
	smpi/comm.c smpi/comm_smp.c smpi/p2p.c smpi/match.c smpi/request.c smpi/runtime.c smpi/sample.c smpi/adjust.c smpi/shared.c smpi/file.c smpi/bindings_io.c smpi/time.c smpi/getopt.c smpi/diag.c \
	smpi/launch.c smpi/hostfile.c smpi/limits.c smpi/loader.c smpi/loader_mmap.c smpi/loader_libs.c \
	smpi/platform_config.c smpi/sg_host.c \
	smpi/bindings_env.c smpi/bindings_p2p.c smpi/bindings_coll.c \
	smpi/group.c \
	smpi/bindings_comm.c \
	smpi/attr.c \
	smpi/datatype_ctor.c smpi/datatype_build.c \
	smpi/topo.c \
	smpi/topo_dims.c \
	smpi/bindings_neighbor.c \
	smpi/bindings_misc.c \
	smpi/bindings_icoll.c \
	smpi/intercomm.c \
	smpi/handles.c \
	smpi/fortran.h smpi/fortran.c smpi/fortran_bindings.c smpi/fortran_handles.c \
	smpi/fortran_callbacks.c \
	smpi/coll_call.c \
	smpi/info.c \
	smpi/file.h smpi/win.h smpi/win.c smpi/rma.c smpi/rma_sync.c smpi/bindings_win.c smpi/bindings_rma.c \
	smpi/absent.c \
	smpi/trace.h smpi/trace.c smpi/trace_category.c smpi/profile.c \
	smpi/paje.h smpi/paje.c smpi/paje_names.c smpi/paje_platform.c smpi/paje_usage.c \
	smpi/paje_category.c \
	smpi/ti.h smpi/ti_types.c smpi/trace_ti.c smpi/replay.c smpi/replay_api.c smpi/replay_read.c \
	smpi/progress.c \
	smpi/timeline.h smpi/timeline.c smpi/timeline_page.c \
	smpi/xbt.c smpi/sg_actor.c \
	smpi/analyze.h smpi/analyze.c smpi/analyze_handles.c smpi/analyze_allocs.c \
	smpi/analyze_coll.c smpi/analyze_end.c smpi/htable.h smpi/htable.c \
	smpi/typesig.h smpi/typesig.c \
	$(collectives_sources)
smpi_libsmpi_la_CFLAGS = $(AM_CFLAGS) $(UNWIND_CFLAGS) -fvisibility=hidden

# include/smpi/smpi_extended_traces.h (smpicc -trace-call-location) is generated from
# include/mpi.h and committed; `make call-location-gen` regenerates it.
EXTRA_DIST += smpi/gen-call-location.py
call-location-gen:
	cd $(srcdir) && python3 smpi/gen-call-location.py > include/smpi/smpi_extended_traces.h
.PHONY: call-location-gen

lib_LTLIBRARIES += smpi/libsimmpi.la
smpi_libsimmpi_la_SOURCES =
smpi_libsimmpi_la_LIBADD = smpi/libsmpi.la simcore/libsimcore.la $(UNWIND_LIBS) $(XML_LIBS) \
	-ldl -lm
smpi_libsimmpi_la_LDFLAGS = -version-info 0:0:0

pkglibexec_PROGRAMS = smpi/smpimain
smpi_smpimain_SOURCES = smpi/smpimain.c
smpi_smpimain_LDADD = smpi/libsimmpi.la
# The installed smpimain must find libsimmpi wherever --prefix put it.
smpi_smpimain_LDFLAGS = -Wl,-rpath,$(libdir)

include_HEADERS = include/mpi.h include/smpi.h include/smpi_helpers.h
smpiincludedir = $(includedir)/smpi
smpiinclude_HEADERS = include/smpi/smpi.h include/smpi/smpi_extended_traces.h
# SimGrid's C API that SMPI programs call beside MPI, at the paths they include.
xbtincludedir = $(includedir)/xbt
xbtinclude_HEADERS = include/xbt/base.h include/xbt/log.h include/xbt/asserts.h \
	include/xbt/sysdep.h include/xbt/str.h include/xbt/replay.hpp
simgridincludedir = $(includedir)/simgrid
simgridinclude_HEADERS = include/simgrid/actor.h include/simgrid/forward.h include/simgrid/host.h \
	include/simgrid/instr.h include/simgrid/link.h
simgridpluginsincludedir = $(includedir)/simgrid/plugins
simgridpluginsinclude_HEADERS = include/simgrid/plugins/energy.h
simgrids4uincludedir = $(includedir)/simgrid/s4u
simgrids4uinclude_HEADERS = include/simgrid/s4u/Actor.hpp

# The timeline page's source (smpi/timeline.html) as a C string, so that it is edited as HTML
# and installed inside the library.
nodist_smpi_libsmpi_la_SOURCES = smpi/timeline_html.c
EXTRA_DIST += smpi/timeline.html
CLEANFILES += smpi/timeline_html.c
smpi/timeline_html.c: $(srcdir)/smpi/timeline.html
	$(AM_V_GEN)$(MKDIR_P) smpi && { \
	  echo '/* generated from smpi/timeline.html by smpi/local.mk; edit that file */'; \
	  echo 'const char smpi__timeline_html[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$$/\\n"/' \
	    $(srcdir)/smpi/timeline.html; \
	  echo ';'; } >$@.tmp && mv $@.tmp $@
