/* engine_signal.h: signals during a run (first: stop and report; second: exit now). */
#ifndef FB_ENGINE_SIGNAL_H
#define FB_ENGINE_SIGNAL_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

void run_signals_install(const pid_t *pids, size_t npids, struct sigaction old[2]);
void run_signals_restore(const struct sigaction old[2]);
bool run_signal_pending(void);

#endif
