/* fortran: helpers of the generated Fortran bindings (smpi/fortran/fortran_bindings.c). Private to
 * smpi. */
#ifndef SMPI_FORTRAN_H
#define SMPI_FORTRAN_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

/* The predefined handles of each kind in the order of their Fortran integers 1, 2, ...
 * (smpi/fortran/fortran_handles.c), NULL-terminated. */
extern void *const smpi__fpredef_comm[], *const smpi__fpredef_type[],
                                             *const smpi__fpredef_op[],
                                                 *const smpi__fpredef_errhandler[],
                                                     *const smpi__fpredef_group[],
                                                         *const smpi__fpredef_info[],
                                                             *const smpi__fpredef_message[];

/* The other spellings of a hand-written binding pmpi_<low>_: <low>_, <low>__, <low> and NAME. */
#define FEXPORT(name, low)                                                                         \
    _Pragma(SMPI_STR(weak low##_ = p##low##_)) _Pragma(SMPI_STR(weak low##__ = p##low##_))         \
        _Pragma(SMPI_STR(weak low = p##low##_)) _Pragma(SMPI_STR(weak name = p##low##_))
#define SMPI_STR(x) #x

/* A Fortran buffer argument: the caller's MPI_BOTTOM and MPI_IN_PLACE become the C ones. */
void *smpi__fbuf(void *buf);
/* The C weights array of a Fortran one: MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY recognised by address.
 */
int *smpi__fweights(MPI_Fint *w);
/* A Fortran status argument: NULL-free C status to pass (MPI_STATUS_IGNORE for the Fortran one);
 * `scratch` receives the converted input. */
MPI_Status *smpi__fstatus_in(MPI_Fint *f, MPI_Status *scratch);
void smpi__fstatus_out(const MPI_Status *c, MPI_Fint *f);
/* An array of n Fortran statuses (MPI_STATUSES_IGNORE recognised); release with _out. */
MPI_Status *smpi__fstatuses_in(MPI_Fint *f, int n);
void smpi__fstatuses_out(MPI_Status *c, MPI_Fint *f, int n);
/* A Fortran CHARACTER input without its trailing blanks (and leading ones if strip_leading, as
 * for info keys and values), NUL-terminated (caller frees). */
char *smpi__fstr_in(const char *f, size_t len, int strip_leading);
/* A NUL-terminated buffer for a CHARACTER output of length len, holding its current contents
 * (caller frees after smpi__fstr_out). */
char *smpi__fstr_buf(const char *f, size_t len);
/* Copies C string `c` into the Fortran CHARACTER `f` of length len, blank-padded. */
void smpi__fstr_out(const char *c, char *f, size_t len);
/* MPI_ARGV_NULL and MPI_ARGVS_NULL of the caller's program, recognised by address. */
bool smpi__fargv_null(const char *f);
bool smpi__fargvs_null(const char *f);
/* An array_of_errcodes argument: MPI_ERRCODES_IGNORE recognised by address. */
int *smpi__ferrcodes(MPI_Fint *f);
/* calloc that dies when out of memory; n <= 0 gives a 1-byte block. */
void *smpi__fcalloc(int n, size_t size);

#endif /* SMPI_FORTRAN_H */
