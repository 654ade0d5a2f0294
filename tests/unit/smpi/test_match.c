/* test_match: the matching queues keep MPI's order across their per-source split: a send takes
 * the earliest posted receive that accepts it, whether posted for its source or for
 * MPI_ANY_SOURCE; a receive takes its source's earliest matching send, or with MPI_ANY_SOURCE
 * the earliest of all; contexts and MPI_ANY_TAG are respected; removal unlinks both queues. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "smpi/internal.h"

static struct smpi_comm comm = { .context = 4, .coll_context = 5 };

static struct smpi_request *req(bool recv, int src, int tag)
{
    struct smpi_request *r = calloc(1, sizeof(*r));

    r->flags = recv ? SMPI_REQ_RECV : 0;
    r->comm = &comm;
    r->src = src;
    r->tag = tag;
    return r;
}

Test(match, send_takes_the_earliest_posting_across_source_and_wildcard_queues)
{
    struct smpi_mailbox mb = { 0 };
    struct smpi_request *from1 = req(true, 1, 5);
    struct smpi_request *any = req(true, MPI_ANY_SOURCE, 5);
    struct smpi_request *from2 = req(true, 2, 5);
    struct smpi_request *s2 = req(false, 2, 5);
    struct smpi_request *s1 = req(false, 1, 5);

    smpi__mq_post(&mb, from1);
    smpi__mq_post(&mb, any);
    smpi__mq_post(&mb, from2);
    /* rank 2's send: the wildcard was posted before the receive naming rank 2 */
    cr_assert_eq(smpi__mq_take_posted(&mb, s2), any);
    cr_assert_eq(smpi__mq_take_posted(&mb, s2), from2);
    cr_assert_eq(smpi__mq_take_posted(&mb, s2), NULL);
    cr_assert_eq(smpi__mq_take_posted(&mb, s1), from1);
    cr_assert_eq(smpi__mq_take_posted(&mb, s1), NULL);
}

Test(match, receive_takes_its_sources_earliest_send_and_a_wildcard_the_earliest_of_all)
{
    struct smpi_mailbox mb = { 0 };
    struct smpi_request *a = req(false, 1, 1);
    struct smpi_request *b = req(false, 2, 2);
    struct smpi_request *c = req(false, 1, 3);

    smpi__mq_unexpect(&mb, a);
    smpi__mq_unexpect(&mb, b);
    smpi__mq_unexpect(&mb, c);
    cr_assert_eq(smpi__mq_take_unexpected(&mb, req(true, 1, 3)), c);
    cr_assert_eq(smpi__mq_take_unexpected(&mb, req(true, MPI_ANY_SOURCE, MPI_ANY_TAG)), a);
    cr_assert_eq(smpi__mq_take_unexpected(&mb, req(true, 1, MPI_ANY_TAG)), NULL);
    cr_assert_eq(mb.unexp.head, b, "the arrival-order queue keeps what is left");
    cr_assert_eq(mb.unexp.tail, b);
    cr_assert_eq(smpi__mq_take_unexpected(&mb, req(true, 2, 2)), b);
    cr_assert_eq(mb.unexp.head, NULL);
}

Test(match, contexts_and_wildcard_tags)
{
    struct smpi_mailbox mb = { 0 };
    struct smpi_request *coll = req(false, 3, -12);
    struct smpi_request *user = req(false, 3, 7);
    struct smpi_request *r;

    coll->flags |= SMPI_REQ_COLL;
    smpi__mq_unexpect(&mb, coll);
    smpi__mq_unexpect(&mb, user);
    /* MPI_ANY_TAG accepts no negative (reserved) tag, and a user receive never a collective
     * message */
    cr_assert_eq(smpi__mq_take_unexpected(&mb, req(true, 3, MPI_ANY_TAG)), user);
    cr_assert_eq(smpi__mq_take_unexpected(&mb, req(true, 3, -12)), NULL);
    r = req(true, 3, -12);
    r->flags |= SMPI_REQ_COLL;
    cr_assert_eq(smpi__mq_take_unexpected(&mb, r), coll);
}

Test(match, removal_and_many_sources)
{
    struct smpi_mailbox mb = { 0 };
    struct smpi_request *sends[300];
    struct smpi_request *recv;

    for (int i = 0; i < 300; i++) {
        sends[i] = req(false, 299 - i, i);
        smpi__mq_unexpect(&mb, sends[i]);
    }
    smpi__mq_unexpect_remove(&mb, sends[150]); /* a matched probe takes it out */
    cr_assert_eq(smpi__mq_take_unexpected(&mb, req(true, 149, MPI_ANY_TAG)), NULL);
    for (int i = 0; i < 300; i++) {
        if (i == 150)
            continue;
        cr_assert_eq(smpi__mq_take_unexpected(&mb, req(true, 299 - i, i)), sends[i], "source %d",
                     299 - i);
    }
    cr_assert_eq(mb.unexp.head, NULL);
    recv = req(true, 42, 0);
    smpi__mq_post(&mb, recv);
    smpi__mq_unpost(&mb, recv); /* cancelled */
    cr_assert_eq(smpi__mq_take_posted(&mb, req(false, 42, 0)), NULL);
}

Test(match, a_table_indexed_by_world_rank_takes_sources_past_the_world)
{
    /* 8 ranks: a mailbox that hears from 5 of them is indexed by world rank (its hash table
     * would reach 8 slots); then a rank MPI_Comm_spawn added (world rank 20) sends to it, and
     * the receives keep their per-source order and their order against MPI_ANY_SOURCE. */
    struct smpi_mailbox mb = { 0 };
    struct smpi_request *posted[6];
    struct smpi_request *any = req(true, MPI_ANY_SOURCE, 7);
    int saved = smpi__rt.nranks;

    smpi__rt.nranks = 8;
    for (int i = 0; i < 5; i++) {
        posted[i] = req(true, 7 - i, 1);
        smpi__mq_post(&mb, posted[i]);
    }
    cr_assert(mb.direct);
    smpi__mq_post(&mb, any);
    posted[5] = req(true, 20, 7);
    smpi__mq_post(&mb, posted[5]);
    cr_assert(mb.direct);
    cr_assert_geq(mb.cap, 21);
    cr_assert_eq(smpi__mq_take_posted(&mb, req(false, 20, 7)), any, "the earlier wildcard");
    cr_assert_eq(smpi__mq_take_posted(&mb, req(false, 20, 7)), posted[5]);
    for (int i = 4; i >= 0; i--)
        cr_assert_eq(smpi__mq_take_posted(&mb, req(false, 7 - i, 1)), posted[i]);
    cr_assert_eq(smpi__mq_take_posted(&mb, req(false, 6, 1)), NULL);
    smpi__rt.nranks = saved;
}
