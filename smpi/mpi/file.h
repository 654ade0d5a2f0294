/* file.h: MPI-IO files (file.c), shared by file.c, bindings_io.c and errhandler.c. A file is one
 * object for all the ranks that opened it together, like a communicator; each of them keeps its
 * own view, individual file pointer and error handler in its member slot. */
#ifndef SMPI_FILE_H
#define SMPI_FILE_H

#include <stdbool.h>

#include <mpi.h>

/* One rank's view of a file (MPI-3.1 section 13.3). */
struct smpi_file_member {
    MPI_Offset disp;
    MPI_Datatype etype;
    MPI_Datatype filetype;
    bool external32;   /* datarep "external32" (else "native" or "internal") */
    size_t *cum;       /* cum[j]: data bytes of the filetype before its block j */
    MPI_Offset ptr;    /* individual file pointer, in etypes of the view */
    MPI_Errhandler eh; /* this rank's error handler on the file */
    MPI_Status split;  /* status of a split collective between its begin and end */
    bool split_pending;
    int shared_seeks; /* MPI_File_seek_shared calls this rank made */
    bool atomic;      /* MPI_File_set_atomicity's flag as this rank last set it */
};

struct smpi_file {
    int fd;
    char *name; /* as the application gave it */
    char *path; /* on this machine (a disk mount point maps to a directory) */
    int amode;
    MPI_Comm comm; /* a duplicate of the opening communicator */
    MPI_Info info;
    MPI_Offset shared;                 /* shared file pointer, in etypes */
    int shared_seeks;                  /* collective MPI_File_seek_shared calls applied */
    int view_arrivals;                 /* ranks in the MPI_File_set_view under way */
    struct sim_actor *shared_owner;    /* the rank holding the shared pointer's lock, or NULL */
    struct sim_actor **shared_waiters; /* the ranks waiting for it, first come first */
    int nwaiters;
    int open_members;                 /* members that have not closed it yet */
    int error;                        /* errno of the open, 0 when it succeeded */
    struct smpi_file_member *members; /* by rank in comm */
    const struct sim_disk *disk;      /* the mounted disk that holds it, or NULL: each rank's
                                         host's first or default disk */
    struct sim_host *disk_host;       /* the host of that disk */
};

bool smpi__file_is_valid(MPI_File fh);
/* The calling rank's member slot of fh (fh valid). */
struct smpi_file_member *smpi__file_self(MPI_File fh);
/* The calling rank's error handler slot for fh, or MPI_FILE_NULL's (the default of opens). */
MPI_Errhandler *smpi__file_eh_slot(MPI_File fh);
/* Reports an error through fh's error handler (MPI_FILE_NULL: the default one); returns code
 * unless the handler ends the job. */
int smpi__file_error(MPI_File fh, const char *call, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A reference to MPI_FILE_NULL's handler, for a new file's members. */
MPI_Errhandler smpi__file_default_errhandler(void);

/* The engine (file.c). */
int smpi__io_errno_class(int err);
/* The path on this machine of file `name` (malloc'ed), and the mounted disk that holds it (a
 * <disk> whose mount point, or the host's remote_disk mount, prefixes name) and its host, or
 * NULL and the calling rank's host. */
char *smpi__io_path(const char *name, const struct sim_disk **disk, struct sim_host **host);
struct smpi_file *smpi__io_open(MPI_Comm comm, const char *name, int amode, MPI_Info info);
void smpi__io_release(struct smpi_file *f);
/* MPI_File_set_view's rule for the typemap of an etype or filetype (MPI-4.0 section 14.3):
 * displacements non-negative and monotonically nondecreasing, and no overlap when the file is
 * open for writing; MPI_ERR_IO with the reason in msg otherwise, as ROMIO. */
int smpi__io_view_type_check(const struct smpi_file *f, MPI_Datatype t, const char *what, char *msg,
                             size_t len);
int smpi__io_set_view(struct smpi_file *f, MPI_Offset disp, MPI_Datatype etype,
                      MPI_Datatype filetype, bool external32);
MPI_Offset smpi__io_offset(const struct smpi_file_member *m, MPI_Offset k, size_t *run);
/* The data bytes of view m that lie in the file before byte `end` (MPI_SEEK_END: the end of the
 * file can fall in a hole of the filetype). */
MPI_Offset smpi__io_data_before(const struct smpi_file_member *m, MPI_Offset end);
/* Moves the data only (no simulated time: smpi__io_charge or smpi__io_op_all gives it). */
int smpi__io_transfer(struct smpi_file *f, MPI_Offset start, void *buf, int count,
                      MPI_Datatype type, bool write, MPI_Status *status, MPI_Offset *moved);
/* Charges the calling rank the simulated time of moving `bytes` to or from f's disk. */
void smpi__io_charge(const struct smpi_file *f, double bytes, bool write);
/* The file byte where data byte `data` of the calling rank's view lies. */
MPI_Offset smpi__io_byte(const struct smpi_file *f, MPI_Offset data);

/* SMPI 3.32's model of the accesses (file_model.c): its smpi_io verbose lines and, for the
 * collective forms, its collective I/O algorithm with its messages and disk accesses. Offsets
 * are file bytes. */
/* "Seeking in MPI_File ..." for a move of the pointer (MPI_SEEK_SET: to `bytes`; CUR, END: by
 * `bytes`). */
void smpi__io_log_seek(const struct smpi_file *f, int whence, MPI_Offset bytes);
/* The two lines of an independent access of count elements of type that moved `moved` bytes
 * and left the pointer at byte `after`. */
void smpi__io_log_access(const struct smpi_file *f, bool write, MPI_Offset moved, int count,
                         MPI_Datatype type, MPI_Offset after);
/* SMPI's collective access of count elements of type from byte `pos` by every rank of f's
 * communicator (read_all, write_all, their _at forms, ordered): the ranges are gathered; disjoint
 * contiguous ones are accessed by their owners, otherwise each rank accesses its share of the
 * global range and the pieces go around with an alltoall and an alltoallv. Simulated time and
 * lines only: the data moves through smpi__io_transfer. */
int smpi__io_op_all(struct smpi_file *f, MPI_Offset pos, int count, MPI_Datatype type, bool write);
/* SMPI's lock of the shared pointer: its accesses and seeks hold it, so that shared accesses
 * queue one behind the other, first come first served. */
void smpi__io_shared_lock(struct smpi_file *f);
void smpi__io_shared_unlock(struct smpi_file *f);
/* SMPI's scan of the shared pointer for an ordered access of `mine` etypes by the calling
 * rank: its first etype (*start) and the end of the ranks up to it (*end). */
int smpi__io_ordered_scan(struct smpi_file *f, MPI_Offset mine, MPI_Offset *start, MPI_Offset *end);
/* After the access: the last rank sets the shared pointer to its *end and broadcasts a byte. */
int smpi__io_ordered_end(struct smpi_file *f, MPI_Offset end);

#endif /* SMPI_FILE_H */
