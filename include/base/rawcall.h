/* rawcall.h: system calls of the per-op path (close, fstatat, and openat,
 * ready for fileset_open_entry) made here on x86-64 Linux, not through libc:
 * glibc's close and openat are thread cancellation points, 30 instructions
 * more a call (flowbench cancels no thread), as its pread and pwrite are
 * (io/ioengine.h's io_prw makes those the same way). Same contract as libc's:
 * -1 with errno set on failure. The sanitizer builds keep libc's, whose
 * interceptors check the arguments (FB_RAW_SYSCALLS unset). */
#ifndef FB_BASE_RAWCALL_H
#define FB_BASE_RAWCALL_H

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FB_RAW_THROUGH_LIBC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define FB_RAW_THROUGH_LIBC 1 /* clang's names for the same builds */
#endif
#endif
#if defined(__x86_64__) && defined(__linux__) && !defined(FB_RAW_THROUGH_LIBC)
#define FB_RAW_SYSCALLS 1
#endif

#ifdef FB_RAW_SYSCALLS
#include <sys/syscall.h>

/* System call n with four arguments: its result, or -errno. */
static inline long raw_syscall4(long n, long a, long b, long c, long d)
{
    long ret;
    register long r10 __asm__("r10") = d;
    __asm__ volatile("syscall" : "=a"(ret) : "0"(n), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return ret;
}

/* libc's contract for a result r: -1 and errno on failure. */
static inline int raw_result(long r)
{
    if (__builtin_expect(r < 0, 0)) {
        errno = (int)-r;
        return -1;
    }
    return (int)r;
}

static inline int fb_close(int fd)
{
    return raw_result(raw_syscall4(SYS_close, fd, 0, 0, 0));
}

static inline int fb_fstatat(int dfd, const char *name, struct stat *sb, int flags)
{
    return raw_result(raw_syscall4(SYS_newfstatat, dfd, (long)name, (long)sb, flags));
}

static inline int fb_openat(int dfd, const char *name, int flags, mode_t mode)
{
    return raw_result(raw_syscall4(SYS_openat, dfd, (long)name, flags, (long)mode));
}
#else
static inline int fb_close(int fd)
{
    return close(fd);
}

static inline int fb_fstatat(int dfd, const char *name, struct stat *sb, int flags)
{
    return fstatat(dfd, name, sb, flags);
}

static inline int fb_openat(int dfd, const char *name, int flags, mode_t mode)
{
    return openat(dfd, name, flags, mode);
}
#endif

#endif
