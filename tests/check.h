/* tests/check.h: the checks of a C unit test, one dialect for all: CHECK counts a
 * check, names a failed one by file:line, and check_summary() ends the program. */
#ifndef FLOWBENCH_TESTS_CHECK_H
#define FLOWBENCH_TESTS_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* Failures printed in full; a loop that fails everywhere says so once after these. */
#define CHECK_SHOWN_MAX 50

/* A test program is one translation unit: its counts live here, and the name of
 * the test function running (check_begin), which a failure line carries. */
static struct check_tally {
    int passed, failed;
    const char *test;
} check_tally;

/* CHECK(COND, FMT, ...): one check, true when COND holds; when not, prints
 * "file:line: FAIL [test: ]message" (FMT and its arguments, printf's). */
#define CHECK(cond, ...) check_at((cond) ? true : false, CHECK_FILE, __LINE__, __VA_ARGS__)

/* The source file's name without the build's directories, where the compiler knows it. */
#ifdef __FILE_NAME__
#define CHECK_FILE __FILE_NAME__
#else
#define CHECK_FILE __FILE__
#endif

/* CHECK_GOT(COND, WHAT, GOT, WANT): a check of a figure; a failure shows it and what it
 * should have been. */
#define CHECK_GOT(cond, what, got, want) \
    CHECK(cond, "%s: got %.6g, want %.6g", what, (double)(got), (double)(want))

__attribute__((format(printf, 4, 5)))
static inline bool check_at(bool ok, const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    if (ok) {
        check_tally.passed++;
        return true;
    }
    if (++check_tally.failed > CHECK_SHOWN_MAX) {
        if (check_tally.failed == CHECK_SHOWN_MAX + 1)
            printf("(further failures counted, not shown)\n");
        return false;
    }
    printf("%s:%d: FAIL %s%s", file, line, check_tally.test ? check_tally.test : "",
           check_tally.test ? ": " : "");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    return false;
}

/* check_begin(NAME): the test function now running (its __func__), named in failures. */
static inline void check_begin(const char *test)
{
    check_tally.test = test;
}

/* check_summary(): the closing line "N passed, N failed"; the exit status of main:
 * 1 when a check failed or when none ran (a test that checked nothing proves nothing). */
static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_tally.passed, check_tally.failed);
    if (check_tally.passed + check_tally.failed == 0) {
        printf("FAIL: no check ran\n");
        return 1;
    }
    return check_tally.failed != 0;
}

#endif
