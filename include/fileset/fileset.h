/* fileset.h: a fileset at run time: its tree laid out in memory from indices
 * (no per-entry path strings), its creation on disk, and the shared per-entry
 * state (exists, busy, open count) that threads of every process pick from. */
#ifndef FB_FILESET_H
#define FB_FILESET_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "base/diag.h"
#include "base/progress_sink.h"
#include "model/plan.h"
#include "base/shm.h"

struct stat;

#define FS_NONE UINT32_MAX
/* Deepest directory level a tree may have (the root is level 1); depth limits
 * drawn above it are clamped, which keeps paths short and population bounded. */
#define FS_MAX_DEPTH 64
/* Every tree flowbench creates holds this file (the fileset's name in it);
 * flowbench removes or reuses only trees that have it. */
#define FS_MARKER ".flowbench-fileset"

/* An ordinary directory: the root is dirs[0] (parent FS_NONE). */
struct fs_dir {
    uint32_t parent;
    uint32_t serial;   /* 1-based name within the parent: "%08u" */
};

/* A file or a leaf directory. */
struct fs_entry {
    uint32_t dir;      /* index into dirs */
    uint32_t serial;
    uint64_t size;     /* nominal size drawn at population (0 for leaf dirs) */
};

/* Per-entry shared state word. */
#define ENT_EXISTS 0x80000000u
#define ENT_BUSY 0x40000000u
#define ENT_OPENS 0x3fffffffu

enum fs_kind { FSK_FILE, FSK_LEAFDIR };

/* Bytes of the name of one directory, file or leaf dir, with its terminator. */
#define FS_NAME_LEN 256   /* a name: 8+ digits, or a filenames= pattern's (NAME_MAX + 1) */
/* A serial's name in the table of spelt names: 8 digits and the terminator. */
#define FS_LEAF_SLOT 9
/* Serials spelt in that table at most (9 bytes each): a directory wider than
 * this names its farther entries as it goes. */
#define FS_LEAF_TABLE_MAX 65536u

/* Whether an entry exists on disk: what a pick or a hold wants, what a
 * release leaves. The values are those of the bool they name. */
enum fs_presence { FS_MISSING = 0, FS_EXISTING = 1 };
/* Where a pick starts: at the next turn of a rotor, or at an index (% n); or
 * the next entry of the fileset's epoch order: every entry once per pass, in
 * an order shuffled anew each pass, shared by every thread and process of
 * the run, and split between the MPI ranks that share the tree
 * (fileset_epoch.c). */
enum fs_pick_from { FS_FROM_ROTOR = 0, FS_FROM_INDEX = 1, FS_FROM_EPOCH = 2 };
/* What fileset_make_dir makes: only the last component, as mkdir does, or
 * the missing parents too (--mkdir-parents). */
enum fs_mkdir { FS_MKDIR_LAST, FS_MKDIR_PARENTS };

/* Threads waiting for a busy entry of the fileset to be released (any class):
 * an event count. A release bumps seq and wakes only while waiters > 0;
 * stopped makes every wait return at once (the run is ending). Valid for one
 * run: fileset_reset_waits() clears it for the next. */
struct fs_waits {
    _Atomic uint32_t seq;       /* futex word */
    _Atomic uint32_t waiters;
    _Atomic uint32_t stopped;
};

/* Shared rotors and counters of one fileset (in the shared region, which
 * starts it on a cache line: the waits have that line to themselves, away
 * from the rotors every pick writes). */
struct fs_shared {
    union {
        struct fs_waits waits;
        char waits_line[64];
    };
    _Atomic uint64_t rotor_existing;   /* shared round-robin over existing files */
    _Atomic uint64_t rotor_free;       /* createfile's rotor over non-existing files */
    _Atomic uint64_t rotor_leaf_existing;
    _Atomic uint64_t rotor_leaf_free;
    _Atomic uint64_t rotor_dir;        /* listdir */
    _Atomic uint64_t nexisting;        /* files that exist now */
    _Atomic uint64_t nleaf_existing;
    _Atomic uint64_t epoch_ticket;     /* FS_FROM_EPOCH: picks of this run so far (on this rank) */
    uint64_t epoch_run;                /* runs that restarted the epoch order: each shuffles anew */
};

