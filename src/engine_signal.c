/* engine_signal.c: Ctrl-C and SIGTERM during a run. The first signal asks the
 * run to stop and report; a second one ends flowbench at once. A signal handler
 * can reach no context but a global, so this file keeps the one the run installs. */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "engine_signal.h"

static volatile sig_atomic_t signal_count;
static const pid_t *volatile signal_pids;
static volatile size_t signal_npids;

static void on_signal(int sig)
{
    if (++signal_count < 2)
        return;
    for (size_t i = 0; i < signal_npids; i++)
        if (signal_pids[i] > 0)
            kill(signal_pids[i], SIGKILL);
    static const char msg[] = "\nflowbench: interrupted twice; stopped at once\n";
    ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    _exit(128 + sig);
}

void run_signals_install(const pid_t *pids, size_t npids, struct sigaction old[2])
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    signal_count = 0;
    signal_pids = pids;
    signal_npids = npids;
    sigaction(SIGINT, &sa, &old[0]);
    sigaction(SIGTERM, &sa, &old[1]);
}

void run_signals_restore(const struct sigaction old[2])
{
    sigaction(SIGINT, &old[0], NULL);
    sigaction(SIGTERM, &old[1], NULL);
    signal_npids = 0;
    signal_pids = NULL;
}

bool run_signal_pending(void)
{
    return signal_count > 0;
}
