/* bench/mdtest_loop.c: the baseline of bench/mdtest.sh: create, stat,
 * open+close and remove of N empty files in one directory, named as
 * flowbench names them (%08u), each phase timed; prints "phase ops seconds". */
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
    if (argc != 3)
        return fprintf(stderr, "usage: mdtest_loop DIR N\n"), 2;
    unsigned n = (unsigned)strtoul(argv[2], NULL, 10);
    char path[4096];
    for (int p = 0; p < NPHASES; p++) {
        double t0 = now();
        for (unsigned i = 1; i <= n; i++) {
            snprintf(path, sizeof path, "%s/%08u", argv[1], i);
            if (one((enum phase)p, path) != 0)
                return perror(path), 1;
        }
        printf("%s %u %.6f\n", names[p], n, now() - t0);
    }
    return 0;
}
