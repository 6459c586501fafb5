/* report_replay.c: a replay's named mismatches, each with its trace line, call,
 * target and both outcomes (an errno by its name: -ELOOP, -ENOENT). */
#include <inttypes.h>
#include <string.h>

#include "report/report_replay.h"

/* An outcome as the trace format writes it: a number, or -ERRNO. */
static const char *outcome(int64_t v, char *buf, size_t len)
{
    const char *name = v < 0 && v > -4096 ? strerrorname_np((int)-v) : NULL;
    if (name != NULL)
        snprintf(buf, len, "-%s", name);
    else
        snprintf(buf, len, "%" PRId64, v);
    return buf;
}

void report_mismatch_lines(FILE *out, const struct run_result *r, double stamp)
{
    if (r->nmismatches == 0)
        return;
    fprintf(out, "%.3f: replay mismatches: %" PRIu64 " (the first %zu named)\n", stamp, r->mismatches_seen,
            r->nmismatches);
    for (size_t i = 0; i < r->nmismatches; i++) {
        const struct replay_mismatch *m = &r->mismatches[i];
        char traced[32], got[32];
        fprintf(out, "%.3f:   line %" PRIu32 ": %s %s: traced %s, replay %s\n", stamp, m->line, m->call, m->target,
                outcome(m->traced, traced, sizeof traced), outcome(m->got, got, sizeof got));
    }
}

/* "replay_clients": [{client, calls, passes, ops_per_s, mismatches}...]: --clients and --runtime's figures. */
static void clients_json(struct jw *w, const struct run_result *r)
{
    if (r->nclients == 0)
        return;
    jw_open(w, "replay_clients", '[', false);
    for (size_t i = 0; i < r->nclients; i++) {
        const struct replay_client_fig *c = &r->clients[i];
        jw_open(w, NULL, '{', true);
        jw_u64(w, "client", i + 1);
        jw_u64(w, "calls", c->calls);
        jw_num(w, "passes", c->passes, 3);
        jw_num(w, "ops_per_s", r->seconds > 0 ? (double)c->calls / r->seconds : 0, 1);
        jw_u64(w, "mismatches", c->mismatches);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

/* "replay_left_out": {"pipes": 31, "outside": 783}: what the trace left out, by kind (none: no key). */
static void left_json(struct jw *w, const struct run_result *r)
{
    static const char *const keys[5] = { "pipes", "sockets", "devices", "outside", "other" };
    bool any = false;
    for (size_t k = 0; k < 5; k++)
        any |= r->left_out[k] != 0;
    if (!any)
        return;
    jw_open(w, "replay_left_out", '{', false);
    for (size_t k = 0; k < 5; k++)
        if (r->left_out[k] != 0)
            jw_u64(w, keys[k], r->left_out[k]);
    jw_close(w, '}');
}

void report_mismatch_json(struct jw *w, const struct run_result *r)
{
    clients_json(w, r);
    left_json(w, r);
    if (r->nmismatches == 0)
        return;
    jw_u64(w, "mismatches_seen", r->mismatches_seen);
    jw_open(w, "mismatches_named", '[', false);
    for (size_t i = 0; i < r->nmismatches; i++) {
        const struct replay_mismatch *m = &r->mismatches[i];
        char traced[32], got[32];
        jw_open(w, NULL, '{', true);
        jw_u64(w, "line", m->line);
        jw_str(w, "call", m->call);
        jw_str(w, "target", m->target);
        jw_str(w, "traced", outcome(m->traced, traced, sizeof traced));
        jw_str(w, "replay", outcome(m->got, got, sizeof got));
        jw_close(w, '}');
    }
    jw_close(w, ']');
}
