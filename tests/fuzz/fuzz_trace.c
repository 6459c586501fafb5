/* fuzz_trace.c: libFuzzer target for the trace readers: each input is a trace
 * in any format (own, strace, dbench, fio), read from an anonymous file as
 * replay reads it, compiled for a replay (touching nothing), fitted to a model,
 * and written in flowbench's own format, which must read back. Seeds:
 * tests/fuzz/trace_corpus (crafted budgets, long lines, bad numbers). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "trace/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The bytes as a file trace_load can open by name; -1 when the system cannot make one. */
static int as_file(const uint8_t *data, size_t size, char *path, size_t len)
{
    int fd = memfd_create("trace", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    for (size_t at = 0; at < size;) {
        ssize_t n = write(fd, data + at, size - at);
        if (n <= 0) {
            close(fd);
            return -1;
        }
        at += (size_t)n;
    }
    snprintf(path, len, "/proc/self/fd/%d", fd);
    return fd;
}

/* What is read is compiled and modelled; what is written in the own format reads back. */
static void exercise(struct trace *t)
{
    struct trace_compiled c;
    struct diag err = { 0 };
    if (trace_compile(t, "/nonexistent-fuzz-dir", RP_AFAP, 1, &c, &err) == 0)
        trace_compiled_free(&c);
    FILE *null = fopen("/dev/null", "w");
    if (null != NULL) {
        trace_model_write(t, "fuzz", null, &err);
        fclose(null);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (mem == NULL)
        return;
    int wrote = trace_write(t, mem);
    fclose(mem);
    char path[64];
    int fd = wrote == 0 ? as_file((const uint8_t *)text, len, path, sizeof path) : -1;
    struct trace again;
    struct trace_opts o = { 0 };
    if (fd >= 0 && trace_load(&again, path, &o, &err) != 0) {
        fprintf(stderr, "fuzz_trace: the own format written does not read back: %s\n", err.msg);
        abort();
    }
    if (fd >= 0) {
        if (again.n != t->n) {
            fprintf(stderr, "fuzz_trace: %zu calls written, %zu read back\n", t->n, again.n);
            abort();
        }
        trace_free(&again);
        close(fd);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = as_file(data, size, path, sizeof path);
    if (fd < 0)
        return 0;
    struct trace t;
    struct diag err = { 0 };
    struct trace_opts o = { .root = "/r", .all = true };
    if (trace_load(&t, path, &o, &err) == 0)
        exercise(&t);
    trace_free(&t);
    close(fd);
    return 0;
}
