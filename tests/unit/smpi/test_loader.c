/* Loader tests: per-rank copies give private globals, one shared dlopen does not, and a bad
 * program or tmpdir stops the run with status 1. The programs are compiled at test time with $CC
 * (default cc), linked -shared -fPIC as smpicc does. */
#define _GNU_SOURCE 1 /* dladdr */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smpi/runtime/loader.h"

/* Each test runs in its own process; the fixture makes a scratch directory holding the programs
 * and an empty tmpdir for the copies. */
static char dir[64];
static char tmpdir[96];
static char counter_so[96];

static const char counter_src[] = "static int counter;\n"
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
    struct smpi_app *app = smpi_app_open(counter_so, 3, SMPI_PRIVATIZE_DLOPEN, tmpdir, false);
    char *argv[] = { counter_so, NULL };

    cr_assert(smpi_app_is_privatized(app));
    for (int r = 0; r < 3; r++)
        cr_assert_eq(smpi_app_main(app, r)(1, argv), 1, "rank %d", r);
    cr_assert_eq(smpi_app_main(app, 0)(1, argv), 2);
    cr_assert_eq(count_files(tmpdir), 0);
    smpi_app_close(app);
}

/* The name of the object that holds `fn` (dladdr). */
static const char *object_of(smpi_main_fn *fn)
{
    Dl_info info;
    void *p;

    memcpy(&p, &fn, sizeof(p));
    cr_assert(dladdr(p, &info));
    return info.dli_fname;
}

Test(loader, private_copies_are_memory_files)
{
    /* Ranks 1 and 2 load their copies from memory files (/proc/self/fd/N), no file in tmpdir,
     * and the descriptors are closed once loaded: the next one opened is the lowest again. */
    int before = dup(0);
    struct smpi_app *app;
    char *argv[] = { counter_so, NULL };

    cr_assert_geq(before, 0);
    close(before);
    app = smpi_app_open(counter_so, 3, SMPI_PRIVATIZE_DLOPEN, tmpdir, false);
    cr_assert_str_eq(object_of(smpi_app_main(app, 0)), counter_so);
    for (int r = 1; r < 3; r++) {
        cr_assert_eq(strncmp(object_of(smpi_app_main(app, r)), "/proc/self/fd/", 14), 0,
                     "rank %d: %s", r, object_of(smpi_app_main(app, r)));
        cr_assert_eq(smpi_app_main(app, r)(1, argv), 1, "rank %d", r);
    }
    cr_assert_eq(count_files(tmpdir), 0);
    cr_assert_eq(dup(0), before);
    smpi_app_close(app);
}

Test(loader, copies_past_the_descriptor_limit_are_files)
{
    /* With room for about 4 more descriptors than the 64 kept free, the first copies are memory
     * files and the others files of tmpdir (unlinked once loaded); every rank still owns its
     * counter, and the limit is as before afterwards. */
    struct rlimit lim = { .rlim_cur = 0 };
    struct rlimit after;
    struct smpi_app *app;
    char *argv[] = { counter_so, NULL };
    int lowest = dup(0);

    cr_assert_geq(lowest, 0);
    close(lowest);
    lim.rlim_cur = lim.rlim_max = (rlim_t)lowest + 64 + 4;
    cr_assert_eq(setrlimit(RLIMIT_NOFILE, &lim), 0);
    app = smpi_app_open(counter_so, 12, SMPI_PRIVATIZE_DLOPEN, tmpdir, false);
    cr_assert_eq(strncmp(object_of(smpi_app_main(app, 1)), "/proc/self/fd/", 14), 0);
    cr_assert_eq(strncmp(object_of(smpi_app_main(app, 11)), tmpdir, strlen(tmpdir)), 0, "%s",
                 object_of(smpi_app_main(app, 11)));
    for (int r = 0; r < 12; r++)
        cr_assert_eq(smpi_app_main(app, r)(1, argv), 1, "rank %d", r);
    cr_assert_eq(count_files(tmpdir), 0);
    cr_assert_eq(getrlimit(RLIMIT_NOFILE, &after), 0);
    cr_assert_eq(after.rlim_cur, lim.rlim_cur);
    smpi_app_close(app);
}

