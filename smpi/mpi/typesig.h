/* typesig: type signatures (MPI-3.1 section 3.3.1: the sequence of basic datatypes of a
 * message, displacements left out) and the comparison of two of them. Private to smpi. */
#ifndef SMPI_TYPESIG_H
#define SMPI_TYPESIG_H

#include <stdbool.h>

#include "smpi/mpi/datatype.h"

enum smpi_typesig_result {
    SMPI_SIG_MATCH,     /* equal (or, for a prefix comparison, a is a prefix of b) */
    SMPI_SIG_DIFFER,    /* a basic element differs: see the diff */
    SMPI_SIG_LONGER,    /* a has more basic elements than b */
    SMPI_SIG_SHORTER,   /* a has fewer basic elements than b (exact comparison only) */
    SMPI_SIG_UNCHECKED, /* MPI_BYTE or MPI_PACKED in either, or too long to walk: accepted */
};

/* Where two signatures first differ: the index of the basic element (from 0) and its
 * datatype on each side (a predefined datatype). For LONGER/SHORTER, the lengths. */
struct smpi_typesig_diff {
    MPI_Count index;
    MPI_Datatype a;
    MPI_Datatype b;
    MPI_Count alen;
    MPI_Count blen;
};

/* Compares the signature of acount elements of a with that of bcount elements of b. Basic
 * datatypes match when they hold the same kind of value in the same size: MPI_INT matches
 * MPI_INT32_T and MPI_INTEGER, not MPI_FLOAT nor MPI_UNSIGNED nor MPI_LONG (8 bytes); MPI_CHAR,
 * MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_INT8_T and MPI_UINT8_T all match; a value-index
 * pair is its two members. With `prefix`, a may be shorter than b (a message received into a
 * larger buffer). d (may be NULL) receives where they differ. */
enum smpi_typesig_result smpi__typesig_compare(MPI_Datatype a, MPI_Count acount, MPI_Datatype b,
                                               MPI_Count bcount, bool prefix,
                                               struct smpi_typesig_diff *d);
#endif /* SMPI_TYPESIG_H */
