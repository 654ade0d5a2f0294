# simcore: the simulation kernel, a convenience library linked into libsimmpi.
noinst_LTLIBRARIES += simcore/libsimcore.la
simcore_libsimcore_la_SOURCES = \
	simcore/simcore.h simcore/internal.h simcore/lmm.h simcore/lmm_impl.h simcore/context.h simcore/platform.h simcore/platform_impl.h \
	simcore/util.c simcore/log.c simcore/log_layout.c simcore/units.c simcore/config.c \
	simcore/context.c simcore/context_stack.c simcore/context_ucontext.c simcore/context_raw.c \
	simcore/context_thread.c \
	simcore/lmm.c simcore/lmm_solve.c simcore/lmm_alone.c \
	simcore/platform.c simcore/platform_xml.h simcore/platform_xml.c simcore/platform_xml_read.c \
	simcore/platform_xml_cluster.c simcore/platform_xml_net.c \
	simcore/platform_default.c simcore/platform_profile.c \
	simcore/routing.h simcore/routing.c simcore/routing_table.c simcore/routing_star.c \
	simcore/routing_cluster.c simcore/routing_torus.c simcore/routing_fat_tree.c \
	simcore/routing_dragonfly.c \
	simcore/heap.c simcore/engine.c simcore/actor.c simcore/activity.c simcore/network.c \
	simcore/profile.c simcore/resource.c simcore/energy.c simcore/energy_host.c simcore/energy_link.c \
	simcore/msgparse.c simcore/msgmodel.c simcore/sync.c
simcore_libsimcore_la_CFLAGS = $(AM_CFLAGS) $(XML_CFLAGS) -fvisibility=hidden
simcore_libsimcore_la_LIBADD = $(XML_LIBS)
