/* TI trace reading (smpi/replay/replay_read.c) and SMPI 3.32's datatype ids
 * (smpi/trace/ti_types.c). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smpi/trace/ti.h"

static char dir[] = "/tmp/simmpi-ti-XXXXXX";

static char *write_file(const char *name, const char *text)
{
    static char path[256];
    FILE *f;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void setup(void)
{
    cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void)
{
    char cmd[300];

    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
    strcpy(dir, "/tmp/simmpi-ti-XXXXXX");
}

TestSuite(replay_read, .init = setup, .fini = teardown);

Test(replay_read, index_skips_blank_lines_and_keeps_line_numbers)
{
    /* "a.txt", a blank line, "  b.txt  ": two files, named on index lines 1 and 3, trimmed */
    char **files;
    int *lines;
    int n = smpi__ti_read_index(write_file("idx", "a.txt\n\n  b.txt  \n"), &files, &lines);

    cr_assert_eq(n, 2);
    cr_assert_str_eq(files[0], "a.txt");
    cr_assert_str_eq(files[1], "b.txt");
    cr_assert_eq(lines[0], 1);
    cr_assert_eq(lines[1], 3);
    for (int i = 0; i < n; i++)
        free(files[i]);
    free(files);
    free(lines);
}

Test(replay_read, shared_file_gives_each_rank_its_own_lines)
{
    /* A shared trace: rank 1 sees its two actions, at lines 3 and 6 (comments, blank lines and
     * rank 0's lines skipped); the last line has no newline and is read all the same. */
    struct smpi_ti_reader r;
    struct smpi_ti_action a = { 0 };
    char *path = write_file("shared", "0 init\n# comment\n1 init\n\n0 send 1 0 10\n"
                                      "1\trecv  0 0 10");

    smpi__ti_reader_open(&r, path, "idx", 1);
    cr_assert(smpi__ti_reader_next(&r, 1, &a));
    cr_assert_eq(a.nfields, 2);
    cr_assert_str_eq(a.fields[1], "init");
    cr_assert_eq(r.line, 3);
    cr_assert(smpi__ti_reader_next(&r, 1, &a));
    cr_assert_eq(a.nfields, 5);
    cr_assert_str_eq(a.fields[1], "recv");
    cr_assert_str_eq(a.fields[4], "10");
    cr_assert_eq(r.line, 6);
    cr_assert_str_eq(r.text, "1\trecv  0 0 10");
    cr_assert(!smpi__ti_reader_next(&r, 1, &a));
    smpi__ti_reader_close(&r);
    smpi__ti_action_free(&a);
}

Test(replay_read, lines_longer_than_a_chunk_are_whole)
{
    /* An alltoallv of 3000 ranks: 6004 fields on one line of about 15 KB (several 2 KiB
     * chunks), between two short lines; every field is there, in order. */
    size_t cap = 64 * 1024;
    char *text = malloc(cap);
    size_t len = 0;
    struct smpi_ti_reader r;
    struct smpi_ti_action a = { 0 };

    len += (size_t)snprintf(text + len, cap - len, "0 init\n0 alltoallv 3000");
    for (int i = 0; i < 3000; i++)
        len += (size_t)snprintf(text + len, cap - len, " %d", i);
    len += (size_t)snprintf(text + len, cap - len, " 3000");
    for (int i = 0; i < 3000; i++)
        len += (size_t)snprintf(text + len, cap - len, " %d", 2 * i);
    snprintf(text + len, cap - len, " 0 0\n0 finalize\n");
    smpi__ti_reader_open(&r, write_file("long", text), "idx", 1);
    cr_assert(smpi__ti_reader_next(&r, 0, &a));
    cr_assert(smpi__ti_reader_next(&r, 0, &a));
    cr_assert_eq(a.nfields, 2 + 2 + 2 * 3000 + 2);
    cr_assert_str_eq(a.fields[3 + 2999], "2999");
    cr_assert_str_eq(a.fields[4 + 3000 + 2999], "5998");
    cr_assert_eq(r.line, 2);
    cr_assert(smpi__ti_reader_next(&r, 0, &a));
    cr_assert_str_eq(a.fields[1], "finalize");
    cr_assert(!smpi__ti_reader_next(&r, 0, &a));
    smpi__ti_reader_close(&r);
    smpi__ti_action_free(&a);
    free(text);
}

Test(replay_read, datatype_ids_are_smpi_ones)
{
    /* SMPI 3.32 numbers MPI_DOUBLE 0, MPI_INT 1, MPI_CHAR 2, MPI_FLOAT 5, MPI_BYTE 6; derived
     * types are -1; an id it never writes decodes to nothing. */
    cr_assert_str_eq(smpi__ti_type_id(MPI_DOUBLE), "0");
    cr_assert_str_eq(smpi__ti_type_id(MPI_INT), "1");
    cr_assert_str_eq(smpi__ti_type_id(MPI_CHAR), "2");
    cr_assert_str_eq(smpi__ti_type_id(MPI_BYTE), "6");
    cr_assert_eq(smpi__ti_type_decode("5"), MPI_FLOAT);
    cr_assert_eq(smpi__ti_type_decode("7"), MPI_LONG_LONG);
    cr_assert_null(smpi__ti_type_decode("99"));
    cr_assert_null(smpi__ti_type_decode("x"));
}

Test(replay_read, index_names_are_found_next_to_the_index)
{
    /* The index names "r0.txt", which is not in the working directory but next to the index:
     * it resolves to <dir>/r0.txt; a name found nowhere stays as written (for the message). */
    char **files;
    int *lines;
    char want[300];
    int n;

    write_file("r0.txt", "0 init\n");
    n = smpi__ti_read_index(write_file("idx", "r0.txt\nnowhere.txt\n"), &files, &lines);
    cr_assert_eq(n, 2);
    snprintf(want, sizeof(want), "%s/r0.txt", dir);
    cr_assert_str_eq(files[0], want);
    cr_assert_str_eq(files[1], "nowhere.txt");
    for (int i = 0; i < n; i++)
        free(files[i]);
    free(files);
    free(lines);
}
