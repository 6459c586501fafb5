/* debugops.c: flowops for script debugging: print and testrandvar. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "flowops/flowop.h"
#include "engine/worker.h"

/* One write(2) per message, so lines of concurrent threads do not interleave.
 * A numeric value= prints as drawn. Not counted. */
static int print_run(struct worker *w, struct op_inst *op)
{
    char value[32];
    const char *text = op->op->value_str;
    if (text == NULL) {
        snprintf(value, sizeof value, "%llu", (unsigned long long)param_u64(&op->op->value, &w->rng));
        text = value;
    }
    char line[4096];
    int n = snprintf(line, sizeof line, "Message from process (%s,%u), thread (%s,%u): %s\n", w->proc->name,
                     w->proc_inst, w->thread->name, w->thread_inst, text);
    if (n < 0)
        return FO_OK;
    if ((size_t)n >= sizeof line) { /* cut: still end the line */
        n = (int)sizeof line - 1;
        line[n - 1] = '\n';
    }
    if (write(STDERR_FILENO, line, (size_t)n) < 0)
        return FO_OK; /* stderr is gone: there is nowhere to say so */
    return FO_OK;
}

/* testrandvar's tallies outlive the worker's flowop instances (freed before the
 * thread ends), so each thread keeps them in a list of its own, reported and
 * freed by a thread-specific-data destructor when the thread exits: the
 * "thread teardown" where classic logged them. */
struct rv_tally {
    struct rv_tally *next;
    const struct plan_op *op;
    const char *proc, *thread;
    unsigned proc_inst, thread_inst;
    uint64_t n;
    double sum, sumsq;
};

static pthread_key_t rv_key;
static pthread_once_t rv_once = PTHREAD_ONCE_INIT;
static int rv_key_err = -1;

/* One line per testrandvar of the thread: draws, mean and stddev/mean. */
static void rv_report(void *head)
{
    for (struct rv_tally *t = head, *next; t != NULL; t = next) {
        next = t->next;
        double mean = t->sum / (double)t->n;
        double var = t->sumsq / (double)t->n - mean * mean;
        double sd = var > 0 ? sqrt(var) : 0;
        char line[512];
        int n = snprintf(line, sizeof line,
                         "testrandvar %s of process (%s,%u), thread (%s,%u): %llu draws, mean %.3f, stddev/mean %.4f\n",
                         t->op->name, t->proc, t->proc_inst, t->thread, t->thread_inst, (unsigned long long)t->n,
                         mean, mean != 0 ? sd / fabs(mean) : 0.0);
        if (n > 0 && write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1) < 0)
            n = 0; /* stderr is gone: there is nowhere to say so */
        free(t);
    }
}

static void rv_key_make(void)
{
    rv_key_err = pthread_key_create(&rv_key, rv_report);
}

/* The thread's tally for op, made on its first draw; NULL without memory. */
static struct rv_tally *rv_tally_of(struct worker *w, const struct op_inst *op)
{
    pthread_once(&rv_once, rv_key_make);
    if (rv_key_err != 0)
        return NULL;
    struct rv_tally *head = pthread_getspecific(rv_key), *last = NULL;
    for (struct rv_tally *t = head; t != NULL; last = t, t = t->next)
        if (t->op == op->op)
            return t;
    struct rv_tally *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    *t = (struct rv_tally){ .op = op->op, .proc = w->proc->name, .thread = w->thread->name,
                            .proc_inst = w->proc_inst, .thread_inst = w->thread_inst };
    if (last != NULL) { /* in the order the thread first ran them */
        last->next = t;
    } else if (pthread_setspecific(rv_key, t) != 0) {
        free(t);
        return NULL;
    }
    return t;
}

/* Draws value and accumulates its count, sum and sum of squares, reported
 * when the thread ends. Not counted. The draw stays a double (as classic's
 * was), so fractional and negative samples are reported as drawn. */
static int testrandvar_run(struct worker *w, struct op_inst *op)
{
    const struct param *p = &op->op->value;
    double v = p->is_dist ? dist_sample(&p->dist, &w->rng) : (double)p->u;
    struct rv_tally *t = rv_tally_of(w, op);
    if (t != NULL) {
        t->n++;
        t->sum += v;
        t->sumsq += v * v;
    }
    return FO_OK;
}

const struct flowop_hooks flowop_print_hooks = { .run = print_run };

const struct flowop_hooks flowop_testrandvar_hooks = { .run = testrandvar_run };
