/* Synchronisation between actors (simcore/sync.c): who gets a mutex, a signal, a barrier or a
 * semaphore unit, and at what simulated date, with actors that sleep between their steps. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "simcore/simcore.h"

static const char one_host_xml[] = "<?xml version='1.0'?>\n"
                                   "<platform version=\"4.1\">\n"
                                   "  <zone id=\"z\" routing=\"Full\">\n"
                                   "    <host id=\"h\" speed=\"1Gf\" core=\"4\"/>\n"
                                   "  </zone>\n"
                                   "</platform>\n";

static char trail[1024];

static void note(const char *fmt, int who)
{
    char line[64];

    snprintf(line, sizeof(line), "%g:", sim_now());
    snprintf(line + strlen(line), sizeof(line) - strlen(line), fmt, who);
    strncat(line, " ", sizeof(line) - strlen(line) - 1);
    strncat(trail, line, sizeof(trail) - strlen(trail) - 1);
}

static void start(void)
{
    struct sim_config cfg;

    trail[0] = '\0';
    sim_config_defaults(&cfg, SIM_NET_CM02);
    sim_engine_init(&cfg, sim_platform_load_string(one_host_xml, "sync.xml"));
    sim_factor_table_free(&cfg.lat_factor);
    sim_factor_table_free(&cfg.bw_factor);
}

static void spawn(const char *name, sim_actor_fn *fn, void *arg)
{
    sim_actor_create(name, sim_platform_host_by_name(sim_engine_platform(), "h"), fn, arg);
}

/* ---- mutex: actor i sleeps i seconds, locks, holds it 10 s, unlocks ---- */

static struct sim_mutex mutex;
static int ids[4] = { 0, 1, 2, 3 };

static void locker(void *arg)
{
    int i = *(int *)arg;

    sim_sleep(i);
    cr_assert_eq(sim_mutex_lock(&mutex, "lock"), 0);
    note("got%d", i);
    sim_sleep(10);
    cr_assert_eq(sim_mutex_unlock(&mutex), 0);
}

Test(sync, mutex_goes_to_waiters_in_the_order_they_asked)
{
    /* actor 0 holds it over [0,10], actor 1 (asked at 1) over [10,20], actor 2 over [20,30]:
     * the hand-over at 10 is to the first waiter, never to a later locker */
    memset(&mutex, 0, sizeof(mutex));
    start();
    for (int i = 2; i >= 0; i--)
        spawn("locker", locker, &ids[i]);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_str_eq(trail, "0:got0 10:got1 20:got2 ");
    cr_assert(!sim_mutex_is_held(&mutex));
    sim_engine_shutdown();
}

static void misuser(void *arg)
{
    (void)arg;
    cr_assert_eq(sim_mutex_unlock(&mutex), EPERM);
    mutex.kind = SIM_MUTEX_ERRORCHECK;
    cr_assert_eq(sim_mutex_lock(&mutex, "lock"), 0);
    cr_assert_eq(sim_mutex_lock(&mutex, "lock"), EDEADLK);
    cr_assert_eq(sim_mutex_unlock(&mutex), 0);
    mutex.kind = SIM_MUTEX_RECURSIVE;
    cr_assert_eq(sim_mutex_lock(&mutex, "lock"), 0);
    cr_assert_eq(sim_mutex_trylock(&mutex), 0);
    cr_assert_eq(mutex.depth, 2);
    cr_assert_eq(sim_mutex_unlock(&mutex), 0);
    cr_assert_eq(sim_mutex_unlock(&mutex), 0);
    cr_assert_eq(sim_mutex_unlock(&mutex), EPERM);
    note("done%d", 0);
}

Test(sync, mutex_kinds_report_misuse_as_posix_says)
{
    memset(&mutex, 0, sizeof(mutex));
    start();
    spawn("misuser", misuser, NULL);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_str_eq(trail, "0:done0 ");
    sim_engine_shutdown();
}

/* ---- condition variable: a consumer waits, a producer signals at 5; a timed wait ends at 3 */

static struct sim_cond cond;
static int ready;

static void consumer(void *arg)
{
    int i = *(int *)arg;

    sim_mutex_lock(&mutex, "lock");
    while (!ready)
        cr_assert_eq(sim_cond_wait(&cond, &mutex, "wait", -1), 0);
    note("woke%d", i);
    sim_mutex_unlock(&mutex);
}

