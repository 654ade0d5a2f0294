/* lmm: the max-min fair sharing solver (private to simcore). Constraints are resources,
 * variables are activities, elements say which variable uses which constraint and how much. */
#ifndef SIM_LMM_H
#define SIM_LMM_H

#include <stdbool.h>
#include <stddef.h>

struct sim_lmm_system;
struct sim_lmm_cnst;
struct sim_lmm_var;

/* A new empty system. `selective_update`: only the connected part of the system touched since
 * the last solve is solved again. `precision`: relative epsilon (precision/work-amount) used
 * to decide that a constraint is saturated. */
struct sim_lmm_system *sim_lmm_system_new(bool selective_update, double precision);
/* Frees the system with every constraint and variable still in it. */
void sim_lmm_system_free(struct sim_lmm_system *sys);

/* A constraint of capacity `bound`. SHARED (fatpipe false): the sum of weight*value over its
 * variables stays <= bound. FATPIPE: each weight*value stays <= bound on its own. `id` is the
 * caller's back-pointer. */
struct sim_lmm_cnst *sim_lmm_cnst_new(struct sim_lmm_system *sys, void *id, double bound,
                                      bool fatpipe);
void sim_lmm_cnst_free(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst);
void sim_lmm_cnst_set_bound(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst, double bound);
double sim_lmm_cnst_bound(const struct sim_lmm_cnst *cnst);
void *sim_lmm_cnst_id(const struct sim_lmm_cnst *cnst);
/* Sum of weight*value of the enabled variables on the constraint (max for fatpipe). */
double sim_lmm_cnst_usage(const struct sim_lmm_cnst *cnst);

/* A variable with sharing penalty `penalty` (> 0; 0 = disabled, it gets no share) and upper
 * bound `bound` (< 0 = none). `ncnst_hint` is the expected number of expands: the variable's
 * own block keeps as many elements as the variables made with the same hint have had at most
 * (the hint until one is known, at most 16), more come from a shared pool. At equal
 * bottleneck, rates are inversely proportional to penalties. */
struct sim_lmm_var *sim_lmm_var_new(struct sim_lmm_system *sys, void *id, double penalty,
                                    double bound, int ncnst_hint);
/* Removes the variable and its elements (its constraints are marked modified). */
void sim_lmm_var_free(struct sim_lmm_system *sys, struct sim_lmm_var *var);
/* Makes `var` use `cnst` with consumption `weight` (> 0). A second expand on the same pair
 * adds to the weight for a SHARED constraint and keeps the max for a FATPIPE one. */
void sim_lmm_expand(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst, struct sim_lmm_var *var,
                    double weight);
/* A constraint and the weight a variable uses it with. */
struct sim_lmm_use {
    struct sim_lmm_cnst *cnst;
    double weight;
};
/* Copies the elements of `var`, in order, into uses (at most cap of them); returns how many
 * it has, which may be more than cap. */
int sim_lmm_var_uses(const struct sim_lmm_var *var, struct sim_lmm_use *uses, int cap);
/* A new disabled variable (penalty 0) with the elements uses[0..n-1], each on its own
 * constraint: the same variable, in the same lists, as sim_lmm_var_new(sys, id, 0, bound, n)
 * followed by the expands that gave another variable these uses (sim_lmm_var_uses), without
 * searching the variable's elements at each expand. */
struct sim_lmm_var *sim_lmm_var_new_disabled(struct sim_lmm_system *sys, void *id, double bound,
                                             const struct sim_lmm_use *uses, int n);
void sim_lmm_var_set_penalty(struct sim_lmm_system *sys, struct sim_lmm_var *var, double penalty);
void sim_lmm_var_set_bound(struct sim_lmm_system *sys, struct sim_lmm_var *var, double bound);
double sim_lmm_var_penalty(const struct sim_lmm_var *var);
double sim_lmm_var_bound(const struct sim_lmm_var *var);
/* The rate found by the last solve (0 for a disabled variable). */
double sim_lmm_var_value(const struct sim_lmm_var *var);
void *sim_lmm_var_id(const struct sim_lmm_var *var);
int sim_lmm_var_cnst_count(const struct sim_lmm_var *var);

/* Solves the system if anything changed since the last solve (only the touched part with
 * selective update). Every variable whose value may have changed is queued for
 * sim_lmm_pop_modified(). */
void sim_lmm_solve(struct sim_lmm_system *sys);
/* Pops the id of the next variable modified by the last solves, or NULL. Each variable is
 * queued at most once until popped; freed variables are never returned. */
void *sim_lmm_pop_modified(struct sim_lmm_system *sys);

/* Calls fn(arg, constraint, weight) for each constraint `var` uses (resource-usage tracing). */
typedef void sim_lmm_cnst_fn(void *arg, struct sim_lmm_cnst *cnst, double weight);
void sim_lmm_var_foreach_cnst(const struct sim_lmm_var *var, sim_lmm_cnst_fn *fn, void *arg);
/* The ids of the variables using `cnst`: the enabled ones in the order they were entered,
 * then the disabled ones in the order they were disabled (or made so), as SimGrid's constraint
 * lists them; in a new array (*ids, NULL when none) that the caller frees; returns their
 * number. A snapshot: the caller may change those variables' bounds and penalties while walking
 * it. */
int sim_lmm_cnst_var_ids(const struct sim_lmm_system *sys, const struct sim_lmm_cnst *cnst,
                         void ***ids);
/* Calls fn(arg, id) for the id of each variable of the system. O(variables). */
void sim_lmm_foreach_var(const struct sim_lmm_system *sys, void (*fn)(void *arg, void *id),
                         void *arg);

#endif /* SIM_LMM_H */
