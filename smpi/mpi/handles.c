/* handles: the C/Fortran handle conversions (MPI-3.1 section 17.2.4). A Fortran handle is an
 * index into a per-kind table of the C handles converted so far; 0 is the null handle of every
 * kind. Converting the same C handle twice gives the same integer. Lookups are linear in the
 * number of handles converted, which stays small in practice (Fortran codes convert the few
 * communicators and types they pass across). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/fortran/fortran.h"
#include "smpi/internal.h"

enum handle_kind {
    H_COMM,
    H_TYPE,
    H_GROUP,
    H_INFO,
    H_REQUEST,
    H_OP,
    H_ERRHANDLER,
    H_WIN,
    H_FILE,
    H_MESSAGE,
    H_KINDS,
};

struct handle_table {
    void **h; /* h[i - 1] is the handle of Fortran integer i */
    int n;
};

static struct handle_table tables[H_KINDS];

/* The predefined handles take the first integers of their kind, as include/mpif.h names them. */
static void seed(void)
{
    static const struct {
        enum handle_kind k;
        void *const *list;
    } predef[] = {
        { H_COMM, smpi__fpredef_comm },       { H_TYPE, smpi__fpredef_type },
        { H_OP, smpi__fpredef_op },           { H_ERRHANDLER, smpi__fpredef_errhandler },
        { H_GROUP, smpi__fpredef_group },     { H_INFO, smpi__fpredef_info },
        { H_MESSAGE, smpi__fpredef_message },
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

static MPI_Fint to_fint(enum handle_kind k, void *handle)
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

static void *from_fint(enum handle_kind k, MPI_Fint f)
{
    const struct handle_table *t = &tables[k];

    seed();
    return f >= 1 && f <= t->n ? t->h[f - 1] : NULL;
}

#define CONVERSIONS(Name, kind, CType)                                                             \
    MPI_Fint PMPI_##Name##_c2f(CType handle)                                                       \
    {                                                                                              \
        return to_fint(kind, (void *)handle);                                                      \
    }                                                                                              \
    CType PMPI_##Name##_f2c(MPI_Fint handle)                                                       \
    {                                                                                              \
        return (CType)from_fint(kind, handle);                                                     \
    }

CONVERSIONS(Comm, H_COMM, MPI_Comm)
CONVERSIONS(Type, H_TYPE, MPI_Datatype)
CONVERSIONS(Group, H_GROUP, MPI_Group)
CONVERSIONS(Info, H_INFO, MPI_Info)
CONVERSIONS(Request, H_REQUEST, MPI_Request)
CONVERSIONS(Op, H_OP, MPI_Op)
CONVERSIONS(Errhandler, H_ERRHANDLER, MPI_Errhandler)
CONVERSIONS(Win, H_WIN, MPI_Win)
CONVERSIONS(File, H_FILE, MPI_File)
CONVERSIONS(Message, H_MESSAGE, MPI_Message)

#pragma weak MPI_Comm_c2f = PMPI_Comm_c2f
#pragma weak MPI_Comm_f2c = PMPI_Comm_f2c
#pragma weak MPI_Type_c2f = PMPI_Type_c2f
#pragma weak MPI_Type_f2c = PMPI_Type_f2c
#pragma weak MPI_Group_c2f = PMPI_Group_c2f
#pragma weak MPI_Group_f2c = PMPI_Group_f2c
#pragma weak MPI_Info_c2f = PMPI_Info_c2f
#pragma weak MPI_Info_f2c = PMPI_Info_f2c
#pragma weak MPI_Request_c2f = PMPI_Request_c2f
#pragma weak MPI_Request_f2c = PMPI_Request_f2c
#pragma weak MPI_Op_c2f = PMPI_Op_c2f
#pragma weak MPI_Op_f2c = PMPI_Op_f2c
#pragma weak MPI_Errhandler_c2f = PMPI_Errhandler_c2f
#pragma weak MPI_Errhandler_f2c = PMPI_Errhandler_f2c
#pragma weak MPI_Win_c2f = PMPI_Win_c2f
#pragma weak MPI_Win_f2c = PMPI_Win_f2c
#pragma weak MPI_File_c2f = PMPI_File_c2f
#pragma weak MPI_File_f2c = PMPI_File_f2c
#pragma weak MPI_Message_c2f = PMPI_Message_c2f
#pragma weak MPI_Message_f2c = PMPI_Message_f2c

int PMPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status)
{
    if (!c_status || c_status == MPI_STATUS_IGNORE || !f_status)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_c2f", MPI_ERR_ARG,
                           "c_status or f_status is NULL or MPI_STATUS_IGNORE");
    f_status[MPI_F_SOURCE] = c_status->MPI_SOURCE;
    f_status[MPI_F_TAG] = c_status->MPI_TAG;
    f_status[MPI_F_ERROR] = c_status->MPI_ERROR;
    f_status[3] = c_status->smpi_cancelled;
    f_status[4] = (MPI_Fint)(c_status->smpi_count & 0x7fffffff);
    f_status[5] = (MPI_Fint)(c_status->smpi_count >> 31);
    return MPI_SUCCESS;
}
#pragma weak MPI_Status_c2f = PMPI_Status_c2f

int PMPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status)
{
    if (!f_status || !c_status || c_status == MPI_STATUS_IGNORE)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_f2c", MPI_ERR_ARG,
                           "f_status or c_status is NULL or MPI_STATUS_IGNORE");
    c_status->MPI_SOURCE = f_status[MPI_F_SOURCE];
    c_status->MPI_TAG = f_status[MPI_F_TAG];
    c_status->MPI_ERROR = f_status[MPI_F_ERROR];
    c_status->smpi_cancelled = f_status[3];
    c_status->smpi_count = ((MPI_Count)f_status[5] << 31) | (MPI_Count)f_status[4];
    return MPI_SUCCESS;
}
#pragma weak MPI_Status_f2c = PMPI_Status_f2c
