/* file_model: SMPI 3.32's model of MPI-IO accesses, which gives their simulated cost and their
 * lines in the log category smpi_io (verbose level: --log=smpi_io.thres:verbose), with SMPI's
 * texts. The data itself moves through smpi__io_transfer (file.c), by MPI's rules.
 *
 * SMPI's collective accesses (read_all, write_all, their _at forms, and the ordered ones) run
 * one algorithm, after Thakur and Choudhary's extended two-phase method: every rank gathers the
 * byte ranges [pos, pos + count * extent) of all; when they are disjoint and contiguous each
 * rank accesses its own range, otherwise rank r accesses the r-th n-th of the global range
 * (only the parts some rank asked for), then the ranks exchange their piece sizes (alltoall)
 * and the pieces (alltoallv). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "collectives/collectives.h"
#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/file.h"

SIM_LOG_SUBCATEGORY(log_io, "smpi_io", "smpi");

void smpi__io_log_seek(const struct smpi_file *f, int whence, MPI_Offset bytes)
{
    if (whence == MPI_SEEK_SET)
        SIM_LOG(log_io, SIM_LOG_VERBOSE, "Seeking in MPI_File %s, setting offset %lld", f->name,
                (long long)bytes);
    else if (whence == MPI_SEEK_CUR)
        SIM_LOG(log_io, SIM_LOG_VERBOSE, "Seeking in MPI_File %s, current offset + %lld", f->name,
                (long long)bytes);
    else
        SIM_LOG(log_io, SIM_LOG_VERBOSE, "Seeking in MPI_File %s, end offset + %lld", f->name,
                (long long)bytes);
}

void smpi__io_log_access(const struct smpi_file *f, bool write, MPI_Offset moved, int count,
                         MPI_Datatype type, MPI_Offset after)
{
    long long size = (long long)count * (long long)type->size;
    long long move = (long long)count * (long long)smpi_type_extent(type);

    if (write) {
        SIM_LOG(
            log_io, SIM_LOG_VERBOSE,
            "Write in MPI_File %s, %lld bytes written, count %d, writesize %lld bytes, movesize %lld",
            f->name, (long long)moved, count, size, move);
        SIM_LOG(log_io, SIM_LOG_VERBOSE, "Position after write in MPI_File %s : %lld", f->name,
                (long long)after);
    } else {
        SIM_LOG(
            log_io, SIM_LOG_VERBOSE,
            "Read in MPI_File %s, %lld bytes read, count %d, readsize %lld bytes, movesize %lld",
            f->name, (long long)moved, count, size, move);
        SIM_LOG(log_io, SIM_LOG_VERBOSE, "Position after read in MPI_File %s : %lld", f->name,
                (long long)after);
    }
}

/* One access of SMPI's algorithm: count elements of type at byte pos, charged and logged as
 * SMPI's File::read and File::write do (a read stops at the end of the file; the pointer then
 * moves by the elements' extent when it differs from their size). */
static void model_access(const struct smpi_file *f, MPI_Offset pos, int count, MPI_Datatype type,
                         bool write)
{
    MPI_Offset size = (MPI_Offset)count * (MPI_Offset)type->size;
    MPI_Offset move = (MPI_Offset)count * (MPI_Offset)smpi_type_extent(type);
    MPI_Offset done = size;
    struct stat st;

    if (!write) {
        MPI_Offset end = fstat(f->fd, &st) == 0 ? (MPI_Offset)st.st_size : 0;

        done = pos >= end ? 0 : (end - pos < size ? end - pos : size);
    }
    smpi__io_charge(f, (double)done, write);
    smpi__io_log_access(f, write, done, count, type, size != move ? pos + move : pos + done);
}

static int gather_offset(MPI_Offset mine, MPI_Offset *all, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = &mine,
                           .scount = 1,
                           .stype = MPI_OFFSET,
                           .rbuf = all,
                           .rcount = 1,
                           .rtype = MPI_OFFSET,
                           .comm = comm };

    return smpi__coll_exec(COLL_ALLGATHER, &a);
}

