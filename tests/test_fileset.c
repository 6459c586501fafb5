/* test_fileset.c: checks the fileset layer: tree shape in memory and on disk,
 * pre-allocation, sizes, reuse, refusal of trees flowbench did not make,
 * confined removal, runtime picking and waiting for busy entries, and the
 * memory and time of 10M entries. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fileset/fileset.h"
#include "fileset/fileset_path.h"
#include "fileset/fileset_pick.h"
#include "base/rng.h"
#include "base/shm.h"
#include "check.h"

static char base[64];   /* mkdtemp directory holding every test's trees */

/* ---- helpers ---- */

/* A path in one of 8 rotating buffers: for immediate use only; keep nothing in it. */
static char *path_of(const char *fmt, ...)
{
    static char buf[8][PATH_MAX];
    static int next;
    char *b = buf[next++ % 8];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b, PATH_MAX, fmt, ap);
    va_end(ap);
    return b;
}

/* Strings the plans point at, freed at exit. */
static char *kept[64];
static size_t nkept;

static char *keep_str(const char *s)
{
    char *c = strdup(s);
    if (nkept < sizeof kept / sizeof kept[0])
        kept[nkept++] = c;
    return c;
}

static struct plan_fileset plan(const char *name, const char *dir, uint64_t entries, uint64_t width, double gamma,
                                unsigned prealloc, uint64_t size)
{
    struct plan_fileset p = { .name = (char *)name, .path = keep_str(dir), .entries = entries, .dirgamma = gamma,
                              .prealloc = prealloc };
    p.dirwidth.u = width;
    p.size.u = size;
    return p;
}

/* Populates and attaches in a fresh shared region. */
static int setup(struct fileset_rt *fs, struct shm *shm, const struct plan_fileset *p, uint64_t seed)
{
    struct diag err;
    if (!CHECK(fileset_populate(fs, p, seed, &err) == 0, "populate: %s", err.msg))
        return -1;
    if (!CHECK(shm_map(shm, fileset_shared_size(fs)) == 0, "shm_map failed"))
        return -1;
    fileset_attach(fs, shm);
    return 0;
}

static void teardown(struct fileset_rt *fs, struct shm *shm)
{
    fileset_free(fs);
    shm_unmap(shm);
}

/* filenames=: %i the serial, %r the rank the plan gives (rank_spell.c, as the
 * replay's %r), %% one percent; a pattern too long once %r is spelt is refused. */
static void test_filenames_spell_rank_serial_and_percent(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("named", path_of("%s/named", base), 3, 10, 0, 0, 1024);
    snprintf(p.filenames, sizeof p.filenames, "x%%%%.%%r.%%i.y%%r");
    p.name_rank = 12;
    struct fileset_rt fs;
    struct shm shm;
    if (setup(&fs, &shm, &p, 7) != 0)
        return;
    char name[FS_NAME_LEN];
    CHECK(fileset_entry_name(&fs, FSK_FILE, 1, name) == 0 && strcmp(name, "x%.12.2.y12") == 0, "file 2 named '%s'", name);
    teardown(&fs, &shm);
    /* 30 %r spelt as 4294967295 do not fit the 64 bytes a name's pieces have */
    char *c = p.filenames;
    for (int i = 0; i < 30; i++)
        c += sprintf(c, "%%r");
    strcat(p.filenames, "%i");
    p.name_rank = 4294967295u;
    struct diag err;
    CHECK(fileset_populate(&fs, &p, 7, &err) != 0 && strstr(err.msg, "too long") != NULL, "an overlong spelt pattern: '%s'",
          err.msg);
}

/* Entries of a directory, not counting ".", ".." and the marker. */
static void count_dir(const char *dir, int *ndirs, int *nfiles, int *nother)
{
    *ndirs = *nfiles = *nother = 0;
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        struct stat st;
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 || strcmp(de->d_name, FS_MARKER) == 0)
            continue;
        if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            (*nother)++;
        else if (S_ISDIR(st.st_mode))
            (*ndirs)++;
        else if (S_ISREG(st.st_mode))
            (*nfiles)++;
        else
            (*nother)++;
    }
    closedir(d);
}

static int g_files;
static int count_file(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    if (flag == FTW_F && S_ISREG(st->st_mode) && strcmp(p + f->base, FS_MARKER) != 0)
        g_files++;
    return 0;
}

static int count_files_under(const char *root)
{
    g_files = 0;
    nftw(root, count_file, 32, FTW_PHYS);
    return g_files;
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    return remove(p) == 0 || errno == ENOENT ? 0 : -1;
}

static void rm_rf(const char *dir)
{
    nftw(dir, rm_one, 32, FTW_DEPTH | FTW_PHYS);
}

static bool exists(const char *p)
{
    struct stat st;
    return lstat(p, &st) == 0;
}

static void touch(const char *p)
{
    int fd = open(p, O_WRONLY | O_CREAT, 0644);
    if (fd >= 0)
        close(fd);
}

static uint64_t count_state(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, uint32_t bit)
{
    size_t n = kind == FSK_FILE ? fs->nfiles : fs->nleafdirs;
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += (fileset_state(fs, shm, kind, (int64_t)i) & bit) != 0;
    return c;
}

static struct fs_shared *shared_of(struct fileset_rt *fs, struct shm *shm)
{
    return shm_at(shm, fs->shared_off);
}

/* ---- tree shape ---- */

/* A sink keeping the lines the fileset layer reports up (it draws nothing itself). */
static void sink_tick(void *ctx, const struct task_progress *p) { }
static void sink_end(void *ctx) { }
static void sink_note(void *ctx, const char *line)
{
    fprintf(ctx, "%s\n", line);
}

static void test_dirwidth_20_gives_files_two_levels_below_root_for_10000_entries(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("shape", path_of("%s/shape", base), 10000, 20, 0, 100, 16);
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 1) != 0)
        return;
    CHECK(fs.ndirs == 1 + 25 + 500, "ndirs = %zu, want 526", fs.ndirs);
    char *out = NULL;
    size_t outlen = 0;
    FILE *progress = open_memstream(&out, &outlen);
    const struct progress_sink sink = { sink_tick, sink_end, sink_note, progress };
    CHECK(fileset_create(&fs, &shm, 1, &sink, &err) == 0, "create: %s", err.msg);
    fclose(progress);
    CHECK(out != NULL && strstr(out, "shape populated: 10000 files, avg. dir. width = 20, avg. dir. depth = 3.1, "
                                     "0 leafdirs, 0.153MB total size\n") != NULL,
          "summary line: %s", out ? out : "(none)");
    free(out);
    int nd, nf, no, bad = 0;
    count_dir(fs.root, &nd, &nf, &no);
    CHECK(nd == 25 && nf == 0 && no == 0, "root: %d dirs %d files %d other, want 25 0 0", nd, nf, no);
    CHECK(exists(path_of("%s/%s", fs.root, FS_MARKER)), "marker missing");
    for (int a = 1; a <= 25; a++) {
        count_dir(path_of("%s/%08d", fs.root, a), &nd, &nf, &no);
        bad += nd != 20 || nf != 0 || no != 0;
        for (int b = 1; b <= 20; b++) {
            count_dir(path_of("%s/%08d/%08d", fs.root, a, b), &nd, &nf, &no);
            bad += nd != 0 || nf != 20 || no != 0;
        }
    }
    CHECK(bad == 0, "%d directories do not have the expected 20 subdirs / 20 files", bad);
    CHECK(count_files_under(fs.root) == 10000, "files on disk = %d", g_files);
    char path[PATH_MAX];
    fileset_path(&fs, FSK_FILE, 0, path, sizeof path);
    CHECK(strcmp(path, path_of("%s/00000001/00000001/00000001", fs.root)) == 0, "file 0 at %s", path);
    fileset_path(&fs, FSK_FILE, 9999, path, sizeof path);
    CHECK(strcmp(path, path_of("%s/00000025/00000020/00000020", fs.root)) == 0, "file 9999 at %s", path);
    CHECK(atomic_load(&shared_of(&fs, &shm)->nexisting) == 10000, "nexisting");
    CHECK(fileset_remove_tree(fs.root, &err) == 0 && !exists(fs.root), "remove: %s", err.msg);
    teardown(&fs, &shm);
}

