/* signals.c: Ctrl-C, SIGTERM and SIGHUP. The first signal asks whatever runs
 * to stop (long loops poll stop_requested); a second one during a run ends
 * flowbench at once. A signal handler can reach no context but a global, so this
 * file keeps the invocation's only signal state. The handler may run on any thread
 * (population writers poll the flag), so the state is lock-free atomic, which C11
 * allows a handler to touch. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "base/signals.h"
#include "base/clock.h"

static _Atomic sig_atomic_t signal_count;  /* stop signals not answered yet */
static _Atomic sig_atomic_t signal_first;  /* the first of them */
static const pid_t *_Atomic signal_pids;   /* the run's workers, while a run is armed */
static _Atomic size_t signal_npids;

_Static_assert(ATOMIC_INT_LOCK_FREE == 2 && ATOMIC_POINTER_LOCK_FREE == 2, "a signal handler needs lock-free atomics");

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NSTOP (sizeof stop_signals / sizeof stop_signals[0])

static void on_signal(int sig)
{
    int none = 0;
    atomic_compare_exchange_strong(&signal_first, &none, sig); /* before the count: whoever sees it sees this */
    const pid_t *pids = atomic_load(&signal_pids);
    if (atomic_fetch_add(&signal_count, 1) == 0 || pids == NULL)
        return;
    for (size_t i = 0, n = atomic_load(&signal_npids); i < n; i++)
        if (pids[i] > 0)
            kill(pids[i], SIGKILL);
    static const char msg[] = "\nflowbench: interrupted twice; stopped at once\n";
    ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    _exit(128 + sig);
}

static void stop_set(sigset_t *s)
{
    sigemptyset(s);
    for (size_t i = 0; i < NSTOP; i++)
        sigaddset(s, stop_signals[i]);
}

void signals_install(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART; /* stdio must not fail on EINTR; the waits that matter use ppoll */
    stop_set(&sa.sa_mask);
    for (size_t i = 0; i < NSTOP; i++) {
        /* Under nohup, hangups stay ignored. (Ctrl-C is caught even where a script's
         * `flowbench &` inherits it ignored, so `kill -INT` still stops the run.) */
        if (stop_signals[i] == SIGHUP && sigaction(SIGHUP, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(stop_signals[i], &sa, NULL);
    }
}

void signals_arm_run(const pid_t *pids, size_t npids)
{
    signal_npids = 0;
    signal_pids = pids;
    signal_npids = npids;
}

void signals_disarm_run(void)
{
    signal_npids = 0;
    signal_pids = NULL;
}

bool stop_requested(void)
{
    return signal_count > 0;
}

int stop_status(void)
{
    return signal_count > 0 ? 128 + signal_first : 0;
}

int stop_take(void)
{
    sigset_t saved;
    signals_hold(&saved);
    int sig = signal_count > 0 ? signal_first : 0;
    signal_count = 0;
    signal_first = 0;
    signals_release(&saved);
    return sig;
}

void signals_hold(sigset_t *saved)
{
    sigset_t s;
    stop_set(&s);
    pthread_sigmask(SIG_BLOCK, &s, saved);
}

void signals_release(const sigset_t *saved)
{
    pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* ppoll with the stop signals open only while it waits: a signal that came just
 * before the wait is seen by the check, one during it ends the wait. True when a
 * stop signal is pending; otherwise p's revents tell why the wait ended. */
static bool wait_open(struct pollfd *p, nfds_t n, const struct timespec *timeout)
{
    sigset_t held, open;
    signals_hold(&held);
    open = held;
    for (size_t i = 0; i < NSTOP; i++)
        sigdelset(&open, stop_signals[i]);
    if (signal_count == 0 && ppoll(p, n, timeout, &open) < 0 && errno != EINTR && p != NULL)
        p->revents = POLLERR; /* the read that follows reports it */
    bool stop = signal_count > 0;
    signals_release(&held);
    return stop;
}

int stop_wait_fd(int fd)
{
    struct pollfd p = { .fd = fd, .events = POLLIN };
    for (;;) {
        p.revents = 0;
        if (wait_open(&p, 1, NULL))
            return -1;
        if (p.revents != 0)
            return 0; /* readable, closed, or an error the read will report */
    }
}

int stop_sleep(uint64_t ns)
{
    uint64_t end = clock_ns() + ns;
    for (;;) {
        uint64_t t = clock_ns();
        if (t >= end)
            return 0;
        struct timespec left = { (time_t)((end - t) / 1000000000u), (long)((end - t) % 1000000000u) };
        if (wait_open(NULL, 0, &left))
            return -1;
    }
}

void worker_signals_install(pid_t master)
{
    static const char msg[] = "flowbench: error: a worker process cannot be tied to its master\n";
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) {
        ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)ignored;
        _exit(3);
    }
    /* The master may have died before the line above: nobody would kill us then. */
    if (getppid() != master)
        _exit(3);
    /* The master handles Ctrl-C and hangups for everyone; workers stop when it says so. */
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_IGN);
}
