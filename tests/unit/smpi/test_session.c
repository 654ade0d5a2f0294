/* test_session: the pieces of MPI-4 sessions and of the small MPI-4 calls that need no running
 * rank: thread level names, process set lookup, the meeting keys of creations from groups
 * (comm_meet.c), the assertion hints a communicator records (comm_hints.c), and the completion
 * of an MPI_Isendrecv request from its two parts (p2p_mpi4.c). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/session.h"

Test(session, thread_levels_are_named_as_mpi_names_them)
{
    /* the info key thread_level takes the constants' names, in any case; anything else is -1 */
    cr_assert_eq(smpi__thread_level_of("MPI_THREAD_MULTIPLE"), MPI_THREAD_MULTIPLE);
    cr_assert_eq(smpi__thread_level_of("mpi_thread_funneled"), MPI_THREAD_FUNNELED);
    cr_assert_eq(smpi__thread_level_of("MPI_THREAD_PLENTY"), -1);
    cr_assert_str_eq(smpi__thread_level_name(MPI_THREAD_SERIALIZED), "MPI_THREAD_SERIALIZED");
}

Test(session, the_two_required_process_sets_are_found_case_insensitively)
{
    /* mpi://WORLD first, then mpi://SELF; MPICH's tests spell them "mpi://world" too */
    cr_assert_eq(smpi__pset_count(), 2);
    cr_assert_str_eq(smpi__pset_name(0), "mpi://WORLD");
    cr_assert_str_eq(smpi__pset_name(1), "mpi://SELF");
    cr_assert_eq(smpi__pset_find("mpi://world"), 0);
    cr_assert_eq(smpi__pset_find("MPI://Self"), 1);
    cr_assert_eq(smpi__pset_find("mpi://NODE"), -1);
}

Test(comm_meet, string_tags_never_meet_a_communicator_context)
{
    /* a string tag's space has bit 63 set, a context (an int >= 0) never has: the creations
     * from groups and MPI_Comm_create_group cannot meet by accident; two tags differ */
    uint64_t a = smpi__string_hash("org.mpi-forum.example");
    uint64_t b = smpi__string_hash("org.mpi-forum.exampld");

    cr_assert(a >> 63);
    cr_assert(smpi__string_hash("") >> 63);
    cr_assert_neq(a, b);
}

Test(comm_meet, groups_with_the_same_members_in_another_order_are_other_keys)
{
    /* the key is the members in group order: {0, 1} and {1, 0} are different groups */
    struct smpi_group *g = smpi__group_new(2);
    struct smpi_group *h = smpi__group_new(2);

    g->world[0] = h->world[1] = 0;
    g->world[1] = h->world[0] = 1;
    cr_assert_neq(smpi__group_hash(g), smpi__group_hash(h));
    h->world[0] = 0;
    h->world[1] = 1;
    cr_assert_eq(smpi__group_hash(g), smpi__group_hash(h));
    smpi__group_release(g);
    smpi__group_release(h);
}

Test(comm_hints, only_boolean_mpi4_assertions_are_recorded)
{
    /* "TRUE" is recorded as "true"; a value that is no boolean and an unknown key are ignored;
     * a later call adds to the record; MPI_Comm_get_info's object is a copy */
    struct smpi_comm comm = { 0 };
    MPI_Info info = smpi__info_new();
    MPI_Info got;

    smpi__info_put(info, "mpi_assert_no_any_tag", "TRUE");
    smpi__info_put(info, "mpi_assert_no_any_source", "maybe");
    smpi__info_put(info, "simmpi_unknown", "true");
    smpi__comm_hints_set(&comm, info);
    smpi__info_free(info);
    info = smpi__info_new();
    smpi__info_put(info, "mpi_assert_allow_overtaking", "false");
    smpi__comm_hints_set(&comm, info);
    smpi__info_free(info);
    got = smpi__comm_hints_get(&comm);
    cr_assert_eq(smpi__info_nkeys(got), 2);
    cr_assert_str_eq(smpi__info_value(got, "mpi_assert_no_any_tag"), "true");
    cr_assert_str_eq(smpi__info_value(got, "mpi_assert_allow_overtaking"), "false");
    cr_assert_null(smpi__info_value(got, "simmpi_unknown"));
    smpi__info_free(got);
    smpi__comm_hints_free(&comm);
    cr_assert_null(comm.info);
}

Test(isendrecv, the_request_completes_with_both_parts_and_the_receive_status)
{
    /* the receive completes first (source 3, tag 7): the call is not done until the send is;
     * then its status is the receive's and its error the send's (the receive had none) */
    struct smpi_request call = { .flags = SMPI_REQ_ACTIVE };
    struct smpi_req_rare half_of = { .pair_of = &call };
    struct smpi_request recv = { .flags = SMPI_REQ_RECV | SMPI_REQ_ACTIVE, .rare = &half_of };
    struct smpi_request send = { .flags = SMPI_REQ_SEND | SMPI_REQ_ACTIVE, .rare = &half_of };
    struct smpi_req_rare halves = { .pair = { &recv, &send } };

    call.rare = &halves;
    recv.status.MPI_SOURCE = 3;
    recv.status.MPI_TAG = 7;
    recv.flags |= SMPI_REQ_DONE;
    smpi__pair_part_done(&recv);
    cr_assert_eq(call.flags & SMPI_REQ_DONE, 0);
    send.error = MPI_ERR_OTHER;
    send.flags |= SMPI_REQ_DONE;
    smpi__pair_part_done(&send);
    cr_assert(call.flags & SMPI_REQ_DONE);
    cr_assert_eq(call.status.MPI_SOURCE, 3);
    cr_assert_eq(call.status.MPI_TAG, 7);
    cr_assert_eq(call.error, MPI_ERR_OTHER);
}