/* One process's descriptors on a fileset's tree (fileset_root.c): every path
 * inside the tree is resolved beneath rootfd, following no symbolic link.
 * Private to the process that opened them; a worker process opens its own. */
struct fs_handles {
    bool open;
    int rootfd;                 /* the root, opened O_DIRECTORY | O_NOFOLLOW */
    _Atomic int *dirfds;        /* per ordinary directory: an O_PATH descriptor, or -1 not open yet */
    _Atomic uint32_t ndirfds;   /* how many of them are open */
    uint32_t budget;            /* at most this many are kept open; past it, one per call */
};

struct fileset_rt {
    const struct plan_fileset *plan;
    char *root;                 /* "<path>/<name>", the tree flowbench owns (messages, and opening rootfd) */
    struct fs_handles h;        /* this process's descriptors on the tree */
    uint64_t root_dev, root_ino; /* the root's identity once made or checked: a reopen must find the same */
    struct fs_dir *dirs;
    size_t ndirs;
    struct fs_entry *files;
    size_t nfiles;
    struct fs_entry *leafdirs;
    size_t nleafdirs;
    uint64_t total_bytes;       /* sum of nominal file sizes */
    double mean_width, mean_depth;
    uint64_t seed;              /* population seed; also decides which entries are pre-allocated */
    size_t state_off;           /* shm offset of _Atomic uint32_t[nfiles + nleafdirs] (files first) */
    size_t shared_off;          /* shm offset of struct fs_shared */
    uint32_t share_rank;        /* over MPI ranks using one tree: this rank of share_ranks */
    uint32_t share_ranks;       /* 0 or 1: the tree is this rank's alone */
    bool split;                 /* holds only this rank's share: entry k is entry k * share_ranks + share_rank of the tree */
    bool named;                 /* filenames=: a file is "<name_pre><serial><name_post>" (fileset_path.c) */
    uint32_t dio_mem_align;     /* O_DIRECT: buffer alignment (fileset_dio_setup) */
    uint32_t dio_offset_align;  /* O_DIRECT: offsets and sizes are multiples of it (0: unknown) */
    /* The names of the serials 0..nleaf_names-1 of files and leaf dirs, spelt once
     * ("0000000n"), so that an op does not spell its entry's name; none with filenames=. */
    uint32_t nleaf_names;
    char name_pre[64], name_post[64];
    char (*leaf_names)[FS_LEAF_SLOT];
    /* 312 bytes: &eng_fs[i] is one imul, whose add sets the flags its NULL test reads; at 328 the
     * lea chain and a test cost every read six instructions more (bench/ledger) */
};

/* The block every process using the fileset shares (struct fs_shared), in shm. */
static inline struct fs_shared *fileset_shared(const struct fileset_rt *fs, const struct shm *shm)
{
    return shm_at(shm, fs->shared_off);
}

/* Lays the tree out in memory (section 6.2 of the language reference), drawing
 * sizes from the plan's size parameter with a generator seeded by seed. */
int fileset_populate(struct fileset_rt *fs, const struct plan_fileset *p, uint64_t seed, struct diag *err);
/* Bytes of shared state the fileset needs; fileset_attach() places them. */
size_t fileset_shared_size(const struct fileset_rt *fs);
void fileset_attach(struct fileset_rt *fs, struct shm *shm);
/* The plan's filenames= pattern, its %r and %% spelt out, split around %i, and
 * the table of spelt serials (at populate, and for a rank's share). */
int fileset_names(struct fileset_rt *fs, struct diag *err);
/* Names (fileset_path.c). The name of a file or leaf dir, or of an ordinary
 * directory (not the root): "0000000n" (a file of a fileset with filenames=:
 * the pattern's). */
