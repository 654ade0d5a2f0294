/* bindings_info: the MPI calls on info objects (MPI-3.1 section 9) and a communicator's hints
 * (section 6.4.4). The objects: smpi/mpi/info.c. Errors go to MPI_COMM_WORLD's handler. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"

/* A usable info handle; MPI_INFO_ENV is filled on first use. */
static int check_info(const char *call, MPI_Info info)
{
    SMPI_CHECK(smpi__check_info(call, info, "info"));
    smpi__info_prepare(info);
    return MPI_SUCCESS;
}

static int check_key(const char *call, const char *key)
{
    if (!key)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_INFO_KEY, "key is NULL");
    if (key[0] == '\0' || strlen(key) > MPI_MAX_INFO_KEY - 1)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_INFO_KEY,
                           "key '%.40s' is empty or longer than MPI_MAX_INFO_KEY - 1 (%d)", key,
                           MPI_MAX_INFO_KEY - 1);
    return MPI_SUCCESS;
}

#define CHECK_INFO(call, info) SMPI_CHECK(check_info(call, info))
#define CHECK_KEY(call, key) SMPI_CHECK(check_key(call, key))

int PMPI_Info_create(MPI_Info *info)
{
    SMPI_CHECK_ARG("MPI_Info_create", MPI_COMM_WORLD, info);
    *info = smpi__info_new();
    smpi__handle_new(SMPI_H_INFO, *info, "MPI_Info_create");
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_create = PMPI_Info_create

int PMPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    CHECK_INFO("MPI_Info_set", info);
    CHECK_KEY("MPI_Info_set", key);
    if (smpi__info_predefined(info))
        return smpi__error(MPI_COMM_WORLD, "MPI_Info_set", MPI_ERR_INFO,
                           "MPI_INFO_ENV cannot be modified");
    if (!value || value[0] == '\0' || strlen(value) > MPI_MAX_INFO_VAL - 1)
        return smpi__error(MPI_COMM_WORLD, "MPI_Info_set", MPI_ERR_INFO_VALUE,
                           "value for key '%s' is NULL, empty or longer than MPI_MAX_INFO_VAL - 1",
                           key);
    smpi__info_put(info, key, value);
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_set = PMPI_Info_set

int PMPI_Info_delete(MPI_Info info, const char *key)
{
    CHECK_INFO("MPI_Info_delete", info);
    CHECK_KEY("MPI_Info_delete", key);
    if (smpi__info_predefined(info))
        return smpi__error(MPI_COMM_WORLD, "MPI_Info_delete", MPI_ERR_INFO,
                           "MPI_INFO_ENV cannot be modified");
    if (!smpi__info_delete(info, key))
        return smpi__error(MPI_COMM_WORLD, "MPI_Info_delete", MPI_ERR_INFO_NOKEY,
                           "key '%s' is not set", key);
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_delete = PMPI_Info_delete

int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    const char *found;

    CHECK_INFO("MPI_Info_get", info);
    CHECK_KEY("MPI_Info_get", key);
    SMPI_CHECK_ARG("MPI_Info_get", MPI_COMM_WORLD, flag);
    if (valuelen < 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Info_get", MPI_ERR_ARG, "valuelen %d is negative",
                           valuelen);
    found = smpi__info_value(info, key);
    *flag = found != NULL;
    if (found && value) {
        /* at most valuelen characters, then the terminating null: valuelen + 1 bytes only when
         * the value is truncated (MPI's convention: valuelen is one less than the space), and
         * no padding, so a short value also fits a buffer of just valuelen bytes, which is how
         * most programs pass MPI_MAX_INFO_VAL */
        size_t n = strlen(found);

        if (n > (size_t)valuelen)
            n = (size_t)valuelen;
        memcpy(value, found, n);
        value[n] = '\0';
    }
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_get = PMPI_Info_get

int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag)
{
    const char *found;

    CHECK_INFO("MPI_Info_get_valuelen", info);
    CHECK_KEY("MPI_Info_get_valuelen", key);
    SMPI_CHECK_ARG("MPI_Info_get_valuelen", MPI_COMM_WORLD, valuelen);
    SMPI_CHECK_ARG("MPI_Info_get_valuelen", MPI_COMM_WORLD, flag);
    found = smpi__info_value(info, key);
    *flag = found != NULL;
    if (found)
        *valuelen = (int)strlen(found);
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_get_valuelen = PMPI_Info_get_valuelen

int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
    CHECK_INFO("MPI_Info_get_nkeys", info);
    SMPI_CHECK_ARG("MPI_Info_get_nkeys", MPI_COMM_WORLD, nkeys);
    *nkeys = smpi__info_nkeys(info);
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_get_nkeys = PMPI_Info_get_nkeys

int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
    CHECK_INFO("MPI_Info_get_nthkey", info);
    SMPI_CHECK_ARG("MPI_Info_get_nthkey", MPI_COMM_WORLD, key);
    if (n < 0 || n >= smpi__info_nkeys(info))
        return smpi__error(MPI_COMM_WORLD, "MPI_Info_get_nthkey", MPI_ERR_ARG,
                           "n %d is out of range for an info object of %d keys", n,
                           smpi__info_nkeys(info));
    strcpy(key, smpi__info_nthkey(info, n));
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_get_nthkey = PMPI_Info_get_nthkey

int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
    CHECK_INFO("MPI_Info_dup", info);
    SMPI_CHECK_ARG("MPI_Info_dup", MPI_COMM_WORLD, newinfo);
    *newinfo = smpi__info_dup(info);
    smpi__handle_new(SMPI_H_INFO, *newinfo, "MPI_Info_dup");
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_dup = PMPI_Info_dup

int PMPI_Info_free(MPI_Info *info)
{
    SMPI_CHECK_ARG("MPI_Info_free", MPI_COMM_WORLD, info);
    CHECK_INFO("MPI_Info_free", *info);
    if (smpi__info_predefined(*info))
        return smpi__error(MPI_COMM_WORLD, "MPI_Info_free", MPI_ERR_INFO,
                           "MPI_INFO_ENV cannot be freed");
    smpi__handle_gone(SMPI_H_INFO, *info);
    smpi__info_free(*info);
    *info = MPI_INFO_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_free = PMPI_Info_free

int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info)
{
    SMPI_CHECK_INIT("MPI_Comm_set_info");
    SMPI_CHECK_COMM("MPI_Comm_set_info", comm);
    CHECK_INFO("MPI_Comm_set_info", info);
    smpi__comm_hints_set(comm, info); /* MPI-4's assertions; other keys are ignored */
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_set_info = PMPI_Comm_set_info

int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used)
{
    SMPI_CHECK_INIT("MPI_Comm_get_info");
    SMPI_CHECK_COMM("MPI_Comm_get_info", comm);
    SMPI_CHECK_ARG("MPI_Comm_get_info", comm, info_used);
    *info_used = smpi__comm_hints_get(comm);
    smpi__handle_new(SMPI_H_INFO, *info_used, "MPI_Comm_get_info");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_get_info = PMPI_Comm_get_info

/* MPI-4.0 section 10.2: with *buflen 0 only the length is returned (the value's, plus its
 * terminating null) and value is left alone; otherwise at most *buflen - 1 characters and the
 * null are copied. *buflen is always set to the full length when the key is found. */
int PMPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    const char *found;

    CHECK_INFO("MPI_Info_get_string", info);
    CHECK_KEY("MPI_Info_get_string", key);
    SMPI_CHECK_ARG("MPI_Info_get_string", MPI_COMM_WORLD, buflen);
    SMPI_CHECK_ARG("MPI_Info_get_string", MPI_COMM_WORLD, flag);
    if (*buflen < 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Info_get_string", MPI_ERR_ARG,
                           "*buflen %d is negative", *buflen);
    if (*buflen > 0)
        SMPI_CHECK_ARG("MPI_Info_get_string", MPI_COMM_WORLD, value);
    found = smpi__info_value(info, key);
    *flag = found != NULL;
    if (!found)
        return MPI_SUCCESS;
    if (*buflen > 0) {
        size_t n = strlen(found);

        if (n > (size_t)*buflen - 1)
            n = (size_t)*buflen - 1;
        memcpy(value, found, n);
        value[n] = '\0';
    }
    *buflen = (int)strlen(found) + 1;
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_get_string = PMPI_Info_get_string

/* MPI-4.0 section 11.2.1: the keys of MPI_INFO_ENV, in a new object the caller owns; callable
 * before MPI_Init and after MPI_Finalize. The rank's own command line is the one smpirun gave
 * it, which argc and argv describe. */
int PMPI_Info_create_env(int argc, char *argv[], MPI_Info *info)
{
    (void)argc;
    (void)argv;
    SMPI_CHECK_ARG("MPI_Info_create_env", MPI_COMM_WORLD, info);
    smpi__info_prepare(MPI_INFO_ENV);
    *info = smpi__info_dup(MPI_INFO_ENV);
    smpi__handle_new(SMPI_H_INFO, *info, "MPI_Info_create_env");
    return MPI_SUCCESS;
}
#pragma weak MPI_Info_create_env = PMPI_Info_create_env
