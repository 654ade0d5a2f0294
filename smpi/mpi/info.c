/* info: MPI_Info objects (MPI-3.1 section 9): ordered (key, value) string pairs, and
 * MPI_INFO_ENV, which describes how the job was started. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"

/* (key, value) string pairs in insertion order; a key appears once. */
struct smpi_info {
    int nkeys;
    int cap;
    char **keys;
    char **values;
    bool predefined;
};

SMPI_API struct smpi_info smpi_mpi_info_env = { .predefined = true };

static int find_key(const struct smpi_info *info, const char *key)
{
    for (int i = 0; i < info->nkeys; i++)
        if (strcmp(info->keys[i], key) == 0)
            return i;
    return -1;
}

static void info_put(struct smpi_info *info, const char *key, const char *value)
{
    int i = find_key(info, key);

    if (i >= 0) {
        free(info->values[i]);
        info->values[i] = sim_xstrdup(value);
        return;
    }
    if (info->nkeys == info->cap) {
        info->cap = info->cap ? 2 * info->cap : 8;
        info->keys = realloc(info->keys, (size_t)info->cap * sizeof(*info->keys));
        info->values = realloc(info->values, (size_t)info->cap * sizeof(*info->values));
        sim_assert(info->keys && info->values, "out of memory for an info object");
    }
    info->keys[info->nkeys] = sim_xstrdup(key);
    info->values[info->nkeys++] = sim_xstrdup(value);
}

/* MPI_INFO_ENV's keys (MPI-3.1 section 8.2), filled once the job is known. */
static void fill_env(void)
{
    struct smpi_process *p = smpi__self();
    char n[32];

    if (smpi_mpi_info_env.nkeys > 0 || !p)
        return;
    snprintf(n, sizeof(n), "%d", smpi_mpi_comm_world.group->size);
    info_put(&smpi_mpi_info_env, "command", p->argc > 0 ? p->argv[0] : "");
    info_put(&smpi_mpi_info_env, "maxprocs", n);
    info_put(&smpi_mpi_info_env, "soft", n);
    info_put(&smpi_mpi_info_env, "thread_level", "MPI_THREAD_FUNNELED");
}

/* MPI_INFO_ENV is filled on first use, once the job is known. */
void smpi__info_prepare(MPI_Info info)
{
    if (info == MPI_INFO_ENV)
        fill_env();
}

MPI_Info smpi__info_new(void)
{
    return sim_xcalloc(1, sizeof(struct smpi_info));
}

bool smpi__info_predefined(MPI_Info info)
{
    return info->predefined;
}

void smpi__info_put(MPI_Info info, const char *key, const char *value)
{
    info_put(info, key, value);
}

bool smpi__info_delete(MPI_Info info, const char *key)
{
    int i = find_key(info, key);

    if (i < 0)
        return false;
    free(info->keys[i]);
    free(info->values[i]);
    memmove(info->keys + i, info->keys + i + 1, (size_t)(info->nkeys - i - 1) * sizeof(char *));
    memmove(info->values + i, info->values + i + 1, (size_t)(info->nkeys - i - 1) * sizeof(char *));
    info->nkeys--;
    return true;
}

const char *smpi__info_value(MPI_Info info, const char *key)
{
    int i = find_key(info, key);

    return i >= 0 ? info->values[i] : NULL;
}

int smpi__info_nkeys(MPI_Info info)
{
    return info->nkeys;
}

const char *smpi__info_nthkey(MPI_Info info, int n)
{
    return info->keys[n];
}

MPI_Info smpi__info_dup(MPI_Info info)
{
    MPI_Info copy = smpi__info_new();

    for (int i = 0; i < info->nkeys; i++)
        info_put(copy, info->keys[i], info->values[i]);
    return copy;
}

void smpi__info_free(MPI_Info info)
{
    for (int i = 0; i < info->nkeys; i++) {
        free(info->keys[i]);
        free(info->values[i]);
    }
    free(info->keys);
    free(info->values);
    free(info);
}
