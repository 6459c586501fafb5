/* fileset_tree.c: lays a fileset's tree out in memory (f-language.md 6.2) from a
 * seeded generator, and sizes and places its shared per-entry state. */
#include "fileset/fileset.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Names: every directory, file and leaf directory is named by its 1-based serial
 * within its parent. Unlike classic FileBench (defect 25), serials do not restart
 * for leaf directories: a directory first numbers what it gets in the file pass
 * (files, or subdirectories for files), then continues the same sequence in the
 * leaf-dir pass. Width limits still count each pass separately, as in classic,
 * so the shape is unchanged; only the clashing names are gone. */

/* One directory whose children are being placed; the stack never exceeds
 * FS_MAX_DEPTH frames because depth limits are clamped to it. */
struct frame {
    uint32_t dir;
    uint32_t depth;        /* root = 1 */
    uint32_t limit;        /* depth limit drawn for this directory */
    uint32_t i;            /* next child number within the current pass */
    uint32_t next_serial;  /* next name, continuing across passes */
    int pass;              /* 0: files, 1: leaf dirs, 2: done */
    double width;
};

struct builder {
    struct fileset_rt *fs;
    const struct plan_fileset *p;
    struct rng shape, sizes;
    double g;
    size_t cap_dirs;
    struct diag *err;
};

static double mean_width(const struct plan_fileset *p)
{
    return p->dirwidth.is_dist ? dist_mean(&p->dirwidth.dist) : (double)p->dirwidth.u;
}

/* D = ln(entries + leafdirs) / ln(W). A width of 1 or less has no meaningful
 * depth (classic divides by zero); such trees are kept flat. */
static double mean_depth(uint64_t total, double w)
{
    if (total <= 1 || !(w > 1.0))
        return 0.0;
    double d = log((double)total) / log(w);
    return d > FS_MAX_DEPTH ? FS_MAX_DEPTH : d;
}

/* A depthrv's samples are rescaled so that its mean becomes D. */
static uint32_t draw_limit(struct builder *b)
{
    const struct plan_fileset *p = b->p;
    double d;
    if (p->has_depthrv) {
        double m = dist_mean(&p->depthrv);
        d = dist_sample(&p->depthrv, &b->shape);
        if (m > 0)
            d *= b->fs->mean_depth / m;
    } else if (b->g > 0) {
        d = dist_std_gamma(&b->shape, b->g) * (b->fs->mean_depth / b->g);
    } else {
        d = b->fs->mean_depth;
    }
    if (!(d >= 1.0))
        return 1;
    return d >= FS_MAX_DEPTH ? FS_MAX_DEPTH : (uint32_t)d;
}

static double draw_width(struct builder *b)
{
    double w;
    if (b->p->dirwidth.is_dist)
        w = dist_sample(&b->p->dirwidth.dist, &b->shape);
    else if (b->g > 0)
        w = dist_std_gamma(&b->shape, b->g) * (b->fs->mean_width / b->g);
    else
        w = b->fs->mean_width;
    return w > 0 ? w : 1.0;
}

static int add_dir(struct builder *b, uint32_t parent, uint32_t serial, uint32_t *out)
{
    struct fileset_rt *fs = b->fs;
    if (fs->ndirs >= FS_NONE - 1)
        return diag_set(b->err, &b->p->loc, "fileset '%s' needs more than 4 billion directories", b->p->name);
    if (fs->ndirs == b->cap_dirs) {
        size_t cap = b->cap_dirs * 2;
        struct fs_dir *d = realloc(fs->dirs, cap * sizeof *d);
        if (d == NULL)
            return diag_set(b->err, &b->p->loc, "fileset '%s': out of memory for %zu directories", b->p->name, cap);
        fs->dirs = d;
        b->cap_dirs = cap;
    }
    fs->dirs[fs->ndirs] = (struct fs_dir){ .parent = parent, .serial = serial };
    *out = (uint32_t)fs->ndirs++;
    return 0;
}

static void add_file(struct builder *b, uint32_t dir, uint32_t serial)
{
    struct fileset_rt *fs = b->fs;
    uint64_t size = param_u64(&b->p->size, &b->sizes);
    fs->files[fs->nfiles++] = (struct fs_entry){ .dir = dir, .serial = serial, .size = size };
    fs->total_bytes = fs->total_bytes + size < fs->total_bytes ? UINT64_MAX : fs->total_bytes + size;
}

static void add_leafdir(struct builder *b, uint32_t dir, uint32_t serial)
{
    struct fileset_rt *fs = b->fs;
    fs->leafdirs[fs->nleafdirs++] = (struct fs_entry){ .dir = dir, .serial = serial, .size = 0 };
}

static struct frame new_frame(struct builder *b, uint32_t dir, uint32_t depth)
{
    struct frame f = { .dir = dir, .depth = depth, .i = 1, .next_serial = 1, .pass = 0 };
    f.limit = draw_limit(b);
    f.width = draw_width(b);
    return f;
}

/* Whether directory f takes another child in its current pass. The root has no
 * width limit: it keeps adding subdirectories until everything is placed. */
static bool has_room(const struct builder *b, const struct frame *f)
{
    const struct fileset_rt *fs = b->fs;
    bool left = f->pass == 0 ? fs->nfiles < b->p->entries : fs->nleafdirs < b->p->leafdirs;
    return left && (f->dir == 0 || (double)f->i < f->width + 1.0);
}