static void test_define_file_is_root_00000001_00000001(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("bigfile1", path_of("%s/file", base), 1, 10, 0, 100, 3 * 1024 * 1024 + 5);
    p.is_file = true;
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 7) != 0)
        return;
    char path[PATH_MAX];
    CHECK(fileset_path(&fs, FSK_FILE, 0, path, sizeof path) == 0, "path");
    CHECK(strcmp(path, path_of("%s/bigfile1/00000001/00000001", p.path)) == 0, "file at %s", path);
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "create: %s", err.msg);
    struct stat st;
    CHECK(stat(path, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size == 3 * 1024 * 1024 + 5,
          "file on disk: size %lld", (long long)st.st_size);
    teardown(&fs, &shm);
}

static void test_same_seed_gives_same_tree(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("seeded", base, 5000, 7, 1.5, 0, 100);
    struct fileset_rt a, b, c;
    struct diag err;
    CHECK(fileset_populate(&a, &p, 42, &err) == 0 && fileset_populate(&b, &p, 42, &err) == 0
              && fileset_populate(&c, &p, 43, &err) == 0, "populate: %s", err.msg);
    CHECK(a.ndirs == b.ndirs && memcmp(a.dirs, b.dirs, a.ndirs * sizeof *a.dirs) == 0
              && memcmp(a.files, b.files, a.nfiles * sizeof *a.files) == 0, "same seed, different tree");
    CHECK(a.ndirs != c.ndirs || memcmp(a.dirs, c.dirs, a.ndirs * sizeof *a.dirs) != 0, "seed has no effect");
    CHECK(a.nfiles == 5000, "nfiles = %zu", a.nfiles);
    fileset_free(&a);
    fileset_free(&b);
    fileset_free(&c);
}

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

static void test_files_and_leafdirs_never_share_a_name(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("mixed", path_of("%s/mixed", base), 100, 5, 0, 100, 10);
    p.leafdirs = 50;
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 3) != 0)
        return;
    size_t n = fs.nfiles + fs.nleafdirs, dups = 0;
    char **paths = calloc(n, sizeof *paths);
    for (size_t i = 0; i < n; i++) {
        char buf[PATH_MAX];
        fileset_path(&fs, i < fs.nfiles ? FSK_FILE : FSK_LEAFDIR, i < fs.nfiles ? i : i - fs.nfiles, buf, sizeof buf);
        paths[i] = strdup(buf);
    }
    qsort(paths, n, sizeof *paths, cmp_str);
    for (size_t i = 1; i < n; i++)
        dups += strcmp(paths[i - 1], paths[i]) == 0 || strncmp(paths[i], paths[i - 1], strlen(paths[i - 1])) == 0;
    CHECK(dups == 0, "%zu paths collide or nest", dups);
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "create: %s", err.msg);
    CHECK(count_files_under(fs.root) == 100, "files on disk = %d", g_files);
    int empty = 0;
    for (size_t i = 0; i < fs.nleafdirs; i++) {
        char buf[PATH_MAX];
        int nd, nf, no;
        fileset_path(&fs, FSK_LEAFDIR, i, buf, sizeof buf);
        count_dir(buf, &nd, &nf, &no);
        struct stat st;
        empty += stat(buf, &st) == 0 && S_ISDIR(st.st_mode) && nd + nf + no == 0;
    }
    CHECK(empty == 50, "%d of 50 leaf dirs exist and are empty", empty);
    CHECK(atomic_load(&shared_of(&fs, &shm)->nleaf_existing) == 50, "nleaf_existing");
    teardown(&fs, &shm);
}

/* A relative path joined to the root is the plain path, and its last name is
 * the entry's name, at random across two filesets and for serials of 1 to 10
 * digits (put_serial's two-digit steps); the root's own relative path is ".". */
static void test_relative_paths_join_to_plain_paths(void)
{
    check_begin(__func__);
    struct plan_fileset pa = plan("cacheda", base, 3000, 7, 1.5, 0, 10);
    struct plan_fileset pb = plan("cachedb", base, 200, 1000, 0, 0, 10);
    pa.leafdirs = 40;
    struct fileset_rt a, b;
    struct diag err;
    if (!CHECK(fileset_populate(&a, &pa, 5, &err) == 0 && fileset_populate(&b, &pb, 6, &err) == 0, "populate: %s",
               err.msg))
        return;
    struct rng r;
    rng_seed(&r, 9);
    size_t bad = 0;
    char want[PATH_MAX], rel[PATH_MAX], joined[PATH_MAX + 8], name[FS_NAME_LEN];
    for (size_t k = 0; k < 20000; k++) {
        struct fileset_rt *fs = k % 3 == 0 ? &b : &a;
        bool leaf = fs == &a && k % 5 == 0;
        size_t n = leaf ? fs->nleafdirs : fs->nfiles;
        size_t i = k < 3000 ? k % n : (size_t)rng_below(&r, n);
        enum fs_kind kind = leaf ? FSK_LEAFDIR : FSK_FILE;
        bool ok = fileset_relpath(fs, kind, i, rel, sizeof rel) == 0 && fileset_path(fs, kind, i, want, sizeof want) == 0
                  && fileset_entry_name(fs, kind, i, name) == 0;
        snprintf(joined, sizeof joined, "%s/%s", fs->root, rel);
        const char *last = strrchr(rel, '/');
        bad += !ok || rel[0] == '/' || strcmp(joined, want) != 0 || strcmp(last ? last + 1 : rel, name) != 0;
    }
    CHECK(bad == 0, "%zu relative paths differ", bad);
    CHECK(fileset_dir_relpath(&a, 0, rel, sizeof rel) == 0 && strcmp(rel, ".") == 0, "the root is '%s'", rel);
    CHECK(fileset_dir_path(&a, 0, want, sizeof want) == 0 && strcmp(want, a.root) == 0, "the root's path is %s", want);
    static const uint32_t serials[] = { 0, 7, 10, 99, 100, 12345678, 99999999, 100000000, 4294967295u };
    static const char *const names[] = { "00000000", "00000007", "00000010", "00000099", "00000100",
                                         "12345678", "99999999", "100000000", "4294967295" };
    for (size_t k = 0; k < sizeof serials / sizeof serials[0]; k++) {
        a.files[0].serial = serials[k];
        bool ok = fileset_entry_name(&a, FSK_FILE, 0, name) == 0;
        CHECK(ok && strcmp(name, names[k]) == 0, "serial %u written as %s", serials[k], ok ? name : "(null)");
    }
    CHECK(fileset_relpath(&a, FSK_FILE, a.nfiles, rel, sizeof rel) != 0 && errno == EINVAL, "index past the end");
    fileset_free(&a);
    fileset_free(&b);
}

/* The name an op passes to its *at() call: from the table of spelt serials
 * without a copy, or spelt into the caller's buffer for a serial past the
 * table and for every file of a fileset with filenames=; always what
 * fileset_entry_name says. */