int fileset_entry_name(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char name[FS_NAME_LEN]);
int fileset_dir_name(const struct fileset_rt *fs, size_t dir, char name[FS_NAME_LEN]);
/* Paths relative to the root: "00000001/.../0000000n" of an entry; of an
 * ordinary directory, "." for the root. */
int fileset_relpath(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char *buf, size_t len);
int fileset_dir_relpath(const struct fileset_rt *fs, size_t dir, char *buf, size_t len);
/* The same joined to the root, "<root>/<dir>/.../<serial>": for messages only;
 * flowbench reaches the tree through its root descriptor, never by these. */
int fileset_path(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char *buf, size_t len);
int fileset_dir_path(const struct fileset_rt *fs, size_t dir, char *buf, size_t len);

/* Descriptors (fileset_root.c). Opens the root (O_DIRECTORY | O_NOFOLLOW) in
 * this process, refusing one without the marker or, once the tree's identity
 * is known, another directory than the tree made or checked (replaced since);
 * keeps at most budget directory descriptors open. Idempotent. */
int fileset_root_open(struct fileset_rt *fs, size_t budget, struct diag *err);
/* Directory descriptors each of nfilesets filesets may keep open in a process
 * that needs reserve descriptors for itself: half of what RLIMIT_NOFILE leaves. */
size_t fileset_fd_budget(size_t nfilesets, size_t reserve);
/* Closes this process's descriptors (the identity stays). */
void fileset_root_close(struct fileset_rt *fs);
/* After fork: the descriptors inherited are let go and the root opened anew,
 * checked to be the same directory. */
int fileset_root_reopen(struct fileset_rt *fs, size_t budget, struct diag *err);
/* Opens ordinary directory dir (beneath the root) to read or sync it. */
int fileset_open_dir(struct fileset_rt *fs, size_t dir, int flags);
/* Directory descriptors and names of entries for *at() calls, and an entry's
 * open: fileset_root.h (inline). */
/* Why a call on an entry (or on an ordinary directory) failed with err, for a
 * user: "<path>: <reason>", naming the symbolic link or the foreign object in
 * the way where there is one, else strerror's words. */
void fileset_blame(struct fileset_rt *fs, enum fs_kind kind, size_t index, int err, char *buf, size_t len);
void fileset_blame_dir(struct fileset_rt *fs, size_t dir, int err, char *buf, size_t len);
/* "a symbolic link", "a FIFO", "a socket", "a block device"... */
const char *fileset_type_name(mode_t mode);

/* Whether st may stand where flowbench makes a directory (a directory of uid's
 * that no other user may write to) or a file (a regular file of uid's with no
 * other name): 0, or -1 with err saying what it is, to follow its path ("is a
 * FIFO where flowbench made a file"; no location). The rules of a tree used
 * again, shared by every managed tree. */
int fileset_judge_dir(const struct stat *st, uid_t uid, struct diag *err);
int fileset_judge_file(const struct stat *st, uid_t uid, struct diag *err);

/* Checks a tree flowbench is about to reuse (reuse, trusttree, or kept from
 * the run before) beneath its open root, before anything is written: where
 * flowbench makes a directory or a file there must be nothing, or a
 * directory (a regular file) owned by this user, only it writing to it (with
 * one link). 0: fit; 1: made in another shape (a file where a directory
 * belongs, or the reverse), err's text saying where ("PATH is a file where the
 * fileset has a directory", no location): rebuild it; -1: refused, err naming
 * the fileset, the path and what is there, marked bad input. */
int fileset_check_tree(struct fileset_rt *fs, struct diag *err);

/* Makes the fileset's directory (its path) if it is missing: only its last
 * component, as mkdir does, unless FS_MKDIR_PARENTS; a missing parent is an
 * error naming it. Refuses "/" and an empty path. */
int fileset_make_dir(const struct fileset_rt *fs, enum fs_mkdir make, struct diag *err);
/* Creates the tree on disk: refuses a root flowbench did not make (its marker
 * file is missing) unless it does not exist; removes our old tree unless reuse;
 * creates directories and pre-allocates prealloc% of the files (on nthreads
 * threads when paralloc), marking them existing in the shared state. How far it
 * got goes up to sink (NULL: nowhere) about once a second for long populations,
 * with a line when a kept tree is made anew and a summary at the end: this layer
 * draws nothing. */