static int cmp_range(const void *a, const void *b)
{
    const MPI_Offset *x = a;
    const MPI_Offset *y = b;

    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* The bytes of [cs, ce) that some rank's range covers (the ranges merged, as SMPI does). */
static MPI_Offset covered(const MPI_Offset *lo, const MPI_Offset *hi, int n, MPI_Offset cs,
                          MPI_Offset ce)
{
    MPI_Offset *r = sim_xmalloc(2 * (size_t)n * sizeof(*r));
    MPI_Offset total = 0;
    int k = 0;

    for (int i = 0; i < n; i++) {
        r[2 * i] = lo[i];
        r[2 * i + 1] = hi[i];
    }
    qsort(r, (size_t)n, 2 * sizeof(*r), cmp_range);
    for (int i = 1; i < n; i++) { /* merge into r[0..k] */
        if (r[2 * i + 1] <= r[2 * k + 1])
            continue;
        if (r[2 * i] > r[2 * k + 1]) {
            k++;
            r[2 * k] = r[2 * i];
        }
        r[2 * k + 1] = r[2 * i + 1];
    }
    for (int i = 0; i <= k; i++) {
        MPI_Offset s = r[2 * i] > cs ? r[2 * i] : cs;
        MPI_Offset e = r[2 * i + 1] < ce ? r[2 * i + 1] : ce;

        if (r[2 * i + 1] >= cs && r[2 * i] <= ce)
            total += e - s;
    }
    free(r);
    return total;
}

/* The interleaved case: this rank accesses its share [cs, ce) of [min, max], then the pieces
 * go to the ranks whose ranges they overlap. */
static int interleaved(const struct smpi_file *f, const MPI_Offset *lo, const MPI_Offset *hi,
                       MPI_Offset min, MPI_Offset max, MPI_Datatype type, bool write)
{
    int n = smpi_comm_size(f->comm);
    int r = smpi_comm_rank(f->comm);
    MPI_Offset ext = smpi_type_extent(type) > 0 ? smpi_type_extent(type) : 1;
    MPI_Offset cs = min + (max - min + 1) / n * r;
    MPI_Offset ce = min + (max - min + 1) / n * (r + 1) + 1;
    MPI_Offset first = lo[r];
    MPI_Offset reads;
    int *v = sim_xcalloc(4 * (size_t)n, sizeof(*v)); /* send, recv sizes, send, recv disps */
    long sent = 0;
    long recvd = 0;
    char *sbuf;
    char *rbuf;
    int rc;

    for (int i = 0; i < n; i++) {
        if ((cs >= lo[i] && cs < hi[i]) || (ce <= hi[i] && ce > lo[i])) {
            MPI_Offset e = hi[i] < ce ? hi[i] : ce;
            MPI_Offset s = lo[i] > cs ? lo[i] : cs;

            v[i] = (int)((e - s) / ext * (MPI_Offset)type->size); /* packed: data only */
            first = lo[i] < first ? lo[i] : first;
            sent += v[i];
        }
    }
    first = first > cs ? first : cs;
    reads = covered(lo, hi, n, cs, ce);
    if (reads > 0) {
        smpi__io_log_seek(f, MPI_SEEK_SET, first);
        model_access(f, first, (int)(reads / ext), type, write);
        smpi__io_log_seek(f, MPI_SEEK_SET, hi[r]);
    }
    rc = smpi__coll_exec(COLL_ALLTOALL, &(struct coll_args){ .sbuf = v,
                                                             .scount = 1,
                                                             .stype = MPI_INT,
                                                             .rbuf = v + n,
                                                             .rcount = 1,
                                                             .rtype = MPI_INT,
                                                             .comm = f->comm });
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++) { /* every piece leaves from offset 0 */
        v[3 * n + i] = (int)recvd;
        recvd += v[n + i];
    }
    sbuf = sim_xcalloc(sent > 0 ? (size_t)sent : 1, 1);
    rbuf = sim_xmalloc(recvd > 0 ? (size_t)recvd : 1);
    if (rc == MPI_SUCCESS)
        rc = smpi__coll_exec(COLL_ALLTOALLV, &(struct coll_args){ .sbuf = sbuf,
                                                                  .scounts = v,
                                                                  .sdispls = v + 2 * n,
                                                                  .stype = MPI_BYTE,
                                                                  .rbuf = rbuf,
                                                                  .rcounts = v + n,
                                                                  .rdispls = v + 3 * n,
                                                                  .rtype = MPI_BYTE,
                                                                  .comm = f->comm });
    free(rbuf);
    free(sbuf);
    free(v);
    return rc;
}