Test(loader, shared_ranks_share_their_globals)
{
    /* Without privatization the 3 ranks run the same object: the counter goes 1, 2, 3. */
    struct smpi_app *app = smpi_app_open(counter_so, 3, SMPI_PRIVATIZE_NO, tmpdir, false);
    char *argv[] = { counter_so, NULL };
    const void *lo;
    const void *hi;

    cr_assert_not(smpi_app_is_privatized(app));
    smpi_app_globals_span(app, &lo, &hi); /* nothing to translate: an empty span */
    cr_assert_null(lo);
    cr_assert_null(hi);
    for (int r = 0; r < 3; r++)
        cr_assert_eq(smpi_app_main(app, r)(1, argv), r + 1, "rank %d", r);
    cr_assert_eq(count_files(tmpdir), 0);
    smpi_app_close(app);
}

/* Ranks 0..n-1 of the counter program, each activated in turn, each count 1 (own counter). */
static void each_rank_counts_once(struct smpi_app *app, int n)
{
    char *argv[] = { counter_so, NULL };

    for (int r = 0; r < n; r++) {
        smpi_app_activate(app, r);
        cr_assert_eq(smpi_app_main(app, r)(1, argv), 1, "rank %d", r);
    }
}

Test(loader, mmap_privatized_ranks_each_own_their_globals)
{
    /* mmap privatization: one copy of the object, rank r's globals mapped by activate(r).
     * Each rank's counter starts at 0: ranks 0, 1, 2 each return 1, rank 0 then 2, rank 2 then
     * 2; no file is written to tmpdir. */
    struct smpi_app *app = smpi_app_open(counter_so, 3, SMPI_PRIVATIZE_MMAP, tmpdir, false);
    char *argv[] = { counter_so, NULL };

    cr_assert_eq(smpi_app_privatization(app), SMPI_PRIVATIZE_MMAP);
    each_rank_counts_once(app, 3);
    smpi_app_activate(app, 0);
    cr_assert_eq(smpi_app_main(app, 0)(1, argv), 2);
    smpi_app_activate(app, 2);
    cr_assert_eq(smpi_app_main(app, 2)(1, argv), 2);
    cr_assert_eq(count_files(tmpdir), 0);
    smpi_app_close(app);
}

/* 3 ranks under mmap privatization of `src` (which defines `int counter` and a main returning
 * ++counter): each rank's main sees its own counter, and smpi_app_rank_addr reaches the counter
 * of a rank that is not in place; the globals' span holds the counter and not a local, which
 * smpi_app_rank_addr returns unchanged. */
static void mmap_ranks_reach_each_other(const char *name, const char *src)
{
    char so[96];
    char *argv[] = { so, NULL };
    struct smpi_app *app;
    int *sym;
    const void *lo;
    const void *hi;

    build(name, src, "-shared -fPIC", so, sizeof(so));
    app = smpi_app_open(so, 3, SMPI_PRIVATIZE_MMAP, tmpdir, false);
    sym = smpi_app_symbol(app, 0, "counter");
    cr_assert_not_null(sym);
    smpi_app_globals_span(app, &lo, &hi);
    cr_assert((const char *)lo <= (const char *)sym && (const char *)(sym + 1) <= (const char *)hi,
              "counter at %p outside the span [%p, %p)", (void *)sym, lo, hi);
    cr_assert((const char *)argv < (const char *)lo || (const char *)argv >= (const char *)hi);
    cr_assert_eq(smpi_app_rank_addr(app, 2, argv), (void *)argv);
    for (int r = 0; r < 3; r++) {
        smpi_app_activate(app, r);
        cr_assert_eq(smpi_app_main(app, r)(1, argv), 1, "rank %d", r);
    }
    smpi_app_activate(app, 1);
    cr_assert_eq(smpi_app_main(app, 1)(1, argv), 2);
    /* rank 1 in place: rank 0's counter is 1, rank 1's 2 (where the code sees it) */
    cr_assert_eq(*(int *)smpi_app_rank_addr(app, 0, sym), 1);
    cr_assert_eq(*(int *)smpi_app_rank_addr(app, 1, sym), 2);
    cr_assert_eq(smpi_app_rank_addr(app, 1, sym), (void *)sym);
    *(int *)smpi_app_rank_addr(app, 2, sym) = 41; /* written while rank 1 runs */
    smpi_app_activate(app, 2);
    cr_assert_eq(smpi_app_main(app, 2)(1, argv), 42);
    smpi_app_activate(app, 0);
    cr_assert_eq(*(int *)smpi_app_rank_addr(app, 2, sym), 42);
    smpi_app_close(app);
}

