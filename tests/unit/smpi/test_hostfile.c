/* Hostfile tests: SMPI 3.32's syntax (host names with spaces, NAME:COUNT split at the last ':'
 * once a ':' appears anywhere), the blanks SMPI would refuse, ranks in host name order without
 * a hostfile, and the errors that name the file and line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/child_exit.h"
#include "smpi/internal.h"

static const char platform_xml[] =
    "<?xml version='1.0'?><platform version=\"4.1\"><zone id=\"z\" routing=\"None\">"
    "<host id=\"Host 26\" speed=\"1f\"/><host id=\"b\" speed=\"1f\"/>"
    "<host id=\"a:b\" speed=\"1f\"/><host id=\"Cpu A\" speed=\"1f\"/></zone></platform>";

static const char *write_file(const char *text)
{
    static char path[64];
    FILE *f;

    snprintf(path, sizeof(path), "/tmp/test_hostfile.%d", (int)getpid());
    f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* The names of the hosts `text` lists, separated by '|'. */
static const char *hosts_of(const char *text)
{
    static char out[512];
    struct sim_platform *p = sim_platform_load_string(platform_xml, "t.xml");
    struct sim_host **h;
    const char *path = write_file(text);
    int n = smpi__hostfile_read(path, p, &h);
    size_t len = 0;

    out[0] = '\0';
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(out + len, sizeof(out) - len, "%s%s", i ? "|" : "",
                                sim_host_name(h[i]));
    free(h);
    unlink(path);
    sim_platform_free(p);
    return out;
}

static void read_file(const void *path)
{
    struct sim_host **h;

    smpi__hostfile_read(path, sim_platform_load_string(platform_xml, "t.xml"), &h);
}

/* Reads `text` in a child process; asserts exit status 1 and `msg` in its stderr. */
static void expect_error(const char *text, const char *msg)
{
    const char *path = write_file(text);

    expect_exit_1(read_file, path, msg);
    unlink(path);
}

Test(hostfile, names_keep_their_spaces_and_counts_split_at_the_last_colon)
{
    /* Without ':' each line is a host name as is; with one anywhere, NAME:COUNT lines repeat
     * NAME (everything before the last ':'), other lines are one host; blank lines, '#' lines
     * and COUNT 0 take no rank. */
    cr_assert_str_eq(hosts_of("Host 26\nb\n\nCpu A\n"), "Host 26|b|Cpu A");
    cr_assert_str_eq(hosts_of("Host 26:2\nb\n# comment\na:b:3\nCpu A:0\n"),
                     "Host 26|Host 26|b|a:b|a:b|a:b");
}

Test(hostfile, blanks_and_carriage_returns_around_a_name_are_tolerated)
{
    /* SMPI looks "b " and "b\r" up as they are and fails; simmpi then tries the name without
     * its surrounding blanks. */
    cr_assert_str_eq(hosts_of("b \r\n  Host 26\r\n"), "b|Host 26");
    cr_assert_str_eq(hosts_of("b : 2 \r\n"), "b|b");
}

Test(hostfile, errors_name_the_file_line_and_host)
{
    expect_error("b\nc\n", ":2: unknown host 'c' (not in the platform)");
    expect_error("b:x\n", ":1: bad rank count 'x' after the last ':'; expected host:N");
    expect_error("b:-1\n", ":1: bad rank count '-1'");
}

Test(hostfile, an_empty_hostfile_aborts_as_smpi)
{
    /* SMPI's xbt_assert: a root CRITICAL line and abort (status 134), not the exit 1 of the
     * errors above. */
    const char *path = write_file("\n\n");

    expect_abort(read_file, path, "[root/CRITICAL] smpirun: the hostfile '");
    expect_abort(read_file, path, "' is empty");
    unlink(path);
}

Test(hostfile, without_a_hostfile_ranks_take_hosts_in_name_order)
{
    /* SMPI's Engine::get_all_hosts sorts by name (byte order: upper case first). */
    struct sim_platform *p = sim_platform_load_string(platform_xml, "t.xml");
    struct sim_host **h;
    int n = smpi__hosts_by_name(p, &h);

    cr_assert_eq(n, 4);
    cr_assert_str_eq(sim_host_name(h[0]), "Cpu A");
    cr_assert_str_eq(sim_host_name(h[1]), "Host 26");
    cr_assert_str_eq(sim_host_name(h[2]), "a:b");
    cr_assert_str_eq(sim_host_name(h[3]), "b");
    free(h);
    sim_platform_free(p);
}
