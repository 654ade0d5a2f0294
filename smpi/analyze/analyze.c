/* analyze: what the checking mode shares (analyze.h): its flags, call sites and how findings
 * name sites, communicators and datatypes, and the report at the end of the run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/mpi/datatype.h"
#include "smpi/internal.h"

struct smpi_analyze_flags smpi__analyze;

void smpi__analyze_init(const struct smpi_config *cfg)
{
    smpi__analyze.pedantic = cfg->pedantic;
    /* SMPI's smpi_cfg_display_alloc(): list-leaks alone also asks for the analysis */
    smpi__analyze.memory = cfg->display_allocs || cfg->list_leaks != -1;
    smpi__analyze.handles = smpi__analyze.pedantic || smpi__analyze.memory;
    smpi__analyze.barrier = cfg->barrier_collectives;
    smpi__analyze.order = smpi__analyze.pedantic || smpi__analyze.barrier;
}

struct smpi_site smpi__site_here(const char *call)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        return (struct smpi_site){ call, NULL, 0 };
    return (struct smpi_site){ call ? call : p->call, p->loc_file, p->loc_line };
}

const char *smpi__site_file(const char *file)
{
    const char *slash = strrchr(file, '/');

    if (smpi__rt.cfg.trace_call_use_absolute_path || !slash)
        return file;
    return slash + 1;
}

const char *smpi__site_text(const struct smpi_site *s, char *buf, size_t cap)
{
    const char *call = s->call ? s->call : "an MPI call";

    if (s->file && s->line > 0)
        snprintf(buf, cap, "%s at %s:%d", call, smpi__site_file(s->file), s->line);
    else
        snprintf(buf, cap, "%s", call);
    return buf;
}

const char *smpi__site_text_here(const char *call, char *buf, size_t cap)
{
    struct smpi_site s = smpi__site_here(call);
    char fn[224];

    if ((s.file && s.line > 0) || !smpi__diag_caller(fn, sizeof(fn)))
        return smpi__site_text(&s, buf, cap);
    snprintf(buf, cap, "%s in %s", s.call ? s.call : "an MPI call", fn);
    return buf;
}

const char *smpi__comm_text(MPI_Comm comm, char *buf, size_t cap)
{
    const struct smpi_site *s;
    char where[256];

    if (comm == MPI_COMM_NULL)
        snprintf(buf, cap, "MPI_COMM_NULL");
    else if (comm->name[0])
        snprintf(buf, cap, "%s", comm->name);
    else if ((s = smpi__handle_site(SMPI_H_COMM, comm)))
        snprintf(buf, cap, "the communicator created by %s",
                 smpi__site_text(s, where, sizeof(where)));
    else
        snprintf(buf, cap, "a communicator of %d ranks", comm->group->size);
    return buf;
}

const char *smpi__type_text(MPI_Datatype t)
{
    if (t == MPI_DATATYPE_NULL)
        return "MPI_DATATYPE_NULL";
    return t->name[0] ? t->name : "a derived datatype";
}

void smpi__analyze_report(bool clean)
{
    if (clean && smpi__analyze.pedantic)
        smpi__analyze_leftovers();
    if (!smpi__analyze.memory)
        return;
    smpi__handle_report(smpi__rt.cfg.list_leaks);
    smpi__alloc_report(smpi__rt.cfg.list_leaks);
}