static size_t leaf_names_differ(struct fileset_rt *fs, enum fs_kind kind, size_t *from_table)
{
    size_t n = kind == FSK_FILE ? fs->nfiles : fs->nleafdirs, bad = 0;
    char buf[FS_NAME_LEN], name[FS_NAME_LEN];
    for (size_t i = 0; i < n; i++) {
        const char *leaf = fileset_leaf(fs, kind, i, buf);
        *from_table += leaf != NULL && leaf != buf;
        bad += leaf == NULL || fileset_entry_name(fs, kind, i, name) != 0 || strcmp(leaf, name) != 0;
    }
    return bad;
}

static void test_leaf_names_from_the_table_equal_spelt_names(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("leafnames", base, 500, 30, 1.5, 0, 10);
    p.leafdirs = 20;
    struct fileset_rt fs;
    struct diag err;
    if (!CHECK(fileset_populate(&fs, &p, 3, &err) == 0, "populate: %s", err.msg))
        return;
    size_t from_table = 0, bad = leaf_names_differ(&fs, FSK_FILE, &from_table);
    bad += leaf_names_differ(&fs, FSK_LEAFDIR, &from_table);
    CHECK(bad == 0 && from_table == fs.nfiles + fs.nleafdirs, "%zu names differ, %zu of %zu from the table", bad,
          from_table, fs.nfiles + fs.nleafdirs);
    char buf[FS_NAME_LEN];
    fs.files[0].serial = FS_LEAF_TABLE_MAX + 123456789u;
    const char *leaf = fileset_leaf(&fs, FSK_FILE, 0, buf);
    CHECK(leaf == buf && strcmp(leaf, "123522325") == 0, "a serial past the table spelt '%s'", leaf ? leaf : "(null)");
    errno = 0;
    CHECK(fileset_leaf(&fs, FSK_FILE, fs.nfiles, buf) == NULL && errno == EINVAL, "an index past the end has no name");
    fileset_free(&fs);
    snprintf(p.filenames, sizeof p.filenames, "f%%i.dat");
    if (!CHECK(fileset_populate(&fs, &p, 3, &err) == 0, "populate: %s", err.msg))
        return;
    from_table = 0;
    bad = leaf_names_differ(&fs, FSK_FILE, &from_table) + leaf_names_differ(&fs, FSK_LEAFDIR, &from_table);
    leaf = fileset_leaf(&fs, FSK_FILE, 0, buf);
    CHECK(bad == 0 && from_table == 0 && leaf != NULL && strncmp(leaf, "f", 1) == 0, "filenames=: %zu differ, %zu "
          "from the table, the first '%s'", bad, from_table, leaf ? leaf : "(null)");
    fileset_free(&fs);
}

static void test_dirwidth_1_terminates_with_flat_tree(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("narrow", base, 100, 1, 1.5, 0, 1);
    struct fileset_rt fs;
    struct diag err;
    CHECK(fileset_populate(&fs, &p, 1, &err) == 0 && fs.nfiles == 100, "populate: %s", err.msg);
    CHECK(fs.ndirs <= 101, "ndirs = %zu", fs.ndirs);
    fileset_free(&fs);
}

static void test_more_than_4_billion_entries_refused(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("huge", base, 5000000000u, 20, 0, 0, 1);
    struct fileset_rt fs;
    struct diag err;
    CHECK(fileset_populate(&fs, &p, 1, &err) == -1 && strstr(err.msg, "at most") != NULL, "msg: %s", err.msg);
}

/* ---- creation ---- */

static void test_prealloc_50_of_1000_creates_half_on_4_threads(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("half", path_of("%s/half", base), 1000, 20, 1.5, 50, 100);
    p.paralloc = true;
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 5) != 0)
        return;
    CHECK(fileset_create(&fs, &shm, 4, NULL, &err) == 0, "create: %s", err.msg);
    int ondisk = count_files_under(fs.root);
    uint64_t marked = count_state(&fs, &shm, FSK_FILE, ENT_EXISTS);
    CHECK(ondisk == 500, "%d files created of 1000, want exactly 500", ondisk);
    CHECK((uint64_t)ondisk == marked, "%d on disk, %llu marked existing", ondisk, (unsigned long long)marked);
    CHECK(atomic_load(&shared_of(&fs, &shm)->nexisting) == marked, "nexisting");
    bool agree = true;
    for (size_t i = 0; i < fs.nfiles; i++) {
        char buf[PATH_MAX];
        fileset_path(&fs, FSK_FILE, i, buf, sizeof buf);
        agree &= exists(buf) == ((fileset_state(&fs, &shm, FSK_FILE, (int64_t)i) & ENT_EXISTS) != 0);
    }
    CHECK(agree, "state and disk disagree on some file");
    /* The choice depends on the seed only, not on the threads: serially, same set. */
    uint32_t *before = malloc(fs.nfiles * sizeof *before);
    for (size_t i = 0; i < fs.nfiles; i++)
        before[i] = fileset_state(&fs, &shm, FSK_FILE, (int64_t)i);
    p.paralloc = false;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "recreate: %s", err.msg);
    size_t differ = 0;
    for (size_t i = 0; i < fs.nfiles; i++)
        differ += before[i] != fileset_state(&fs, &shm, FSK_FILE, (int64_t)i);
    CHECK(differ == 0, "%zu files chosen differently serially", differ);
    free(before);
    teardown(&fs, &shm);
}

/* prealloc=50 of four files makes two, whatever the seed: a draw per file
 * made none for videoserver's shrunk passive set, so its first deletefile
 * found nothing and the run stopped at once. */
static void test_prealloc_makes_exactly_its_share_of_a_small_fileset(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("small", path_of("%s/small", base), 4, 20, 1.5, 50, 1);
    p.leafdirs = 7;
    int wrong = 0;
    for (uint64_t seed = 1; seed <= 64; seed++) {
        struct fileset_rt fs;
        struct shm shm;
        struct diag err;
        if (setup(&fs, &shm, &p, seed) != 0)
            return;
        CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "create: %s", err.msg);
        uint64_t files = count_state(&fs, &shm, FSK_FILE, ENT_EXISTS);
        uint64_t leaves = count_state(&fs, &shm, FSK_LEAFDIR, ENT_EXISTS);
        if (files != 2 || leaves != 4 || count_files_under(fs.root) != 2) {
            if (wrong++ == 0)
                CHECK(false, "seed %llu: %llu of 4 files and %llu of 7 leaf dirs, want 2 and 4",
                      (unsigned long long)seed, (unsigned long long)files, (unsigned long long)leaves);
        }
        teardown(&fs, &shm);
    }
    CHECK(wrong == 0, "%d of 64 seeds chose the wrong number", wrong);
}

static void test_sizes_on_disk_equal_nominal_sizes(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("sizes", path_of("%s/sizes", base), 24, 5, 1.5, 100, 0);
    struct randvar_spec s = { .kind = DIST_UNIFORM, .has_min = true, .min = 0, .has_mean = true,
                              .mean = 1.5 * 1024 * 1024 };
    struct diag why;
    CHECK(randvar_init(&p.size.dist, &s, &why) == 0, "randvar: %s", why.msg);
    p.size.is_dist = true;
    p.paralloc = true;
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 11) != 0)
        return;
    CHECK(fileset_create(&fs, &shm, 3, NULL, &err) == 0, "create: %s", err.msg);
    int wrong = 0, big = 0;
    uint64_t total = 0;
    for (size_t i = 0; i < fs.nfiles; i++) {
        char buf[PATH_MAX];
        struct stat st;
        fileset_path(&fs, FSK_FILE, i, buf, sizeof buf);
        wrong += stat(buf, &st) != 0 || (uint64_t)st.st_size != fs.files[i].size;
        big += fs.files[i].size > (1u << 20);
        total += fs.files[i].size;
    }
    CHECK(wrong == 0, "%d files differ from their nominal size", wrong);
    CHECK(big > 0 && big < 24, "%d of 24 sizes above 1 MiB: sizes not drawn per file", big);
    CHECK(total == fs.total_bytes, "total_bytes");
    teardown(&fs, &shm);
}

