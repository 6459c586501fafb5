/* sys_call.h: the system calls of the hot path, made directly on x86-64
 * Linux: the kernel's result as it is, a value or -errno. */
#ifndef FB_SYS_CALL_H
#define FB_SYS_CALL_H

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* libc's wrappers of the calls that can block (openat, close, fsync, write,
 * pread, pwrite; fstatat's is the same call without the cancellation point) make each a thread cancellation point, 40 to 60
 * instructions a call around the system call, and go through errno:
 * flowbench cancels no thread, and the kernel returns -errno already. The
 * sanitizer builds keep libc's, whose interceptors check the buffers and
 * follow the descriptors. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FB_SYS_THROUGH_LIBC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define FB_SYS_THROUGH_LIBC 1 /* clang's names for the same builds */
#endif
#endif

#if defined(__x86_64__) && defined(__linux__) && !defined(FB_SYS_THROUGH_LIBC)
#define FB_SYS_DIRECT 1
#include <sys/syscall.h>

/* The kernel's calling convention: the number in rax, the arguments in rdi,
 * rsi, rdx, r10, r8, r9; rcx and r11 clobbered. One form per count of
 * arguments, so that a call sets no register it does not use. */
static inline long sys_call1(long nr, long a)
{
    long ret;
    __asm__ volatile("syscall" : "=a"(ret) : "0"(nr), "D"(a) : "rcx", "r11", "memory");
    return ret;
}

static inline long sys_call3(long nr, long a, long b, long c)
{
    long ret;
    __asm__ volatile("syscall" : "=a"(ret) : "0"(nr), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return ret;
}

static inline long sys_call4(long nr, long a, long b, long c, long d)
{
    long ret;
    register long r10 __asm__("r10") = d;
    __asm__ volatile("syscall" : "=a"(ret) : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return ret;
}

static inline long sys_call5(long nr, long a, long b, long c, long d, long e)
{
    long ret;
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
                     : "rcx", "r11", "memory");
    return ret;
}

static inline long sys_call6(long nr, long a, long b, long c, long d, long e, long f)
{
    long ret;
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    register long r9 __asm__("r9") = f;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return ret;
}

static inline long sys_openat(int dfd, const char *name, int flags, mode_t mode)
{
    return sys_call4(SYS_openat, dfd, (long)name, flags, (long)mode);
}

static inline long sys_close(int fd)
{
    return sys_call1(SYS_close, fd);
}

static inline long sys_fstatat(int dfd, const char *name, struct stat *sb, int flags)
{
    return sys_call4(SYS_newfstatat, dfd, (long)name, (long)sb, flags);
}

static inline long sys_fsync(int fd)
{
    return sys_call1(SYS_fsync, fd);
}

static inline long sys_unlinkat(int dfd, const char *name, int flags)
{
    return sys_call3(SYS_unlinkat, dfd, (long)name, flags);
}

static inline long sys_lseek(int fd, off_t off, int whence)
{
    return sys_call3(SYS_lseek, fd, (long)off, whence);
}

static inline long sys_write(int fd, const void *buf, size_t len)
{
    return sys_call3(SYS_write, fd, (long)buf, (long)len);
}

static inline long sys_pread(int fd, void *buf, size_t len, uint64_t off)
{
    return sys_call4(SYS_pread64, fd, (long)buf, (long)len, (long)off);
}

static inline long sys_pwrite(int fd, const void *buf, size_t len, uint64_t off)
{
    return sys_call4(SYS_pwrite64, fd, (long)buf, (long)len, (long)off);
}
#else
/* libc's calls, their result in the same form. */
static inline long sys_result(long r)
{
    return r < 0 ? -errno : r;
}

static inline long sys_openat(int dfd, const char *name, int flags, mode_t mode)
{
    return sys_result(openat(dfd, name, flags, mode));
}

static inline long sys_close(int fd)
{
    return sys_result(close(fd));
}

static inline long sys_fstatat(int dfd, const char *name, struct stat *sb, int flags)
{
    return sys_result(fstatat(dfd, name, sb, flags));
}

static inline long sys_fsync(int fd)
{
    return sys_result(fsync(fd));
}

static inline long sys_unlinkat(int dfd, const char *name, int flags)
{
    return sys_result(unlinkat(dfd, name, flags));
}

static inline long sys_lseek(int fd, off_t off, int whence)
{
    return sys_result((long)lseek(fd, off, whence));
}

static inline long sys_write(int fd, const void *buf, size_t len)
{
    return sys_result((long)write(fd, buf, len));
}

static inline long sys_pread(int fd, void *buf, size_t len, uint64_t off)
{
    return sys_result((long)pread(fd, buf, len, (off_t)off));
}

static inline long sys_pwrite(int fd, const void *buf, size_t len, uint64_t off)
{
    return sys_result((long)pwrite(fd, buf, len, (off_t)off));
}
#endif

#endif
