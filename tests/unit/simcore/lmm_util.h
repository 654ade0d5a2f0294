/* lmm_util: what the max-min solver tests share (test_lmm.c, test_lmm_random.c): the solver's
 * precision, the tolerance of the checks, variable ids and the modified queue as read back. */
#ifndef TEST_LMM_UTIL_H
#define TEST_LMM_UTIL_H

#include <stdbool.h>

#include "simcore/lmm.h"

#define PRECISION 1e-5
#define REL_TOL 1e-9

/* Tags used as variable ids: the address of an element of this array. */
extern int lmm_tags[64];

/* Pops the whole modified queue into `out` (ids as tag indices); returns how many. */
int lmm_drain(struct sim_lmm_system *sys, int *out, int cap);
/* Whether `id` is among the n first of `ids`. */
bool lmm_contains(const int *ids, int n, int id);

#endif /* TEST_LMM_UTIL_H */
