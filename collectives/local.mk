# collectives: algorithm families, the registry and the selectors (built into libsimmpi).
collectives_sources = \
	collectives/collectives.h collectives/internal.h collectives/algorithms.def collectives/registry.c collectives/trees.c collectives/smp.c \
	collectives/blocks.h collectives/blocks.c \
	collectives/report.c collectives/select_automatic.c \
	collectives/select_default.c collectives/select_ompi.c collectives/select_mpich.c \
	collectives/select_mvapich2.c collectives/select_mvapich2_tables.c \
	collectives/select_mvapich2.h collectives/select_impi.c \
	collectives/barrier.c collectives/bcast.c collectives/bcast_ompi.c \
	collectives/bcast_smp.c collectives/bcast_arrival.c collectives/bcast_mvapich2.c \
	collectives/bcast_impl.h collectives/reduce.c collectives/reduce_chain.c \
	collectives/reduce_ompi.c collectives/reduce_rsg.c collectives/reduce_mvapich2.c \
	collectives/reduce_impl.h collectives/allreduce.c \
	collectives/allreduce_ring.c collectives/allreduce_smp.c collectives/allreduce_impl.h \
	collectives/alltoall.c collectives/alltoall_steps.c collectives/alltoallv.c collectives/alltoallw.c \
	collectives/allgather.c collectives/allgather_smp.c collectives/allgather_impl.h \
	collectives/allgatherv.c collectives/gather.c \
	collectives/gatherv.c collectives/scatter.c collectives/scatterv.c \
	collectives/reduce_scatter.c collectives/scan.c collectives/exscan.c \
	collectives/inter.c collectives/neighbor.c