static ino_t inode_of(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 ? st.st_ino : 0;
}

static off_t size_of(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 ? st.st_size : -1;
}

static void test_reuse_keeps_tree_and_fixes_sizes_non_reuse_recreates(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("reuse", path_of("%s/reuse", base), 40, 4, 0, 100, 5000);
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 9) != 0)
        return;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "create: %s", err.msg);
    char f[4][PATH_MAX];
    for (int i = 0; i < 4; i++)
        fileset_path(&fs, FSK_FILE, (size_t)i, f[i], PATH_MAX);
    ino_t ino0 = inode_of(f[0]);
    CHECK(truncate(f[1], 9000) == 0 && truncate(f[2], 10) == 0 && unlink(f[3]) == 0, "tamper");
    char sentinel[PATH_MAX];
    snprintf(sentinel, sizeof sentinel, "%s/sentinel", fs.root);
    touch(sentinel);

    p.reuse = true;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "reuse: %s", err.msg);
    CHECK(inode_of(f[0]) == ino0, "reuse replaced file 0");
    CHECK(exists(sentinel), "reuse removed the tree");
    CHECK(size_of(f[1]) == 5000 && size_of(f[2]) == 5000 && size_of(f[3]) == 5000, "sizes after reuse: %lld %lld %lld",
          (long long)size_of(f[1]), (long long)size_of(f[2]), (long long)size_of(f[3]));
    CHECK(count_state(&fs, &shm, FSK_FILE, ENT_EXISTS) == 40, "all marked existing");

    p.reuse = false;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "recreate: %s", err.msg);
    CHECK(!exists(sentinel), "non-reuse kept the old tree");
    CHECK(size_of(f[0]) == 5000 && count_files_under(fs.root) == 40, "recreated tree incomplete");

    /* trusttree: nothing on disk is looked at or changed. */
    CHECK(truncate(f[1], 7) == 0, "tamper");
    p.trusttree = true;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "trusttree: %s", err.msg);
    CHECK(size_of(f[1]) == 7 && count_state(&fs, &shm, FSK_FILE, ENT_EXISTS) == 40, "trusttree touched the tree");
    teardown(&fs, &shm);
}

/* What removing a tree frees: its blocks, not those a symlink points at nor
 * those another hard link keeps; nothing for a tree flowbench did not make. */
static void test_tree_freed_counts_own_blocks_only(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("freed", path_of("%s/freed", base), 20, 4, 0, 100, 64 * 1024);
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 3) != 0)
        return;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "create: %s", err.msg);
    uint64_t all = fileset_tree_freed(fs.root, UINT64_MAX);
    CHECK(all >= 20 * 64 * 1024 && all < 20 * 64 * 1024 + 1024 * 1024, "freed %llu", (unsigned long long)all);
    CHECK(fileset_tree_freed(fs.root, 3) < all, "the entry limit is not applied");

    char big[PATH_MAX], link_in[PATH_MAX + 8], file0[PATH_MAX];
    snprintf(big, sizeof big, "%s/freed-outside", base);
    snprintf(link_in, sizeof link_in, "%s/link", fs.root);
    static const char zeros[1 << 20];
    int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0 && write(fd, zeros, sizeof zeros) == (ssize_t)sizeof zeros, "outside file");
    close(fd);
    CHECK(symlink(big, link_in) == 0, "symlink");
    CHECK(fileset_tree_freed(fs.root, UINT64_MAX) < all + (1 << 19), "followed a symlink out of the tree");
    fileset_path(&fs, FSK_FILE, 0, file0, sizeof file0);
    CHECK(unlink(big) == 0 && link(file0, big) == 0, "hard link");
    CHECK(fileset_tree_freed(fs.root, UINT64_MAX) <= all - 64 * 1024, "counted a file another link keeps");
    unlink(big);

    char foreign[PATH_MAX];
    snprintf(foreign, sizeof foreign, "%s/foreign-freed", base);
    CHECK(mkdir(foreign, 0755) == 0, "mkdir");
    CHECK(fileset_tree_freed(foreign, UINT64_MAX) == 0 && fileset_tree_freed(path_of("%s/none", base), 9) == 0,
          "counted a tree flowbench did not make");
    teardown(&fs, &shm);
}

static void test_root_without_marker_is_refused_and_left_intact(void)
{
    check_begin(__func__);
    char dir[PATH_MAX], root[PATH_MAX + 16], precious[PATH_MAX + 32];
    snprintf(dir, sizeof dir, "%s/foreign", base);
    snprintf(root, sizeof root, "%s/data", dir);
    snprintf(precious, sizeof precious, "%s/precious", root);
    mkdir(dir, 0755);
    mkdir(root, 0755);
    touch(precious);
    struct plan_fileset p = plan("data", dir, 10, 5, 0, 100, 10);
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 1) != 0)
        return;
    int rc = fileset_create(&fs, &shm, 1, NULL, &err);
    CHECK(rc == -1 && strstr(err.msg, "exists and was not made by flowbench; remove it yourself, or choose another "
                                      "$dir") != NULL,
          "create: rc %d, msg %s", rc, err.msg);
    CHECK(strstr(err.msg, "reuse") == NULL, "message mentions reuse: %s", err.msg);
    p.reuse = true;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == -1, "reuse of a foreign tree accepted");
    CHECK(exists(precious), "foreign file removed");
    CHECK(fileset_remove_tree(root, &err) == -1 && exists(precious), "remove_tree accepted a foreign tree");
    CHECK(strstr(err.msg, "not made by flowbench") != NULL, "remove msg: %s", err.msg);

    /* A regular file where the root would be is refused too. */
    struct plan_fileset q = plan("precious", root, 1, 5, 0, 100, 10);
    struct fileset_rt fq;
    CHECK(fileset_populate(&fq, &q, 1, &err) == 0, "populate");
    fq.state_off = fs.state_off, fq.shared_off = fs.shared_off;
    CHECK(fileset_create(&fq, &shm, 1, NULL, &err) == -1 && size_of(precious) == 0, "file root: %s", err.msg);
    fileset_free(&fq);
    teardown(&fs, &shm);
}

static void test_missing_parents_refused_unless_asked_and_non_directory_parent_refused(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("deep", path_of("%s/a/b//c/", base), 3, 5, 0, 100, 10);
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 1) != 0)
        return;
    CHECK(strcmp(fs.root, path_of("%s/a/b//c/deep", base)) == 0, "root %s", fs.root);
    /* Only the last component of the path is made (mkdir, not mkdir -p). */
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == -1
              && strstr(err.msg, path_of("%s/a does not exist", base)) != NULL
              && strstr(err.msg, "--mkdir-parents") != NULL,
          "create with missing parents: %s", err.msg);
    CHECK(!exists(path_of("%s/a", base)), "a missing parent was created");
    CHECK(fileset_make_dir(&fs, FS_MKDIR_PARENTS, &err) == 0, "make_dir with parents: %s", err.msg);
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "create: %s", err.msg);
    CHECK(count_files_under(path_of("%s/a/b/c/deep", base)) == 3, "files under new parents");
    teardown(&fs, &shm);

    char *plain = path_of("%s/plainfile", base);
    touch(plain);
    struct plan_fileset q = plan("x", path_of("%s/sub", plain), 3, 5, 0, 100, 10);
    if (setup(&fs, &shm, &q, 1) != 0)
        return;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == -1 && strstr(err.msg, "not a directory") != NULL, "msg: %s",
          err.msg);
    teardown(&fs, &shm);
}

