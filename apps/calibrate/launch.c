/* launch: smpicalibrate's child processes. The probe's source is written to a private folder,
 * built there with --mpicc and run with --mpirun (both split on white space and run without a
 * shell); the probe's lines become samples while a progress line counts them. Any failure
 * ends the run with one message naming the option and its value. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apps/calibrate/calib.h"

extern const char calib_probe_source[];

static char workdir[4096];
static const char *remove_on_failure;
static bool progress_open;

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void cleanup(void)
{
    if (workdir[0])
        nftw(workdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void calib_die(const char *fmt, ...)
{
    va_list ap;

    if (progress_open)
        fputc('\n', stderr);
    fputs("smpicalibrate: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (remove_on_failure)
        remove(remove_on_failure);
    exit(1);
}

/* The file to delete if the run fails (the half-written output). */
void calib_remove_on_failure(const char *path)
{
    remove_on_failure = path;
}

/* The private folder of this run, created on first use and removed at exit. */
const char *calib_workdir(void)
{
    const char *tmp = getenv("TMPDIR");

    if (workdir[0])
        return workdir;
    snprintf(workdir, sizeof(workdir), "%s/smpicalibrate-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(workdir)) {
        int err = errno;

        workdir[0] = 0;
        calib_die("cannot create a temporary folder under %s: %s (set TMPDIR)",
                  tmp && *tmp ? tmp : "/tmp", strerror(err));
    }
    atexit(cleanup);
    return workdir;
}

/* Words of s (split on blanks) followed by room for `extra` more and a NULL. */
static char **split(const char *s, int extra, int *count)
{
    char *copy = strdup(s);
    char **v = calloc(strlen(s) + (size_t)extra + 2, sizeof(*v));
    char *save = NULL;
    int n = 0;

    if (!copy || !v)
        calib_die("out of memory");
    for (char *t = strtok_r(copy, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save))
        v[n++] = t;
    *count = n;
    return v;
}

/* Starts argv with stdout to out_fd (-1: a new pipe, returned in *pipe_fd) and stderr to the
 * file err_path. Returns the child's pid; if argv[0] cannot be run, dies naming `option`. */
static pid_t spawn(char **argv, const char *option, const char *value, const char *err_path,
                   int *pipe_fd)
{
    int status_pipe[2];
    int out_pipe[2] = { -1, -1 };
    int err;
    pid_t pid;

    if (pipe2(status_pipe, O_CLOEXEC) < 0 || (pipe_fd && pipe(out_pipe) < 0))
        calib_die("cannot create a pipe: %s", strerror(errno));
    fflush(NULL);
    pid = fork();
    if (pid < 0)
        calib_die("cannot start %s: %s", argv[0], strerror(errno));
    if (pid == 0) {
        int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

        if (fd >= 0) {
            dup2(fd, 2);
            if (!pipe_fd)
                dup2(fd, 1);
        }
        if (pipe_fd)
            dup2(out_pipe[1], 1);
        execvp(argv[0], argv);
        err = errno;
        if (write(status_pipe[1], &err, sizeof(err)) < 0)
            _exit(127);
        _exit(127);
    }
    close(status_pipe[1]);
    if (pipe_fd) {
        close(out_pipe[1]);
        *pipe_fd = out_pipe[0];
    }
    if (read(status_pipe[0], &err, sizeof(err)) == (ssize_t)sizeof(err)) {
        waitpid(pid, NULL, 0);
        calib_die("%s '%s': cannot run '%s': %s", option, value, argv[0], strerror(err));
    }
    close(status_pipe[0]);
    return pid;
}

/* The last 12 lines of a log, indented, for an error message. */
static void print_tail(const char *path)
{
    FILE *f = fopen(path, "r");
    char *lines[12] = { 0 };
    char *line = NULL;
    size_t cap = 0;
    int n = 0;

    if (!f)
        return;
    while (getline(&line, &cap, f) >= 0) {
        free(lines[n % 12]);
        lines[n++ % 12] = strdup(line);
    }
    free(line);
    fclose(f);
    for (int i = n > 12 ? n - 12 : 0; i < n; i++) {
        fprintf(stderr, "  %s", lines[i % 12]);
        if (!strchr(lines[i % 12], '\n'))
            fputc('\n', stderr);
    }
    for (int i = 0; i < 12; i++)
        free(lines[i]);
}

/* Ends the run: `what` (run for `option` 'value') failed with `status`; the last lines of its
 * output follow the message. */
static void die_status(const char *option, const char *value, const char *what, int status,
                       const char *log)
{
    if (progress_open)
        fputc('\n', stderr);
    if (WIFSIGNALED(status))
        fprintf(stderr, "smpicalibrate: %s '%s': %s was killed by signal %d\n", option, value, what,
                WTERMSIG(status));
    else
        fprintf(stderr, "smpicalibrate: %s '%s': %s failed with exit status %d\n", option, value,
                what, WEXITSTATUS(status));
    print_tail(log);
    if (remove_on_failure)
        remove(remove_on_failure);
    exit(1);
}

