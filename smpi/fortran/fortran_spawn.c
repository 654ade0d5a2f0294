/* fortran_spawn: the Fortran bindings of MPI_Comm_spawn and MPI_Comm_spawn_multiple, written by
 * hand (smpi/fortran/gen-fortran.py skips their C argv lists; gen-f08.py writes their mpi_f08
 * interfaces, whose C side is here too). A Fortran argv is an array of blank-padded CHARACTER
 * elements ended by a blank one; array_of_argv of MPI_Comm_spawn_multiple is an array (count, *)
 * whose element (i, j) is the j-th argument of command i, and array_of_commands has count
 * elements. Strings lose their trailing blanks; mpif.h and the mpi module strip leading blanks
 * too, mpi_f08 keeps them (as MPICH's bindings do, and its tests expect). MPI_ARGV_NULL,
 * MPI_ARGVS_NULL and MPI_ERRCODES_IGNORE are recognised by address (fortran.c). The commands and
 * arguments matter at the root only, so only there are they read. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/fortran/fortran.h"
#include "smpi/fortran/fortran_f08.h"
#include "smpi/internal.h"

/* The C argv (NULL-terminated, each string allocated) of the Fortran strings of length len at
 * f, f + stride * len, f + 2 * stride * len, ... up to the first blank one. */
static char **argv_in(const char *f, size_t len, size_t stride, int strip_leading)
{
    int n = 0;
    char **argv;

    for (const char *s = f; len > 0; s += stride * len, n++) {
        size_t k = 0;

        while (k < len && s[k] == ' ')
            k++;
        if (k == len)
            break;
    }
    argv = smpi__fcalloc(n + 1, sizeof(*argv));
    for (int i = 0; i < n; i++)
        argv[i] = smpi__fstr_in(f + (size_t)i * stride * len, len, strip_leading);
    return argv;
}

static void argv_free(char **argv)
{
    for (int i = 0; argv && argv[i]; i++)
        free(argv[i]);
    free(argv);
}

/* Whether the caller is root of comm (false for a null comm: the C call reports it). */
static bool is_root(MPI_Comm comm, int root)
{
    return comm != MPI_COMM_NULL && smpi_comm_rank(comm) == root;
}

/* A Fortran string argument: its address and length. */
struct fstr {
    const char *s;
    size_t len;
};

static void spawn(struct fstr command, struct fstr argv, int strip_leading, MPI_Fint *maxprocs,
                  MPI_Fint *info, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *intercomm,
                  MPI_Fint *array_of_errcodes, MPI_Fint *ierr)
{
    MPI_Comm c = PMPI_Comm_f2c(*comm);
    MPI_Comm inter = MPI_COMM_NULL;
    char *cmd = NULL;
    char **args = MPI_ARGV_NULL;

    if (is_root(c, *root)) {
        cmd = smpi__fstr_in(command.s, command.len, strip_leading);
        if (!smpi__fargv_null(argv.s))
            args = argv_in(argv.s, argv.len, 1, strip_leading);
    }
    *ierr = PMPI_Comm_spawn(cmd, args, *maxprocs, PMPI_Info_f2c(*info), *root, c, &inter,
                            smpi__ferrcodes(array_of_errcodes));
    *intercomm = PMPI_Comm_c2f(inter);
    free(cmd);
    argv_free(args);
}

