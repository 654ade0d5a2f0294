/* diag: what the user sees when a run goes wrong — a deadlock report naming every blocked
 * rank, its MPI call and a backtrace, and a crash report naming the rank that crashed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#define UNW_LOCAL_ONLY
#include <dlfcn.h>
#include <libunwind.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smpi/internal.h"
#include "smpi/runtime/loader.h"

#define MAX_FRAMES 24

/* Frames of the simulator itself (below the MPI call) are not shown. */
static bool is_internal(const char *name)
{
    return strncmp(name, "sim_", 4) == 0 || strncmp(name, "sim__", 5) == 0 ||
           strncmp(name, "smpi__", 6) == 0 || strcmp(name, "print_backtrace") == 0 ||
           strcmp(name, "to_maestro") == 0 || strcmp(name, "block_on") == 0;
}

/* The name of the function at the cursor. Ranks other than 0 run unlinked copies of the
 * program, whose symbol tables libunwind cannot read: their addresses are looked up in rank 0's
 * original file instead. */
static int frame_name(unw_cursor_t *cur, unw_word_t ip, char *name, size_t cap, unw_word_t *off)
{
    struct smpi_process *p = smpi__self();
    void *orig;

    if (unw_get_proc_name(cur, name, cap, off) == 0)
        return 0;
    orig = smpi_app_original_ip(smpi__rt.app, p ? p->rank : 0, (void *)ip);
    if (orig != (void *)ip) {
        unw_cursor_t at_orig = *cur;

        if (unw_set_reg(&at_orig, UNW_REG_IP, (unw_word_t)orig) == 0 &&
            unw_get_proc_name(&at_orig, name, cap, off) == 0)
            return 0;
    }
    return -1;
}

/* Prints the calling stack from the application's side, from the MPI call (or, in a signal
 * handler, the faulting frame) down to main. */
static void print_backtrace(FILE *out, bool from_signal)
{
    unw_context_t ctx;
    unw_cursor_t cur;
    int shown = 0;
    bool started = from_signal ? false : true;

    unw_getcontext(&ctx);
    if (unw_init_local(&cur, &ctx) < 0)
        return;
    while (unw_step(&cur) > 0 && shown < MAX_FRAMES) {
        char name[256];
        unw_word_t off = 0;
        unw_word_t ip = 0;

        unw_get_reg(&cur, UNW_REG_IP, &ip);
        if (!started) {
            /* skip the handler's own frames: libunwind flags the frame reached through the
             * kernel's signal trampoline, which is the one that faulted */
            started = unw_is_signal_frame(&cur) > 0;
            if (!started)
                continue;
        }
        if (frame_name(&cur, ip, name, sizeof(name), &off) != 0)
            snprintf(name, sizeof(name), "??");
        if (is_internal(name))
            continue;
        if (strcmp(name, "rank_main") == 0 || strcmp(name, "thread_main") == 0)
            break;
        fprintf(out, "      #%d 0x%012lx %s+0x%lx\n", shown++, (unsigned long)ip, name,
                (unsigned long)off);
    }
}

/* The first frame outside the simulator's library is the application's code that made the
 * current MPI call (analyze.c names findings after it without smpicc -trace-call-location). */
bool smpi__diag_caller(char *buf, size_t cap)
{
    Dl_info self;
    unw_context_t ctx;
    unw_cursor_t cur;

    if (!dladdr((void *)smpi__diag_caller, &self))
        return false;
    unw_getcontext(&ctx);
    if (unw_init_local(&cur, &ctx) < 0)
        return false;
    while (unw_step(&cur) > 0) {
        Dl_info at;
        char name[200];
        unw_word_t ip = 0;
        unw_word_t off = 0;

        unw_get_reg(&cur, UNW_REG_IP, &ip);
        if (dladdr((void *)ip, &at) && at.dli_fbase == self.dli_fbase)
            continue;
        if (frame_name(&cur, ip, name, sizeof(name), &off) != 0)
            return false;
        snprintf(buf, cap, "%s+0x%lx", name, (unsigned long)off);
        return true;
    }
    return false;
}

static void backtrace_on_stack(void *arg)
{
    print_backtrace(arg, false);
}

static void describe_rank(struct sim_actor *a, void *arg)
{
    struct smpi_process *p = sim_actor_data(a);
    FILE *out = arg;
    char label[48];

    if (!p || !sim_actor_is_blocked(a))
        return;
    fprintf(out, "  %s", smpi__rank_label(&smpi__rt.procs[p->rank], label, sizeof(label)));
    if (p->thread)
        fprintf(out, " thread %d", smpi__thread_id(p));
    fprintf(out, " (host %s) is blocked in %s", sim_host_name(p->host),
            p->call ? p->call : "an unknown call");
    if (p->call_comm) {
        fprintf(out, " (");
        if (p->call_peer == MPI_ANY_SOURCE)
            fprintf(out, "peer MPI_ANY_SOURCE");
        else
            fprintf(out, "peer %d", p->call_peer);
        if (p->call_tag == MPI_ANY_TAG)
            fprintf(out, ", tag MPI_ANY_TAG");
        else
            fprintf(out, ", tag %d", p->call_tag);
        fprintf(out, ", %s)", p->call_comm->name[0] ? p->call_comm->name : "a communicator");
    }
    fprintf(out, "\n");
    sim_actor_run_on_stack(a, backtrace_on_stack, out);
}

static void on_deadlock(void *arg)
{
    fflush(stdout);
    fprintf(stderr,
            "simmpi: deadlock at simulated time %.9g s: every live rank is blocked and no "
            "message or computation is in flight\n",
            sim_now());
    sim_actor_foreach(describe_rank, stderr);
}

static const char *signal_text(int sig)
{
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV (invalid memory access)";
    case SIGBUS:
        return "SIGBUS (bus error)";
    case SIGFPE:
        return "SIGFPE (arithmetic error)";
    case SIGILL:
        return "SIGILL (illegal instruction)";
    case SIGABRT:
        return "SIGABRT (abort)";
    default:
        return "a fatal signal";
    }
}

static void on_crash(int sig, siginfo_t *info, void *uctx)
{
    struct smpi_process *p = smpi__self();
    char label[48];

    fflush(stdout);
    if (p)
        fprintf(stderr, "simmpi: %s (host %s) crashed with %s at simulated time %.9g s\n",
                smpi__rank_label(&smpi__rt.procs[p->rank], label, sizeof(label)),
                sim_host_name(p->host), signal_text(sig), sim_now());
    else
        fprintf(stderr, "simmpi: the simulator crashed with %s\n", signal_text(sig));
    if (sig == SIGSEGV || sig == SIGBUS)
        fprintf(stderr, "  faulting address %p\n", info->si_addr);
    fprintf(stderr, "  backtrace:\n");
    print_backtrace(stderr, true);
    fflush(stderr);
    _exit(128 + sig);
}

/* Installed before the kernel starts, so that the kernel's stack-overflow check runs first and
 * hands other faults over to on_crash. */
void smpi__diag_init(void)
{
    static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_crash;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
        sigaction(sigs[i], &sa, NULL);
}

void smpi__diag_arm(void)
{
    sim_engine_set_deadlock_hook(on_deadlock, NULL);
}