static void timed(void *arg)
{
    (void)arg;
    sim_mutex_lock(&mutex, "lock");
    cr_assert_eq(sim_cond_wait(&cond, &mutex, "wait", 3), ETIMEDOUT);
    cr_assert(sim_mutex_is_held(&mutex));
    note("timeout%d", 9);
    sim_mutex_unlock(&mutex);
}

static void producer(void *arg)
{
    (void)arg;
    sim_sleep(5);
    sim_mutex_lock(&mutex, "lock");
    ready = 1;
    sim_cond_broadcast(&cond);
    note("bcast%d", 0);
    sim_mutex_unlock(&mutex);
}

Test(sync, cond_broadcast_wakes_waiters_in_order_and_a_deadline_ends_a_wait)
{
    /* consumers 1 and 2 wait from 0; the timed waiter gives up at 3; the broadcast at 5 wakes 1
     * then 2, each taking the mutex after the producer releases it */
    memset(&mutex, 0, sizeof(mutex));
    memset(&cond, 0, sizeof(cond));
    ready = 0;
    start();
    spawn("c1", consumer, &ids[1]);
    spawn("c2", consumer, &ids[2]);
    spawn("timed", timed, NULL);
    spawn("producer", producer, NULL);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_str_eq(trail, "3:timeout9 5:bcast0 5:woke1 5:woke2 ");
    sim_engine_shutdown();
}

/* ---- barrier: three actors arriving at 1, 2, 3 all leave at 3, the last as the serial one */

static struct sim_barrier barrier;

static void meeter(void *arg)
{
    int i = *(int *)arg;

    for (int round = 0; round < 2; round++) {
        sim_sleep(i);
        if (sim_barrier_wait(&barrier, "barrier"))
            note("serial%d", i);
    }
    note("left%d", i);
}

Test(sync, barrier_releases_everyone_when_the_last_arrives_and_is_reusable)
{
    /* round 1 ends at 3 (the slowest arrives last), round 2 at 3 + 3 = 6 when actor 3 arrives
     * again (actors 1 and 2 arrived at 4 and 5); actor 3 is the serial one both times and the
     * others leave with it */
    memset(&barrier, 0, sizeof(barrier));
    barrier.count = 3;
    start();
    for (int i = 1; i <= 3; i++)
        spawn("meeter", meeter, &ids[i]);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_str_eq(trail, "3:serial3 6:serial3 6:left3 6:left1 6:left2 ");
    sim_engine_shutdown();
}

/* ---- semaphore: a waiter blocks until a post at 4; a timed wait gives up at 2 ---- */

static struct sim_sem sem;

static void sem_waiter(void *arg)
{
    (void)arg;
    cr_assert_eq(sim_sem_wait(&sem, "sem", 2), ETIMEDOUT);
    note("gaveup%d", 0);
    cr_assert_eq(sim_sem_wait(&sem, "sem", -1), 0);
    note("taken%d", 0);
}

static void sem_poster(void *arg)
{
    (void)arg;
    cr_assert_eq(sim_sem_trywait(&sem), EAGAIN);
    sim_sleep(4);
    sim_sem_post(&sem);
    sim_sem_post(&sem);
    note("posted%d", 2);
}

Test(sync, semaphore_hands_a_post_to_its_waiter_and_counts_the_rest)
{
    memset(&sem, 0, sizeof(sem));
    start();
    spawn("waiter", sem_waiter, NULL);
    spawn("poster", sem_poster, NULL);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_str_eq(trail, "2:gaveup0 4:posted2 4:taken0 ");
    cr_assert_eq(sem.value, 1);
    sim_engine_shutdown();
}

/* ---- a wait nobody ends is a deadlock the engine reports ---- */

static void stuck(void *arg)
{
    (void)arg;
    sim_mutex_lock(&mutex, "lock");
    sim_cond_wait(&cond, &mutex, "pthread_cond_wait", -1);
}

Test(sync, a_wait_with_no_signaller_is_a_deadlock)
{
    memset(&mutex, 0, sizeof(mutex));
    memset(&cond, 0, sizeof(cond));
    start();
    spawn("stuck", stuck, NULL);
    cr_assert_eq(sim_engine_run(), SIM_ENGINE_DEADLOCK);
    sim_engine_shutdown();
}
