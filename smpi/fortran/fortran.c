/* fortran: conversions used by the generated Fortran bindings. The special addresses of mpif.h
 * (MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE, ...) are members of the COMMON block
 * SMPI_FSPECIAL, and the CHARACTER ones (MPI_ARGV_NULL, MPI_ARGVS_NULL) of SMPI_FSPECIALC (a
 * COMMON block holds characters or numbers, not both), which every rank's private copy of the
 * program holds: each rank's blocks are found once through the loader (a spawned rank's in its
 * own program) and recognised by address. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/fortran/fortran.h"
#include "smpi/internal.h"
#include "smpi/runtime/loader.h"

/* Offsets, in INTEGERs, of the members of COMMON /SMPI_FSPECIAL/ (include/mpif.h). */
enum {
    SP_BOTTOM = 0,
    SP_IN_PLACE = 1,
    SP_STATUS_IGNORE = 2,
    SP_STATUSES_IGNORE = SP_STATUS_IGNORE + MPI_F_STATUS_SIZE,
    SP_ERRCODES_IGNORE = SP_STATUSES_IGNORE + MPI_F_STATUS_SIZE,
    SP_UNWEIGHTED = SP_ERRCODES_IGNORE + 1,
    SP_WEIGHTS_EMPTY = SP_UNWEIGHTED + 1,
};

/* Offsets, in characters, of the members of COMMON /SMPI_FSPECIALC/. */
enum { SPC_ARGV_NULL = 0, SPC_ARGVS_NULL = 1 };

enum block { BLOCK_NUMBERS, BLOCK_CHARACTERS, NBLOCKS };
static const char *const block_symbol[NBLOCKS] = { "smpi_fspecial_", "smpi_fspecialc_" };
static void **special[NBLOCKS]; /* per rank: its block, or NULL when the program has none */
static char *looked_up[NBLOCKS];

static void *block(enum block b)
{
    struct smpi_process *me = smpi__self();

    if (!me || !smpi__rt.app)
        return NULL;
    if (!special[b]) {
        special[b] = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(*special[b]));
        looked_up[b] = sim_xcalloc((size_t)smpi__procs_cap(), 1);
    }
    if (!looked_up[b][me->rank]) {
        const struct smpi_process *own = &smpi__rt.procs[me->rank]; /* not a thread's shadow */

        special[b][me->rank] = own->app ? smpi_app_symbol(own->app, own->app_rank, block_symbol[b])
                                        : smpi_app_symbol(smpi__rt.app, me->rank, block_symbol[b]);
        looked_up[b][me->rank] = 1;
    }
    return special[b][me->rank];
}

static MPI_Fint *special_block(void)
{
    return block(BLOCK_NUMBERS);
}

bool smpi__fargv_null(const char *f)
{
    const char *sp = block(BLOCK_CHARACTERS);

    return sp && f == sp + SPC_ARGV_NULL;
}

bool smpi__fargvs_null(const char *f)
{
    const char *sp = block(BLOCK_CHARACTERS);

    return sp && f == sp + SPC_ARGVS_NULL;
}

int *smpi__ferrcodes(MPI_Fint *f)
{
    MPI_Fint *sp = special_block();

    return sp && f == sp + SP_ERRCODES_IGNORE ? MPI_ERRCODES_IGNORE : f;
}

/* p, or the C constant that p stands for when it is the address of slot a (then ca) or slot b
 * (then cb) of the Fortran special block. */
static void *sentinel(void *p, int a, void *ca, int b, void *cb)
{
    MPI_Fint *sp = special_block();

    if (sp && p == sp + a)
        return ca;
    if (sp && p == sp + b)
        return cb;
    return p;
}

void *smpi__fbuf(void *buf)
{
    return sentinel(buf, SP_BOTTOM, MPI_BOTTOM, SP_IN_PLACE, MPI_IN_PLACE);
}

