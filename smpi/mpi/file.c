/* file: MPI-IO on the real file system, with simulated I/O time. The ranks that open a file
 * together share one descriptor; each keeps its own view (displacement, etype, filetype,
 * datarep), individual pointer and error handler. Data moves through pread/pwrite on the byte
 * runs that the view's filetype selects; "external32" converts through MPI_Pack_external.
 *
 * Disks: a path under the mount point of a <disk> of the rank's host (or of the host that its
 * "remote_disk" property "mount:disk:host" names, as in SimGrid's platforms) is stored in the
 * directory smpi/tmpdir/simmpi-disk-<host>-<disk>, created on demand; other paths are used as
 * they are; other files use the first disk of the accessing rank's host, or a default disk of
 * 100 MB/s read and 40 MB/s write (SimGrid's example disk) when it declares none. A read or
 * write of n bytes costs the rank the time its disk takes to move them, concurrent accesses
 * to one disk sharing it as in SimGrid's disk model S19 (sim_io_start). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smpi/mpi/datatype.h"
#include "smpi/mpi/file.h"
#include "smpi/internal.h"

#define DEFAULT_READ_BW 100e6
#define DEFAULT_WRITE_BW 40e6

/* Files being opened: the first member creates the object, the others find it by the
 * duplicate communicator that smpi__comm_dup gave them all. */
struct opening {
    MPI_Comm comm;
    struct smpi_file *f;
    int waiting;
    struct opening *next;
};
static struct opening *openings;

/* Every live file, to validate handles. */
static struct smpi_file **live;
static int nlive, cap_live;

bool smpi__file_is_valid(MPI_File fh)
{
    for (int i = 0; i < nlive; i++)
        if (live[i] == fh)
            return true;
    return false;
}

struct smpi_file_member *smpi__file_self(MPI_File fh)
{
    return &fh->members[smpi_comm_rank(fh->comm)];
}

int smpi__io_errno_class(int err)
{
    switch (err) {
    case ENOENT:
        return MPI_ERR_NO_SUCH_FILE;
    case EACCES:
    case EPERM:
        return MPI_ERR_ACCESS;
    case EEXIST:
        return MPI_ERR_FILE_EXISTS;
    case ENOSPC:
    case EDQUOT:
    case EFBIG:
        return MPI_ERR_NO_SPACE;
    case EROFS:
        return MPI_ERR_READ_ONLY;
    case ENAMETOOLONG:
    case ENOTDIR:
    case EISDIR:
    case ELOOP:
        return MPI_ERR_BAD_FILE;
    default:
        return MPI_ERR_IO;
    }
}

char *smpi__io_path(const char *name, const struct sim_disk **where, struct sim_host **where_host)
{
    struct sim_host *h = smpi__self()->host;
    const char *remote = sim_host_property(h, "remote_disk");
    struct sim_host *owner = h;
    const struct sim_disk *disk = NULL;
    char buf[SMPI_PATH_MAX * 2];

    *where = NULL;
    *where_host = h;
    if (remote) { /* "mount:disk:host" */
        char mount[256], dname[256], hname[256];

        if (sscanf(remote, "%255[^:]:%255[^:]:%255s", mount, dname, hname) == 3 &&
            strncmp(name, mount, strlen(mount)) == 0 &&
            (name[strlen(mount)] == '/' || name[strlen(mount)] == '\0')) {
            struct sim_host *o = sim_platform_host_by_name(sim_engine_platform(), hname);

            for (int i = 0; o && i < sim_host_disk_count(o); i++)
                if (strcmp(sim_disk_name(sim_host_disk(o, i)), dname) == 0) {
                    owner = o;
                    disk = sim_host_disk(o, i);
                }
        }
    }
    for (int i = 0; !disk && i < sim_host_disk_count(h); i++) {
        const struct sim_disk *d = sim_host_disk(h, i);
        const char *m = sim_disk_mount(d);

        if (m && strncmp(name, m, strlen(m)) == 0 &&
            (name[strlen(m)] == '/' || name[strlen(m)] == '\0'))
            disk = d;
    }
    if (disk) {
        const char *rest = name + strlen(sim_disk_mount(disk) ? sim_disk_mount(disk) : "");

        if (remote && owner != h) {
            char mount[256];

            sscanf(remote, "%255[^:]", mount);
            rest = name + strlen(mount);
        }
        *where = disk;
        *where_host = owner;
        snprintf(buf, sizeof(buf), "%s/simmpi-disk-%s-%s", smpi__rt.cfg.tmpdir,
                 sim_host_name(owner), sim_disk_name(disk));
        mkdir(buf, 0777);
        snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s", rest);
        return sim_xstrdup(buf);
    }
    return sim_xstrdup(name);
}