static void test_slash_is_refused(void)
{
    check_begin(__func__);
    struct diag err;
    CHECK(fileset_remove_tree("/", &err) == -1, "remove / accepted");
    CHECK(fileset_remove_tree("//", &err) == -1, "remove // accepted");
    CHECK(fileset_remove_tree("/tmp/..", &err) == -1, "remove /tmp/.. accepted");
    CHECK(strstr(err.msg, "'/'") != NULL || strstr(err.msg, "root") != NULL, "msg: %s", err.msg);
    char *link = path_of("%s/tosl", base);
    CHECK(symlink("/", link) == 0 && fileset_remove_tree(link, &err) == -1, "symlink to / accepted");
    const char *paths[] = { "/", "/tmp/..", "//" };
    for (size_t i = 0; i < 3; i++) {
        struct plan_fileset p = plan("fbtest-never-created", paths[i], 1, 5, 0, 100, 10);
        struct fileset_rt fs;
        struct shm shm;
        if (setup(&fs, &shm, &p, 1) != 0)
            return;
        CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == -1 && strstr(err.msg, "'/'") != NULL,
              "create in %s: %s", paths[i], err.msg);
        CHECK(!exists("/fbtest-never-created"), "created something in /");
        teardown(&fs, &shm);
    }
}

/* ---- removal ---- */

static void test_removal_never_follows_symlinks_out_of_the_tree(void)
{
    check_begin(__func__);
    char outside[PATH_MAX], keep[PATH_MAX + 8];
    snprintf(outside, sizeof outside, "%s/outside", base);
    snprintf(keep, sizeof keep, "%s/keep", outside);
    mkdir(outside, 0755);
    touch(keep);
    mkdir(path_of("%s/subdir", outside), 0755);
    touch(path_of("%s/subdir/keep2", outside));
    struct plan_fileset p = plan("links", path_of("%s/links", base), 20, 4, 0, 100, 10);
    struct fileset_rt fs;
    struct shm shm;
    struct diag err;
    if (setup(&fs, &shm, &p, 1) != 0)
        return;
    CHECK(fileset_create(&fs, &shm, 1, NULL, &err) == 0, "create: %s", err.msg);
    CHECK(symlink(outside, path_of("%s/00000001/linkdir", fs.root)) == 0, "symlink");
    CHECK(symlink(keep, path_of("%s/linkfile", fs.root)) == 0, "symlink");
    CHECK(symlink(path_of("%s/subdir", outside), path_of("%s/00000002/linksub", fs.root)) == 0, "symlink");
    CHECK(fileset_remove_tree(fs.root, &err) == 0, "remove: %s", err.msg);
    CHECK(!exists(fs.root), "tree still there");
    CHECK(exists(keep) && exists(path_of("%s/subdir/keep2", outside)), "outside files removed");

    /* A root that is itself a symlink to one of our trees is refused. */
    struct plan_fileset q = plan("real", path_of("%s/links", base), 2, 4, 0, 100, 10);
    struct fileset_rt fq;
    struct shm sq;
    if (setup(&fq, &sq, &q, 1) != 0)
        return;
    CHECK(fileset_create(&fq, &sq, 1, NULL, &err) == 0, "create: %s", err.msg);
    char alias[PATH_MAX];
    snprintf(alias, sizeof alias, "%s/links/alias", base);
    CHECK(symlink(fq.root, alias) == 0, "symlink");
    CHECK(fileset_remove_tree(alias, &err) == -1 && exists(path_of("%s/%s", fq.root, FS_MARKER)),
          "removed through a symlinked root");
    CHECK(fileset_remove_tree(path_of("%s/links/absent", base), &err) == 0, "absent root is not an error");
    teardown(&fq, &sq);
    teardown(&fs, &shm);
}

/* ---- picking ---- */