/* Writes the probe's source into the work folder and builds it: MPICC -O2 -o probe probe.c. */
void calib_build_probe(const struct calib_opts *o)
{
    char src[4200];
    char bin[4200];
    char log[4200];
    FILE *f;
    int n;
    int status;
    char **argv = split(o->mpicc, 4, &n);

    snprintf(src, sizeof(src), "%s/probe.c", calib_workdir());
    snprintf(bin, sizeof(bin), "%s/probe", calib_workdir());
    snprintf(log, sizeof(log), "%s/build.log", calib_workdir());
    if (n == 0)
        calib_die("--mpicc is empty; expected an MPI C compiler such as mpicc or smpicc");
    f = fopen(src, "w");
    if (!f || fputs(calib_probe_source, f) < 0 || fclose(f) != 0)
        calib_die("cannot write %s: %s", src, strerror(errno));
    argv[n++] = "-O2";
    argv[n++] = "-o";
    argv[n++] = bin;
    argv[n++] = src;
    waitpid(spawn(argv, "--mpicc", o->mpicc, log, NULL), &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        die_status("--mpicc", o->mpicc, "compiling the probe", status, log);
    free(argv[0]);
    free(argv);
}

static bool has_np(char **argv, int n)
{
    for (int i = 1; i < n; i++)
        if (!strcmp(argv[i], "-np") || !strcmp(argv[i], "-n") || !strncmp(argv[i], "-np=", 4) ||
            !strncmp(argv[i], "-n=", 3))
            return true;
    return false;
}

static void progress(const char *what, long done, long total)
{
    static int last_quarter = -1;
    int quarter = total > 0 ? (int)(4 * done / total) : 0;

    if (isatty(2)) {
        fprintf(stderr, "\rsmpicalibrate: %s: %ld/%ld samples ", what, done, total);
        progress_open = true;
    } else if (quarter != last_quarter || done == 0) {
        fprintf(stderr, "smpicalibrate: %s: %ld/%ld samples\n", what, done, total);
    }
    last_quarter = done >= total ? -1 : quarter;
}

/* Runs MPIRUN [-np NP] probe ARGS..., adds the probe's samples to `out`. */
void calib_run_probe(const struct calib_opts *o, int np, char **args, const char *what,
                     struct calib_samples *out)
{
    char bin[4200];
    char log[4200];
    char npbuf[16];
    char line[512];
    int n;
    int fd;
    int status;
    long total = 0;
    long done = 0;
    bool ended = false;
    int nargs = 0;
    int before;
    pid_t pid;
    char **argv;
    FILE *in;

    while (args[nargs])
        nargs++;
    argv = split(o->mpirun, nargs + 3, &n);
    if (n == 0)
        calib_die("--mpirun is empty; expected an MPI launcher such as mpirun or smpirun");
    snprintf(bin, sizeof(bin), "%s/probe", calib_workdir());
    snprintf(log, sizeof(log), "%s/run.log", calib_workdir());
    snprintf(npbuf, sizeof(npbuf), "%d", np);
    if (!has_np(argv, n)) {
        argv[n++] = "-np";
        argv[n++] = npbuf;
    }
    argv[n++] = bin;
    for (int i = 0; i < nargs; i++)
        argv[n++] = args[i];
    pid = spawn(argv, "--mpirun", o->mpirun, log, &fd);
    in = fdopen(fd, "r");
    while (in && fgets(line, sizeof(line), in)) {
        if (sscanf(line, "total %ld", &total) == 1) {
            progress(what, 0, total);
            continue;
        }
        if (strncmp(line, "end", 3) == 0) {
            ended = true;
            continue;
        }
        before = out->n;
        calib_samples_add(out, line);
        if (out->n > before && strncmp(line, "procs ", 6) != 0 && ++done <= total)
            progress(what, done, total);
    }
    if (in)
        fclose(in);
    waitpid(pid, &status, 0);
    if (progress_open)
        fputc('\n', stderr);
    progress_open = false;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        die_status("--mpirun", o->mpirun, "running the probe", status, log);
    if (!ended)
        calib_die("--mpirun '%s': the probe's output stopped before its last line (%ld of %ld "
                  "samples); is the launcher forwarding rank 0's output?",
                  o->mpirun, done, total);
    free(argv[0]);
    free(argv);
}

/* Runs "probe MODE REPS [EXTRA] S1,S2,..." with the sizes in a random order (from --seed). */
void calib_run_sweep(const struct calib_opts *o, const char *mode, const char *extra,
                     const long *sizes, int n, const char *what, struct calib_samples *s)
{
    long *order = malloc((size_t)(n ? n : 1) * sizeof(*order));
    char reps[16];
    char *list;
    char *args[5] = { (char *)mode, reps, NULL, NULL, NULL };

    if (!order)
        calib_die("out of memory");
    memcpy(order, sizes, (size_t)n * sizeof(*order));
    calib_shuffle(order, n, o->seed);
    list = calib_size_list(order, n);
    snprintf(reps, sizeof(reps), "%d", o->reps);
    args[2] = extra ? (char *)extra : list;
    args[3] = extra ? list : NULL;
    calib_run_probe(o, o->np, args, what, s);
    free(list);
    free(order);
}

/* Refining runs (at most REFINE_ROUNDS): each measures up to REFINE_PER_GAP sizes inside every
 * boundary not yet known to the byte of the n range sets (set i counts sizes shift[i] bytes
 * above the probe's), then update(s, ctx) rebuilds and refines the sets. */
void calib_refine(const struct calib_opts *o, const char *mode, const char *extra,
                  struct calib_ranges **r, const long *shift, int n,
                  void (*update)(struct calib_samples *, void *), void *ctx, const char *what,
                  struct calib_samples *s)
{
    long sizes[CALIB_MAX_SIZES];

    for (int round = 0; round < REFINE_ROUNDS; round++) {
        int count = 0;

        for (int i = 0; i < n; i++) {
            int got =
                calib_ranges_gaps(r[i], REFINE_PER_GAP, sizes + count, CALIB_MAX_SIZES - count);

            for (int j = count; j < count + got; j++)
                sizes[j] -= shift[i];
            count += got;
        }
        if (count == 0)
            return;
        calib_run_sweep(o, mode, extra, sizes, count, what, s);
        update(s, ctx);
    }
}
