/* options_items: the --cfg items (options_items.c), private to options.c: what an item is and
 * the table of them, with the old names SimGrid still accepts and what the model parameters
 * expect. */
#ifndef SMPI_RUNTIME_OPTIONS_ITEMS_H
#define SMPI_RUNTIME_OPTIONS_ITEMS_H

#include <stddef.h>

#include "smpi/runtime/options.h"

enum opt_type {
    OPT_BOOL,
    OPT_DOUBLE,
    OPT_INT,
    OPT_COUNT, /* a whole number from -1 (none) up */
    OPT_SIZE,
    OPT_TIME,
    OPT_BW,
    OPT_SPEED,
    OPT_ENUM,
    OPT_STRING, /* a name of at most SMPI_COLL_NAME_MAX - 1 characters */
    OPT_PATH,   /* a file or directory name of at most SMPI_PATH_MAX - 1 characters */
    OPT_FACTOR,
    OPT_COST,
    OPT_COLL,
    OPT_PLUGIN, /* each item activates one more plugin (SimGrid's plugin option) */
    OPT_LOGGP,  /* the per-message models' parameters (simcore's parsers) */
    OPT_LOGGPS,
    OPT_LOG3P,
    OPT_LMO_DEFAULT,
    OPT_FANIN,
};

/* The option's default comes from network/model (SimGrid's set_default per model). */
#define OPT_MODEL 1u

struct opt_enum {
    const char *name;
    int value;
};

struct smpi_option {
    const char *name;
    enum opt_type type;
    const char *def;
    size_t offset;
    unsigned flags;
    const struct opt_enum *values; /* OPT_ENUM: NULL-terminated */
    const char *help;
};

#define OPT_FIELD(f) offsetof(struct smpi_config, f)
#define OPT_SIM(f) (offsetof(struct smpi_config, sim) + offsetof(struct sim_config, f))

/* The items, smpi/<collective> (OPT_COLL) last; SimGrid's old names and their items. */
extern const struct smpi_option smpi__options[];
extern const size_t smpi__noptions;
struct smpi_option_alias {
    const char *old;
    const char *name;
};
extern const struct smpi_option_alias smpi__option_aliases[];
extern const size_t smpi__noption_aliases;
/* What the OPT_LOGGP ... OPT_FANIN items expect, for their messages. */
extern const char *const smpi__params_expected[];

#endif /* SMPI_RUNTIME_OPTIONS_ITEMS_H */