static void test_pick_existing_free_busy_and_none(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("pick", base, 10, 5, 0, 0, 1);
    p.leafdirs = 4;
    struct fileset_rt fs;
    struct shm shm;
    if (setup(&fs, &shm, &p, 1) != 0)
        return;
    CHECK(fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL) == -1, "existing picked from an empty class");
    /* Make 2, 5 and 7 exist through createfile's path: pick free by index, release as existing. */
    int64_t made[3] = { 2, 5, 7 };
    for (int k = 0; k < 3; k++) {
        int64_t i = fileset_pick(&fs, &shm, FSK_FILE, FS_MISSING, FS_FROM_INDEX, (uint64_t)made[k], NULL);
        CHECK(i == made[k], "free pick by index %lld gave %lld", (long long)made[k], (long long)i);
        CHECK(fileset_state(&fs, &shm, FSK_FILE, i) & ENT_BUSY, "not busy after pick");
        fileset_release(&fs, &shm, FSK_FILE, i, FS_EXISTING, 0);
    }
    struct fs_shared *sh = shared_of(&fs, &shm);
    CHECK(atomic_load(&sh->nexisting) == 3, "nexisting = %llu", (unsigned long long)atomic_load(&sh->nexisting));
    CHECK(fileset_try_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_INDEX, 0, NULL) == 2, "try_pick of an idle file");
    fileset_release(&fs, &shm, FSK_FILE, 2, FS_EXISTING, 0);
    int64_t a = fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_INDEX, 13, NULL);   /* 13 % 10 = 3 -> next higher: 5 */
    int64_t b = fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_INDEX, 3, NULL);    /* 5 busy -> 7 */
    int64_t c = fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_INDEX, 3, NULL);    /* wraps to the lowest: 2 */
    int64_t d = fileset_try_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_INDEX, 3, NULL);    /* all busy */
    CHECK(a == 5 && b == 7 && c == 2 && d == FS_PICK_BUSY, "indexed picks %lld %lld %lld %lld, want 5 7 2 -2",
          (long long)a, (long long)b, (long long)c, (long long)d);
    fileset_release(&fs, &shm, FSK_FILE, 7, FS_EXISTING, 1);   /* opened */
    CHECK(fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL) == 7, "rotor pick of the only idle one");
    CHECK((fileset_state(&fs, &shm, FSK_FILE, 7) & ENT_OPENS) == 1, "open count");
    fileset_release(&fs, &shm, FSK_FILE, 7, FS_MISSING, -1);  /* deleted */
    fileset_release(&fs, &shm, FSK_FILE, 5, FS_EXISTING, 0);
    fileset_release(&fs, &shm, FSK_FILE, 2, FS_EXISTING, 0);
    CHECK(atomic_load(&sh->nexisting) == 2, "nexisting after delete = %llu",
          (unsigned long long)atomic_load(&sh->nexisting));
    CHECK(fileset_state(&fs, &shm, FSK_FILE, 7) == 0, "state of deleted 7 = %#x", fileset_state(&fs, &shm, FSK_FILE, 7));
    /* Round robin over the existing ones: 2 and 5 alternate. */
    int64_t seq[4];
    for (int k = 0; k < 4; k++) {
        seq[k] = fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL);
        fileset_release(&fs, &shm, FSK_FILE, seq[k], FS_EXISTING, 0);
    }
    CHECK(seq[0] != seq[1] && seq[0] == seq[2] && seq[1] == seq[3] && (seq[0] == 2 || seq[0] == 5),
          "round robin %lld %lld %lld %lld", (long long)seq[0], (long long)seq[1], (long long)seq[2], (long long)seq[3]);
    /* Free picks skip existing and busy entries. */
    int64_t f1 = fileset_pick(&fs, &shm, FSK_FILE, FS_MISSING, FS_FROM_INDEX, 2, NULL);
    int64_t f2 = fileset_pick(&fs, &shm, FSK_FILE, FS_MISSING, FS_FROM_INDEX, 2, NULL);
    CHECK(f1 == 3 && f2 == 4, "free picks %lld %lld, want 3 4", (long long)f1, (long long)f2);
    /* A private rotor (opennext) is independent of the shared one. */
    _Atomic uint64_t mine = 0;
    CHECK(fileset_pick(&fs, &shm, FSK_FILE, FS_MISSING, FS_FROM_ROTOR, 0, &mine) == 0 && atomic_load(&mine) == 1, "private rotor");
    /* A holder's release in one add: opens raised, BUSY cleared; a create's sets
     * existence and counts it; a close drops the count it raised. */
    CHECK(fileset_hold(&fs, &shm, FSK_FILE, 5, FS_EXISTING), "hold 5");
    fileset_release_held(&fs, &shm, FSK_FILE, 5, FS_EXISTING, FS_EXISTING, 1);
    CHECK(fileset_hold(&fs, &shm, FSK_FILE, 5, FS_EXISTING), "hold 5 again");
    fileset_release_held(&fs, &shm, FSK_FILE, 5, FS_EXISTING, FS_EXISTING, 1);
    fileset_open_drop(&fs, &shm, 5);
    CHECK(fileset_state(&fs, &shm, FSK_FILE, 5) == (ENT_EXISTS | 1), "state 5 = %#x",
          fileset_state(&fs, &shm, FSK_FILE, 5));
    fileset_open_drop(&fs, &shm, 5);
    CHECK(fileset_state(&fs, &shm, FSK_FILE, 5) == ENT_EXISTS, "state 5 closed = %#x",
          fileset_state(&fs, &shm, FSK_FILE, 5));
    CHECK(fileset_hold(&fs, &shm, FSK_FILE, 6, FS_MISSING), "hold missing 6");
    fileset_release_held(&fs, &shm, FSK_FILE, 6, FS_MISSING, FS_EXISTING, 1);
    CHECK(fileset_state(&fs, &shm, FSK_FILE, 6) == (ENT_EXISTS | 1) && atomic_load(&sh->nexisting) == 3,
          "created 6: state %#x, nexisting %llu", fileset_state(&fs, &shm, FSK_FILE, 6),
          (unsigned long long)atomic_load(&sh->nexisting));
    fileset_open_drop(&fs, &shm, 6);
    CHECK(fileset_hold(&fs, &shm, FSK_FILE, 6, FS_EXISTING), "hold 6");
    fileset_release_held(&fs, &shm, FSK_FILE, 6, FS_EXISTING, FS_MISSING, 0);
    CHECK(fileset_state(&fs, &shm, FSK_FILE, 6) == 0 && atomic_load(&sh->nexisting) == 2,
          "deleted 6: state %#x, nexisting %llu", fileset_state(&fs, &shm, FSK_FILE, 6),
          (unsigned long long)atomic_load(&sh->nexisting));
    /* Leaf dirs are a separate class. */
    CHECK(fileset_pick(&fs, &shm, FSK_LEAFDIR, FS_EXISTING, FS_FROM_ROTOR, 0, NULL) == -1, "leaf existing from empty");
    int64_t l = fileset_pick(&fs, &shm, FSK_LEAFDIR, FS_MISSING, FS_FROM_INDEX, 6, NULL);
    CHECK(l == 2, "leaf free pick %lld, want 2", (long long)l);
    fileset_release(&fs, &shm, FSK_LEAFDIR, l, FS_EXISTING, 0);
    CHECK(atomic_load(&sh->nleaf_existing) == 1 && atomic_load(&sh->nexisting) == 2, "leaf counters");
    CHECK(fileset_pick(&fs, &shm, FSK_LEAFDIR, FS_EXISTING, FS_FROM_ROTOR, 0, NULL) == 2, "leaf existing pick");
    size_t d0 = fileset_pick_dir(&fs, &shm), d1 = fileset_pick_dir(&fs, &shm);
    CHECK(d0 < fs.ndirs && d1 == (d0 + 1) % fs.ndirs, "listdir rotor %zu %zu", d0, d1);
    teardown(&fs, &shm);
}

static void test_pick_sparse_class_advances_rotor_past_gaps(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("sparse", base, 100000, 20, 0, 0, 1);
    struct fileset_rt fs;
    struct shm shm;
    if (setup(&fs, &shm, &p, 1) != 0)
        return;
    for (int64_t i = 0; i < 100000; i += 10000) {
        fileset_pick(&fs, &shm, FSK_FILE, FS_MISSING, FS_FROM_INDEX, (uint64_t)i, NULL);
        fileset_release(&fs, &shm, FSK_FILE, i, FS_EXISTING, 0);
    }
    struct fs_shared *sh = shared_of(&fs, &shm);
    int64_t got[10];
    for (int k = 0; k < 10; k++) {
        got[k] = fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL);
        fileset_release(&fs, &shm, FSK_FILE, got[k], FS_EXISTING, 0);
    }
    bool inorder = true;
    for (int k = 0; k < 10; k++)
        inorder &= got[k] == k * 10000;
    CHECK(inorder, "sparse round robin out of order: %lld %lld ...", (long long)got[0], (long long)got[1]);
    CHECK(atomic_load(&sh->rotor_existing) == 90001, "rotor = %llu, want 90001",
          (unsigned long long)atomic_load(&sh->rotor_existing));
    teardown(&fs, &shm);
}

/* ---- waiting for busy entries ---- */

/* A thread (or process) waiting in fileset_pick, or fileset_hold of exact. */
struct waiter {
    struct fileset_rt *fs;
    struct shm *shm;
    enum fs_presence want;
    int64_t exact;              /* >= 0: fileset_hold of that entry */
    _Atomic bool released;      /* set by the test just before it releases */
    int64_t got;
    bool after_release;         /* the wait ended after the release */
};

static void *wait_thread(void *p)
{
    struct waiter *w = p;
    if (w->exact >= 0)
        w->got = fileset_hold(w->fs, w->shm, FSK_FILE, w->exact, w->want) ? w->exact : -1;
    else
        w->got = fileset_pick(w->fs, w->shm, FSK_FILE, w->want, FS_FROM_ROTOR, 0, NULL);
    w->after_release = atomic_load(&w->released);
    return NULL;
}

/* Polls until n threads wait on the fileset (up to 10 s), then lets them sleep
 * past the 200 ms after which picks used to give up. */
static bool waiting(struct fileset_rt *fs, struct shm *shm, uint32_t n)
{
    struct fs_waits *wt = &shared_of(fs, shm)->waits;
    for (int i = 0; i < 20000 && atomic_load(&wt->waiters) < n; i++)
        usleep(500);
    usleep(300000);
    /* a waiter leaves the count for a moment each RECHECK_NS (it looks again, then sleeps
     * again): one read may see n - 1 (TSan widens that moment); exactly n, seen within 2 s */
    for (int i = 0; i < 2000 && atomic_load(&wt->waiters) != n; i++)
        usleep(1000);
    return atomic_load(&wt->waiters) == n;
}