Test(loader, mmap_privatization_by_copy_reaches_every_rank)
{
    /* Globals of one page: switching copies them out and in. */
    mmap_ranks_reach_each_other("small", "int counter;\n"
                                         "int main(int argc, char **argv)\n"
                                         "{ (void)argc; (void)argv; return ++counter; }\n");
}

Test(loader, mmap_privatization_by_remap_reaches_every_rank)
{
    /* 256 KiB of globals, above the 64 KiB of copy switching: each switch remaps them. */
    mmap_ranks_reach_each_other("big", "int counter;\n"
                                       "char big[256 * 1024];\n"
                                       "int main(int argc, char **argv)\n"
                                       "{ (void)argc; (void)argv; big[200000] = 1;\n"
                                       "  return ++counter; }\n");
}

/* A counter program with a constructor of its own: `yes` keeps dlopen copies for it. */
static const char ctor_src[] =
    "static int counter;\n"
    "__attribute__((constructor)) static void start(void) { counter = 10; }\n"
    "int main(int argc, char **argv)\n"
    "{ (void)argc; (void)argv; return ++counter; }\n";

Test(loader, privatization_yes_takes_mmap_above_the_mapping_limit)
{
    /* 100,000 ranks need about 5 mappings per dlopen copy, far above vm.max_map_count's default
     * 65,530: "yes" takes mmap (and writes no copy) even for a program with a constructor; 4
     * ranks of it fit, so "yes" takes dlopen there, and every rank's constructor ran. */
    struct smpi_app *app;
    char so[96];
    char *argv[] = { so, NULL };

    if (sim_max_map_count() > 400000)
        cr_skip_test("vm.max_map_count is raised to %d", sim_max_map_count());
    build("ctor", ctor_src, "-shared -fPIC", so, sizeof(so));
    app = smpi_app_open(so, 100000, SMPI_PRIVATIZE_AUTO, tmpdir, false);
    cr_assert_eq(smpi_app_privatization(app), SMPI_PRIVATIZE_MMAP);
    cr_assert_eq(count_files(tmpdir), 0);
    smpi_app_close(app);
    app = smpi_app_open(so, 4, SMPI_PRIVATIZE_AUTO, tmpdir, false);
    cr_assert_eq(smpi_app_privatization(app), SMPI_PRIVATIZE_DLOPEN);
    for (int r = 0; r < 4; r++)
        cr_assert_eq(smpi_app_main(app, r)(1, argv), 11, "rank %d", r);
    smpi_app_close(app);
}

Test(loader, privatization_yes_takes_mmap_where_it_behaves_as_dlopen)
{
    /* counter.so has no constructor, thread or exit handler and 4 bytes of globals: "yes" takes
     * mmap for 4 ranks, each with its own counter; for 1 rank it needs nothing (dlopen of the
     * file itself). */
    struct smpi_app *app = smpi_app_open(counter_so, 4, SMPI_PRIVATIZE_AUTO, tmpdir, false);

    cr_assert_eq(smpi_app_privatization(app), SMPI_PRIVATIZE_MMAP);
    each_rank_counts_once(app, 4);
    smpi_app_close(app);
    app = smpi_app_open(counter_so, 1, SMPI_PRIVATIZE_AUTO, tmpdir, false);
    cr_assert_eq(smpi_app_privatization(app), SMPI_PRIVATIZE_DLOPEN);
    smpi_app_close(app);
}

/* What smpi__mmap_differs says of the program `src` built with `flags`: NULL or the reason. */
static const char *differs(const char *name, const char *src, const char *flags)
{
    static char why[96];
    char so[96];
    const char *r;
    int fd;

    build(name, src, flags, so, sizeof(so));
    fd = open(so, O_RDONLY);
    cr_assert_geq(fd, 0);
    r = smpi__mmap_differs(fd, why, sizeof(why));
    close(fd);
    return r;
}

#define MAIN "int main(int argc, char **argv) { (void)argc; (void)argv; return 0; }\n"

