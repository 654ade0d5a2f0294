/* bindings_io: the MPI-IO calls (MPI-3.1 chapter 13) on the engine of file.c: opening, closing
 * and deleting files, sizes, hints, views, and the data accesses with explicit offsets,
 * individual and shared file pointers, collective, nonblocking and split-collective forms.
 * Collective forms run the independent access of each rank (no two-phase I/O); nonblocking
 * forms do the access at once and return a completed request. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/file.h"
#include "smpi/internal.h"

/* ---- helpers ------------------------------------------------------------------------------ */

static MPI_Offset etype_size(MPI_File fh)
{
    MPI_Offset s = (MPI_Offset)smpi__file_self(fh)->etype->size;

    return s > 0 ? s : 1;
}

/* The data of count elements of type at `offset` etypes of the calling rank's view, without
 * simulated time. */
static int move_data(const char *call, MPI_File fh, MPI_Offset offset, void *buf, int count,
                     MPI_Datatype type, bool write, MPI_Status *status, MPI_Offset *moved)
{
    int rc = smpi__io_transfer(fh, offset * etype_size(fh), buf, count, type, write, status, moved);

    if (rc != MPI_SUCCESS)
        return smpi__file_error(fh, call, rc, "%s of %s failed: %s", write ? "write" : "read",
                                fh->name, strerror(errno));
    return MPI_SUCCESS;
}

/* An independent access at `offset` etypes: the data, its disk time and SMPI's two lines; none
 * of these for count 0, where SMPI returns at once. */
static int access_at(const char *call, MPI_File fh, MPI_Offset offset, void *buf, int count,
                     MPI_Datatype type, bool write, MPI_Status *status, MPI_Offset *moved)
{
    MPI_Offset done = 0;
    int rc;

    if (offset < 0)
        return smpi__file_error(fh, call, MPI_ERR_ARG, "offset %lld is negative",
                                (long long)offset);
    smpi__enter(call);
    rc = move_data(call, fh, offset, buf, count, type, write, status, &done);
    if (rc == MPI_SUCCESS && count > 0) {
        smpi__io_charge(fh, (double)done, write);
        smpi__io_log_access(fh, write, done, count, type,
                            smpi__io_byte(fh, offset * etype_size(fh) + done));
    }
    smpi__leave();
    if (moved)
        *moved = done;
    return rc;
}

/* A collective access at `offset` etypes (read_all, write_all and their _at forms): the data,
 * then SMPI's collective algorithm for its time and lines. */
static int access_all(const char *call, MPI_File fh, MPI_Offset offset, void *buf, int count,
                      MPI_Datatype type, bool write, MPI_Status *status, MPI_Offset *moved)
{
    int rc;

    if (offset < 0)
        return smpi__file_error(fh, call, MPI_ERR_ARG, "offset %lld is negative",
                                (long long)offset);
    smpi__enter(call);
    rc = move_data(call, fh, offset, buf, count, type, write, status, moved);
    if (rc == MPI_SUCCESS)
        rc = smpi__io_op_all(fh, smpi__io_byte(fh, offset * etype_size(fh)), count, type, write);
    smpi__leave();
    return rc;
}

/* Explicit offsets: SMPI moves the individual pointer there and back (with its lines). */
static int at(const char *call, MPI_File fh, MPI_Offset offset, void *buf, int count,
              MPI_Datatype type, bool write, MPI_Status *status, bool all)
{
    int rc;

    SMPI_CHECK_FILE(call, fh);
    SMPI_CHECK_FILE_ACCESS(call, fh, count, type, write, false);
    if (offset >= 0 && (all || count > 0))
        smpi__io_log_seek(fh, MPI_SEEK_SET, smpi__io_byte(fh, offset * etype_size(fh)));
    if (all)
        rc = access_all(call, fh, offset, buf, count, type, write, status, NULL);
    else
        rc = access_at(call, fh, offset, buf, count, type, write, status, NULL);
    if (offset >= 0 && (all || count > 0))
        smpi__io_log_seek(fh, MPI_SEEK_SET,
                          smpi__io_byte(fh, smpi__file_self(fh)->ptr * etype_size(fh)));
    return rc;
}

