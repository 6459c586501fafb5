/* infile.c: inputs opened O_NONBLOCK and checked with fstat, and read with waits a
 * stop signal ends: a FIFO planted where a file was expected cannot hang flowbench. */
#include "base/infile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/signals.h"

int infile_open(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return -1;
    struct stat st;
    int err = fstat(fd, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode) ? 0 : ENODEV;
    if (err == 0)
        return fd;
    close(fd);
    errno = err;
    return -1;
}

char *infile_read_all(int fd, size_t max, size_t *len)
{
    if (fd < 0)   /* a stream without a descriptor (fmemopen): poll would wait forever on it */
        return errno = EBADF, NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    while (buf != NULL) {
        if (n == cap) {
            char *nb = cap < max ? realloc(buf, (cap *= 2) + 1) : NULL;
            if (nb == NULL) {
                int err = cap >= max ? EFBIG : ENOMEM;
                free(buf);
                errno = err;
                return NULL;
            }
            buf = nb;
        }
        if (stop_wait_fd(fd) != 0) {
            free(buf);
            errno = EINTR;
            return NULL;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got == 0)
            break;
        if (got < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (got < 0) {
            int err = errno;
            free(buf);
            errno = err;
            return NULL;
        }
        n += (size_t)got;
    }
    if (buf != NULL) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}

/* The text of a pipe, in a stream of its own (fmemopen's buffer is the stream's). */
static FILE *pipe_stream(int fd, size_t max)
{
    size_t len;
    char *text = infile_read_all(fd, max, &len);
    if (text == NULL)
        return NULL;
    FILE *f = fmemopen(NULL, len + 1, "w+");
    if (f != NULL && (fwrite(text, 1, len, f) != len || fseek(f, 0, SEEK_SET) != 0)) {
        fclose(f);
        f = NULL;
    }
    free(text);
    return f;
}

FILE *infile_fopen(const char *path)
{
    int fd = infile_open(path);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)) {
        FILE *f = pipe_stream(fd, (size_t)1 << 30);
        int err = errno;
        close(fd);
        errno = err;
        return f;
    }
    FILE *f = fcntl(fd, F_SETFL, 0) == 0 ? fdopen(fd, "r") : NULL; /* a regular file reads as usual */
    if (f == NULL) {
        int err = errno;
        close(fd);
        errno = err;
    }
    return f;
}

const char *infile_strerror(int err)
{
    switch (err) {
    case ENODEV: return "not a regular file or a pipe (a device or a socket)";
    case EFBIG: return "too large";
    case EINTR: return "interrupted while waiting for it";
    default: return strerror(err);
    }
}
