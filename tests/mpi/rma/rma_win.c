/* rma_win: window objects. MPI_Win_allocate; MPI_Win_allocate_shared with MPI_Win_shared_query
 * and direct loads and stores into a neighbour's segment (contiguous in rank order); dynamic
 * windows (attach, put at an absolute address, detach); MPI-4's MPI_Win_shared_query on a window
 * of MPI_Win_create over a global (each rank's own under privatization: the pointer given
 * reaches the neighbour's copy); the predefined attributes; a keyval
 * whose delete callback runs at MPI_Win_free; names; info hints; the group; error handlers
 * (create, set, get, call). Any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

static int exposed[4]; /* a global: private to each rank under privatization */
static int deleted;
static int handled;

static int on_delete(MPI_Win win, int keyval, void *val, void *extra)
{
    deleted += *(int *)val;
    return MPI_SUCCESS;
}

static void on_error(MPI_Win *win, int *code, ...)
{
    handled = *code;
}

static int check_attrs(MPI_Win win, void *base, MPI_Aint size, int unit, int flavor)
{
    int errs = 0, flag = 0;
    void *b;
    MPI_Aint *s;
    int *u, *f, *m;

    MPI_Win_get_attr(win, MPI_WIN_BASE, &b, &flag);
    errs += mtest_expect(flag && b == base, "MPI_WIN_BASE %p, want %p", b, base);
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &s, &flag);
    errs += mtest_expect(flag && *s == size, "MPI_WIN_SIZE %ld, want %ld", (long)*s, (long)size);
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &u, &flag);
    errs += mtest_expect(flag && *u == unit, "MPI_WIN_DISP_UNIT %d, want %d", *u, unit);
    MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &f, &flag);
    errs += mtest_expect(flag && *f == flavor, "MPI_WIN_CREATE_FLAVOR %d, want %d", *f, flavor);
    MPI_Win_get_attr(win, MPI_WIN_MODEL, &m, &flag);
    errs += mtest_expect(flag && *m == MPI_WIN_UNIFIED, "MPI_WIN_MODEL %d", *m);
    return errs;
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size;

    /* allocate: attributes, keyval, name, info, group, error handlers */
    {
        double *base;
        int key, val = 5, flag = 0, len, cmp;
        char name[MPI_MAX_OBJECT_NAME], v[64];
        MPI_Info info, used;
        MPI_Group g, wg;
        MPI_Errhandler eh, got;

        MPI_Info_create(&info);
        MPI_Info_set(info, "no_locks", "true");
        MPI_Win_allocate(10 * sizeof(double), sizeof(double), info, MPI_COMM_WORLD, &base, &win);
        MPI_Info_free(&info);
        errs +=
            check_attrs(win, base, 10 * sizeof(double), sizeof(double), MPI_WIN_FLAVOR_ALLOCATE);
        MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, on_delete, &key, NULL);
        MPI_Win_set_attr(win, key, &val);
        MPI_Win_get_attr(win, key, &v, &flag);
        errs += mtest_expect(flag && *(int **)v == &val, "user attribute not found");
        MPI_Win_get_name(win, name, &len);
        errs += mtest_expect(len == 0, "unnamed window has name '%s'", name);
        MPI_Win_set_name(win, "my window");
        MPI_Win_get_name(win, name, &len);
        errs += mtest_expect(strcmp(name, "my window") == 0 && len == 9, "name '%s'", name);
        MPI_Win_get_info(win, &used);
        MPI_Info_get(used, "no_locks", sizeof(v) - 1, v, &flag);
        errs += mtest_expect(flag && strcmp(v, "true") == 0, "no_locks hint lost");
        MPI_Info_free(&used);
        MPI_Win_get_group(win, &g);
        MPI_Comm_group(MPI_COMM_WORLD, &wg);
        MPI_Group_compare(g, wg, &cmp);
        errs += mtest_expect(cmp == MPI_IDENT, "window group differs from the world's");
        MPI_Group_free(&g);
        MPI_Group_free(&wg);
        MPI_Win_create_errhandler(on_error, &eh);
        MPI_Win_set_errhandler(win, eh);
        MPI_Win_get_errhandler(win, &got);
        errs += mtest_expect(got == eh, "MPI_Win_get_errhandler gave another handler");
        MPI_Errhandler_free(&got);
        MPI_Errhandler_free(&eh);
        MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
        errs += mtest_expect(handled == MPI_ERR_OTHER, "handler saw %d", handled);
        handled = 0;
        MPI_Put(&val, 1, MPI_INT, right, 0, 1, MPI_INT, win); /* no epoch: handler runs */
        errs += mtest_expect(handled == MPI_ERR_RMA_SYNC, "handler saw %d, want RMA_SYNC", handled);
        MPI_Win_free(&win);
        errs += mtest_expect(deleted == 5, "delete callback ran %d", deleted);
        MPI_Win_free_keyval(&key);
    }

    /* allocate_shared: one block, segments in rank order */
    {
        int *mine, *peer, unit;
        MPI_Aint sz;

        MPI_Win_allocate_shared((rank + 1) * sizeof(int), sizeof(int), MPI_INFO_NULL,
                                MPI_COMM_WORLD, &mine, &win);
        errs +=
            check_attrs(win, mine, (rank + 1) * sizeof(int), sizeof(int), MPI_WIN_FLAVOR_SHARED);
        MPI_Win_shared_query(win, right, &sz, &unit, &peer);
        errs += mtest_expect(sz == (right + 1) * (MPI_Aint)sizeof(int) && unit == sizeof(int),
                             "shared_query size %ld unit %d", (long)sz, unit);
        if (rank + 1 < size)
            errs += mtest_expect(peer == mine + rank + 1, "segments are not contiguous");
        MPI_Win_shared_query(win, MPI_PROC_NULL, &sz, &unit, &peer);
        errs += mtest_expect(sz == sizeof(int), "first segment size %ld", (long)sz);
        MPI_Win_fence(0, win);
        MPI_Win_shared_query(win, right, &sz, &unit, &peer);
        peer[right] = 1000 + rank; /* a store into the neighbour's memory */
        MPI_Win_fence(0, win);
        errs += mtest_expect(mine[rank] == 1000 + (rank + size - 1) % size, "load %d", mine[rank]);
        MPI_Win_free(&win);
    }

    /* create over a global: MPI_Win_shared_query gives a pointer to the neighbour's copy */
    {
        int *peer, unit;
        MPI_Aint sz;

        exposed[0] = 500 + rank;
        MPI_Win_create(exposed, sizeof(exposed), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        MPI_Win_shared_query(win, right, &sz, &unit, &peer);
        errs += mtest_expect(sz == sizeof(exposed) && unit == sizeof(int) && peer[0] == 500 + right,
                             "shared_query of a created window: size %ld unit %d value %d",
                             (long)sz, unit, peer[0]);
        MPI_Win_fence(0, win);
        peer[1] = 600 + rank; /* a store into the neighbour's copy */
        MPI_Win_fence(0, win);
        errs += mtest_expect(exposed[1] == 600 + (rank + size - 1) % size, "store %d", exposed[1]);
        MPI_Win_free(&win);
    }

    /* dynamic: attach, put at an absolute address, detach */
    {
        int area[4] = { 0, 0, 0, 0 }, v = 70 + rank;
        MPI_Aint addr, raddr;

        MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        MPI_Win_attach(win, area, sizeof(area));
        errs += check_attrs(win, MPI_BOTTOM, 0, 1, MPI_WIN_FLAVOR_DYNAMIC);
        MPI_Get_address(&area[2], &addr);
        MPI_Sendrecv(&addr, 1, MPI_AINT, (rank + size - 1) % size, 0, &raddr, 1, MPI_AINT, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_fence(0, win);
        MPI_Put(&v, 1, MPI_INT, right, raddr, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
        errs += mtest_expect(area[2] == 70 + (rank + size - 1) % size, "dynamic put %d", area[2]);
        MPI_Win_detach(win, area);
        MPI_Win_free(&win);
    }
    return mtest_finish(errs);
}