Test(loader, mmap_differs_from_dlopen_by_the_program_headers)
{
    /* Each case is the smallest program with the feature; the reason names it. */
    static const struct {
        const char *name, *src, *flags, *why; /* why: NULL = mmap behaves as dlopen */
    } cases[] = {
        { "plain", "int g[100];\n" MAIN, "", NULL },
        { "ctor", "__attribute__((constructor)) static void f(void) {}\n" MAIN, "",
          "constructors of its own" },
        { "dtor", "__attribute__((destructor)) static void f(void) {}\n" MAIN, "",
          "destructors of its own" },
        { "tls", "__thread int t;\nint *p(void) { return &t; }\n" MAIN, "",
          "thread-local variables" },
        { "exit",
          "#include <stdlib.h>\nstatic void f(void) {}\n"
          "int main(void) { return atexit(f); }\n",
          "", "atexit" },
        { "thread",
          "#include <pthread.h>\nstatic void *f(void *a) { return a; }\n"
          "int main(void) { pthread_t t; return pthread_create(&t, 0, f, 0); }\n",
          "-pthread", "calls pthread_create" },
        { "shared_call",
          "void *smpi_shared_set_call(const char *, const char *, void *);\n"
          "static int t;\nint main(void) { return !smpi_shared_set_call(\"f\", \"\", &t); }\n",
          "", "calls smpi_shared_set_call" },
        { "stdio",
          "#include <stdio.h>\nstatic char buf[256];\n"
          "int main(void) { return setvbuf(stdout, buf, _IOFBF, sizeof(buf)); }\n",
          "", "calls setvbuf" },
        { "big", "char big[8192];\n" MAIN, "", "bytes of globals, above 4096" },
        /* without .symtab the compiler's entry cannot be told from a constructor: dlopen */
        { "stripped", MAIN, "-s", "constructors of its own" },
    };

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char flags[64];
        const char *r;

        snprintf(flags, sizeof(flags), "-shared -fPIC %s", cases[i].flags);
        r = differs(cases[i].name, cases[i].src, flags);
        if (!cases[i].why)
            cr_assert_null(r, "%s: %s", cases[i].name, r);
        else
            cr_assert(r && strstr(r, cases[i].why), "%s: %s", cases[i].name, r ? r : "(none)");
    }
}

/* Program headers of a writable segment [vaddr, vaddr + memsz) and, if relro, a PT_GNU_RELRO
 * [vaddr, vaddr + relro), with a code segment before. */
static void phdrs(ElfW(Phdr) ph[3], uintptr_t vaddr, size_t memsz, size_t relro)
{
    ph[0] = (ElfW(
        Phdr)){ .p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_memsz = 0x345, .p_vaddr = 0x1000 };
    ph[1] = (ElfW(
        Phdr)){ .p_type = PT_LOAD, .p_flags = PF_R | PF_W, .p_vaddr = vaddr, .p_memsz = memsz };
    ph[2] = (ElfW(
        Phdr)){ .p_type = relro ? PT_GNU_RELRO : PT_NULL, .p_vaddr = vaddr, .p_memsz = relro };
}

Test(loader, writable_ranges_are_the_exact_bytes_left_writable)
{
    const uintptr_t base = 0x7f0000000000;
    static const struct {
        uintptr_t vaddr;
        size_t memsz, relro;
        bool pages;
        int n;
        uintptr_t lo, hi; /* the one range when n is 1 */
    } cases[] = {
        /* smpicc's ring program: .init_array to .got (0x258 bytes) are RELRO, ending on a
         * page; .got.plt's end, .data and .bss are the 0x58 bytes [0x4000, 0x4058) */
        { 0x3da8, 0x2b0, 0x258, false, 1, 0x4000, 0x4058 },
        { 0x3da8, 0x2b0, 0x258, true, 1, 0x4000, 0x5000 }, /* one page to remap */
        /* RELRO ending inside a page: ld.so protects up to the page below */
        { 0x3da8, 0x2b0, 0x300, false, 1, 0x4000, 0x4058 },
        /* no RELRO: the whole segment, or its page */
        { 0x2010, 0x30, 0, false, 1, 0x2010, 0x2040 },
        { 0x2010, 0x30, 0, true, 1, 0x2000, 0x3000 },
        /* a segment all RELRO: nothing */
        { 0x3e00, 0x200, 0x200, false, 0, 0, 0 },
    };
    struct smpi__range r[4];
    ElfW(Phdr) ph[5];

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        phdrs(ph, cases[i].vaddr, cases[i].memsz, cases[i].relro);
        cr_assert_eq(smpi__writable_ranges(ph, 3, base, 4096, cases[i].pages, r, 4), cases[i].n,
                     "case %zu", i);
        if (cases[i].n == 1) {
            cr_assert_eq(r[0].lo, base + cases[i].lo, "case %zu", i);
            cr_assert_eq(r[0].hi, base + cases[i].hi, "case %zu", i);
        }
    }
    /* 5 writable segments do not fit in 4 */
    for (int i = 0; i < 5; i++)
        ph[i] = (ElfW(
            Phdr)){ .p_type = PT_LOAD, .p_flags = PF_W, .p_vaddr = 0x1000 * (i + 1), .p_memsz = 8 };
    cr_assert_eq(smpi__writable_ranges(ph, 5, base, 4096, false, r, 4), -1);
}

