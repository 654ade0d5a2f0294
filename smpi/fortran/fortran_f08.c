/* fortran_f08: the choice buffers of the mpi_f08 bindings. A TYPE(*), DIMENSION(..) argument
 * arrives as a C descriptor (Fortran 2018 section 18.5): a contiguous one gives its base address;
 * a non-contiguous one (an array section such as a(1:n:2, j)) is copied into a contiguous block
 * around a blocking call, or, for a nonblocking call, described by a datatype over its elements
 * (count x datatype laid over the elements in array element order, each element holding a whole
 * number of datatypes), since the buffer is used after the call returns. Also the conversions
 * between the two Fortran statuses, the mpi_f08 MPI_Sizeof and MPI_F_sync_reg. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/fortran/fortran.h"
#include "smpi/fortran/fortran_f08.h"
#include "smpi/internal.h"

/* The number of elements of d. */
static size_t elements(const CFI_cdesc_t *d)
{
    size_t n = 1;

    for (int i = 0; i < d->rank; i++)
        n *= d->dim[i].extent > 0 ? (size_t)d->dim[i].extent : 0;
    return n;
}

static int contiguous(const CFI_cdesc_t *d)
{
    ptrdiff_t sm = (ptrdiff_t)d->elem_len;

    if (elements(d) == 0)
        return 1;
    for (int i = 0; i < d->rank; i++) {
        if (d->dim[i].extent > 1 && d->dim[i].sm != sm)
            return 0;
        sm *= d->dim[i].extent;
    }
    return 1;
}

/* The byte offsets from the base address of the first n elements of d, in array element order
 * (the first subscript varies fastest). */
static void offsets(const CFI_cdesc_t *d, size_t n, MPI_Aint *off)
{
    ptrdiff_t idx[15] = { 0 };

    for (size_t k = 0; k < n; k++) {
        MPI_Aint o = 0;

        for (int i = 0; i < d->rank; i++)
            o += (MPI_Aint)(idx[i] * d->dim[i].sm);
        off[k] = o;
        for (int i = 0; i < d->rank && ++idx[i] == d->dim[i].extent; i++)
            idx[i] = 0;
    }
}

/* Reports a buffer that cannot be mapped to MPI_COMM_WORLD's error handler (the call's own
 * object is not known here): fatal by default, MPI_ERR_BUFFER in *err under MPI_ERRORS_RETURN. */
static int refuse(const char *fn, const CFI_cdesc_t *d, const char *why, MPI_Fint *err)
{
    *err = smpi__error(MPI_COMM_WORLD, fn, MPI_ERR_BUFFER,
                       "a non-contiguous buffer (rank %d, %zu-byte elements) %s", (int)d->rank,
                       d->elem_len, why);
    return 0;
}

static int by_datatype(const char *fn, const CFI_cdesc_t *d, MPI_Fint *count, MPI_Fint *type,
                       struct smpi_f08buf *b, MPI_Fint *err)
{
    MPI_Datatype dt = PMPI_Type_f2c(*type);
    MPI_Aint lb, extent;
    size_t per, n, nel;
    MPI_Aint *off;
    int rc;

    if (PMPI_Type_get_extent(dt, &lb, &extent) != MPI_SUCCESS || extent <= 0 ||
        d->elem_len % (size_t)extent != 0)
        return refuse(fn, d, "needs a datatype whose extent divides the element size", err);
    per = d->elem_len / (size_t)extent;
    n = count ? (size_t)(*count > 0 ? *count : 0) : 1;
    if (n % per != 0)
        return refuse(fn, d, "needs a count that fills whole array elements", err);
    nel = n / per;
    if (nel > elements(d))
        return refuse(fn, d, "is smaller than count x datatype", err);
    off = smpi__fcalloc((int)nel, sizeof(*off));
    offsets(d, nel, off);
    rc = PMPI_Type_create_hindexed_block((int)nel, (int)per, off, dt, &b->c_made);
    free(off);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_commit(&b->c_made);
    if (rc != MPI_SUCCESS) {
        *err = rc;
        return 0;
    }
    b->one = 1;
    b->made = PMPI_Type_c2f(b->c_made);
    b->count = &b->one;
    b->type = &b->made;
    return 1;
}

/* Copies between the elements of d and the contiguous block c (to_block: gather, else scatter). */
static void copy(const CFI_cdesc_t *d, char *c, int to_block)
{
    size_t n = elements(d);
    MPI_Aint *off = smpi__fcalloc((int)n, sizeof(*off));

    offsets(d, n, off);
    for (size_t k = 0; k < n; k++) {
        char *e = (char *)d->base_addr + off[k];

        if (to_block)
            memcpy(c + k * d->elem_len, e, d->elem_len);
        else
            memcpy(e, c + k * d->elem_len, d->elem_len);
    }
    free(off);
}

int smpi__f08buf_in(const char *fn, const CFI_cdesc_t *d, enum smpi_f08buf_mode mode,
                    MPI_Fint *count, MPI_Fint *type, struct smpi_f08buf *b, MPI_Fint *err)
{
    *b = (struct smpi_f08buf){
        .addr = d->base_addr, .count = count, .type = type, .c_made = MPI_DATATYPE_NULL
    };
    if (mode == SMPI_F08_ADDRESS || contiguous(d))
        return 1;
    switch (mode) {
    case SMPI_F08_COPY_IN:
    case SMPI_F08_COPY_INOUT:
        b->copy = smpi__fcalloc((int)(elements(d) * d->elem_len), 1);
        copy(d, b->copy, 1);
        b->addr = b->copy;
        b->desc = mode == SMPI_F08_COPY_INOUT ? d : NULL;
        return 1;
    case SMPI_F08_DATATYPE:
        return by_datatype(fn, d, count, type, b, err);
    default:
        return refuse(fn, d,
                      "is not supported by this nonblocking call (its count and datatype "
                      "describe more than one buffer): pass a contiguous array",
                      err);
    }
}

void smpi__f08buf_out(struct smpi_f08buf *b)
{
    if (b->copy) {
        if (b->desc)
            copy(b->desc, b->copy, 0);
        free(b->copy);
        b->copy = NULL;
    }
    if (b->c_made != MPI_DATATYPE_NULL)
        PMPI_Type_free(&b->c_made);
}

/* MPI_Status_f2f08 and MPI_Status_f082f of mpi_f08 (their C forms, smpi/bindings/bindings_f08.c).
 */
SMPI_API void smpi_f08_status_f2f08(const MPI_Fint *f, MPI_F08_status *f08, MPI_Fint *ierror)
{
    MPI_Fint err = PMPI_Status_f2f08(f, f08);

    if (ierror)
        *ierror = err;
}

SMPI_API void smpi_f08_status_f082f(const MPI_F08_status *f08, MPI_Fint *f, MPI_Fint *ierror)
{
    MPI_Fint err = PMPI_Status_f082f(f08, f);

    if (ierror)
        *ierror = err;
}

SMPI_API void smpi_f08_sizeof(const CFI_cdesc_t *x, MPI_Fint *size, MPI_Fint *ierror)
{
    *size = (MPI_Fint)x->elem_len;
    if (ierror)
        *ierror = MPI_SUCCESS;
}

/* MPI_F_sync_reg (MPI-3.1 section 17.1.8): nothing to do; being an external call that takes the
 * buffer is what keeps the compiler from moving accesses to it across the call. */
SMPI_API void smpi_f08_f_sync_reg(const CFI_cdesc_t *buf)
{
    (void)buf;
}
