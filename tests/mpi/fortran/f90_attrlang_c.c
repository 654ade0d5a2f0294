/* The C side of f90_attrlang.f90: reads and sets attributes that the Fortran side sets and
 * reads (MPI-3.1 section 17.2.7). Each function adds its failures to *errs. */
#include <stdio.h>

#include <mpi.h>

static int cvalue = 77;

/* A value set by MPI_COMM_SET_ATTR in Fortran: C reads a pointer to the MPI_Aint. */
void cread_aint_(MPI_Fint *fcomm, MPI_Fint *key, MPI_Aint *expected, MPI_Fint *errs)
{
    MPI_Aint *val = NULL;
    int flag = 0;

    MPI_Comm_get_attr(MPI_Comm_f2c(*fcomm), *key, &val, &flag);
    if (!flag || *val != *expected) {
        printf("C read of a Fortran value: flag %d, value %ld, expected %ld\n", flag,
               flag ? (long)*val : 0L, (long)*expected);
        (*errs)++;
    }
}

/* A value set by MPI_ATTR_PUT (INTEGER) in Fortran: C reads a pointer to an int. */
void cread_int_(MPI_Fint *fcomm, MPI_Fint *key, MPI_Fint *expected, MPI_Fint *errs)
{
    int *val = NULL;
    int flag = 0;

    MPI_Attr_get(MPI_Comm_f2c(*fcomm), *key, &val, &flag);
    if (!flag || *val != *expected) {
        printf("C read of a Fortran MPI-1 value: flag %d, value %d, expected %d\n", flag,
               flag ? *val : 0, (int)*expected);
        (*errs)++;
    }
}

/* A C keyval whose copy callback keeps the pointer (MPI_COMM_DUP_FN). */
void ckeyval_(MPI_Fint *key)
{
    int k;

    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &k, NULL);
    *key = k;
}

/* Sets &cvalue from C; *addr := that address, which Fortran must read. */
void cset_(MPI_Fint *fcomm, MPI_Fint *key, MPI_Aint *addr)
{
    MPI_Comm_set_attr(MPI_Comm_f2c(*fcomm), *key, &cvalue);
    *addr = (MPI_Aint)&cvalue;
}
