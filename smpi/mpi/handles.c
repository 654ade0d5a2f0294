/* handles: the C/Fortran handle conversions (MPI-3.1 section 17.2.4). A Fortran handle is an
 * index into a per-kind table of the C handles converted so far; 0 is the null handle of every
 * kind. Converting the same C handle twice gives the same integer. Lookups are linear in the
 * number of handles converted, which stays small in practice (Fortran codes convert the few
 * communicators and types they pass across). The MPI_*_c2f/f2c bindings:
 * smpi/bindings/bindings_handles.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/fortran/fortran.h"
#include "smpi/internal.h"

struct handle_table {
    void **h; /* h[i - 1] is the handle of Fortran integer i */
    int n;
};

static struct handle_table tables[SMPI_FH_KINDS];

/* The predefined handles take the first integers of their kind, as include/mpif.h names them. */
static void seed(void)
{
    static const struct {
        enum smpi_fhandle_kind k;
        void *const *list;
    } predef[] = {
        { SMPI_FH_COMM, smpi__fpredef_comm },
        { SMPI_FH_TYPE, smpi__fpredef_type },
        { SMPI_FH_OP, smpi__fpredef_op },
        { SMPI_FH_ERRHANDLER, smpi__fpredef_errhandler },
        { SMPI_FH_GROUP, smpi__fpredef_group },
        { SMPI_FH_INFO, smpi__fpredef_info },
        { SMPI_FH_MESSAGE, smpi__fpredef_message },
    };
    static bool seeded;

    if (seeded)
        return;
    seeded = true;
    for (size_t i = 0; i < sizeof(predef) / sizeof(predef[0]); i++) {
        struct handle_table *t = &tables[predef[i].k];
        int n = 0;

        while (predef[i].list[n])
            n++;
        t->h = sim_xcalloc((size_t)n, sizeof(*t->h));
        for (t->n = 0; t->n < n; t->n++)
            t->h[t->n] = predef[i].list[t->n];
    }
}

MPI_Fint smpi__handle_to_fint(enum smpi_fhandle_kind k, void *handle)
{
    struct handle_table *t = &tables[k];

    seed();
    if (!handle)
        return 0;
    for (int i = 0; i < t->n; i++)
        if (t->h[i] == handle)
            return i + 1;
    t->h = realloc(t->h, ((size_t)t->n + 1) * sizeof(*t->h));
    sim_assert(t->h != NULL, "out of memory for Fortran handles");
    t->h[t->n++] = handle;
    return t->n;
}

void *smpi__handle_from_fint(enum smpi_fhandle_kind k, MPI_Fint f)
{
    const struct handle_table *t = &tables[k];

    seed();
    return f >= 1 && f <= t->n ? t->h[f - 1] : NULL;
}