/* Individual file pointer: access, then advance by the etypes moved. */
static int individual(const char *call, MPI_File fh, void *buf, int count, MPI_Datatype type,
                      bool write, MPI_Status *status, bool all)
{
    struct smpi_file_member *m;
    MPI_Offset moved = 0;
    int rc;

    SMPI_CHECK_FILE(call, fh);
    SMPI_CHECK_FILE_ACCESS(call, fh, count, type, write, false);
    m = smpi__file_self(fh);
    if (all)
        rc = access_all(call, fh, m->ptr, buf, count, type, write, status, &moved);
    else
        rc = access_at(call, fh, m->ptr, buf, count, type, write, status, &moved);
    m->ptr += moved / etype_size(fh);
    return rc;
}

/* Shared file pointer, independent: under the pointer's lock, take the range and access it. */
static int shared(const char *call, MPI_File fh, void *buf, int count, MPI_Datatype type,
                  bool write, MPI_Status *status)
{
    MPI_Offset at_etype;
    int rc;

    SMPI_CHECK_FILE(call, fh);
    SMPI_CHECK_FILE_ACCESS(call, fh, count, type, write, true);
    if (count == 0)
        return access_at(call, fh, fh->shared, buf, count, type, write, status, NULL);
    smpi__io_shared_lock(fh);
    at_etype = fh->shared;
    fh->shared += (MPI_Offset)count * (MPI_Offset)type->size / etype_size(fh);
    smpi__io_log_seek(fh, MPI_SEEK_SET, smpi__io_byte(fh, at_etype * etype_size(fh)));
    rc = access_at(call, fh, at_etype, buf, count, type, write, status, NULL);
    if (!write) /* SMPI's read lets the lock go before its last seek, its write after */
        smpi__io_shared_unlock(fh);
    smpi__io_log_seek(fh, MPI_SEEK_SET, smpi__io_byte(fh, fh->shared * etype_size(fh)));
    if (write)
        smpi__io_shared_unlock(fh);
    return rc;
}

/* Shared file pointer, collective in rank order: rank r accesses after ranks 0..r-1, all
 * through SMPI's collective algorithm. */
static int ordered(const char *call, MPI_File fh, void *buf, int count, MPI_Datatype type,
                   bool write, MPI_Status *status)
{
    MPI_Offset mine, start, end;
    int rc;

    SMPI_CHECK_FILE(call, fh);
    SMPI_CHECK_FILE_ACCESS(call, fh, count, type, write, true);
    mine = (MPI_Offset)count * (MPI_Offset)type->size / etype_size(fh);
    smpi__enter(call);
    rc = smpi__io_ordered_scan(fh, mine, &start, &end);
    if (rc == MPI_SUCCESS) {
        smpi__io_log_seek(fh, MPI_SEEK_SET, smpi__io_byte(fh, start * etype_size(fh)));
        rc = access_all(call, fh, start, buf, count, type, write, status, NULL);
    }
    if (rc == MPI_SUCCESS) {
        rc = smpi__io_ordered_end(fh, end);
        smpi__io_log_seek(fh, MPI_SEEK_SET,
                          smpi__io_byte(fh, smpi__file_self(fh)->ptr * etype_size(fh)));
    }
    smpi__leave();
    return rc;
}

static int at_one(const char *call, MPI_File fh, MPI_Offset offset, void *buf, int count,
                  MPI_Datatype type, bool write, MPI_Status *status)
{
    return at(call, fh, offset, buf, count, type, write, status, false);
}

static int at_all(const char *call, MPI_File fh, MPI_Offset offset, void *buf, int count,
                  MPI_Datatype type, bool write, MPI_Status *status)
{
    return at(call, fh, offset, buf, count, type, write, status, true);
}

