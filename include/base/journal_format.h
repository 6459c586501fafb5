/* journal_format.h: the byte layout of the durability journal (docs/durability.md):
 * records of a 16-byte head and a payload, each with its own CRC-32C, so that
 * a record cut short by a crash is found and not read as a claim. */
#ifndef FLOWBENCH_JOURNAL_FORMAT_H
#define FLOWBENCH_JOURNAL_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#define JF_MAGIC 0x314A4246u   /* "FBJ1" as the file holds it */
#define JF_HEAD_BYTES 16u      /* 0 u32 magic  4 u32 type  8 u32 payload bytes  12 u32 crc32c of bytes 4..12 and payload */
#define JF_MAX_PAYLOAD (1u << 24)
#define JF_ABSENT UINT64_MAX   /* a manifest entry's size: the file did not exist when the run began */
#define JF_MANIFEST "manifest.fbj"
#define JF_TREE_ID ".flowbench-journal"  /* in the fileset's root: the tree's id, which the journal names */

enum jf_type {
    JF_START = 1,    /* u64 tree id, u32 fileset id, u32 writer (thread slot; UINT32_MAX: the manifest), u64 stamp */
    JF_FILE = 2,     /* manifest: u64 entry, u64 size at the start (JF_ABSENT), path relative to the root */
    JF_DURABLE = 3,  /* u64 entry, u64 stamp, u32 count, u32 why, then count x (u64 block offset, u32 blocks, u32 0, u64 gen) */
    JF_DELETE = 4,   /* u64 entry, u64 stamp taken before the unlink */
    JF_CREATE = 5,   /* u64 entry, u64 stamp taken before the open(O_CREAT) */
    JF_DIRSYNC = 6,  /* u64 stamp the directory sync completed, u32 count, u32 0, then count x (u64 entry,
                      * u32 kind: JF_CREATE or JF_DELETE, u32 0, u64 the create's or delete's stamp) */
};

/* Why a JF_DURABLE record's writes became durable. */
enum jf_why { JF_WHY_FSYNC = 1, JF_WHY_DSYNC = 2, JF_WHY_TEST = 3 };

#define JF_START_BYTES 24u
#define JF_FILE_BYTES 16u      /* then the path */
#define JF_DURABLE_BYTES 24u   /* then the ranges */
#define JF_RANGE_BYTES 24u
#define JF_DELETE_BYTES 16u
#define JF_CREATE_BYTES 16u
#define JF_DIRSYNC_BYTES 16u   /* then the creates and deletes */
#define JF_META_BYTES 24u

/* The writes ring (wNNNNN.fbj, one per thread and fileset): every write a
 * thread stamps, noted in a shared mapping before it is issued, so that a
 * crash of the process or of the tree's device keeps the note (a store, no
 * system call). A head of JF_RING_HEAD bytes (u32 magic JF_RING_MAGIC, u32
 * slots, u64 tree id, u32 fileset id, u32 writer, the rest 0), then slots of
 * JF_SLOT_BYTES: u64 entry, u64 offset of the first block, u32 blocks, u32
 * crc32c of the slot's other 28 bytes, u64 generation (0: empty); the
 * thread's n-th write goes in slot n % slots, over an older one. */
#define JF_RING_MAGIC 0x31574246u  /* "FBW1" */
#define JF_RING_HEAD 64u
#define JF_SLOT_BYTES 32u
#define JF_RING_MAX_SLOTS (1u << 24)  /* a reader refuses a ring claiming more */

/* The most blocks one range (of a durable record or a ring slot) claims: a
 * write of more is noted as several ranges, so a reader refuses more as
 * impossible. Offsets are whole blocks and end below JF_MAX_END. */
#define JF_MAX_RANGE_BLOCKS (1u << 18)
#define JF_MAX_END (1ull << 62)

/* Writes the slot at p: its generation zeroed first and its CRC stored last,
 * so that a slot cut by a crash reads as empty or fails its CRC. */
void jf_slot_put(char *p, uint64_t entry, uint64_t off, uint32_t blocks, uint64_t gen);
/* The slot at p: 1 and its fields when it holds a write whose CRC checks, else 0. */
int jf_slot_get(const char *p, uint64_t *entry, uint64_t *off, uint32_t *blocks, uint64_t *gen);

/* What a name in a journal's directory is: the manifest, a thread's durable
 * points (tNNNNN.fbj), its writes ring (wNNNNN.fbj), another file ending in
 * .fbj (the journal's still, removed with it), or none of the journal's. */
enum jf_file { JF_NOT_JOURNAL = 0, JF_FILE_MANIFEST, JF_FILE_POINTS, JF_FILE_RING, JF_FILE_OTHER };
enum jf_file jf_file_kind(const char *name);

/* One record as read: its type and payload (pointing into the buffer read). */
struct jf_record {
    uint32_t type;
    uint32_t len;
    const char *payload;
};

/* Seals the record whose payload of len bytes follows a JF_HEAD_BYTES head at
 * rec: writes the head; returns the record's bytes. */
size_t jf_seal(char *rec, uint32_t type, uint32_t len);

enum jf_read { JF_END = 0, JF_OK = 1, JF_TORN = -1 };
/* The record at *pos of the n bytes at buf: JF_OK (and *pos moved past it),
 * JF_END at the end, JF_TORN when what is there is no whole record with a
 * matching CRC (a cut or damaged tail: what follows is not read). */
enum jf_read jf_next(const char *buf, size_t n, size_t *pos, struct jf_record *out);

#endif