static void wait_for(struct sim_activity *act)
{
    sim_activity_wait(act);
    sim_activity_unref(act);
}

/* Charges the calling rank the simulated time of moving `bytes` to or from f's disk, sharing
 * it with the other accesses in progress (SimGrid's disk model S19). A disk of another host
 * (remote_disk) adds the network transfer, before a write and after a read, as SimGrid's
 * file system does. */
void smpi__io_charge(const struct smpi_file *f, double bytes, bool write)
{
    struct sim_host *h = smpi__self()->host;
    const struct sim_disk *d = f->disk;
    bool remote = d && f->disk_host != h;

    if (!d)
        d = sim_host_disk_count(h) > 0
                ? sim_host_disk(h, 0)
                : sim_host_default_disk(h, DEFAULT_READ_BW, DEFAULT_WRITE_BW);
    if (bytes <= 0)
        return;
    if (remote && write)
        wait_for(sim_comm_start(h, f->disk_host, bytes, -1));
    wait_for(sim_io_start(d, bytes, write));
    if (remote && !write)
        wait_for(sim_comm_start(f->disk_host, h, bytes, -1));
}

static void member_clear(struct smpi_file_member *m)
{
    smpi__type_unref(m->etype);
    smpi__type_unref(m->filetype);
    free(m->cum);
    m->etype = m->filetype = NULL;
    m->cum = NULL;
}

static void member_view(struct smpi_file_member *m, MPI_Offset disp, MPI_Datatype etype,
                        MPI_Datatype filetype, bool external32)
{
    MPI_Datatype ft = filetype;

    member_clear(m);
    smpi__type_ref(etype);
    smpi__type_ref(ft);
    m->etype = etype;
    m->filetype = ft;
    m->disp = disp;
    m->external32 = external32;
    m->ptr = 0;
    smpi__type_flatten(ft);
    m->cum = sim_xmalloc((size_t)(ft->nblocks + 1) * sizeof(*m->cum));
    m->cum[0] = 0;
    for (int j = 0; j < ft->nblocks; j++)
        m->cum[j + 1] = m->cum[j] + ft->blocks[j].length;
}

/* Opens (first member) or joins (the others) the file of a collective MPI_File_open. */
struct smpi_file *smpi__io_open(MPI_Comm comm, const char *name, int amode, MPI_Info info)
{
    MPI_Comm dup = smpi__comm_dup(comm);
    struct opening **op;
    struct smpi_file *f;
    int n = smpi_comm_size(dup);
    int flags;

    for (op = &openings; *op && (*op)->comm != dup; op = &(*op)->next)
        ;
    if (*op) {
        struct opening *o = *op;

        f = o->f;
        if (--o->waiting == 0) {
            *op = o->next;
            free(o);
        }
        return f;
    }
    f = sim_xcalloc(1, sizeof(*f));
    f->name = sim_xstrdup(name);
    f->path = smpi__io_path(name, &f->disk, &f->disk_host);
    f->amode = amode;
    f->comm = dup;
    f->open_members = n;
    if (info != MPI_INFO_NULL)
        PMPI_Info_dup(info, &f->info);
    flags = (amode & MPI_MODE_RDONLY) ? O_RDONLY : (amode & MPI_MODE_WRONLY) ? O_WRONLY : O_RDWR;
    if (amode & MPI_MODE_CREATE)
        flags |= O_CREAT;
    if (amode & MPI_MODE_EXCL)
        flags |= O_EXCL;
    f->fd = open(f->path, flags, 0666);
    f->error = f->fd < 0 ? errno : 0;
    f->members = sim_xcalloc((size_t)n, sizeof(*f->members));
    for (int i = 0; i < n; i++) { /* the default view: bytes from offset 0, native */
        member_view(&f->members[i], 0, MPI_BYTE, MPI_BYTE, false);
        f->members[i].eh = smpi__file_default_errhandler();
    }
    if (f->fd >= 0 && (amode & MPI_MODE_APPEND)) {
        struct stat st;

        if (fstat(f->fd, &st) == 0) {
            f->shared = st.st_size;
            for (int i = 0; i < n; i++)
                f->members[i].ptr = st.st_size;
        }
    }
    if (nlive == cap_live) {
        cap_live = cap_live ? 2 * cap_live : 16;
        live = sim_xrealloc(live, (size_t)cap_live * sizeof(*live));
    }
    live[nlive++] = f;
    if (n > 1) {
        struct opening *o = sim_xcalloc(1, sizeof(*o));

        o->comm = dup;
        o->f = f;
        o->waiting = n - 1;
        o->next = openings;
        openings = o;
    }
    return f;
}

