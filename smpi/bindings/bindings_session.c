/* bindings_session: MPI-4 sessions (MPI-4.0 section 11.3) — opening and ending sessions, their
 * process sets, info and error handlers, and the communicators built from groups without a
 * parent communicator (MPI_Comm_create_from_group, MPI_Intercomm_create_from_groups). The
 * objects: smpi/mpi/session.c; the meeting of the members: smpi/mpi/comm_meet.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/session.h"

/* s is a live session of the caller (MPI_ERR_SESSION through MPI_COMM_WORLD's handler). */
static int check_session(const char *call, MPI_Session s)
{
    if (!smpi__self())
        sim_die("%s called outside of a simulated rank: run the program with smpirun", call);
    return smpi__check_live(call, MPI_ERR_SESSION, s == MPI_SESSION_NULL, smpi__session_is_valid(s),
                            "session is MPI_SESSION_NULL",
                            "session is not an open session of this rank (already finalized?)");
}

#define CHECK_SESSION(call, s) SMPI_CHECK(check_session(call, s))

/* A pointer argument of a session call: reported through the session's handler. */
#define CHECK_SESSION_ARG(call, s, ptr)                                                            \
    do {                                                                                           \
        if (!(ptr))                                                                                \
            return smpi__session_error(s, call, MPI_ERR_ARG, "%s is NULL", #ptr);                  \
    } while (0)

/* The level that info's "thread_level" asks for (MPI_THREAD_SINGLE without one), -1 when its
 * value names no level; that value in *value. */
static int required_level(MPI_Info info, const char **value)
{
    if (info == MPI_INFO_NULL)
        return MPI_THREAD_SINGLE;
    smpi__info_prepare(info);
    *value = smpi__info_value(info, "thread_level");
    return *value ? smpi__thread_level_of(*value) : MPI_THREAD_SINGLE;
}

int PMPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session)
{
    const char *call = "MPI_Session_init";
    MPI_Session none = MPI_SESSION_NULL;
    const char *value = NULL;
    char detail[256];
    int level;

    if (!smpi__self())
        sim_die("%s called outside of a simulated rank: run the program with smpirun", call);
    if (errhandler == MPI_ERRHANDLER_NULL ||
        !smpi__errhandler_fits(errhandler, SMPI_EH_FOR_SESSION))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "errhandler is not a session error handler or a predefined one");
    if (!session)
        return smpi__errhandler_raise(errhandler, &none, call, MPI_ERR_ARG, "the session",
                                      "session is NULL");
    level = required_level(info, &value);
    if (level < 0) {
        snprintf(detail, sizeof(detail),
                 "info key thread_level is '%.64s' (valid: MPI_THREAD_SINGLE, "
                 "MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED, MPI_THREAD_MULTIPLE)",
                 value);
        return smpi__errhandler_raise(errhandler, &none, call, MPI_ERR_ARG, "the session", detail);
    }
    smpi__enter(call);
    *session = smpi__session_new(errhandler, level);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_init = PMPI_Session_init

int PMPI_Session_finalize(MPI_Session *session)
{
    const char *call = "MPI_Session_finalize";

    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, session);
    CHECK_SESSION(call, *session);
    smpi__enter(call);
    smpi__session_free(*session);
    *session = MPI_SESSION_NULL;
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_finalize = PMPI_Session_finalize

int PMPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names)
{
    CHECK_SESSION("MPI_Session_get_num_psets", session);
    CHECK_SESSION_ARG("MPI_Session_get_num_psets", session, npset_names);
    (void)info; /* no process-set query keys are defined */
    *npset_names = smpi__pset_count();
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_get_num_psets = PMPI_Session_get_num_psets

/* With *pset_len 0 only the length is returned (the name's, plus its terminating null);
 * otherwise at most *pset_len - 1 characters and the null are copied, and *pset_len is set to
 * the full length, as MPI-4.0 section 11.3.2 says. */
int PMPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len,
                              char *pset_name)
{
    const char *call = "MPI_Session_get_nth_pset";
    const char *name;
    size_t len;

    CHECK_SESSION(call, session);
    CHECK_SESSION_ARG(call, session, pset_len);
    (void)info;
    if (n < 0 || n >= smpi__pset_count())
        return smpi__session_error(session, call, MPI_ERR_ARG,
                                   "n %d is out of range: the session has %d process sets", n,
                                   smpi__pset_count());
    if (*pset_len < 0)
        return smpi__session_error(session, call, MPI_ERR_ARG, "pset_len %d is negative",
                                   *pset_len);
    name = smpi__pset_name(n);
    len = strlen(name);
    if (*pset_len > 0) {
        size_t room = (size_t)*pset_len - 1;

        CHECK_SESSION_ARG(call, session, pset_name);
        if (room > len)
            room = len;
        memcpy(pset_name, name, room);
        pset_name[room] = '\0';
    }
    *pset_len = (int)len + 1;
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_get_nth_pset = PMPI_Session_get_nth_pset

/* The one key MPI-4.0 requires: "thread_level", the level granted. */
int PMPI_Session_get_info(MPI_Session session, MPI_Info *info_used)
{
    CHECK_SESSION("MPI_Session_get_info", session);
    CHECK_SESSION_ARG("MPI_Session_get_info", session, info_used);
    *info_used = smpi__info_new();
    smpi__info_put(*info_used, "thread_level", smpi__thread_level_name(session->thread_level));
    smpi__handle_new(SMPI_H_INFO, *info_used, "MPI_Session_get_info");
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_get_info = PMPI_Session_get_info

/* The checks of a call on a process set (a live session, the name and the result pointer
 * given) and the set's index in *i; an unknown name is MPI_ERR_ARG. */
static int find_pset(const char *call, MPI_Session session, const char *pset_name,
                     const void *result, int *i)
{
    CHECK_SESSION(call, session);
    CHECK_SESSION_ARG(call, session, pset_name);
    CHECK_SESSION_ARG(call, session, result);
    *i = smpi__pset_find(pset_name);
    if (*i < 0)
        return smpi__session_error(session, call, MPI_ERR_ARG,
                                   "no process set is named '%.64s' (valid: mpi://WORLD, "
                                   "mpi://SELF)",
                                   pset_name);
    return MPI_SUCCESS;
}

/* The pset's "mpi_size", the key MPI-4.0 section 11.3.2 requires. */
int PMPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info)
{
    const char *call = "MPI_Session_get_pset_info";
    char size[16];
    int i;

    SMPI_CHECK(find_pset(call, session, pset_name, info, &i));
    snprintf(size, sizeof(size), "%d", smpi__pset_size(i));
    *info = smpi__info_new();
    smpi__info_put(*info, "mpi_size", size);
    smpi__handle_new(SMPI_H_INFO, *info, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_get_pset_info = PMPI_Session_get_pset_info

int PMPI_Group_from_session_pset(MPI_Session session, const char *pset_name, MPI_Group *newgroup)
{
    const char *call = "MPI_Group_from_session_pset";
    int i;

    SMPI_CHECK(find_pset(call, session, pset_name, newgroup, &i));
    *newgroup = smpi__pset_group(i);
    smpi__handle_new(SMPI_H_GROUP, *newgroup, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Group_from_session_pset = PMPI_Group_from_session_pset

/* ---- error handlers ---- */

int PMPI_Session_create_errhandler(MPI_Session_errhandler_function *session_errhandler_fn,
                                   MPI_Errhandler *errhandler)
{
    if (!session_errhandler_fn || !errhandler)
        return smpi__error(MPI_COMM_WORLD, "MPI_Session_create_errhandler", MPI_ERR_ARG,
                           "function or handle pointer is NULL");
    *errhandler = smpi__errhandler_new_session(session_errhandler_fn);
    smpi__handle_new(SMPI_H_ERRHANDLER, *errhandler, "MPI_Session_create_errhandler");
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_create_errhandler = PMPI_Session_create_errhandler

int PMPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler)
{
    CHECK_SESSION("MPI_Session_set_errhandler", session);
    if (errhandler == MPI_ERRHANDLER_NULL ||
        !smpi__errhandler_fits(errhandler, SMPI_EH_FOR_SESSION))
        return smpi__session_error(session, "MPI_Session_set_errhandler", MPI_ERR_ARG,
                                   "errhandler is not a session error handler or a predefined "
                                   "one");
    smpi__errhandler_assign(&session->eh, errhandler);
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_set_errhandler = PMPI_Session_set_errhandler

int PMPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler)
{
    CHECK_SESSION("MPI_Session_get_errhandler", session);
    CHECK_SESSION_ARG("MPI_Session_get_errhandler", session, errhandler);
    *errhandler = session->eh;
    smpi__errhandler_ref(*errhandler);
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_get_errhandler = PMPI_Session_get_errhandler

int PMPI_Session_call_errhandler(MPI_Session session, int errorcode)
{
    CHECK_SESSION("MPI_Session_call_errhandler", session);
    smpi__session_error(session, "MPI_Session_call_errhandler", errorcode,
                        "raised by the application");
    return MPI_SUCCESS;
}
#pragma weak MPI_Session_call_errhandler = PMPI_Session_call_errhandler

MPI_Fint PMPI_Session_c2f(MPI_Session session)
{
    return smpi__handle_to_fint(SMPI_FH_SESSION, session);
}
#pragma weak MPI_Session_c2f = PMPI_Session_c2f

MPI_Session PMPI_Session_f2c(MPI_Fint session)
{
    return smpi__handle_from_fint(SMPI_FH_SESSION, session);
}
#pragma weak MPI_Session_f2c = PMPI_Session_f2c

/* ---- communicators from groups ----------------------------------------------------------
 * Their errors are raised on the handler the call names (MPI-4.0 section 7.4.2), with
 * MPI_COMM_NULL as the communicator; an unusable handler falls back on MPI_COMM_WORLD's. */

static int from_group_error(MPI_Errhandler eh, const char *call, int code, const char *detail)
{
    MPI_Comm none = MPI_COMM_NULL;

    if (eh == MPI_ERRHANDLER_NULL || !smpi__errhandler_fits(eh, SMPI_EH_FOR_COMM))
        return smpi__error(MPI_COMM_WORLD, call, code, "%s", detail);
    return smpi__errhandler_raise(eh, &none, call, code, "MPI_COMM_NULL", detail);
}

/* The checks both calls make: MPI usable, the handler, the string tag, the result pointer, and
 * the group (live, holding the caller unless empty). */
static int from_group_checks(const char *call, MPI_Group group, const char *stringtag,
                             MPI_Errhandler eh, MPI_Comm *newcomm)
{
    SMPI_CHECK_INIT(call);
    if (eh == MPI_ERRHANDLER_NULL || !smpi__errhandler_fits(eh, SMPI_EH_FOR_COMM))
        return from_group_error(eh, call, MPI_ERR_ARG,
                                "errhandler is not a communicator error handler or a predefined "
                                "one");
    if (!newcomm)
        return from_group_error(eh, call, MPI_ERR_ARG, "the new communicator's pointer is NULL");
    if (!stringtag || strlen(stringtag) >= MPI_MAX_STRINGTAG_LEN)
        return from_group_error(eh, call, MPI_ERR_ARG,
                                "stringtag is NULL or longer than MPI_MAX_STRINGTAG_LEN - 1");
    if (group == MPI_GROUP_NULL || group->magic != SMPI_GROUP_MAGIC)
        return from_group_error(eh, call, MPI_ERR_GROUP, "group is not a valid group");
    if (group->size > 0 && smpi__group_rank_of(group, smpi__self()->rank) == MPI_UNDEFINED)
        return from_group_error(eh, call, MPI_ERR_GROUP,
                                "the calling rank is not a member of group (only its members "
                                "call it)");
    return MPI_SUCCESS;
}

int PMPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                                MPI_Errhandler errhandler, MPI_Comm *newcomm)
{
    const char *call = "MPI_Comm_create_from_group";

    SMPI_CHECK(from_group_checks(call, group, stringtag, errhandler, newcomm));
    if (group->size == 0) {
        *newcomm = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    smpi__enter(call);
    *newcomm = smpi__comm_meet(smpi__string_hash(stringtag), 0, group);
    smpi__comm_set_errhandler(*newcomm, errhandler);
    smpi__comm_hints_set(*newcomm, info); /* MPI-4's assertions; other keys are ignored */
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, *newcomm, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_create_from_group = PMPI_Comm_create_from_group

/* One side of an intercommunicator from groups: made by the side's first member to arrive, on
 * the contexts both sides met on, with the local communicator its members met on. */
struct inter_side {
    struct smpi_group *local;
    struct smpi_group *remote;
    int context;
    MPI_Comm local_comm;
    bool made;
};

static void *make_context(void *arg)
{
    (void)arg;
    return (void *)(intptr_t)smpi__comm_new_context(); /* contexts start at 4: never NULL */
}

static void *make_side(void *arg)
{
    struct inter_side *s = arg;
    MPI_Comm c = smpi__comm_new_inter(s->local, s->remote, s->context, s->local->size);

    c->local_comm = s->local_comm;
    s->made = true;
    return c;
}

/* Both sides meet without a message: on the contexts (keyed by the two groups in either
 * order), then each side on its local communicator and its side object (keyed by local, then
 * remote group), all in the space of the string tag. */
int PMPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader,
                                      MPI_Group remote_group, int remote_leader,
                                      const char *stringtag, MPI_Info info,
                                      MPI_Errhandler errhandler, MPI_Comm *newintercomm)
{
    const char *call = "MPI_Intercomm_create_from_groups";
    struct inter_side side = { .local = local_group, .remote = remote_group };
    uint64_t space;
    uint64_t hl;
    uint64_t hr;
    MPI_Comm c;

    SMPI_CHECK(from_group_checks(call, local_group, stringtag, errhandler, newintercomm));
    if (local_group->size == 0 || remote_group == MPI_GROUP_NULL ||
        remote_group->magic != SMPI_GROUP_MAGIC || remote_group->size == 0)
        return from_group_error(errhandler, call, MPI_ERR_GROUP,
                                "local_group and remote_group must be valid, non-empty groups");
    if (local_leader < 0 || local_leader >= local_group->size || remote_leader < 0 ||
        remote_leader >= remote_group->size)
        return from_group_error(errhandler, call, MPI_ERR_RANK,
                                "local_leader or remote_leader is not a rank of its group");
    smpi__enter(call);
    space = smpi__string_hash(stringtag);
    hl = smpi__group_hash(local_group);
    hr = smpi__group_hash(remote_group);
    side.context =
        (int)(intptr_t)smpi__meet(space, 1, (hl < hr ? hl : hr) ^ 3 * (hl < hr ? hr : hl),
                                  local_group->size + remote_group->size, make_context, NULL);
    side.local_comm = smpi__comm_meet(space, 2, local_group);
    c = smpi__meet(space, 3, hl ^ 5 * hr, local_group->size, make_side, &side);
    if (!side.made) /* the side's object keeps the reference of the member that made it */
        smpi__comm_release(side.local_comm);
    smpi__comm_set_errhandler(side.local_comm, errhandler);
    smpi__comm_set_errhandler(c, errhandler);
    smpi__comm_hints_set(c, info);
    smpi__leave();
    *newintercomm = c;
    smpi__handle_new(SMPI_H_COMM, c, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Intercomm_create_from_groups = PMPI_Intercomm_create_from_groups