static int individual_one(const char *call, MPI_File fh, void *buf, int count, MPI_Datatype type,
                          bool write, MPI_Status *status)
{
    return individual(call, fh, buf, count, type, write, status, false);
}

static int individual_all(const char *call, MPI_File fh, void *buf, int count, MPI_Datatype type,
                          bool write, MPI_Status *status)
{
    return individual(call, fh, buf, count, type, write, status, true);
}

/* A request already complete, whose status is `st` (a generalized request). */
struct done_req {
    MPI_Status st;
};

static int done_query(void *extra, MPI_Status *status)
{
    *status = ((struct done_req *)extra)->st;
    return MPI_SUCCESS;
}

static int done_free(void *extra)
{
    free(extra);
    return MPI_SUCCESS;
}

static int done_cancel(void *extra, int complete)
{
    (void)extra;
    (void)complete;
    return MPI_SUCCESS;
}

static int completed(int rc, const MPI_Status *st, MPI_Request *request)
{
    struct done_req *d;

    if (rc != MPI_SUCCESS) /* a failed access returns no request */
        return rc;
    d = sim_xcalloc(1, sizeof(*d));
    d->st = *st;
    if (PMPI_Grequest_start(done_query, done_free, done_cancel, d, request) == MPI_SUCCESS)
        PMPI_Grequest_complete(*request);
    return rc;
}

/* ---- open, close, delete ------------------------------------------------------------------- */

/* The simulated cost of a collective open, SMPI 3.32's: its file creates a window for the
 * shared file pointer (an allgather of one 8-byte address through the configured allgather)
 * and broadcasts two 8-byte handles from rank 0. */
static void open_cost(MPI_Comm comm)
{
    int n = smpi_comm_size(comm);
    MPI_Aint mine = 0;
    MPI_Aint *all = sim_xmalloc((size_t)n * sizeof(*all));

    PMPI_Allgather(&mine, sizeof(mine), MPI_BYTE, all, sizeof(mine), MPI_BYTE, comm);
    PMPI_Bcast(all, 1, MPI_AINT, 0, comm);
    PMPI_Bcast(all, 1, MPI_AINT, 0, comm);
    free(all);
}

int PMPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
    const char *call = "MPI_File_open";
    int modes =
        !!(amode & MPI_MODE_RDONLY) + !!(amode & MPI_MODE_WRONLY) + !!(amode & MPI_MODE_RDWR);
    struct smpi_file *f;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    if (!fh || !filename)
        return smpi__file_error(MPI_FILE_NULL, call, MPI_ERR_ARG, "filename or fh is NULL");
    *fh = MPI_FILE_NULL;
    if (modes != 1 || ((amode & MPI_MODE_RDONLY) && (amode & (MPI_MODE_CREATE | MPI_MODE_EXCL))) ||
        ((amode & MPI_MODE_RDWR) && (amode & MPI_MODE_SEQUENTIAL)))
        return smpi__file_error(MPI_FILE_NULL, call, MPI_ERR_AMODE,
                                "amode %#x: give exactly one of MPI_MODE_RDONLY, WRONLY, RDWR; "
                                "RDONLY excludes CREATE and EXCL; RDWR excludes SEQUENTIAL",
                                amode);
    smpi__enter(call);
    f = smpi__io_open(comm, filename, amode, info);
    open_cost(comm);
    smpi__leave();
    if (f->error) {
        int err = f->error;

        smpi__io_release(f);
        return smpi__file_error(MPI_FILE_NULL, call, smpi__io_errno_class(err),
                                "cannot open '%s': %s", filename, strerror(err));
    }
    *fh = f;
    smpi__handle_new(SMPI_H_FILE, f, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_open = PMPI_File_open

int PMPI_File_close(MPI_File *fh)
{
    if (!fh)
        return smpi__file_error(MPI_FILE_NULL, "MPI_File_close", MPI_ERR_ARG, "fh is NULL");
    SMPI_CHECK_FILE("MPI_File_close", *fh);
    smpi__handle_gone(SMPI_H_FILE, *fh);
    smpi__enter("MPI_File_close");
    /* collective: nobody deletes the file under another rank. Three barriers, as SMPI 3.32's
     * close costs (a sync, then freeing the shared pointer's window) */
    for (int i = 0; i < 3; i++)
        PMPI_Barrier((*fh)->comm);
    smpi__io_release(*fh);
    smpi__leave();
    *fh = MPI_FILE_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_File_close = PMPI_File_close

int PMPI_File_delete(const char *filename, MPI_Info info)
{
    const struct sim_disk *disk;
    struct sim_host *host;
    char *path;
    int rc = MPI_SUCCESS;

    (void)info;
    if (!filename)
        return smpi__file_error(MPI_FILE_NULL, "MPI_File_delete", MPI_ERR_ARG, "filename is NULL");
    path = smpi__io_path(filename, &disk, &host);
    if (unlink(path) != 0)
        rc = smpi__file_error(MPI_FILE_NULL, "MPI_File_delete", smpi__io_errno_class(errno),
                              "cannot delete '%s': %s", filename, strerror(errno));
    free(path);
    return rc;
}
#pragma weak MPI_File_delete = PMPI_File_delete

/* ---- sizes, hints, group, mode ------------------------------------------------------------- */

int PMPI_File_set_size(MPI_File fh, MPI_Offset size)
{
    SMPI_CHECK_FILE("MPI_File_set_size", fh);
    if (size < 0)
        return smpi__file_error(fh, "MPI_File_set_size", MPI_ERR_ARG, "size is negative");
    if (ftruncate(fh->fd, (off_t)size) != 0)
        return smpi__file_error(fh, "MPI_File_set_size", smpi__io_errno_class(errno),
                                "cannot resize %s: %s", fh->name, strerror(errno));
    PMPI_Barrier(fh->comm);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_set_size = PMPI_File_set_size

int PMPI_File_preallocate(MPI_File fh, MPI_Offset size)
{
    struct stat st;

    SMPI_CHECK_FILE("MPI_File_preallocate", fh);
    if (fstat(fh->fd, &st) == 0 && st.st_size < size && ftruncate(fh->fd, (off_t)size) != 0)
        return smpi__file_error(fh, "MPI_File_preallocate", smpi__io_errno_class(errno),
                                "cannot grow %s: %s", fh->name, strerror(errno));
    PMPI_Barrier(fh->comm);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_preallocate = PMPI_File_preallocate

int PMPI_File_get_size(MPI_File fh, MPI_Offset *size)
{
    struct stat st;

    SMPI_CHECK_FILE("MPI_File_get_size", fh);
    if (fstat(fh->fd, &st) != 0)
        return smpi__file_error(fh, "MPI_File_get_size", smpi__io_errno_class(errno), "%s",
                                strerror(errno));
    *size = (MPI_Offset)st.st_size;
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_size = PMPI_File_get_size

int PMPI_File_get_group(MPI_File fh, MPI_Group *group)
{
    SMPI_CHECK_FILE("MPI_File_get_group", fh);
    return PMPI_Comm_group(fh->comm, group);
}
#pragma weak MPI_File_get_group = PMPI_File_get_group

int PMPI_File_get_amode(MPI_File fh, int *amode)
{
    SMPI_CHECK_FILE("MPI_File_get_amode", fh);
    *amode = fh->amode;
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_amode = PMPI_File_get_amode

int PMPI_File_set_info(MPI_File fh, MPI_Info info)
{
    SMPI_CHECK_FILE("MPI_File_set_info", fh);
    if (info == MPI_INFO_NULL)
        return MPI_SUCCESS;
    if (smpi_comm_rank(fh->comm) == 0) { /* hints are kept, none changes the behaviour */
        if (fh->info != MPI_INFO_NULL)
            PMPI_Info_free(&fh->info);
        PMPI_Info_dup(info, &fh->info);
        smpi__handle_gone(SMPI_H_INFO, fh->info); /* the file's, not the application's */
    }
    PMPI_Barrier(fh->comm);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_set_info = PMPI_File_set_info

int PMPI_File_get_info(MPI_File fh, MPI_Info *info)
{
    SMPI_CHECK_FILE("MPI_File_get_info", fh);
    if (fh->info != MPI_INFO_NULL)
        return PMPI_Info_dup(fh->info, info);
    return PMPI_Info_create(info);
}
#pragma weak MPI_File_get_info = PMPI_File_get_info

int PMPI_File_sync(MPI_File fh)
{
    SMPI_CHECK_FILE("MPI_File_sync", fh);
    if (fsync(fh->fd) != 0 && errno != EINVAL)
        return smpi__file_error(fh, "MPI_File_sync", MPI_ERR_IO, "%s", strerror(errno));
    PMPI_Barrier(fh->comm);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_sync = PMPI_File_sync

int PMPI_File_set_atomicity(MPI_File fh, int flag)
{
    SMPI_CHECK_FILE("MPI_File_set_atomicity", fh);
    /* accesses are whole pread/pwrite calls by one rank at a time; the flag is each rank's, so
     * that a rank ahead in the collective does not change what the others still read */
    smpi__file_self(fh)->atomic = flag != 0;
    PMPI_Barrier(fh->comm);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_set_atomicity = PMPI_File_set_atomicity

int PMPI_File_get_atomicity(MPI_File fh, int *flag)
{
    SMPI_CHECK_FILE("MPI_File_get_atomicity", fh);
    *flag = smpi__file_self(fh)->atomic;
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_atomicity = PMPI_File_get_atomicity

/* ---- views ---------------------------------------------------------------------------------- */

int PMPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
                       const char *datarep, MPI_Info info)
{
    const char *call = "MPI_File_set_view";
    char msg[256];
    bool ext;

    (void)info;
    SMPI_CHECK_FILE(call, fh);
    if (etype == MPI_DATATYPE_NULL || filetype == MPI_DATATYPE_NULL)
        return smpi__file_error(fh, call, MPI_ERR_TYPE, "etype or filetype is MPI_DATATYPE_NULL");
    if (!datarep || (strcmp(datarep, "native") != 0 && strcmp(datarep, "internal") != 0 &&
                     strcmp(datarep, "external32") != 0))
        return smpi__file_error(fh, call, MPI_ERR_UNSUPPORTED_DATAREP,
                                "datarep '%s': valid: native, internal, external32",
                                datarep ? datarep : "(null)");
    if (disp < 0 && disp != MPI_DISPLACEMENT_CURRENT)
        return smpi__file_error(fh, call, MPI_ERR_ARG, "disp %lld is negative", (long long)disp);
    if (smpi__io_view_type_check(fh, etype, "etype", msg, sizeof(msg)) != MPI_SUCCESS ||
        smpi__io_view_type_check(fh, filetype, "filetype", msg, sizeof(msg)) != MPI_SUCCESS)
        return smpi__file_error(fh, call, MPI_ERR_IO, "%s", msg);
    if (disp == MPI_DISPLACEMENT_CURRENT) {
        size_t run;

        if (!(fh->amode & MPI_MODE_SEQUENTIAL))
            return smpi__file_error(fh, call, MPI_ERR_ARG,
                                    "MPI_DISPLACEMENT_CURRENT needs MPI_MODE_SEQUENTIAL");
        /* the byte where the shared pointer stands in the old view */
        disp = smpi__io_offset(smpi__file_self(fh), fh->shared * etype_size(fh), &run);
    }
    ext = strcmp(datarep, "external32") == 0;
    /* the last rank to get here (all have read the old shared pointer) resets it */
    if (++fh->view_arrivals == smpi_comm_size(fh->comm)) {
        fh->view_arrivals = 0;
        fh->shared = 0;
    }
    smpi__io_set_view(fh, disp, etype, filetype, ext);
    if (smpi_comm_rank(fh->comm) == 0) /* SMPI's rank 0 seeks the shared pointer to disp */
        smpi__io_log_seek(fh, MPI_SEEK_SET, disp);
    PMPI_Barrier(fh->comm);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_set_view = PMPI_File_set_view

/* A datatype of the view as MPI_File_get_view returns it: a predefined one as itself (the
 * application must not free it: MPICH's f77/io/miscfilef frees only the derived one), a
 * derived one as a new handle to free. */
static void view_type(MPI_Datatype t, MPI_Datatype *out)
{
    if (t->flags & SMPI_TYPE_PREDEFINED)
        *out = t;
    else
        PMPI_Type_dup(t, out);
}

int PMPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype,
                       char *datarep)
{
    struct smpi_file_member *m;

    SMPI_CHECK_FILE("MPI_File_get_view", fh);
    m = smpi__file_self(fh);
    *disp = m->disp;
    view_type(m->etype, etype);
    view_type(m->filetype, filetype);
    strcpy(datarep, m->external32 ? "external32" : "native");
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_view = PMPI_File_get_view

int PMPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp)
{
    size_t run;

    SMPI_CHECK_FILE("MPI_File_get_byte_offset", fh);
    *disp = smpi__io_offset(smpi__file_self(fh), offset * etype_size(fh), &run);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_byte_offset = PMPI_File_get_byte_offset

int PMPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    SMPI_CHECK_FILE("MPI_File_get_type_extent", fh);
    if (smpi__file_self(fh)->external32)
        return PMPI_Pack_external_size("external32", 1, datatype, extent);
    *extent = smpi_type_extent(datatype);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_type_extent = PMPI_File_get_type_extent

/* ---- pointers -------------------------------------------------------------------------------- */

static int seek_to(const char *call, MPI_File fh, MPI_Offset cur, MPI_Offset offset, int whence,
                   MPI_Offset *out)
{
    MPI_Offset size = 0, to;

    if (whence == MPI_SEEK_END) {
        struct stat st;

        fstat(fh->fd, &st);
        /* the view's data before the end of the file, in etypes */
        size = smpi__io_data_before(smpi__file_self(fh), (MPI_Offset)st.st_size) / etype_size(fh);
    }
    to = whence == MPI_SEEK_SET   ? offset
         : whence == MPI_SEEK_CUR ? cur + offset
         : whence == MPI_SEEK_END ? size + offset
                                  : -1;
    if (whence != MPI_SEEK_SET && whence != MPI_SEEK_CUR && whence != MPI_SEEK_END)
        return smpi__file_error(fh, call, MPI_ERR_ARG, "whence %d is not MPI_SEEK_SET, CUR or END",
                                whence);
    if (to < 0)
        return smpi__file_error(fh, call, MPI_ERR_ARG, "the pointer would be negative (%lld)",
                                (long long)to);
    *out = to;
    return MPI_SUCCESS;
}

/* SMPI's line of a seek that left a pointer at `to` etypes: the byte for MPI_SEEK_SET, the
 * move in bytes for the others. */
static void log_seek(MPI_File fh, MPI_Offset to, MPI_Offset offset, int whence)
{
    if (whence == MPI_SEEK_SET)
        smpi__io_log_seek(fh, whence, smpi__io_byte(fh, to * etype_size(fh)));
    else
        smpi__io_log_seek(fh, whence, offset * smpi_type_extent(smpi__file_self(fh)->etype));
}

int PMPI_File_seek(MPI_File fh, MPI_Offset offset, int whence)
{
    struct smpi_file_member *m;
    int rc;

    SMPI_CHECK_FILE("MPI_File_seek", fh);
    m = smpi__file_self(fh);
    rc = seek_to("MPI_File_seek", fh, m->ptr, offset, whence, &m->ptr);
    if (rc == MPI_SUCCESS)
        log_seek(fh, m->ptr, offset, whence);
    return rc;
}
#pragma weak MPI_File_seek = PMPI_File_seek

int PMPI_File_get_position(MPI_File fh, MPI_Offset *offset)
{
    SMPI_CHECK_FILE("MPI_File_get_position", fh);
    *offset = smpi__file_self(fh)->ptr;
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_position = PMPI_File_get_position

/* Collective, without synchronisation (SMPI's costs nothing): the first rank to make its k-th
 * call moves the pointer, the others find it moved. */
int PMPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence)
{
    struct smpi_file_member *m;
    MPI_Offset to = 0;
    int rc = MPI_SUCCESS;

    SMPI_CHECK_FILE("MPI_File_seek_shared", fh);
    m = smpi__file_self(fh);
    smpi__io_shared_lock(fh);
    if (++m->shared_seeks > fh->shared_seeks) {
        rc = seek_to("MPI_File_seek_shared", fh, fh->shared, offset, whence, &to);
        if (rc == MPI_SUCCESS) {
            fh->shared = to;
            fh->shared_seeks++;
        }
    }
    if (rc == MPI_SUCCESS)
        log_seek(fh, fh->shared, offset, whence);
    smpi__io_shared_unlock(fh);
    return rc;
}
#pragma weak MPI_File_seek_shared = PMPI_File_seek_shared

int PMPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset)
{
    SMPI_CHECK_FILE("MPI_File_get_position_shared", fh);
    *offset = fh->shared;
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_position_shared = PMPI_File_get_position_shared

/* ---- data access: blocking, and nonblocking (done at once, returned as a completed request) - */

/* The parameters (before the status or request) and the arguments of fn of an access at an
 * explicit offset (AT_) and of one through a file pointer (PTR_); BUFQ is const for a write. */
#define AT_PARAMS(BUFQ)                                                                            \
    MPI_File fh, MPI_Offset offset, BUFQ void *buf, int count, MPI_Datatype datatype
#define AT_ARGS fh, offset, (void *)buf, count, datatype
#define PTR_PARAMS(BUFQ) MPI_File fh, BUFQ void *buf, int count, MPI_Datatype datatype
#define PTR_ARGS fh, (void *)buf, count, datatype

/* The blocking access `name` and the nonblocking one `iname` (POS: AT or PTR), both done by
 * fn; ACCESS writes the two. */
#define BLOCKING(name, fn, write, POS, BUFQ)                                                       \
    int P##name(POS##_PARAMS(BUFQ), MPI_Status *status)                                            \
    {                                                                                              \
        return fn(#name, POS##_ARGS, write, status);                                               \
    }                                                                                              \
    SMPI_WEAK(name)
#define NONBLOCKING(iname, fn, write, POS, BUFQ)                                                   \
    int P##iname(POS##_PARAMS(BUFQ), MPI_Request *request)                                         \
    {                                                                                              \
        MPI_Status st;                                                                             \
        int rc = fn(#iname, POS##_ARGS, write, &st);                                               \
        return completed(rc, &st, request);                                                        \
    }                                                                                              \
    SMPI_WEAK(iname)
#define ACCESS(name, iname, fn, write, POS, BUFQ)                                                  \
    BLOCKING(name, fn, write, POS, BUFQ)                                                           \
    NONBLOCKING(iname, fn, write, POS, BUFQ)

ACCESS(MPI_File_read_at, MPI_File_iread_at, at_one, false, AT, )
ACCESS(MPI_File_read_at_all, MPI_File_iread_at_all, at_all, false, AT, )
ACCESS(MPI_File_write_at, MPI_File_iwrite_at, at_one, true, AT, const)
ACCESS(MPI_File_write_at_all, MPI_File_iwrite_at_all, at_all, true, AT, const)
ACCESS(MPI_File_read, MPI_File_iread, individual_one, false, PTR, )
ACCESS(MPI_File_read_all, MPI_File_iread_all, individual_all, false, PTR, )
ACCESS(MPI_File_write, MPI_File_iwrite, individual_one, true, PTR, const)
ACCESS(MPI_File_write_all, MPI_File_iwrite_all, individual_all, true, PTR, const)
ACCESS(MPI_File_read_shared, MPI_File_iread_shared, shared, false, PTR, )
ACCESS(MPI_File_write_shared, MPI_File_iwrite_shared, shared, true, PTR, const)
/* no nonblocking form */
BLOCKING(MPI_File_read_ordered, ordered, false, PTR, )
BLOCKING(MPI_File_write_ordered, ordered, true, PTR, const)

/* ---- split collectives: begin does the access, end returns its status ---------------------- */

/* The end of a split collective's begin call whose access returned rc and *st. */
static int split_begin(const char *call, MPI_File fh, int rc, const MPI_Status *st)
{
    struct smpi_file_member *m;

    if (rc != MPI_SUCCESS)
        return rc;
    m = smpi__file_self(fh);
    if (m->split_pending)
        return smpi__file_error(fh, call, MPI_ERR_OTHER,
                                "a split collective is already active on this file");
    m->split = *st;
    m->split_pending = true;
    return MPI_SUCCESS;
}

static int split_end(const char *call, MPI_File fh, MPI_Status *status)
{
    struct smpi_file_member *m;

    SMPI_CHECK_FILE(call, fh);
    m = smpi__file_self(fh);
    if (!m->split_pending)
        return smpi__file_error(fh, call, MPI_ERR_OTHER, "no split collective to end");
    m->split_pending = false;
    if (status && status != MPI_STATUS_IGNORE)
        *status = m->split;
    return MPI_SUCCESS;
}

/* The end call of a split collective. */
#define SPLIT_END(end, BUFQ)                                                                       \
    int P##end(MPI_File fh, BUFQ void *buf, MPI_Status *status)                                    \
    {                                                                                              \
        (void)buf;                                                                                 \
        return split_end(#end, fh, status);                                                        \
    }                                                                                              \
    SMPI_WEAK(end)

#define SPLIT_AT(begin, end, write, BUFQ)                                                          \
    int P##begin(MPI_File fh, MPI_Offset offset, BUFQ void *buf, int count, MPI_Datatype datatype) \
    {                                                                                              \
        MPI_Status st;                                                                             \
        int rc = at_all(#begin, fh, offset, (void *)buf, count, datatype, write, &st);             \
        return split_begin(#begin, fh, rc, &st);                                                   \
    }                                                                                              \
    SMPI_WEAK(begin)                                                                               \
    SPLIT_END(end, BUFQ)
SPLIT_AT(MPI_File_read_at_all_begin, MPI_File_read_at_all_end, false, )
SPLIT_AT(MPI_File_write_at_all_begin, MPI_File_write_at_all_end, true, const)

#define SPLIT(begin, end, fn, write, BUFQ)                                                         \
    int P##begin(MPI_File fh, BUFQ void *buf, int count, MPI_Datatype datatype)                    \
    {                                                                                              \
        MPI_Status st;                                                                             \
        int rc = fn(#begin, fh, (void *)buf, count, datatype, write, &st);                         \
        return split_begin(#begin, fh, rc, &st);                                                   \
    }                                                                                              \
    SMPI_WEAK(begin)                                                                               \
    SPLIT_END(end, BUFQ)
SPLIT(MPI_File_read_all_begin, MPI_File_read_all_end, individual_all, false, )
SPLIT(MPI_File_write_all_begin, MPI_File_write_all_end, individual_all, true, const)
SPLIT(MPI_File_read_ordered_begin, MPI_File_read_ordered_end, ordered, false, )
SPLIT(MPI_File_write_ordered_begin, MPI_File_write_ordered_end, ordered, true, const)
