/* lmm_util: the helpers of the max-min solver tests (lmm_util.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <criterion/criterion.h>

#include "lmm_util.h"

int lmm_tags[64];

int lmm_drain(struct sim_lmm_system *sys, int *out, int cap)
{
    void *id;
    int n = 0;

    while ((id = sim_lmm_pop_modified(sys)) != NULL) {
        cr_assert_lt(n, cap, "modified queue longer than %d", cap);
        out[n++] = (int)((int *)id - lmm_tags);
    }
    return n;
}

bool lmm_contains(const int *ids, int n, int id)
{
    int i;

    for (i = 0; i < n; i++)
        if (ids[i] == id)
            return true;
    return false;
}
