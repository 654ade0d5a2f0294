/* trace_category: tracing categories, SimGrid's TRACE_category, TRACE_category_with_color and
 * TRACE_smpi_set_category (include/simgrid/instr.h). A category is a number from 1 in the order
 * of declaration; a rank's current one tags the computations it runs and the messages it
 * sends, where SMPI 3.32 tags them (runtime.c, p2p.c), and the trace sinks hear of each
 * declaration (the Paje sink draws the categories under tracing/categorized). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"

static struct {
    char **names; /* names[i] is category i + 1 */
    int n;
    int cap;
} cats;

/* The number of category `name`, declared with `color` (NULL: none given) if new. "" is no
 * category (0). */
static int declare(const char *call, const char *name, const char *color)
{
    if (!name)
        sim_die("%s: the category name is NULL; give a name, e.g. %s(\"solver\")", call, call);
    if (!name[0])
        return 0;
    for (int i = 0; i < cats.n; i++)
        if (strcmp(cats.names[i], name) == 0)
            return i + 1;
    if (cats.n == cats.cap) {
        cats.cap = cats.cap ? 2 * cats.cap : 16;
        cats.names = sim_xrealloc(cats.names, (size_t)cats.cap * sizeof(*cats.names));
    }
    cats.names[cats.n++] = sim_xstrdup(name);
    if (smpi__trace_on)
        smpi__trace_category(cats.n, name, color);
    return cats.n;
}

SMPI_API void TRACE_category(const char *category)
{
    declare("TRACE_category", category, NULL);
}

SMPI_API void TRACE_category_with_color(const char *category, const char *color)
{
    declare("TRACE_category_with_color", category, color);
}

/* As SMPI's: the computation done so far is charged under the previous category (the call
 * counts as leaving the application's code, like an MPI call). */
SMPI_API void TRACE_smpi_set_category(const char *category)
{
    struct smpi_process *p = smpi__self();
    int id;

    if (!category)
        return;
    id = declare("TRACE_smpi_set_category", category, NULL);
    if (!p)
        return;
    smpi__enter("TRACE_smpi_set_category");
    p->trace_category = id;
    smpi__leave();
}