static void spawn_multiple(MPI_Fint *count, struct fstr commands, struct fstr argvs,
                           int strip_leading, MPI_Fint *array_of_maxprocs, MPI_Fint *array_of_info,
                           MPI_Fint *root, MPI_Fint *comm, MPI_Fint *intercomm,
                           MPI_Fint *array_of_errcodes, MPI_Fint *ierr)
{
    MPI_Comm c = PMPI_Comm_f2c(*comm);
    MPI_Comm inter = MPI_COMM_NULL;
    int n = *count > 0 ? *count : 0;
    char **cmds = NULL;
    char ***args = MPI_ARGVS_NULL;
    MPI_Info *infos = NULL;

    if (is_root(c, *root)) {
        cmds = smpi__fcalloc(n, sizeof(*cmds));
        infos = smpi__fcalloc(n, sizeof(*infos));
        if (!smpi__fargvs_null(argvs.s))
            args = smpi__fcalloc(n, sizeof(*args));
        for (int i = 0; i < n; i++) {
            cmds[i] =
                smpi__fstr_in(commands.s + (size_t)i * commands.len, commands.len, strip_leading);
            infos[i] = PMPI_Info_f2c(array_of_info[i]);
            if (args)
                args[i] =
                    argv_in(argvs.s + (size_t)i * argvs.len, argvs.len, (size_t)n, strip_leading);
        }
    }
    *ierr = PMPI_Comm_spawn_multiple(*count, cmds, args, array_of_maxprocs, infos, *root, c, &inter,
                                     smpi__ferrcodes(array_of_errcodes));
    *intercomm = PMPI_Comm_c2f(inter);
    for (int i = 0; cmds && i < n; i++) {
        free(cmds[i]);
        if (args)
            argv_free(args[i]);
    }
    free(cmds);
    free(args);
    free(infos);
}

SMPI_API void pmpi_comm_spawn_(char *command, char *argv, MPI_Fint *maxprocs, MPI_Fint *info,
                               MPI_Fint *root, MPI_Fint *comm, MPI_Fint *intercomm,
                               MPI_Fint *array_of_errcodes, MPI_Fint *ierr, size_t command_len,
                               size_t argv_len)
{
    spawn((struct fstr){ .s = command, .len = command_len },
          (struct fstr){ .s = argv, .len = argv_len }, 1, maxprocs, info, root, comm, intercomm,
          array_of_errcodes, ierr);
}
FEXPORT(MPI_COMM_SPAWN, mpi_comm_spawn)

SMPI_API void pmpi_comm_spawn_multiple_(MPI_Fint *count, char *array_of_commands,
                                        char *array_of_argv, MPI_Fint *array_of_maxprocs,
                                        MPI_Fint *array_of_info, MPI_Fint *root, MPI_Fint *comm,
                                        MPI_Fint *intercomm, MPI_Fint *array_of_errcodes,
                                        MPI_Fint *ierr, size_t commands_len, size_t argv_len)
{
    spawn_multiple(count, (struct fstr){ .s = array_of_commands, .len = commands_len },
                   (struct fstr){ .s = array_of_argv, .len = argv_len }, 1, array_of_maxprocs,
                   array_of_info, root, comm, intercomm, array_of_errcodes, ierr);
}
FEXPORT(MPI_COMM_SPAWN_MULTIPLE, mpi_comm_spawn_multiple)

/* mpi_f08: the CHARACTER arguments come as C descriptors; IERROR is optional. */
static struct fstr fstr_of(const CFI_cdesc_t *d)
{
    return (struct fstr){ .s = d->base_addr, .len = d->elem_len };
}

SMPI_API void smpi_f08_comm_spawn(CFI_cdesc_t *command, CFI_cdesc_t *argv, MPI_Fint *maxprocs,
                                  MPI_Fint *info, MPI_Fint *root, MPI_Fint *comm,
                                  MPI_Fint *intercomm, MPI_Fint *array_of_errcodes,
                                  MPI_Fint *ierror)
{
    MPI_Fint err;

    spawn(fstr_of(command), fstr_of(argv), 0, maxprocs, info, root, comm, intercomm,
          array_of_errcodes, &err);
    if (ierror)
        *ierror = err;
}

SMPI_API void smpi_f08_comm_spawn_multiple(MPI_Fint *count, CFI_cdesc_t *array_of_commands,
                                           CFI_cdesc_t *array_of_argv, MPI_Fint *array_of_maxprocs,
                                           MPI_Fint *array_of_info, MPI_Fint *root, MPI_Fint *comm,
                                           MPI_Fint *intercomm, MPI_Fint *array_of_errcodes,
                                           MPI_Fint *ierror)
{
    MPI_Fint err;

    spawn_multiple(count, fstr_of(array_of_commands), fstr_of(array_of_argv), 0, array_of_maxprocs,
                   array_of_info, root, comm, intercomm, array_of_errcodes, &err);
    if (ierror)
        *ierror = err;
}
