/* The engine's event heap (simcore/heap.c): whatever the sequence of pushes, date changes and
 * removals, entries come out by date, then by the order of their last push or update, and
 * every entry's index names its slot. Checked against a plain array searched in full. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>

#include "simcore/internal.h"

#define NENT 500

static struct sim__heap_entry ent[NENT];
static bool in_ref[NENT];

/* The entry the heap must give next: the least (date, seq) among those in the reference. */
static int ref_min(void)
{
    int best = -1;

    for (int i = 0; i < NENT; i++) {
        if (!in_ref[i])
            continue;
        if (best < 0 || ent[i].date < ent[best].date ||
            (ent[i].date == ent[best].date && ent[i].seq < ent[best].seq))
            best = i;
    }
    return best;
}

static void check_indexes(const struct sim__heap *h)
{
    for (int i = 0; i < h->n; i++)
        cr_assert_eq(h->v[i].e->index, i, "slot %d holds an entry whose index is %d", i,
                     h->v[i].e->index);
}

/* Dates from a few values, so that many entries tie and the sequence decides. */
static double some_date(unsigned *seed)
{
    return (double)(rand_r(seed) % 7);
}

Test(heap, random_operations_pop_in_date_then_sequence_order)
{
    struct sim__heap h;
    unsigned seed = 12345;
    int live = 0;

    sim__heap_init(&h);
    for (int i = 0; i < NENT; i++)
        ent[i].index = -1;
    for (int step = 0; step < 20000; step++) {
        int k = rand_r(&seed) % NENT;
        int op = rand_r(&seed) % 4;

        if (op <= 1) { /* push, or move if already in */
            live += !in_ref[k];
            in_ref[k] = true;
            sim__heap_update(&h, &ent[k], some_date(&seed));
        } else if (op == 2 && in_ref[k]) {
            sim__heap_remove(&h, &ent[k]);
            cr_assert_eq(ent[k].index, -1);
            in_ref[k] = false;
            live--;
        } else if (op == 3 && live > 0) {
            int want = ref_min();
            struct sim__heap_entry *got = sim__heap_pop(&h);

            cr_assert_eq(got, &ent[want], "step %d: popped entry %ld, expected %d", step,
                         (long)(got - ent), want);
            in_ref[want] = false;
            live--;
        }
        cr_assert_eq(h.n, live);
        if (step % 997 == 0)
            check_indexes(&h);
    }
    while (live > 0) {
        int want = ref_min();

        cr_assert_eq(sim__heap_pop(&h), &ent[want]);
        in_ref[want] = false;
        live--;
    }
    cr_assert_null(sim__heap_pop(&h));
    sim__heap_free(&h);
}

Test(heap, equal_dates_come_out_in_push_order)
{
    struct sim__heap h;

    sim__heap_init(&h);
    for (int i = 0; i < 100; i++) {
        ent[i].index = -1;
        sim__heap_update(&h, &ent[i], 1.0);
    }
    sim__heap_update(&h, &ent[0], 1.0); /* updated last: now after every other */
    for (int i = 1; i < 100; i++)
        cr_assert_eq(sim__heap_pop(&h), &ent[i]);
    cr_assert_eq(sim__heap_pop(&h), &ent[0]);
    cr_assert_null(sim__heap_top(&h));
    sim__heap_free(&h);
}
