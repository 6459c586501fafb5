/* test_beneath.c: beneath_open, by openat2 and by the walk (and beneath_node), refuses every way out of
 * a directory (absolute paths, "..", symbolic links at any depth, the last name
 * included) and opens what is plainly inside. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "check.h"

typedef int (*open_fn)(int, const char *, int, mode_t);

/* An open of WHAT (by HOW) ending in errno GOT, which should be WANT (0: success). */
#define CHECK_ERRNO(ok, how, what, got, want) \
    CHECK(ok, "%s %s: errno %d (%s), want %d", how, what, got, strerror(got), want)

/* open must fail with want (0: must succeed). */
static void expect(open_fn fn, const char *how, int root, const char *rel, int flags, int want)
{
    errno = 0;
    int fd = fn(root, rel, flags, 0644);
    int err = fd < 0 ? errno : 0;
    if (fd >= 0)
        close(fd);
    CHECK_ERRNO(err == want, how, rel, err, want);
}

static void must(int rc, const char *what)
{
    if (rc != 0) {
        perror(what);
        exit(2);
    }
}

static void cases(open_fn fn, const char *how, int root)
{
    expect(fn, how, root, "a/b/file", O_RDONLY, 0);
    expect(fn, how, root, "a/b", O_RDONLY | O_DIRECTORY, 0);
    expect(fn, how, root, "a/b/new", O_WRONLY | O_CREAT | O_EXCL, 0);
    expect(fn, how, root, "/etc/hostname", O_RDONLY, EXDEV);
    expect(fn, how, root, "a/../a/b/file", O_RDONLY, EXDEV);
    expect(fn, how, root, "..", O_RDONLY, EXDEV);
    expect(fn, how, root, "a//b/file", O_RDONLY, EINVAL);
    expect(fn, how, root, "", O_RDONLY, EINVAL);
    expect(fn, how, root, "dirlink/file", O_RDONLY, ELOOP);       /* link in the middle */
    expect(fn, how, root, "a/filelink", O_RDONLY, ELOOP);         /* link as the last name */
    expect(fn, how, root, "a/filelink", O_WRONLY | O_CREAT, ELOOP);
    expect(fn, how, root, "a/b/missing", O_RDONLY, ENOENT);
}

int main(void)
{
    char top[] = "/tmp/test_beneath.XXXXXX";
    if (mkdtemp(top) == NULL)
        return perror("mkdtemp"), 2;
    char outside[4200], p[4200];
    snprintf(outside, sizeof outside, "%s/outside", top);
    must(mkdir(outside, 0755), "mkdir outside");
    snprintf(p, sizeof p, "%s/outside/file", top);
    int ofd = open(p, O_WRONLY | O_CREAT, 0644);
    must(ofd < 0, "create outside/file");
    close(ofd);
    snprintf(p, sizeof p, "%s/root", top);
    must(mkdir(p, 0755), "mkdir root");
    int root = open(p, O_RDONLY | O_DIRECTORY);
    must(root < 0, "open root");
    must(mkdirat(root, "a", 0755), "mkdir a");
    must(mkdirat(root, "a/b", 0755), "mkdir a/b");
    int fd = openat(root, "a/b/file", O_WRONLY | O_CREAT, 0644);
    must(fd < 0, "create a/b/file");
    close(fd);
    must(symlinkat(outside, root, "dirlink"), "symlink dirlink");
    snprintf(p, sizeof p, "%s/outside/file", top);
    must(symlinkat(p, root, "a/filelink"), "symlink filelink");

    cases(beneath_open, "openat2", root);
    unlinkat(root, "a/b/new", 0);
    cases(beneath_open_walk, "walk", root);

    const char *leaf = NULL;
    int dfd = beneath_parent(root, "a/b/file", &leaf);
    CHECK_ERRNO(dfd >= 0 && leaf != NULL && strcmp(leaf, "file") == 0, "parent", "a/b/file", dfd < 0 ? errno : 0, 0);
    if (dfd >= 0)
        close(dfd);
    dfd = beneath_parent(root, "dirlink/file", &leaf);
    CHECK_ERRNO(dfd < 0 && errno == ELOOP, "parent", "dirlink/file", dfd < 0 ? errno : 0, ELOOP);
    if (dfd >= 0)
        close(dfd);
    CHECK_ERRNO(strstr(beneath_strerror(ELOOP), "symbolic link") != NULL, "strerror", "ELOOP", 0, 0);

    /* beneath_node: the object itself, a link at the last name or on the way refused, a FIFO not opened */
    struct stat st;
    int nfd = beneath_node(root, "a/b/file", &st);
    CHECK_ERRNO(nfd >= 0 && S_ISREG(st.st_mode), "node", "a/b/file", nfd < 0 ? errno : 0, 0);
    if (nfd >= 0)
        close(nfd);
    nfd = beneath_node(root, "a/filelink", &st);
    CHECK_ERRNO(nfd < 0 && errno == ELOOP, "node", "a/filelink", nfd < 0 ? errno : 0, ELOOP);
    nfd = beneath_node(root, "dirlink/file", &st);
    CHECK_ERRNO(nfd < 0 && errno == ELOOP, "node", "dirlink/file", nfd < 0 ? errno : 0, ELOOP);
    must(mkfifoat(root, "a/fifo", 0644), "mkfifo a/fifo");
    nfd = beneath_node(root, "a/fifo", &st); /* a blocking open of it would wait for a writer for good */
    CHECK_ERRNO(nfd >= 0 && S_ISFIFO(st.st_mode), "node", "a/fifo", nfd < 0 ? errno : 0, 0);
    char name[32];
    CHECK_ERRNO(nfd >= 0 && access(beneath_fd_name(nfd, name, sizeof name), F_OK) == 0, "fd_name", name, errno, 0);
    if (nfd >= 0)
        close(nfd);

    close(root);
    char cmd[4300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", top);
    return check_summary();
}
