/* signals.h: Ctrl-C, SIGTERM and SIGHUP for the whole invocation. The first
 * asks whatever runs to stop (a run reports, a population or sleep is cancelled);
 * a second one during a run ends flowbench at once. Workers die with the master. */
#ifndef FB_SIGNALS_H
#define FB_SIGNALS_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* At start: the handlers of SIGINT, SIGTERM and SIGHUP, for the whole invocation. */
void signals_install(void);
/* During a run: a second signal kills these workers and exits at once. */
void signals_arm_run(const pid_t *pids, size_t npids);
void signals_disarm_run(void);

/* A stop signal arrived and nobody has answered it yet (the long loops poll this). */
bool stop_requested(void);
/* 128 + the number of the first pending signal (the exit status it asks for), or 0. */
int stop_status(void);
/* The number of the first pending signal, or 0; it counts as answered from now on. */
int stop_take(void);

/* The shell's prompt: the stop signals wait, blocked, except inside stop_wait_fd. */
void signals_hold(sigset_t *saved);
void signals_release(const sigset_t *saved);
/* Waits until fd is readable (0) or a stop signal is pending (-1), with no race
 * between the check and the wait. */
int stop_wait_fd(int fd);
/* Sleeps ns nanoseconds; -1 if a stop signal cut the sleep short. */
int stop_sleep(uint64_t ns);

/* In a worker right after fork: dies with the master (SIGKILL when it goes, or
 * _exit now if it is already gone) and leaves Ctrl-C and hangups to it. */
void worker_signals_install(pid_t master);

#endif