/* The calling member leaves the file; the last one closes it (and deletes it on
 * MPI_MODE_DELETE_ON_CLOSE). */
void smpi__io_release(struct smpi_file *f)
{
    struct smpi_file_member *m = smpi__file_self(f);
    MPI_Comm comm = f->comm;

    member_clear(m);
    if (m->eh)
        PMPI_Errhandler_free(&m->eh);
    if (--f->open_members > 0) {
        smpi__comm_release(comm);
        return;
    }
    if (f->fd >= 0) {
        close(f->fd);
        if (f->amode & MPI_MODE_DELETE_ON_CLOSE)
            unlink(f->path);
    }
    for (int i = 0; i < nlive; i++)
        if (live[i] == f)
            live[i] = live[--nlive];
    if (f->info != MPI_INFO_NULL)
        PMPI_Info_free(&f->info);
    free(f->members);
    free(f->shared_waiters);
    free(f->name);
    free(f->path);
    free(f);
    smpi__comm_release(comm);
}

int smpi__io_view_type_check(const struct smpi_file *f, MPI_Datatype t, const char *what, char *msg,
                             size_t len)
{
    bool writable = (f->amode & (MPI_MODE_WRONLY | MPI_MODE_RDWR)) != 0;
    MPI_Aint end = 0;

    smpi__type_flatten(t);
    for (int i = 0; i < t->nblocks; i++) {
        const struct smpi_type_block *b = &t->blocks[i];
        const char *fault = NULL;

        if (b->offset < 0)
            fault = "is negative";
        else if (i > 0 && b->offset < t->blocks[i - 1].offset)
            fault = "decreases";
        else if (writable && b->offset < end)
            fault = "overlaps the data before it in a file open for writing";
        if (fault) {
            snprintf(msg, len,
                     "%s %s: the displacement %ld of its block %d %s; MPI requires "
                     "non-negative, monotonically nondecreasing displacements",
                     what, t->name, (long)b->offset, i, fault);
            return MPI_ERR_IO;
        }
        end = b->offset + (MPI_Aint)b->length;
    }
    return MPI_SUCCESS;
}

int smpi__io_set_view(struct smpi_file *f, MPI_Offset disp, MPI_Datatype etype,
                      MPI_Datatype filetype, bool external32)
{
    member_view(smpi__file_self(f), disp, etype, filetype, external32);
    return MPI_SUCCESS;
}

/* File offset of data byte k of the view and the bytes that follow it contiguously. */
MPI_Offset smpi__io_offset(const struct smpi_file_member *m, MPI_Offset k, size_t *run)
{
    MPI_Datatype ft = m->filetype;
    MPI_Offset tile, w;
    int lo = 0, hi = ft->nblocks - 1;

    if (ft->nblocks == 0 || ft->size == 0) {
        *run = 0;
        return m->disp;
    }
    if (ft->nblocks == 1 && ft->blocks[0].length == ft->size &&
        smpi_type_extent(ft) == (MPI_Aint)ft->size) { /* contiguous tiling: one run */
        *run = (size_t)1 << 62;
        return m->disp + ft->blocks[0].offset + k;
    }
    tile = k / (MPI_Offset)ft->size;
    w = k % (MPI_Offset)ft->size;
    while (lo < hi) { /* the block holding data byte w */
        int mid = (lo + hi + 1) / 2;

        if ((MPI_Offset)m->cum[mid] <= w)
            lo = mid;
        else
            hi = mid - 1;
    }
    *run = m->cum[lo + 1] - (size_t)w;
    return m->disp + tile * (MPI_Offset)smpi_type_extent(ft) + ft->blocks[lo].offset +
           (w - (MPI_Offset)m->cum[lo]);
}

