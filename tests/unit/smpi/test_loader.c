/* Loader tests: per-rank copies give private globals, one shared dlopen does not, and a bad
 * program or tmpdir stops the run with status 1. The programs are compiled at test time with $CC
 * (default cc), linked -shared -fPIC as smpicc does. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smpi/loader.h"

/* Each test runs in its own process; the fixture makes a scratch directory holding the programs
 * and an empty tmpdir for the copies. */
static char dir[64];
static char tmpdir[96];
static char counter_so[96];

static const char counter_src[] =
    "static int counter;\n"
    "int main(int argc, char **argv)\n"
    "{\n"
    "    (void)argc;\n"
    "    (void)argv;\n"
    "    return ++counter;\n"
    "}\n";

/* Compiles `src` into <dir>/<name>.so with `flags`; fails the test if the compiler does. */
static void build(const char *name, const char *src, const char *flags, char *out, size_t cap)
{
    char cmd[512];
    const char *cc = getenv("CC") ? getenv("CC") : "cc";
    FILE *f;

    snprintf(cmd, sizeof(cmd), "%s/%s.c", dir, name);
    f = fopen(cmd, "w");
    cr_assert_not_null(f);
    fputs(src, f);
    fclose(f);
    snprintf(out, cap, "%s/%s.so", dir, name);
    snprintf(cmd, sizeof(cmd), "%s %s -o %s %s/%s.c", cc, flags, out, dir, name);
    cr_assert_eq(system(cmd), 0, "cannot compile the test program: %s", cmd);
}

/* Also registered with atexit: the tests that end in sim_die never reach .fini. */
static void teardown(void)
{
    char cmd[128];

    if (!dir[0])
        return;
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    if (system(cmd) != 0)
        cr_log_warn("cannot remove %s", dir);
    dir[0] = '\0';
}

static void setup(void)
{
    strcpy(dir, "/tmp/test_loader_XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    atexit(teardown);
    snprintf(tmpdir, sizeof(tmpdir), "%s/tmp", dir);
    cr_assert_eq(mkdir(tmpdir, 0700), 0);
    build("counter", counter_src, "-shared -fPIC", counter_so, sizeof(counter_so));
}

/* A test's .init runs after the suite's: the death tests only silence stderr. */
static void quiet(void)
{
    cr_redirect_stderr();
}

static int count_files(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    int n = 0;

    cr_assert_not_null(d);
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

TestSuite(loader, .init = setup, .fini = teardown);

Test(loader, privatized_ranks_each_own_their_globals)
{
    /* 3 ranks, one copy each: every rank's main increments its own counter, so each returns 1,
     * even when called again after the others (rank 0 then sees 2). The copies are unlinked. */
    struct smpi_app *app = smpi_app_open(counter_so, 3, true, tmpdir, false);
    char *argv[] = { counter_so, NULL };

    cr_assert(smpi_app_is_privatized(app));
    for (int r = 0; r < 3; r++)
        cr_assert_eq(smpi_app_main(app, r)(1, argv), 1, "rank %d", r);
    cr_assert_eq(smpi_app_main(app, 0)(1, argv), 2);
    cr_assert_eq(count_files(tmpdir), 0);
    smpi_app_close(app);
}

Test(loader, shared_ranks_share_their_globals)
{
    /* Without privatization the 3 ranks run the same object: the counter goes 1, 2, 3. */
    struct smpi_app *app = smpi_app_open(counter_so, 3, false, tmpdir, false);
    char *argv[] = { counter_so, NULL };

    cr_assert_not(smpi_app_is_privatized(app));
    for (int r = 0; r < 3; r++)
        cr_assert_eq(smpi_app_main(app, r)(1, argv), r + 1, "rank %d", r);
    cr_assert_eq(count_files(tmpdir), 0);
    smpi_app_close(app);
}

Test(loader, keep_temps_leaves_one_copy_per_extra_rank)
{
    /* 4 ranks with keep-temps: rank 0 runs the original file, ranks 1-3 leave their copies
     * counter.so_<pid>_<rank>.so in tmpdir. */
    struct smpi_app *app = smpi_app_open(counter_so, 4, true, tmpdir, true);
    char copy[160];

    cr_assert_eq(count_files(tmpdir), 3);
    snprintf(copy, sizeof(copy), "%s/counter.so_%ld_3.so", tmpdir, (long)getpid());
    cr_assert_eq(access(copy, R_OK), 0, "%s missing", copy);
    smpi_app_close(app);
}

Test(loader, program_name_without_slash_is_in_the_current_directory)
{
    /* "counter.so" must not be searched on the library path. */
    struct smpi_app *app;
    char *argv[] = { "counter.so", NULL };

    cr_assert_eq(chdir(dir), 0);
    app = smpi_app_open("counter.so", 2, true, "tmp", false);
    cr_assert_eq(smpi_app_main(app, 1)(1, argv), 1);
    smpi_app_close(app);
}

Test(loader, missing_program_dies, .init = quiet, .exit_code = 1)
{
    /* "cannot open program <dir>/nothere: No such file or directory", status 1. */
    char path[128];

    snprintf(path, sizeof(path), "%s/nothere", dir);
    smpi_app_open(path, 2, true, tmpdir, false);
}

Test(loader, program_not_built_by_smpicc_dies, .init = quiet, .exit_code = 1)
{
    /* An ordinary executable: "... is an ordinary position-independent executable, not a program
     * built by smpicc; was it compiled with smpicc?", status 1. */
    char exe[96];

    build("plain", counter_src, "", exe, sizeof(exe));
    smpi_app_open(exe, 2, true, tmpdir, false);
}

Test(loader, text_file_dies, .init = quiet, .exit_code = 1)
{
    /* A script is "not an ELF file", status 1. */
    char path[96];
    FILE *f;

    snprintf(path, sizeof(path), "%s/script", dir);
    f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("#!/bin/sh\necho hello\n", f);
    fclose(f);
    smpi_app_open(path, 1, false, tmpdir, false);
}

Test(loader, object_without_main_dies, .init = quiet, .exit_code = 1)
{
    /* A shared object with no main: "<path> has no main function; ...", status 1. */
    char so[96];

    build("nomain", "int not_main(void) { return 0; }\n", "-shared -fPIC", so, sizeof(so));
    smpi_app_open(so, 2, false, tmpdir, false);
}

Test(loader, missing_tmpdir_dies, .init = quiet, .exit_code = 1)
{
    /* "cannot use <dir>/none for the per-rank copies of the program: No such file or directory",
     * then the -tmpdir hint; status 1. */
    char none[96];

    snprintf(none, sizeof(none), "%s/none", dir);
    smpi_app_open(counter_so, 2, true, none, false);
}