Test(loader, dlopen_above_the_mapping_limit_dies_at_once, .init = quiet, .exit_code = 1)
{
    /* dlopen asked for 100,000 ranks: "privatization by dlopen needs about N kernel mappings for
     * 100000 ranks (...), above vm.max_map_count (...)", status 1, before any copy is made. */
    if (sim_max_map_count() > 400000)
        exit(1); /* the limit was raised: nothing to test */
    smpi_app_open(counter_so, 100000, SMPI_PRIVATIZE_DLOPEN, tmpdir, false);
}

Test(loader, keep_temps_leaves_one_copy_per_extra_rank)
{
    /* 4 ranks with keep-temps: "yes" takes dlopen copies (whose files keep-temps keeps) even
     * for a program that mmap would privatize; rank 0 runs the original file, ranks 1-3 leave
     * their copies counter.so_<pid>_<rank>.so in tmpdir. */
    struct smpi_app *app = smpi_app_open(counter_so, 4, SMPI_PRIVATIZE_AUTO, tmpdir, true);
    char copy[160];

    cr_assert_eq(smpi_app_privatization(app), SMPI_PRIVATIZE_DLOPEN);

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
    app = smpi_app_open("counter.so", 2, SMPI_PRIVATIZE_DLOPEN, "tmp", false);
    cr_assert_eq(smpi_app_main(app, 1)(1, argv), 1);
    smpi_app_close(app);
}

Test(loader, missing_program_dies, .init = quiet, .exit_code = 1)
{
    /* "cannot open program <dir>/nothere: No such file or directory", status 1. */
    char path[128];

    snprintf(path, sizeof(path), "%s/nothere", dir);
    smpi_app_open(path, 2, SMPI_PRIVATIZE_DLOPEN, tmpdir, false);
}

Test(loader, program_not_built_by_smpicc_dies, .init = quiet, .exit_code = 1)
{
    /* An ordinary executable: "... is an ordinary position-independent executable, not a program
     * built by smpicc; was it compiled with smpicc?", status 1. */
    char exe[96];

    build("plain", counter_src, "", exe, sizeof(exe));
    smpi_app_open(exe, 2, SMPI_PRIVATIZE_DLOPEN, tmpdir, false);
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
    smpi_app_open(path, 1, SMPI_PRIVATIZE_NO, tmpdir, false);
}

Test(loader, object_without_main_dies, .init = quiet, .exit_code = 1)
{
    /* A shared object with no main: "<path> has no main function; ...", status 1. */
    char so[96];

    build("nomain", "int not_main(void) { return 0; }\n", "-shared -fPIC", so, sizeof(so));
    smpi_app_open(so, 2, SMPI_PRIVATIZE_NO, tmpdir, false);
}

Test(loader, missing_tmpdir_dies, .init = quiet, .exit_code = 1)
{
    /* "cannot use <dir>/none for the per-rank copies of the program: No such file or directory",
     * then the -tmpdir hint; status 1. */
    char none[96];

    snprintf(none, sizeof(none), "%s/none", dir);
    smpi_app_open(counter_so, 2, SMPI_PRIVATIZE_DLOPEN, none, false);
}