int *smpi__fweights(MPI_Fint *w)
{
    return sentinel(w, SP_UNWEIGHTED, MPI_UNWEIGHTED, SP_WEIGHTS_EMPTY, MPI_WEIGHTS_EMPTY);
}

MPI_Status *smpi__fstatus_in(MPI_Fint *f, MPI_Status *scratch)
{
    MPI_Fint *sp = special_block();

    if (sp && f == sp + SP_STATUS_IGNORE)
        return MPI_STATUS_IGNORE;
    if (sp && f == sp + SP_STATUSES_IGNORE)
        return MPI_STATUS_IGNORE;
    memset(scratch, 0, sizeof(*scratch));
    scratch->MPI_SOURCE = f[MPI_F_SOURCE];
    scratch->MPI_TAG = f[MPI_F_TAG];
    scratch->MPI_ERROR = f[MPI_F_ERROR];
    scratch->smpi_cancelled = f[3];
    scratch->smpi_count = ((MPI_Count)f[5] << 31) | (MPI_Count)(f[4] & 0x7fffffff);
    return scratch;
}

void smpi__fstatus_out(const MPI_Status *c, MPI_Fint *f)
{
    if (c != MPI_STATUS_IGNORE)
        PMPI_Status_c2f(c, f);
}

MPI_Status *smpi__fstatuses_in(MPI_Fint *f, int n)
{
    MPI_Fint *sp = special_block();
    MPI_Status *c;

    if (sp && (f == sp + SP_STATUSES_IGNORE || f == sp + SP_STATUS_IGNORE))
        return MPI_STATUSES_IGNORE;
    c = smpi__fcalloc(n, sizeof(*c));
    for (int i = 0; i < n; i++)
        smpi__fstatus_in(f + (size_t)i * MPI_F_STATUS_SIZE, &c[i]);
    return c;
}

void smpi__fstatuses_out(MPI_Status *c, MPI_Fint *f, int n)
{
    if (c == MPI_STATUSES_IGNORE)
        return;
    for (int i = 0; i < n; i++)
        smpi__fstatus_out(&c[i], f + (size_t)i * MPI_F_STATUS_SIZE);
    free(c);
}

char *smpi__fstr_in(const char *f, size_t len, int strip_leading)
{
    char *c;

    while (strip_leading && len > 0 && *f == ' ') {
        f++;
        len--;
    }
    while (len > 0 && f[len - 1] == ' ')
        len--;
    c = smpi__fcalloc((int)len + 1, 1);
    memcpy(c, f, len);
    return c;
}

char *smpi__fstr_buf(const char *f, size_t len)
{
    /* Room for the longest string an MPI call writes (MPI_MAX_INFO_VAL), starting as the caller's
     * contents so that a call that writes nothing leaves them unchanged. */
    size_t size = len > MPI_MAX_INFO_VAL ? len : MPI_MAX_INFO_VAL;
    char *c = smpi__fcalloc((int)size + 1, 1);

    while (len > 0 && f[len - 1] == ' ')
        len--;
    memcpy(c, f, len);
    return c;
}

void smpi__fstr_out(const char *c, char *f, size_t len)
{
    size_t n = strlen(c);

    if (n > len)
        n = len;
    memcpy(f, c, n);
    memset(f + n, ' ', len - n);
}

void *smpi__fcalloc(int n, size_t size)
{
    return sim_xcalloc(n > 0 ? (size_t)n : 1, size);
}

/* MPI_SIZEOF of the mpi module: x arrives as a C descriptor, whose first two members are the
 * base address and the byte length of one element (Fortran 2018 section 18.5.3). */
struct smpi_cfi_head {
    void *base_addr;
    size_t elem_len;
};

SMPI_API void smpi_fortran_sizeof(const struct smpi_cfi_head *x, MPI_Fint *size, MPI_Fint *ierr)
{
    *size = (MPI_Fint)x->elem_len;
    *ierr = MPI_SUCCESS;
}
