/* fortran_f08: helpers of the mpi_f08 bindings (smpi/fortran/fortran_f08_bindings.c, which
 * smpi/fortran/gen-f08.py writes). Private to smpi. */
#ifndef SMPI_FORTRAN_F08_H
#define SMPI_FORTRAN_F08_H

#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

#if defined(__has_include)
#if __has_include(<ISO_Fortran_binding.h>)
#include <ISO_Fortran_binding.h>
#define SMPI_HAVE_CFI 1
#endif
#endif
#ifndef SMPI_HAVE_CFI
/* Without gfortran's header (no Fortran compiler installed): its layout of a C descriptor
 * (Fortran 2018 section 18.5.3), the only one the Fortran wrappers compile against. */
typedef struct {
    ptrdiff_t lower_bound, extent, sm;
} CFI_dim_t;
typedef struct {
    void *base_addr;
    size_t elem_len;
    int version;
    signed char rank;
    signed char attribute;
    int16_t type;
    CFI_dim_t dim[];
} CFI_cdesc_t;
#endif

/* How a choice buffer reaches the Fortran 77 binding when its descriptor is not contiguous. */
enum smpi_f08buf_mode {
    SMPI_F08_ADDRESS,    /* its address is the argument (MPI_Get_address, MPI_Win_create) */
    SMPI_F08_COPY_IN,    /* blocking call, input: a contiguous copy */
    SMPI_F08_COPY_INOUT, /* blocking call, output: a contiguous copy, copied back after */
    SMPI_F08_DATATYPE,   /* nonblocking call: count x datatype over the array's elements */
    SMPI_F08_CONTIGUOUS, /* nonblocking call whose buffer must be contiguous */
};

/* A buffer converted for the Fortran 77 binding: the address, count and datatype to pass. */
struct smpi_f08buf {
    void *addr;
    MPI_Fint *count, *type;
    MPI_Fint one, made;      /* the count and datatype of SMPI_F08_DATATYPE */
    MPI_Datatype c_made;     /* the datatype to free after the call */
    void *copy;              /* the copy of SMPI_F08_COPY_* */
    const CFI_cdesc_t *desc; /* where to copy it back (SMPI_F08_COPY_INOUT) */
};

/* Converts buffer d of MPI function fn; count and type are its count and datatype (count NULL:
 * one). Returns 1, or 0 with *err set (MPI_ERR_BUFFER, through MPI_COMM_WORLD's error handler,
 * fatal by default, with a message naming fn and the buffer's shape) when it cannot be mapped. */
int smpi__f08buf_in(const char *fn, const CFI_cdesc_t *d, enum smpi_f08buf_mode mode,
                    MPI_Fint *count, MPI_Fint *type, struct smpi_f08buf *b, MPI_Fint *err);
/* After the call: copies an output copy back, frees the copy or the datatype. */
void smpi__f08buf_out(struct smpi_f08buf *b);

#endif /* SMPI_FORTRAN_F08_H */
