/* mpit_events: the events of the tool interface (MPI-4.0 section 15.3.8). smpi_message_sent is
 * described as three elements (MPI_INT destination, MPI_INT tag, MPI_COUNT bytes); a callback
 * registered at MPI_T_CB_REQUIRE_THREAD_SAFE gets one instance per message its rank sends (rank
 * 0: three to rank 1 with tags 7, 8, 9 and 0, 400, 4000 bytes; rank 1 none), read element by
 * element and copied whole, stamped with the simulated time of the send in nanoseconds (equal
 * to MPI_Wtime just before it, under smpi/wtime:0); a registration with only an
 * MPI_T_CB_REQUIRE_NONE callback is never called inside MPI (instances are raised in a
 * restricted context) and its dropped handler hears the count once a callback it may call is
 * added; smpi_coll_bcast_run gives the algorithm each MPI_Bcast ran (the forced binomial_tree);
 * bad indices, names and handles give MPI_T_ERR_INVALID_INDEX, _NAME, _HANDLE. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

struct seen {
    int n;
    int dst[8], tag[8];
    MPI_Count bytes[8], ts[8];
    int copy_ok;
};

static void on_sent(MPI_T_event_instance inst, MPI_T_event_registration reg, MPI_T_cb_safety cb,
                    void *user)
{
    struct seen *s = user;
    struct {
        int dst;
        int tag;
        MPI_Count bytes;
    } whole;
    int i = s->n++;

    (void)reg, (void)cb;
    if (i >= 8)
        return;
    MPI_T_event_read(inst, 0, &s->dst[i]);
    MPI_T_event_read(inst, 1, &s->tag[i]);
    MPI_T_event_read(inst, 2, &s->bytes[i]);
    MPI_T_event_get_timestamp(inst, &s->ts[i]);
    MPI_T_event_copy(inst, &whole);
    s->copy_ok += whole.dst == s->dst[i] && whole.tag == s->tag[i] && whole.bytes == s->bytes[i];
}

static int none_calls, dropped_count, restricted_calls;

static void on_none(MPI_T_event_instance inst, MPI_T_event_registration reg, MPI_T_cb_safety cb,
                    void *user)
{
    (void)inst, (void)reg, (void)cb, (void)user;
    none_calls++;
}

static void on_restricted(MPI_T_event_instance inst, MPI_T_event_registration reg,
                          MPI_T_cb_safety cb, void *user)
{
    (void)inst, (void)reg, (void)user;
    restricted_calls += cb == MPI_T_CB_REQUIRE_MPI_RESTRICTED;
}

static void on_dropped(MPI_Count count, MPI_T_event_registration reg, int source,
                       MPI_T_cb_safety cb, void *user)
{
    (void)reg, (void)source, (void)cb, (void)user;
    dropped_count += (int)count;
}

static char bcast_algo[64];
static MPI_T_enum bcast_enum;

static void on_bcast(MPI_T_event_instance inst, MPI_T_event_registration reg, MPI_T_cb_safety cb,
                     void *user)
{
    int v = -2, value, len = sizeof(bcast_algo), n = 0;

    (void)reg, (void)cb, (void)user;
    MPI_T_event_read(inst, 0, &v);
    MPI_T_enum_get_info(bcast_enum, &n, NULL, NULL);
    for (int i = 0; i < n; i++) {
        char name[64];
        int l = sizeof(name);

        MPI_T_enum_get_item(bcast_enum, i, &value, name, &l);
        if (value == v)
            memcpy(bcast_algo, name, (size_t)l);
    }
    (void)len;
}

static int describe(void)
{
    int idx = -1, n = 0, nel = 3, bind = -1, errs = 0;
    MPI_Datatype types[3];
    MPI_Aint displs[3];
    MPI_T_enum e;
    MPI_Info info;
    char name[64];
    int len = sizeof(name);
    MPI_Count tps = 0, maxt = 0;
    MPI_T_source_order ord;

    MPI_T_event_get_num(&n);
    errs += mtest_expect(n > 1, "%d events", n);
    errs += mtest_expect_class(MPI_T_event_get_index("smpi_message_sent", &idx), MPI_SUCCESS,
                               "get_index");
    MPI_T_event_get_info(idx, name, &len, NULL, types, displs, &nel, &e, &info, NULL, NULL, &bind);
    MPI_Info_free(&info);
    errs += mtest_expect(strcmp(name, "smpi_message_sent") == 0 && nel == 3 &&
                             types[0] == MPI_INT && types[1] == MPI_INT && types[2] == MPI_COUNT &&
                             e == MPI_T_ENUM_NULL && bind == MPI_T_BIND_NO_OBJECT,
                         "smpi_message_sent described as %s, %d elements", name, nel);
    errs += mtest_expect_class(MPI_T_event_get_index("no_such_event", &idx), MPI_T_ERR_INVALID_NAME,
                               "unknown name");
    errs += mtest_expect_class(
        MPI_T_event_get_info(n, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
        MPI_T_ERR_INVALID_INDEX, "index past the end");
    MPI_T_source_get_num(&n);
    MPI_T_source_get_info(0, NULL, NULL, NULL, NULL, &ord, &tps, &maxt, NULL);
    errs += mtest_expect(n == 1 && ord == MPI_T_SOURCE_ORDERED && tps == 1000000000,
                         "source: %d, ticks %lld", n, (long long)tps);
    return errs;
}

int main(int argc, char **argv)
{
    int provided, rank, idx = -1, bidx = -1, errs = 0;
    char buf[4000] = { 0 };
    double before[3];
    struct seen seen = { 0 };
    MPI_T_event_registration reg, quiet, breg;

    MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += describe();

    MPI_T_event_get_index("smpi_message_sent", &idx);
    MPI_T_event_handle_alloc(idx, NULL, MPI_INFO_NULL, &reg);
    MPI_T_event_register_callback(reg, MPI_T_CB_REQUIRE_THREAD_SAFE, MPI_INFO_NULL, &seen, on_sent);
    MPI_T_event_handle_alloc(idx, NULL, MPI_INFO_NULL, &quiet);
    MPI_T_event_register_callback(quiet, MPI_T_CB_REQUIRE_NONE, MPI_INFO_NULL, NULL, on_none);
    MPI_T_event_set_dropped_handler(quiet, on_dropped);
    for (int i = 0; i < 3; i++)
        if (rank == 0) {
            before[i] = MPI_Wtime();
            MPI_Send(buf, i * 100, MPI_INT, 1, 7 + i, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Recv(buf, i * 100, MPI_INT, 0, 7 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    errs += mtest_expect(seen.n == (rank == 0 ? 3 : 0), "%d instances", seen.n);
    for (int i = 0; rank == 0 && i < 3 && i < seen.n; i++) {
        errs += mtest_expect(seen.dst[i] == 1 && seen.tag[i] == 7 + i && seen.bytes[i] == 400 * i &&
                                 seen.copy_ok == 3,
                             "instance %d: to %d, tag %d, %lld bytes", i, seen.dst[i], seen.tag[i],
                             (long long)seen.bytes[i]);
        errs += mtest_expect(seen.ts[i] == (MPI_Count)(before[i] * 1e9 + 0.5),
                             "instance %d at %lld ns, the send at %.9f s", i, (long long)seen.ts[i],
                             before[i]);
    }
    errs += mtest_expect(none_calls == 0 && dropped_count == 0, "REQUIRE_NONE callback called");
    MPI_T_event_register_callback(quiet, MPI_T_CB_REQUIRE_MPI_RESTRICTED, MPI_INFO_NULL, NULL,
                                  on_restricted);
    if (rank == 0)
        MPI_Send(buf, 1, MPI_INT, 1, 10, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(buf, 1, MPI_INT, 0, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    errs += mtest_expect(rank != 0 || (dropped_count == 3 && restricted_calls == 1),
                         "dropped %d, restricted callback %d", dropped_count, restricted_calls);
    MPI_T_event_handle_free(quiet, NULL, NULL);
    MPI_T_event_handle_free(reg, NULL, NULL);
    errs += mtest_expect_class(MPI_T_event_handle_set_info(reg, MPI_INFO_NULL),
                               MPI_T_ERR_INVALID_HANDLE, "a freed registration");

    MPI_T_event_get_index("smpi_coll_bcast_run", &bidx);
    MPI_T_event_get_info(bidx, NULL, NULL, NULL, NULL, NULL, NULL, &bcast_enum, NULL, NULL, NULL,
                         NULL);
    MPI_T_event_handle_alloc(bidx, NULL, MPI_INFO_NULL, &breg);
    MPI_T_event_register_callback(breg, MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE, MPI_INFO_NULL, NULL,
                                  on_bcast);
    MPI_Bcast(buf, 4, MPI_INT, 0, MPI_COMM_WORLD);
    errs +=
        mtest_expect(strcmp(bcast_algo, "binomial_tree") == 0, "MPI_Bcast ran '%s'", bcast_algo);
    MPI_T_event_handle_free(breg, NULL, NULL);
    errs = mtest_finish(errs); /* finalizes MPI */
    MPI_T_finalize();
    return errs;
}