/* The classic recursion, unrolled onto an explicit stack of at most FS_MAX_DEPTH. */
static int build(struct builder *b)
{
    struct frame st[FS_MAX_DEPTH + 1];
    int top = 0;
    st[0] = new_frame(b, 0, 1);
    while (top >= 0) {
        struct frame *f = &st[top];
        if (f->pass > 1) {
            top--;
            continue;
        }
        if (!has_room(b, f)) {
            f->pass++;
            f->i = 1;
            continue;
        }
        f->i++;
        uint32_t serial = f->next_serial++;
        if (f->dir != 0 && f->depth >= f->limit) {
            if (f->pass == 0)
                add_file(b, f->dir, serial);
            else
                add_leafdir(b, f->dir, serial);
            continue;
        }
        uint32_t child = 0, depth = f->depth + 1;
        if (top + 1 >= FS_MAX_DEPTH) /* cannot happen: limits are clamped; a guard, not a rule */
            return diag_set(b->err, &b->p->loc, "fileset '%s': tree deeper than %d levels", b->p->name, FS_MAX_DEPTH);
        if (add_dir(b, f->dir, serial, &child) != 0)
            return -1;
        st[++top] = new_frame(b, child, depth);
    }
    return 0;
}

static char *make_root(const char *path, const char *name)
{
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        n--;
    const char *sep = n == 1 && path[0] == '/' ? "" : "/";
    size_t len = n + strlen(sep) + strlen(name) + 1;
    char *root = malloc(len);
    if (root != NULL)
        snprintf(root, len, "%.*s%s%s", (int)n, path, sep, name);
    return root;
}

static int alloc_arrays(struct builder *b)
{
    struct fileset_rt *fs = b->fs;
    const struct plan_fileset *p = b->p;
    double est = (double)(p->entries + p->leafdirs) / (fs->mean_width > 1 ? fs->mean_width : 1) * 1.25 + 16;
    b->cap_dirs = est > 1e8 ? 100000000 : (size_t)est;
    fs->dirs = malloc(b->cap_dirs * sizeof *fs->dirs);
    fs->files = malloc((p->entries ? p->entries : 1) * sizeof *fs->files);
    fs->leafdirs = malloc((p->leafdirs ? p->leafdirs : 1) * sizeof *fs->leafdirs);
    if (fs->dirs == NULL || fs->files == NULL || fs->leafdirs == NULL)
        return diag_set(b->err, &p->loc, "fileset '%s': out of memory for %" PRIu64 " entries", p->name,
                        p->entries + p->leafdirs);
    fs->dirs[0] = (struct fs_dir){ .parent = FS_NONE, .serial = 0 };
    fs->ndirs = 1;
    return 0;
}

int fileset_populate(struct fileset_rt *fs, const struct plan_fileset *p, uint64_t seed, struct diag *err)
{
    *fs = (struct fileset_rt){ .plan = p, .seed = seed };
    if (p->entries > FS_NONE - 1 || p->leafdirs > FS_NONE - 1 || p->entries + p->leafdirs > FS_NONE - 1)
        return diag_set(err, &p->loc, "fileset '%s' has %" PRIu64 " entries; flowbench handles at most %" PRIu32
                        " files and leaf dirs per fileset", p->name, p->entries + p->leafdirs, FS_NONE - 1);
    fs->root = make_root(p->path, p->name);
    if (fs->root == NULL)
        return diag_set(err, &p->loc, "fileset '%s': out of memory", p->name);
    fs->mean_width = mean_width(p);
    fs->mean_depth = mean_depth(p->entries + p->leafdirs, fs->mean_width);
    struct builder b = { .fs = fs, .p = p, .g = p->dirgamma, .err = err };
    /* Separate streams: changing the size distribution keeps the tree's shape. */
    rng_seed(&b.shape, seed);
    rng_seed(&b.sizes, seed ^ 0x5a17e5eedf11e5e7u);
    if (alloc_arrays(&b) != 0 || build(&b) != 0 || fileset_names(fs, err) != 0) {
        fileset_free(fs);
        return -1;
    }
    return 0;
}

size_t fileset_shared_size(const struct fileset_rt *fs)
{
    return (fs->nfiles + fs->nleafdirs) * sizeof(_Atomic uint32_t) + sizeof(struct fs_shared) + 2 * 64;
}

void fileset_attach(struct fileset_rt *fs, struct shm *shm)
{
    size_t n = fs->nfiles + fs->nleafdirs;
    fs->state_off = shm_reserve(shm, n * sizeof(_Atomic uint32_t));
    fs->shared_off = shm_reserve(shm, sizeof(struct fs_shared));
    memset(shm_at(shm, fs->state_off), 0, n * sizeof(_Atomic uint32_t));
    memset(shm_at(shm, fs->shared_off), 0, sizeof(struct fs_shared));
}

void fileset_free(struct fileset_rt *fs)
{
    fileset_root_close(fs);
    free(fs->root);
    free(fs->dirs);
    free(fs->files);
    free(fs->leafdirs);
    free(fs->leaf_names);
    *fs = (struct fileset_rt){ 0 };
}