int smpi__io_op_all(struct smpi_file *f, MPI_Offset pos, int count, MPI_Datatype type, bool write)
{
    int n = smpi_comm_size(f->comm);
    int r = smpi_comm_rank(f->comm);
    MPI_Offset *lo = sim_xmalloc(2 * (size_t)n * sizeof(*lo));
    MPI_Offset *hi = lo + n;
    MPI_Offset min, max, tot = 0;
    bool empty = true;
    int rc;

    rc = gather_offset(pos, lo, f->comm);
    if (rc == MPI_SUCCESS)
        rc = gather_offset(pos + (MPI_Offset)count * smpi_type_extent(type), hi, f->comm);
    if (rc != MPI_SUCCESS)
        goto out;
    min = lo[r];
    max = hi[r];
    for (int i = 0; i < n; i++) {
        empty = empty && lo[i] == hi[i];
        tot += hi[i] - lo[i];
        min = lo[i] < min ? lo[i] : min;
        max = hi[i] > max ? hi[i] : max;
    }
    if (empty)
        goto out;
    if (n == 1 || (max - min == tot && smpi_type_is_contiguous(type))) {
        model_access(f, pos, count, type, write);
        smpi__io_log_seek(f, MPI_SEEK_SET, hi[r]);
        goto out;
    }
    rc = interleaved(f, lo, hi, min, max, type, write);
out:
    free(lo);
    return rc;
}

int smpi__io_ordered_scan(struct smpi_file *f, MPI_Offset mine, MPI_Offset *start, MPI_Offset *end)
{
    MPI_Offset val = smpi_comm_rank(f->comm) == 0 ? f->shared + mine : mine;
    MPI_Offset sum = 0;
    int rc;

    /* one MPI_OFFSET through the scan, as SMPI's; rank 0 adds the shared pointer */
    rc = smpi__coll_exec(COLL_SCAN, &(struct coll_args){ .sbuf = &val,
                                                         .rbuf = &sum,
                                                         .count = 1,
                                                         .type = MPI_OFFSET,
                                                         .op = MPI_SUM,
                                                         .comm = f->comm });
    *start = sum - mine;
    *end = sum;
    return rc;
}

int smpi__io_ordered_end(struct smpi_file *f, MPI_Offset end)
{
    int n = smpi_comm_size(f->comm);
    char token = 0;

    if (smpi_comm_rank(f->comm) == n - 1)
        f->shared = end;
    /* the last rank tells the others the pointer moved (SMPI's one-byte broadcast) */
    return smpi__coll_exec(
        COLL_BCAST,
        &(struct coll_args){
            .rbuf = &token, .count = 1, .type = MPI_BYTE, .root = n - 1, .comm = f->comm });
}

void smpi__io_shared_lock(struct smpi_file *f)
{
    struct sim_actor *self = sim_actor_self();

    if (!f->shared_owner) {
        f->shared_owner = self;
        return;
    }
    f->shared_waiters =
        sim_xrealloc(f->shared_waiters, (size_t)(f->nwaiters + 1) * sizeof(*f->shared_waiters));
    f->shared_waiters[f->nwaiters++] = self;
    while (f->shared_owner != self)
        sim_actor_block("the shared file pointer's lock");
}

void smpi__io_shared_unlock(struct smpi_file *f)
{
    f->shared_owner = NULL;
    if (f->nwaiters == 0)
        return;
    f->shared_owner = f->shared_waiters[0];
    f->nwaiters--;
    memmove(f->shared_waiters, f->shared_waiters + 1,
            (size_t)f->nwaiters * sizeof(*f->shared_waiters));
    sim_actor_wake(f->shared_owner);
}
