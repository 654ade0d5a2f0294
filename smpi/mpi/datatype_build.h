/* datatype_build: the one operation every derived datatype constructor reduces to (see
 * datatype_build.c), shared by datatype_ctor.c. Private to the datatype module. */
#ifndef SMPI_DATATYPE_BUILD_H
#define SMPI_DATATYPE_BUILD_H

#include "smpi/mpi/datatype.h"

/* The constructor arguments kept for MPI_Type_get_envelope/MPI_Type_get_contents. */
struct smpi_type_contents {
    int ni;
    int na;
    int nd;
    int *ints;
    MPI_Aint *addrs;
    MPI_Datatype *types; /* each holds a reference */
    int nl;              /* large counts (a _c constructor given a count above INT_MAX) */
    MPI_Count *larges;
};

/* One part of a new type: nrep (>= 1) repetitions, stride bytes apart, of count consecutive
 * elements of type at byte displacement disp. A vector is one piece, an indexed type one
 * piece per block. */
struct smpi_type_piece {
    MPI_Datatype type;
    MPI_Aint count;
    MPI_Aint disp;
    MPI_Aint nrep;
    MPI_Aint stride;
};

/* The new type made of the n pieces (n >= 0), before its bounds are adjusted (padding,
 * resizing) and smpi__type_finish is called. */
struct smpi_datatype *smpi__type_build(const struct smpi_type_piece *pieces, int n);
/* True bounds and the contiguity flag, once the bounds are final; sets the combiner. */
MPI_Datatype smpi__type_finish(struct smpi_datatype *t, int combiner);

#endif /* SMPI_DATATYPE_BUILD_H */