int fileset_create(struct fileset_rt *fs, struct shm *shm, unsigned nthreads, const struct progress_sink *sink,
                   struct diag *err);
/* Removes a tree flowbench made (marker present), never following symlinks;
 * refuses anything else with a message. */
int fileset_remove_tree(const char *root, struct diag *err);
/* Bytes that removing the tree at root would free: the blocks of its
 * directories and of its files that have no other link, walked without
 * following symlinks or leaving its file system, over at most limit entries.
 * 0 when root is absent or not a tree flowbench made. */
uint64_t fileset_tree_freed(const char *root, uint64_t limit);
void fileset_free(struct fileset_rt *fs);
/* True if path names "/" textually or once resolved ("..", symlinks). */
bool fileset_path_is_slash(const char *path);

/* One tree for several MPI ranks (fileset_share.c). Every rank lays out the
 * whole tree from the same seed; rank 0 alone creates it on disk, and what
 * exists then is handed to every rank as a bitmap (an entry's bit, files
 * first, then leaf dirs). */
/* own: the entries of full whose index % ranks == rank, in order, under the
 * same root and directories (a rank that creates and deletes touches only these). */
int fileset_split(struct fileset_rt *own, const struct fileset_rt *full, uint32_t rank, uint32_t ranks,
                  struct diag *err);
/* Bytes of the bitmap of a tree laid out whole. */
size_t fileset_exists_size(const struct fileset_rt *full);
void fileset_exists_export(const struct fileset_rt *full, struct shm *shm, uint8_t *bits);
/* Sets every entry's state and the counts from the bitmap of the whole tree
 * (full_files: its number of files), for a split fileset or a whole one. */
void fileset_exists_adopt(struct fileset_rt *fs, struct shm *shm, const uint8_t *bits, size_t full_files);
/* The same from the state words of the whole tree (what a run before kept). */
void fileset_state_adopt(struct fileset_rt *fs, struct shm *shm, const uint32_t *state, size_t full_files);
/* Where sequential I/O on a newly opened entry starts: 0, or on a tree shared
 * whole by several ranks, rank r's r/N of the entry's size (4 KiB aligned),
 * so that ranks reading or writing one file in step do not read the same bytes. */
static inline uint64_t fileset_seq_start(const struct fileset_rt *fs, int64_t entry)
{
    if (fs->share_ranks <= 1 || fs->split || entry < 0 || (size_t)entry >= fs->nfiles)
        return 0;
    uint64_t size = fs->files[entry].size;
    return (uint64_t)((unsigned __int128)size * fs->share_rank / fs->share_ranks) & ~(uint64_t)4095;
}

/* What the page cache holds of a fileset's existing files: bytes is their
 * nominal total; cached_bytes of asked_bytes over the files asked (every
 * existing file, or at most max_files of them spread evenly: sampled). */
struct fs_residency {
    uint64_t bytes;
    uint64_t asked_bytes, cached_bytes;
    size_t files;
    bool sampled;
};
void fileset_residency(struct fileset_rt *fs, struct shm *shm, size_t max_files, struct fs_residency *r);

/* What O_DIRECT needs on the fileset's file system, found once it is in
 * place: statx(STATX_DIOALIGN) of one of its files, else the logical block
 * size of the device under its root, else unknown (offsets 0: not judged;
 * buffers 4096). */
void fileset_dio_setup(struct fileset_rt *fs, struct shm *shm);

/* Writes back the file open at fd and drops its pages from the page cache:
 * 0, or an errno value with *what naming the step that failed. */
int fileset_drop_fd(int fd, const char **what);
/* The same for every existing file of the fileset (`flush` without root),
 * counting them in *files; an error names the file. */
int fileset_drop_cache(struct fileset_rt *fs, struct shm *shm, size_t *files, struct diag *err);

/* Picking entries at run time, and their release: fileset_pick.h. */

#endif