/* Two files, both existing; returns 0 with both held busy by the caller. */
static int two_busy_files(struct fileset_rt *fs, struct shm *shm, const char *name)
{
    struct plan_fileset p = plan(name, base, 2, 5, 0, 0, 1);
    if (setup(fs, shm, &p, 1) != 0)
        return -1;
    for (int64_t i = 0; i < 2; i++) {
        fileset_pick(fs, shm, FSK_FILE, FS_MISSING, FS_FROM_INDEX, (uint64_t)i, NULL);
        fileset_release(fs, shm, FSK_FILE, i, FS_EXISTING, 0);
    }
    int64_t a = fileset_pick(fs, shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL);
    int64_t b = fileset_pick(fs, shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL);
    return CHECK(a >= 0 && b >= 0 && a != b, "held %lld and %lld", (long long)a, (long long)b) ? 0 : -1;
}

static bool start_waiter(struct waiter *w, pthread_t *t)
{
    return CHECK(pthread_create(t, NULL, wait_thread, w) == 0, "pthread_create");
}

/* Releases entry idx (existing or not) and lets the waiter finish. */
static void release_to(struct waiter *w, pthread_t t, int64_t idx, enum fs_presence now)
{
    atomic_store(&w->released, true);
    fileset_release(w->fs, w->shm, FSK_FILE, idx, now, 0);
    pthread_join(t, NULL);
}

static void test_pick_waits_while_every_entry_is_busy(void)
{
    check_begin(__func__);
    struct fileset_rt fs;
    struct shm shm;
    pthread_t t;
    if (two_busy_files(&fs, &shm, "waitpick") != 0)
        return;
    struct fs_waits *wt = &shared_of(&fs, &shm)->waits;
    struct waiter w = { .fs = &fs, .shm = &shm, .want = FS_EXISTING, .exact = -1 };
    if (!start_waiter(&w, &t))
        return;
    CHECK(waiting(&fs, &shm, 1), "the pick did not wait, or stopped waiting (waiters = %u)",
          atomic_load(&wt->waiters));
    release_to(&w, t, 1, FS_EXISTING);
    CHECK(w.got == 1 && w.after_release, "waiter got %lld (after the release: %d), want 1", (long long)w.got,
          w.after_release);
    CHECK(atomic_load(&wt->waiters) == 0, "waiters left: %u", atomic_load(&wt->waiters));
    /* Nobody waits now: a release changes no futex word and wakes nobody. */
    uint32_t seq = atomic_load(&wt->seq);
    fileset_release(&fs, &shm, FSK_FILE, 0, FS_EXISTING, 0);
    fileset_release(&fs, &shm, FSK_FILE, 1, FS_EXISTING, 0);
    CHECK(atomic_load(&wt->seq) == seq, "a release without waiters bumped the futex word");
    teardown(&fs, &shm);
}

/* A waiter for an existing file whose last one is deleted gets "none"; a
 * waiter for a free slot gets the slot a failed create gives back. */
static void test_wait_ends_when_the_class_empties_or_an_entry_returns(void)
{
    check_begin(__func__);
    struct fileset_rt fs;
    struct shm shm;
    pthread_t t;
    if (two_busy_files(&fs, &shm, "waitempty") != 0)
        return;
    struct waiter w = { .fs = &fs, .shm = &shm, .want = FS_EXISTING, .exact = -1 };
    if (!start_waiter(&w, &t))
        return;
    CHECK(waiting(&fs, &shm, 1), "no waiter");
    fileset_release(&fs, &shm, FSK_FILE, 0, FS_MISSING, 0);   /* deleted: one existing, still busy */
    CHECK(waiting(&fs, &shm, 1), "the waiter left while a busy file still exists");
    release_to(&w, t, 1, FS_MISSING);   /* deleted: none exists */
    CHECK(w.got == -1 && w.after_release, "waiter for an emptied class got %lld", (long long)w.got);
    /* Both free now; hold both as creates in progress and wait for a free one. */
    int64_t a = fileset_pick(&fs, &shm, FSK_FILE, FS_MISSING, FS_FROM_ROTOR, 0, NULL);
    int64_t b = fileset_pick(&fs, &shm, FSK_FILE, FS_MISSING, FS_FROM_ROTOR, 0, NULL);
    struct waiter f = { .fs = &fs, .shm = &shm, .want = FS_MISSING, .exact = -1 };
    if (!CHECK(a >= 0 && b >= 0, "free picks %lld %lld", (long long)a, (long long)b) || !start_waiter(&f, &t))
        return;
    CHECK(waiting(&fs, &shm, 1), "no free-slot waiter");
    release_to(&f, t, b, FS_MISSING);   /* that create failed: free again */
    CHECK(f.got == b && f.after_release, "free-slot waiter got %lld, want %lld", (long long)f.got, (long long)b);
    teardown(&fs, &shm);
}

static void test_hold_waits_for_its_entry(void)
{
    check_begin(__func__);
    struct fileset_rt fs;
    struct shm shm;
    pthread_t t;
    if (two_busy_files(&fs, &shm, "waithold") != 0)
        return;
    fileset_release(&fs, &shm, FSK_FILE, 1, FS_EXISTING, 0);
    struct waiter w = { .fs = &fs, .shm = &shm, .want = FS_EXISTING, .exact = 0 };
    if (!start_waiter(&w, &t))
        return;
    CHECK(waiting(&fs, &shm, 1), "hold did not wait");
    release_to(&w, t, 0, FS_EXISTING);
    CHECK(w.got == 0 && w.after_release, "hold got %lld, want 0", (long long)w.got);
    CHECK(fileset_state(&fs, &shm, FSK_FILE, 0) & ENT_BUSY, "held entry not busy");
    fileset_release(&fs, &shm, FSK_FILE, 0, FS_MISSING, 0);
    CHECK(!fileset_hold(&fs, &shm, FSK_FILE, 0, FS_EXISTING), "held a deleted file");
    CHECK(!fileset_hold(&fs, &shm, FSK_FILE, 5, FS_EXISTING), "held an entry out of range");
    teardown(&fs, &shm);
}

/* A stopping run ends every wait at once, and later ones do not start. */
static void test_stop_ends_waits(void)
{
    check_begin(__func__);
    struct fileset_rt fs;
    struct shm shm;
    pthread_t t[3];
    if (two_busy_files(&fs, &shm, "waitstop") != 0)
        return;
    struct waiter w[3];
    for (int k = 0; k < 3; k++) {
        w[k] = (struct waiter){ .fs = &fs, .shm = &shm, .want = FS_EXISTING, .exact = k == 2 ? 0 : -1 };
        if (!start_waiter(&w[k], &t[k]))
            return;
    }
    CHECK(waiting(&fs, &shm, 3), "not 3 waiters");
    fileset_stop_waits(&fs, &shm);
    for (int k = 0; k < 3; k++) {
        pthread_join(t[k], NULL);
        CHECK(w[k].got == -1, "waiter %d got %lld after the stop", k, (long long)w[k].got);
    }
    CHECK(fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL) == -1, "a pick waited after the stop");
    CHECK(fileset_try_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL) == FS_PICK_BUSY, "entries not busy");
    fileset_reset_waits(&fs, &shm);
    CHECK(atomic_load(&shared_of(&fs, &shm)->waits.stopped) == 0, "reset left stopped");
    teardown(&fs, &shm);
}

/* Workers are processes: the waiter sleeps in a child, the release comes
 * from the parent. */
static void test_wait_across_processes(void)
{
    check_begin(__func__);
    struct fileset_rt fs;
    struct shm shm;
    if (two_busy_files(&fs, &shm, "waitproc") != 0)
        return;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0)
        _exit((int)fileset_pick(&fs, &shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, NULL) + 1);
    if (!CHECK(pid > 0, "fork"))
        return;
    CHECK(waiting(&fs, &shm, 1), "the child did not wait");
    fileset_release(&fs, &shm, FSK_FILE, 0, FS_EXISTING, 0);
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 1,
          "child's pick: status %#x, want entry 0", status);
    teardown(&fs, &shm);
}

