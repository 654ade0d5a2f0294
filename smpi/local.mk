# smpi: the MPI library. Its code is a convenience library (also linked by the unit tests);
# libsimmpi.so wraps it together with simcore and exports only the SMPI_API symbols.
noinst_LTLIBRARIES += smpi/libsmpi.la
smpi_libsmpi_la_SOURCES = \
	smpi/internal.h \
	smpi/bindings/check.h smpi/bindings/p2p.h smpi/bindings/absent.c smpi/bindings/bindings_attr.c smpi/bindings/bindings_coll.c \
	smpi/bindings/bindings_comm.c smpi/bindings/bindings_datatype.c smpi/bindings/bindings_env.c smpi/bindings/bindings_error.c smpi/bindings/bindings_errhandler.c smpi/bindings/bindings_group.c smpi/bindings/bindings_handles.c smpi/bindings/bindings_icoll.c smpi/bindings/bindings_info.c smpi/bindings/bindings_intercomm.c \
	smpi/bindings/bindings_io.c smpi/bindings/bindings_misc.c smpi/bindings/bindings_mpit.c smpi/bindings/bindings_mpit_pvar.c smpi/bindings/bindings_neighbor.c smpi/bindings/bindings_op.c \
	smpi/bindings/bindings_p2p.c smpi/bindings/bindings_pcoll.c smpi/bindings/bindings_request.c smpi/bindings/bindings_rma.c smpi/bindings/bindings_topo.c smpi/bindings/bindings_win.c \
	smpi/mpi/datatype.h smpi/mpi/datatype_build.h smpi/mpi/errors.h smpi/mpi/file.h smpi/mpi/op.h \
	smpi/mpi/p2p_api.h smpi/mpi/topo.h smpi/mpi/typesig.h smpi/mpi/win.h smpi/mpi/attr.c smpi/mpi/coll_alias.c smpi/mpi/coll_call.c \
	smpi/mpi/comm.c smpi/mpi/comm_smp.c smpi/mpi/datatype.c smpi/mpi/datatype_build.c \
	smpi/mpi/datatype_ctor.c smpi/mpi/errhandler.c smpi/mpi/errors.c smpi/mpi/file.c \
	smpi/mpi/file_model.c \
	smpi/mpi/group.c smpi/mpi/handles.c smpi/mpi/info.c smpi/mpi/intercomm.c smpi/mpi/intercomm_derive.c smpi/mpi/limits.c \
	smpi/mpi/match.c smpi/mpi/mpit.h smpi/mpi/mpit.c smpi/mpi/op.c smpi/mpi/p2p.c smpi/mpi/p2p_api.c smpi/mpi/pcoll.c smpi/mpi/request.c smpi/mpi/rma.c \
	smpi/mpi/rma_sync.c smpi/mpi/topo.c smpi/mpi/topo_dims.c smpi/mpi/typesig.c smpi/mpi/win.c \
	smpi/runtime/htable.h smpi/runtime/loader.h smpi/runtime/options.h smpi/runtime/adjust.c \
	smpi/runtime/diag.c smpi/runtime/getopt.c smpi/runtime/hostfile.c smpi/runtime/htable.c \
	smpi/runtime/launch.c smpi/runtime/loader.c smpi/runtime/loader_libs.c \
	smpi/runtime/loader_mmap.c smpi/runtime/options.c smpi/runtime/platform_config.c \
	smpi/runtime/clock.h smpi/runtime/clock.c \
	smpi/runtime/runtime.c smpi/runtime/sample.c smpi/runtime/shared.c smpi/runtime/time.c \
	smpi/runtime/threads.c smpi/runtime/threads_sync.c \
	smpi/bindings/bindings_spawn.c smpi/mpi/dynamic.h smpi/mpi/spawn.c smpi/mpi/port.c smpi/runtime/jobs.c \
	smpi/trace/paje.h smpi/trace/ti.h smpi/trace/timeline.h smpi/trace/trace.h smpi/trace/paje.c \
	smpi/trace/paje_category.c smpi/trace/paje_names.c smpi/trace/paje_platform.c \
	smpi/trace/paje_usage.c smpi/trace/paje_keys.c smpi/trace/paje_buffer.c smpi/trace/profile.c smpi/trace/progress.c smpi/trace/ti_types.c \
	smpi/trace/timeline.c smpi/trace/timeline_page.c smpi/trace/trace.c \
	smpi/trace/trace_category.c smpi/trace/trace_ti.c \
	smpi/replay/replay.c smpi/replay/replay_args.c smpi/replay/replay_impl.h smpi/replay/replay_api.c smpi/replay/replay_read.c \
	smpi/analyze/analyze.h smpi/analyze/analyze.c smpi/analyze/analyze_allocs.c \
	smpi/analyze/analyze_coll.c smpi/analyze/analyze_end.c smpi/analyze/analyze_handles.c \
	smpi/fortran/fortran.h smpi/fortran/fortran.c smpi/fortran/fortran_bindings.c \
	smpi/fortran/fortran_callbacks.c smpi/fortran/fortran_handles.c \
	smpi/simgrid/sg_actor.c smpi/simgrid/sg_actor_spawn.c smpi/simgrid/sg_host.c \
	smpi/simgrid/xbt.c \
	smpi/mpi/session.h smpi/mpi/session.c smpi/mpi/comm_meet.c smpi/mpi/comm_hints.c smpi/mpi/p2p_mpi4.c \
	smpi/bindings/bindings_session.c smpi/bindings/bindings_mpi4.c \
	$(collectives_sources)
# MPI-4 partitioned communication
smpi_libsmpi_la_SOURCES += smpi/bindings/bindings_part.c smpi/mpi/part.h smpi/mpi/part.c
smpi_libsmpi_la_CFLAGS = $(AM_CFLAGS) $(UNWIND_CFLAGS) -fvisibility=hidden
# What each folder holds (smpi/README), and absent.c's generator.
EXTRA_DIST += smpi/README smpi/bindings/README smpi/mpi/README smpi/runtime/README \
	smpi/trace/README smpi/replay/README smpi/analyze/README smpi/fortran/README \
	smpi/simgrid/README smpi/bindings/gen-absent.py

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
smpi_smpimain_SOURCES = smpi/runtime/smpimain.c
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

# The timeline page's source (smpi/trace/timeline.html) as a C string, so that it is edited as HTML
# and installed inside the library.
nodist_smpi_libsmpi_la_SOURCES = smpi/timeline_html.c
EXTRA_DIST += smpi/trace/timeline.html
CLEANFILES += smpi/timeline_html.c
smpi/timeline_html.c: $(srcdir)/smpi/trace/timeline.html
	$(AM_V_GEN)$(MKDIR_P) smpi && { \
	  echo '/* generated from smpi/trace/timeline.html by smpi/local.mk; edit that file */'; \
	  echo 'const char smpi__timeline_html[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$$/\\n"/' \
	    $(srcdir)/smpi/trace/timeline.html; \
	  echo ';'; } >$@.tmp && mv $@.tmp $@
