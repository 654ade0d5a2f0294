/* test_f08: the choice buffers of the mpi_f08 bindings (smpi__f08buf_in/out, fortran_f08.c) on
 * hand-made C descriptors: a contiguous array and a scalar pass their address; an array section
 * of a blocking call is gathered into a contiguous copy in array element order (the first
 * subscript fastest) and, for an output buffer, scattered back after the call. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "smpi/fortran/fortran_f08.h"

/* A descriptor of `rank` dimensions over base (elements of elem_len bytes): extent and byte
 * stride of each dimension. */
static CFI_cdesc_t *desc(void *base, size_t elem_len, int rank, const ptrdiff_t *extent,
                         const ptrdiff_t *sm)
{
    CFI_cdesc_t *d = calloc(1, sizeof(CFI_cdesc_t) + (size_t)rank * sizeof(CFI_dim_t));

    cr_assert_not_null(d);
    d->base_addr = base;
    d->elem_len = elem_len;
    d->rank = (signed char)rank;
    for (int i = 0; i < rank; i++)
        d->dim[i] = (CFI_dim_t){ .lower_bound = 0, .extent = extent[i], .sm = sm[i] };
    return d;
}

Test(f08, a_contiguous_array_and_a_scalar_pass_their_address)
{
    int a[3][4];
    ptrdiff_t ext[2] = { 4, 3 }, sm[2] = { sizeof(int), 4 * sizeof(int) };
    CFI_cdesc_t *d = desc(a, sizeof(int), 2, ext, sm);
    CFI_cdesc_t *s = desc(&a[1][2], sizeof(int), 0, NULL, NULL);
    struct smpi_f08buf b, bs;
    MPI_Fint err = MPI_SUCCESS, count = 12;

    cr_assert(smpi__f08buf_in("MPI_Send", d, SMPI_F08_COPY_IN, &count, NULL, &b, &err));
    cr_assert_eq(b.addr, (void *)a);
    cr_assert_null(b.copy);
    cr_assert_eq(b.count, &count);
    cr_assert(smpi__f08buf_in("MPI_Send", s, SMPI_F08_COPY_INOUT, NULL, NULL, &bs, &err));
    cr_assert_eq(bs.addr, (void *)&a[1][2]);
    smpi__f08buf_out(&b);
    smpi__f08buf_out(&bs);
    cr_assert_eq(err, MPI_SUCCESS);
    free(d);
    free(s);
}

Test(f08, a_section_of_a_blocking_call_is_gathered_and_scattered_back)
{
    /* Fortran a(1:6:2, 2:3) of INTEGER a(6, 3): elements a(1,2), a(3,2), a(5,2), a(1,3), ... */
    int a[3][6];
    ptrdiff_t ext[2] = { 3, 2 }, sm[2] = { 2 * sizeof(int), 6 * sizeof(int) };
    CFI_cdesc_t *d;
    struct smpi_f08buf b;
    MPI_Fint err = MPI_SUCCESS;
    int *c;

    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 6; i++)
            a[j][i] = 10 * (j + 1) + i + 1;
    d = desc(&a[1][0], sizeof(int), 2, ext, sm);
    cr_assert(smpi__f08buf_in("MPI_Recv", d, SMPI_F08_COPY_INOUT, NULL, NULL, &b, &err));
    c = b.addr;
    cr_assert_neq(b.addr, d->base_addr);
    cr_assert_eq(c[0], 21);
    cr_assert_eq(c[1], 23);
    cr_assert_eq(c[2], 25);
    cr_assert_eq(c[3], 31);
    cr_assert_eq(c[5], 35);
    for (int k = 0; k < 6; k++)
        c[k] = -k;
    smpi__f08buf_out(&b);
    cr_assert_eq(a[1][0], 0);
    cr_assert_eq(a[1][2], -1);
    cr_assert_eq(a[2][4], -5);
    cr_assert_eq(a[1][1], 22, "the elements between the section's are untouched");
    cr_assert_eq(a[0][0], 11);
    free(d);
}

Test(f08, an_input_copy_is_not_scattered_back)
{
    int a[8];
    ptrdiff_t ext[1] = { 4 }, sm[1] = { 2 * sizeof(int) };
    CFI_cdesc_t *d;
    struct smpi_f08buf b;
    MPI_Fint err = MPI_SUCCESS;

    for (int i = 0; i < 8; i++)
        a[i] = i;
    d = desc(a, sizeof(int), 1, ext, sm);
    cr_assert(smpi__f08buf_in("MPI_Send", d, SMPI_F08_COPY_IN, NULL, NULL, &b, &err));
    cr_assert_eq(((int *)b.addr)[3], 6);
    ((int *)b.addr)[0] = 99;
    smpi__f08buf_out(&b);
    cr_assert_eq(a[0], 0);
    free(d);
}

Test(f08, an_address_argument_is_never_copied)
{
    int a[8];
    ptrdiff_t ext[1] = { 4 }, sm[1] = { 2 * sizeof(int) };
    CFI_cdesc_t *d = desc(&a[2], sizeof(int), 1, ext, sm);
    struct smpi_f08buf b;
    MPI_Fint err = MPI_SUCCESS;

    cr_assert(smpi__f08buf_in("MPI_Get_address", d, SMPI_F08_ADDRESS, NULL, NULL, &b, &err));
    cr_assert_eq(b.addr, (void *)&a[2]);
    cr_assert_null(b.copy);
    smpi__f08buf_out(&b);
    free(d);
}