/* ---- scale ---- */

static long status_kb(const char *key)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    size_t klen = strlen(key);
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, key, klen) == 0 && line[klen] == ':')
            kb = strtol(line + klen + 1, NULL, 10);
    if (f != NULL)
        fclose(f);
    return kb;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void test_10_million_entries_populate_in_little_memory(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("ten_million", base, 10000000, 20, 1.5, 100, 1024);
    struct fileset_rt fs;
    struct shm shm;
    double t0 = now_s();
    if (setup(&fs, &shm, &p, 1) != 0)
        return;
    double dt = now_s() - t0;
    long rss = status_kb("VmRSS"), peak = status_kb("VmHWM");
    printf("10M entries: populated in %.2f s, %zu dirs, VmRSS %ld MB, VmHWM %ld MB\n", dt, fs.ndirs, rss / 1024,
           peak / 1024);
    CHECK(fs.nfiles == 10000000, "nfiles = %zu", fs.nfiles);
    /* The time is printed, not asserted: speed is for bench/setup.sh, not for a shared test machine. */
    CHECK(peak > 0 && peak < 1536L * 1024, "peak RSS %ld kB", peak);
    char path[PATH_MAX];
    CHECK(fileset_path(&fs, FSK_FILE, 9999999, path, sizeof path) == 0, "path of the last file");
    teardown(&fs, &shm);
}

/* Three ranks sharing a tree of 10 files and 5 leaf dirs: each gets the
 * entries index % 3 == rank, with the paths of the whole tree; together they
 * are every entry once; the bitmap of what exists lands on the right ones. */
static void test_split_shares_cover_the_tree_and_adopt_the_bitmap(void)
{
    check_begin(__func__);
    struct plan_fileset p = plan("shared", path_of("%s/shared", base), 10, 4, 0, 50, 4096);
    p.leafdirs = 5;
    struct fileset_rt whole;
    struct shm wshm;
    struct diag err;
    if (setup(&whole, &wshm, &p, 7) != 0)
        return;
    CHECK(fileset_create(&whole, &wshm, 1, NULL, &err) == 0, "create: %s", err.msg);
    uint8_t bits[2];
    CHECK(fileset_exists_size(&whole) == 2, "bitmap of 15 entries: %zu bytes", fileset_exists_size(&whole));
    fileset_exists_export(&whole, &wshm, bits);
    size_t seen_files = 0, seen_leaves = 0;
    uint64_t existing = 0;
    for (uint32_t r = 0; r < 3; r++) {
        struct fileset_rt own;
        struct shm oshm;
        if (!CHECK(fileset_split(&own, &whole, r, 3, &err) == 0, "split: %s", err.msg))
            break;
        CHECK(own.nfiles == (r == 0 ? 4u : 3u) && own.nleafdirs == (r == 2 ? 1u : 2u),
              "rank %u has %zu files and %zu leaf dirs", r, own.nfiles, own.nleafdirs);
        if (!CHECK(shm_map(&oshm, fileset_shared_size(&own)) == 0, "shm_map failed"))
            break;
        fileset_attach(&own, &oshm);
        fileset_exists_adopt(&own, &oshm, bits, whole.nfiles);
        char a[PATH_MAX], b[PATH_MAX];
        for (size_t k = 0; k < own.nfiles; k++) {
            size_t i = k * 3 + r;
            fileset_path(&own, FSK_FILE, k, a, sizeof a);
            fileset_path(&whole, FSK_FILE, i, b, sizeof b);
            CHECK(strcmp(a, b) == 0, "rank %u file %zu is %s, not file %zu %s", r, k, a, i, b);
            CHECK((fileset_state(&own, &oshm, FSK_FILE, (int64_t)k) & ENT_EXISTS)
                      == (fileset_state(&whole, &wshm, FSK_FILE, (int64_t)i) & ENT_EXISTS),
                  "rank %u file %zu: exists differs from the whole tree's file %zu", r, k, i);
        }
        for (size_t k = 0; k < own.nleafdirs; k++)
            CHECK((fileset_state(&own, &oshm, FSK_LEAFDIR, (int64_t)k) & ENT_EXISTS)
                      == (fileset_state(&whole, &wshm, FSK_LEAFDIR, (int64_t)(k * 3 + r)) & ENT_EXISTS),
                  "rank %u leaf dir %zu: exists differs from the whole tree's", r, k);
        existing += count_state(&own, &oshm, FSK_FILE, ENT_EXISTS);
        CHECK(atomic_load(&shared_of(&own, &oshm)->nexisting) == count_state(&own, &oshm, FSK_FILE, ENT_EXISTS),
              "rank %u: the count of existing files is not its share's", r);
        CHECK(fileset_seq_start(&own, 0) == 0, "a split share starts sequential I/O at 0");
        seen_files += own.nfiles;
        seen_leaves += own.nleafdirs;
        teardown(&own, &oshm);
    }
    CHECK(seen_files == 10 && seen_leaves == 5, "the shares hold %zu files and %zu leaf dirs", seen_files, seen_leaves);
    CHECK(existing == 5, "the shares hold %llu existing files, the tree 5", (unsigned long long)existing);
    /* A tree read whole by rank 2 of 4: its sequential I/O starts 2/4 of the
     * way in, rounded down to 4 KiB. */
    whole.share_rank = 2, whole.share_ranks = 4;
    whole.files[0].size = 100000;
    CHECK(fileset_seq_start(&whole, 0) == 49152, "rank 2 of 4 starts at %llu of 100000",
          (unsigned long long)fileset_seq_start(&whole, 0));
    teardown(&whole, &wshm);
}

int main(void)
{
    /* tmpfs: the trees are the point, not a disk (10,000 files on /tmp took 14 s beside other tests) */
    snprintf(base, sizeof base, "/dev/shm/fbtest-fileset.XXXXXX");
    if (mkdtemp(base) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    test_dirwidth_20_gives_files_two_levels_below_root_for_10000_entries();
    test_define_file_is_root_00000001_00000001();
    test_filenames_spell_rank_serial_and_percent();
    test_same_seed_gives_same_tree();
    test_files_and_leafdirs_never_share_a_name();
    test_relative_paths_join_to_plain_paths();
    test_leaf_names_from_the_table_equal_spelt_names();
    test_dirwidth_1_terminates_with_flat_tree();
    test_more_than_4_billion_entries_refused();
    test_prealloc_50_of_1000_creates_half_on_4_threads();
    test_prealloc_makes_exactly_its_share_of_a_small_fileset();
    test_sizes_on_disk_equal_nominal_sizes();
    test_reuse_keeps_tree_and_fixes_sizes_non_reuse_recreates();
    test_tree_freed_counts_own_blocks_only();
    test_root_without_marker_is_refused_and_left_intact();
    test_missing_parents_refused_unless_asked_and_non_directory_parent_refused();
    test_slash_is_refused();
    test_removal_never_follows_symlinks_out_of_the_tree();
    test_split_shares_cover_the_tree_and_adopt_the_bitmap();
    test_pick_existing_free_busy_and_none();
    test_pick_sparse_class_advances_rotor_past_gaps();
    test_pick_waits_while_every_entry_is_busy();
    test_wait_ends_when_the_class_empties_or_an_entry_returns();
    test_hold_waits_for_its_entry();
    test_stop_ends_waits();
    test_wait_across_processes();
    test_10_million_entries_populate_in_little_memory();
    rm_rf(base);
    for (size_t i = 0; i < nkept; i++)
        free(kept[i]);
    return check_summary();
}
