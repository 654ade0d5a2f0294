/* ti_types: the datatype ids of SMPI 3.32's time-independent traces. SMPI numbers its
 * predefined types in the order it declares them (smpi_datatype.cpp) and writes that number;
 * these are the same ids, so traces cross between the two simulators. */
#include <stddef.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/trace/ti.h"

static const struct {
    MPI_Datatype type;
    const char *id;
} ids[] = {
    { MPI_DOUBLE, "0" },
    { MPI_INT, "1" },
    { MPI_CHAR, "2" },
    { MPI_SHORT, "3" },
    { MPI_LONG, "4" },
    { MPI_FLOAT, "5" },
    { MPI_BYTE, "6" },
    { MPI_LONG_LONG, "7" },
    { MPI_LONG_LONG_INT, "7" },
    { MPI_SIGNED_CHAR, "8" },
    { MPI_UNSIGNED_CHAR, "9" },
    { MPI_UNSIGNED_SHORT, "10" },
    { MPI_UNSIGNED, "11" },
    { MPI_UNSIGNED_LONG, "12" },
    { MPI_UNSIGNED_LONG_LONG, "13" },
    { MPI_LONG_DOUBLE, "14" },
    { MPI_WCHAR, "15" },
    { MPI_C_BOOL, "16" },
    { MPI_INT8_T, "17" },
    { MPI_INT16_T, "18" },
    { MPI_INT32_T, "19" },
    { MPI_INT64_T, "20" },
    { MPI_UINT8_T, "21" },
    { MPI_UINT16_T, "22" },
    { MPI_UINT32_T, "23" },
    { MPI_UINT64_T, "24" },
    { MPI_C_FLOAT_COMPLEX, "25" },
    { MPI_C_DOUBLE_COMPLEX, "26" },
    { MPI_C_LONG_DOUBLE_COMPLEX, "27" },
    { MPI_AINT, "28" },
    { MPI_OFFSET, "29" },
    { MPI_FLOAT_INT, "30" },
    { MPI_LONG_INT, "31" },
    { MPI_DOUBLE_INT, "32" },
    { MPI_SHORT_INT, "33" },
    { MPI_2INT, "34" },
    { MPI_REAL, "38" },
    { MPI_REAL4, "39" },
    { MPI_REAL8, "40" },
    { MPI_REAL16, "41" },
    { MPI_COMPLEX8, "42" },
    { MPI_COMPLEX16, "43" },
    { MPI_COMPLEX32, "44" },
    { MPI_INTEGER1, "45" },
    { MPI_INTEGER2, "46" },
    { MPI_INTEGER4, "47" },
    { MPI_INTEGER8, "48" },
    { MPI_INTEGER16, "49" },
    { MPI_LONG_DOUBLE_INT, "50" },
    { MPI_CXX_BOOL, "51" },
    { MPI_CXX_FLOAT_COMPLEX, "52" },
    { MPI_CXX_DOUBLE_COMPLEX, "53" },
    { MPI_CXX_LONG_DOUBLE_COMPLEX, "54" },
    { MPI_UB, "55" },
    { MPI_LB, "56" },
    { MPI_PACKED, "57" },
    { MPI_COUNT, "59" },
};
#define NIDS (sizeof(ids) / sizeof(ids[0]))

const char *smpi__ti_type_id(MPI_Datatype type)
{
    for (size_t i = 0; i < NIDS; i++)
        if (ids[i].type == type)
            return ids[i].id;
    return "-1";
}

/* SMPI's id -1 (MPI_DATATYPE_NULL there, of size 0): a committed empty type, made once. */
static MPI_Datatype empty_type(void)
{
    static MPI_Datatype empty = MPI_DATATYPE_NULL;

    if (empty == MPI_DATATYPE_NULL) {
        PMPI_Type_contiguous(0, MPI_BYTE, &empty);
        PMPI_Type_commit(&empty);
    }
    return empty;
}

MPI_Datatype smpi__ti_type_decode(const char *id)
{
    if (strcmp(id, "-1") == 0)
        return empty_type();
    for (size_t i = 0; i < NIDS; i++)
        if (strcmp(ids[i].id, id) == 0)
            return ids[i].type;
    return NULL;
}
