/* bench/mdtest_loop.c: the baseline of bench/mdtest.sh: create, stat,
 * open+close and remove of N empty files in one directory, named by FORMAT
 * (a printf format of the serial: %08u as flowbench names them by default,
 * or file.mdtest.0.%u as mdtest), each phase timed; prints "phase ops seconds". */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

enum phase { CREATE, STAT, OPEN, REMOVE, NPHASES };

static int one(enum phase p, const char *path)
{
    struct stat st;
    int fd;
    switch (p) {
    case CREATE: fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644); return fd < 0 ? -1 : close(fd);
    case STAT: return stat(path, &st);
    case OPEN: fd = open(path, O_RDONLY); return fd < 0 ? -1 : close(fd);
    case REMOVE: return unlink(path);
    case NPHASES: break;
    }
    return -1;
}

int main(int argc, char **argv)
{
    static const char *names[] = { "create", "stat", "open", "remove" };
    if (argc != 4)
        return fprintf(stderr, "usage: mdtest_loop DIR N FORMAT\n"), 2;
    char format[256];
    snprintf(format, sizeof format, "%%s/%s", argv[3]);
    unsigned n = (unsigned)strtoul(argv[2], NULL, 10);
    char path[4096];
    for (int p = 0; p < NPHASES; p++) {
        double t0 = now();
        for (unsigned i = 1; i <= n; i++) {
            snprintf(path, sizeof path, format, argv[1], i);
            if (one((enum phase)p, path) != 0)
                return perror(path), 1;
        }
        printf("%s %u %.6f\n", names[p], n, now() - t0);
    }
    return 0;
}
