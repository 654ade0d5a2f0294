/* fixture: what the profile and energy tests share: an engine on an XML platform with chosen
 * plugins, and actors that compute, sleep and change pstates on a schedule (tests that some
 * input ends the run use tests/unit/child_exit.h, included here). */
#ifndef SIM_TEST_FIXTURE_H
#define SIM_TEST_FIXTURE_H

#include "simcore/simcore.h"
#include "tests/unit/child_exit.h"

/* Platform text: the document around the elements, and a route through link "n". */
#define FX_HEAD "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
#define FX_TAIL "</platform>\n"
#define FX_ROUTE(a, b) "<route src=\"" a "\" dst=\"" b "\"><link_ctn id=\"n\"/></route>"

/* Starts the engine under `model` on `xml` with plugins[0..nplugins). */
void fx_start(const char *xml, enum sim_net_model model, const enum sim_plugin *plugins,
              int nplugins);
struct sim_host *fx_host(const char *name);
struct sim_link *fx_link(const char *name);

/* An actor's script: sleep `delay`, then set `pstate` (>= 0) and/or compute `flops` (> 0);
 * `end` receives the date it finished, `energy` its host's joules then (plugin on). */
struct fx_step {
    double delay;
    int pstate;
    double flops;
    double end;
    double energy;
};
void fx_actor(const char *host, struct fx_step *step);

/* An actor on `src` that sleeps `delay`, then sends `bytes` to `dst`; `end` receives the date
 * the message arrived. */
struct fx_flow {
    const char *src;
    const char *dst;
    double delay;
    double bytes;
    double end;
};
void fx_send(struct fx_flow *flow);

#endif /* SIM_TEST_FIXTURE_H */
