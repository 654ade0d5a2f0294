# collectives: algorithm families, the registry and the selectors (built into libsimmpi).
collectives_sources = \
	collectives/collectives.h collectives/internal.h collectives/registry.c collectives/trees.c collectives/smp.c collectives/report.c collectives/select_automatic.c \
	collectives/barrier.c collectives/bcast.c collectives/reduce.c collectives/allreduce.c \
	collectives/alltoall.c collectives/allgather.c collectives/gather.c collectives/scatter.c \
	collectives/reduce_scatter.c collectives/scan.c collectives/inter.c collectives/neighbor.c
