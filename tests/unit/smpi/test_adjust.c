/* smpi/comp-adjustment-file parsing (adjust.c): SMPI 3.32's CSV (a header line, then
 * "location",ratio lines read as Boost's escaped_list_separator reads them) and its errors. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "smpi/internal.h"

static char path[64];

static const char *write_csv(const char *text)
{
    int fd;

    snprintf(path, sizeof(path), "/tmp/simmpi-adjust-XXXXXX");
    fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

Test(adjust, reads_smpi_csv_with_quotes_spaces_and_first_key_winning)
{
    /* The header is skipped even though it looks like data; quoted and bare fields, blanks
     * around the location, a blank line and a Windows line end are accepted; a repeated key
     * keeps its first ratio (SMPI's try_emplace); unknown keys give 1. */
    smpi__adjust_load(write_csv("\"a.c:1:a.c:2\",\"3\"\n"
                                "\"a.c:1:a.c:2\",\"1000\"\n"
                                "  b.c:5:b.c:9  , 0.25\r\n"
                                "\n"
                                "\"a.c:1:a.c:2\",\"7\"\n"));
    unlink(path);
    cr_assert_float_eq(smpi__adjust_lookup("a.c:1:a.c:2"), 1000, 1e-12);
    cr_assert_float_eq(smpi__adjust_lookup("b.c:5:b.c:9"), 0.25, 1e-12);
    cr_assert_float_eq(smpi__adjust_lookup("c.c:1:c.c:2"), 1, 1e-12);
}

Test(adjust, a_ratio_that_is_not_positive_ends_the_run_naming_file_and_line, .exit_code = 1,
     .init = cr_redirect_stderr)
{
    /* Line 3 holds 0: dividing the measured time by it is meaningless. */
    smpi__adjust_load(
        write_csv("\"start:stop\",\"ratio\"\n\"x.c:1:x.c:2\",2\n\"x.c:2:x.c:3\",0\n"));
}

Test(adjust, a_missing_file_ends_the_run, .exit_code = 1, .init = cr_redirect_stderr)
{
    smpi__adjust_load("/nonexistent/simmpi-adjust.csv");
}
