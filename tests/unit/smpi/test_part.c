/* test_part: the byte bookkeeping of partitioned receives (smpi__part_tally, part.c): a message
 * of a send partitioned one way fills the partitions of a receive partitioned another way,
 * partition by partition, whatever the order of the send's messages, and bytes past the end of
 * the message (a larger send: truncation) are not counted. */
#include <criterion/criterion.h>

#include "smpi/internal.h"
#include "smpi/mpi/part.h"

/* Feeds the n send partitions of sb bytes, in the given order, to a receive of rpart partitions
 * of rb bytes; returns after which send message each receive partition became complete
 * (done[q], -1 if never). */
static void feed(size_t sb, int spart, const int *order, size_t rb, int rpart, size_t msg,
                 int *done)
{
    size_t received[64] = { 0 };

    for (int q = 0; q < rpart; q++)
        done[q] = -1;
    for (int k = 0; k < spart; k++) {
        int first;
        int j = order[k];
        int n = smpi__part_tally(rb, rpart, msg, (size_t)j * sb, (size_t)(j + 1) * sb, received,
                                 &first);

        for (int q = first; q < first + n; q++)
            if (received[q] == rb && done[q] < 0)
                done[q] = k;
    }
}

Test(part, a_coarser_receive_partition_completes_with_its_last_send_partition)
{
    /* 8 send partitions of 16 bytes into 2 receive partitions of 64: receive 0 is complete
     * after send message 3 (bytes 48..63), receive 1 after message 7. */
    int order[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    int done[2];

    feed(16, 8, order, 64, 2, 128, done);
    cr_assert_eq(done[0], 3);
    cr_assert_eq(done[1], 7);
}

Test(part, a_finer_receive_partition_completes_with_the_send_partition_holding_it)
{
    /* 2 send partitions of 48 bytes into 6 receive partitions of 16, sent in reverse: the
     * second half (receive 3..5) is complete after the first message, the rest after the
     * second. */
    int order[2] = { 1, 0 };
    int done[6];

    feed(48, 2, order, 16, 6, 96, done);
    for (int q = 0; q < 6; q++)
        cr_assert_eq(done[q], q < 3 ? 1 : 0, "receive partition %d after message %d", q, done[q]);
}

Test(part, straddling_partitions_count_the_bytes_of_both_neighbours)
{
    /* 3 send partitions of 40 bytes into 4 of 30: receive 1 (bytes 30..59) needs sends 0 and 1,
     * receive 2 (60..89) sends 1 and 2; sent 2, 0, 1: receive 3 after message 0, receive 0
     * after message 1, receives 1 and 2 after message 2. */
    int order[3] = { 2, 0, 1 };
    int done[4];

    feed(40, 3, order, 30, 4, 120, done);
    cr_assert_eq(done[0], 1);
    cr_assert_eq(done[1], 2);
    cr_assert_eq(done[2], 2);
    cr_assert_eq(done[3], 0);
}

Test(part, bytes_past_the_message_are_not_counted)
{
    /* a receive of 4 x 16 bytes gets a message cut at 40 bytes: receive 0 and 1 complete,
     * receive 2 holds 8 bytes (it arrives with the whole message, part.c), receive 3 none. */
    size_t received[4] = { 0 };
    int first;
    int n = smpi__part_tally(16, 4, 40, 0, 64, received, &first);

    cr_assert_eq(first, 0);
    cr_assert_eq(n, 3);
    cr_assert_eq(received[0], 16);
    cr_assert_eq(received[1], 16);
    cr_assert_eq(received[2], 8);
    cr_assert_eq(received[3], 0);
    cr_assert_eq(smpi__part_tally(16, 4, 40, 48, 64, received, &first), 0);
}

Test(part, empty_partitions_take_no_bytes)
{
    /* zero-byte partitions are complete only with the whole message (part.c): nothing here */
    size_t received[2] = { 0 };
    int first;

    cr_assert_eq(smpi__part_tally(0, 2, 0, 0, 0, received, &first), 0);
}
