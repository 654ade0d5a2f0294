/* ti: what the time-independent trace writer (trace_ti.c) and the replay (replay.c,
 * replay_read.c) share: SMPI 3.32's datatype ids and its placeholder values. Private to smpi. */
#ifndef SMPI_TI_H
#define SMPI_TI_H

#include <stdbool.h>
#include <stdio.h>

#include <mpi.h>

/* SMPI 3.32 writes a peer it cannot name (MPI_ANY_SOURCE, MPI_PROC_NULL) as its MPI_UNDEFINED
 * and MPI_ANY_TAG as its own value. */
#define SMPI_TI_UNDEFINED (-333)
#define SMPI_TI_ANY_TAG (-444)

/* SMPI 3.32's id of a predefined datatype ("0" MPI_DOUBLE, "1" MPI_INT, ...); "-1" for any
 * other type (derived types: SMPI writes -1 for them too). */
const char *smpi__ti_type_id(MPI_Datatype type);
/* The datatype of an id written by smpi__ti_type_id or by SMPI 3.32, or NULL for an id that is
 * not one. "-1" gives a committed type of size 0, which is what SMPI's replay sends for it. */
MPI_Datatype smpi__ti_type_decode(const char *id);

/* ---- replay (replay_read.c) ----------------------------------------------------------- */

/* A rank's source of actions: its own file, or the one file all ranks share (lines for other
 * ranks are skipped). Reads a buffer at a time and keeps no file open between reads, so a
 * replay of many ranks needs neither many descriptors nor memory beyond one buffer per rank. */
struct smpi_ti_reader {
    char *path;        /* the trace file */
    const char *index; /* the index that named it (for messages), and its line */
    int index_line;
    long offset; /* where the next read starts */
    char *buf;   /* bytes read and not yet consumed */
    size_t len;
    size_t pos;
    size_t cap;
    bool eof;
    int line;   /* line number of the current action in path */
    char *text; /* the current action's line as read (for messages) */
    size_t text_cap;
};

/* One action: fields[0] the rank, fields[1] the action name, then the arguments. */
struct smpi_ti_action {
    int nfields;
    char **fields; /* into storage */
    int cap;
    char *storage;
    size_t storage_cap;
};

/* Opens rank's source: dies naming the index line and the file when it cannot be read. */
void smpi__ti_reader_open(struct smpi_ti_reader *r, const char *path, const char *index,
                          int index_line);
/* The next action of `rank` (fields split on blanks; blank lines and '#' comments skipped;
 * lines of other ranks skipped). Returns false at the end of the file. */
bool smpi__ti_reader_next(struct smpi_ti_reader *r, int rank, struct smpi_ti_action *a);
void smpi__ti_reader_close(struct smpi_ti_reader *r);
void smpi__ti_action_free(struct smpi_ti_action *a);
/* Reads the index: its trace files, one per non-empty line (relative to the working directory,
 * else to the index's directory), as a new array of new strings, and
 * the line of each (new array); returns how many (dies when it cannot be read or names none). */
int smpi__ti_read_index(const char *index, char ***files, int **lines);

/* ---- replay (replay.c: the actions and the loop; replay_api.c: the table of handlers) ---- */

/* Hands one action of the trace to its handler; file, line and text name it in messages. */
typedef void smpi__replay_dispatch_fn(const char *name, int nfields, const char *const *fields,
                                      const char *file, int line, const char *text);
/* The actions SMPI 3.32's replay knows, NULL-terminated. */
extern const char *const smpi__replay_builtins[];
/* Runs built-in action `name` for the calling rank (fields[0] the rank, fields[1] the name),
 * then logs it (smpi_replay, verbose) with its duration as SMPI does. */
void smpi__replay_builtin(const char *name, int nfields, const char *const *fields);
/* Sets up the replay of `index` for nranks ranks (launch.c, before the ranks are created). */
void smpi__replay_init(const char *index, int nranks);
/* The trace file of `rank` (its own, or the one all share), or NULL outside a replay. */
const char *smpi__replay_trace_of(int rank);
/* Whether all ranks read one trace (the index names one file). */
bool smpi__replay_is_shared(void);
/* Replaces the trace all ranks share (xbt_replay_set_tracefile); dies if it cannot be read. */
void smpi__replay_set_shared(const char *path);
/* The calling rank starts replaying (MPI_Init if not done); then runs its actions from `trace`
 * (NULL: its trace of the index) through `dispatch`, waits for what is pending, logs
 * "Simulation time T" if it is the last, and finalizes. */
void smpi__replay_rank_init(void);
void smpi__replay_rank_run(const char *trace, smpi__replay_dispatch_fn *dispatch);
/* After the run: frees the replay's buffers. */
void smpi__replay_report(void);
/* The main function of every rank under smpirun -replay without a program (replay_api.c):
 * smpi_replay_run, as SMPI's smpireplaymain. */
int smpi__replay_main(int argc, char **argv);

#endif /* SMPI_TI_H */