MPI_Offset smpi__io_data_before(const struct smpi_file_member *m, MPI_Offset end)
{
    MPI_Datatype ft = m->filetype;
    MPI_Offset ext = (MPI_Offset)smpi_type_extent(ft);
    MPI_Offset rel = end - m->disp, r, data;

    if (rel <= 0 || ft->nblocks == 0 || ft->size == 0 || ext <= 0)
        return 0;
    data = rel / ext * (MPI_Offset)ft->size;
    r = rel % ext;
    for (int j = 0; j < ft->nblocks; j++) { /* the part of each block before r */
        MPI_Offset in = r - (MPI_Offset)ft->blocks[j].offset;

        if (in > 0)
            data += in < (MPI_Offset)ft->blocks[j].length ? in : (MPI_Offset)ft->blocks[j].length;
    }
    return data;
}

/* Moves count elements of type between buf and the view, from data byte `start`; fills
 * status. Returns an MPI error class (0 on success). */
int smpi__io_transfer(struct smpi_file *f, MPI_Offset start, void *buf, int count,
                      MPI_Datatype type, bool write, MPI_Status *status, MPI_Offset *moved)
{
    struct smpi_file_member *m = smpi__file_self(f);
    size_t bytes = (size_t)count * type->size;
    size_t done = 0;
    char *tmp;
    int rc = MPI_SUCCESS;

    if (m->external32) {
        MPI_Aint sz = 0;

        if (PMPI_Pack_external_size("external32", count, type, &sz) != MPI_SUCCESS)
            return MPI_ERR_UNSUPPORTED_DATAREP;
        bytes = (size_t)sz;
    }
    tmp = sim_xmalloc(bytes ? bytes : 1);
    if (write) {
        if (m->external32) {
            MPI_Aint pos = 0;

            PMPI_Pack_external("external32", buf, count, type, tmp, (MPI_Aint)bytes, &pos);
        } else {
            smpi__type_pack(buf, count, type, tmp);
        }
    }
    while (done < bytes) {
        size_t run;
        MPI_Offset off = smpi__io_offset(m, start + (MPI_Offset)done, &run);
        ssize_t r;

        if (run == 0)
            break;
        if (run > bytes - done)
            run = bytes - done;
        r = write ? pwrite(f->fd, tmp + done, run, off) : pread(f->fd, tmp + done, run, off);
        if (r < 0) {
            rc = smpi__io_errno_class(errno);
            break;
        }
        done += (size_t)r;
        if (r == 0) /* end of file; a shorter transfer is not (Linux moves at most 2 GiB - 4 KiB
                     * per call): the loop goes on from where it stopped */
            break;
    }
    if (!write && done > 0) {
        if (m->external32) {
            MPI_Aint pos = 0;

            PMPI_Unpack_external("external32", tmp, (MPI_Aint)done, &pos, buf,
                                 (int)(done / (bytes / (count ? (size_t)count : 1))), type);
        } else {
            smpi__type_unpack(tmp, done, buf, count, type);
        }
    }
    free(tmp);
    if (m->external32 && bytes > 0) /* in native bytes for MPI_Get_count */
        done = done * ((size_t)count * type->size) / bytes;
    if (status && status != MPI_STATUS_IGNORE) {
        status->MPI_SOURCE = MPI_ANY_SOURCE;
        status->MPI_TAG = MPI_ANY_TAG;
        status->MPI_ERROR = rc;
        status->smpi_cancelled = 0;
        status->smpi_count = (MPI_Count)done;
    }
    if (moved)
        *moved = (MPI_Offset)done;
    return rc;
}

MPI_Offset smpi__io_byte(const struct smpi_file *f, MPI_Offset data)
{
    size_t run;

    return smpi__io_offset(&f->members[smpi_comm_rank(f->comm)], data, &run);
}
