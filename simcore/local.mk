# simcore: the simulation kernel, a convenience library linked into libsimmpi.
noinst_LTLIBRARIES += simcore/libsimcore.la
simcore_libsimcore_la_SOURCES = \
	simcore/simcore.h simcore/internal.h simcore/lmm.h simcore/lmm_impl.h simcore/context.h simcore/platform.h simcore/platform_impl.h \
	simcore/util.c simcore/log.c simcore/units.c simcore/config.c \
	simcore/context.c simcore/context_stack.c simcore/context_ucontext.c simcore/context_raw.c \
	simcore/lmm.c simcore/lmm_solve.c \
	simcore/platform.c simcore/platform_xml.c simcore/platform_default.c \
	simcore/heap.c simcore/engine.c simcore/actor.c simcore/activity.c simcore/network.c \
	simcore/msgparse.c simcore/msgmodel.c
simcore_libsimcore_la_CFLAGS = $(AM_CFLAGS) $(XML_CFLAGS) -fvisibility=hidden
simcore_libsimcore_la_LIBADD = $(XML_LIBS)
