#!/usr/bin/env python3
"""journal_seeds.py JOURNAL_DIR OUT_DIR: seeds for tests/fuzz/fuzz_journal.c from
the real journal of a short verified run (one fileset's directory: manifest.fbj,
tNNNNN.fbj, wNNNNN.fbj), kept small (the first records of each thread, the
written slots of each ring), and mutated cases beside them: claims no write
makes, paths outside the tree, cut and damaged records, rings of wrong shape.
Used once to make tests/fuzz/journal_corpus; kept to make it again."""
import os, struct, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from journal_craft import crc32c, seal, records, START, FILE, DURABLE  # noqa: E402

MAX_POINTS = 6000      # bytes of a thread's records kept
MAX_SLOTS = 128        # written slots of a ring kept


def points_prefix(data):
    out, n = b'', 0
    for rtype, payload in records(data):
        rec = seal(rtype, payload)
        if n + len(rec) > MAX_POINTS:
            break
        out += rec
        n += len(rec)
    return out


def ring_written(data):
    slots = [data[64 + 32 * i:96 + 32 * i] for i in range(struct.unpack_from('<I', data, 4)[0])]
    kept = [s for s in slots if struct.unpack_from('<Q', s, 24)[0] != 0][:MAX_SLOTS]
    head = bytearray(data[:64])
    struct.pack_into('<I', head, 4, len(kept))
    return bytes(head) + b''.join(kept)


def seed(manifest, points, ring):
    return struct.pack('<II', len(manifest), len(points)) + manifest + points + ring


def slot(entry, off, blocks, gen):
    s = bytearray(struct.pack('<QQIIQ', entry, off, blocks, 0, gen))
    struct.pack_into('<I', s, 20, crc32c(bytes(s[24:32]), crc32c(bytes(s[0:20]))))
    return bytes(s)


def mutations(manifest, points, ring):
    recs = list(records(manifest))
    start = recs[0][1]
    tree, fs = struct.unpack_from('<QI', start)
    thread_start = seal(START, struct.pack('<QIIQ', tree, fs, 0, 0))

    def durable(entry, ranges):
        body = b''.join(struct.pack('<QIIQ', o, b, 0, g) for o, b, g in ranges)
        return seal(DURABLE, struct.pack('<QQII', entry, 1 << 60, len(ranges), 1) + body)

    def with_path(path):
        r = list(recs)
        e, size = struct.unpack_from('<QQ', r[1][1])
        r[1] = (FILE, struct.pack('<QQ', e, size) + path)
        return b''.join(seal(t, p) for t, p in r)

    ring_head = ring[:64]
    yield 'huge-durable', seed(manifest, thread_start + durable(0, [(0, 0xffffffff, 1 << 60)]), b'')
    yield 'many-ranges', seed(manifest, thread_start + durable(1, [(i * 4096 * 262144, 262144, (1 << 60) + i)
                                                                 for i in range(64)]), b'')
    yield 'overlapping', seed(manifest, thread_start + durable(0, [(0, 16, 5), (4096, 2, 9), (8192, 1, 7),
                                                                   (0, 1, 11), (65536, 4, 3)]), b'')
    yield 'unaligned', seed(manifest, thread_start + durable(0, [(100, 1, 5)]), b'')
    yield 'entry-range', seed(manifest, thread_start + durable(1 << 40, [(0, 1, 5)]), b'')
    yield 'path-dotdot', seed(with_path(b'../../fifo'), points, ring)
    yield 'path-absolute', seed(with_path(b'/etc/hostname'), points, ring)
    yield 'path-nul', seed(with_path(b'a\0b'), points, ring)
    yield 'cut-points', seed(manifest, points[:-5], ring)
    yield 'damaged-manifest', seed(manifest[:40] + bytes([manifest[40] ^ 1]) + manifest[41:], points, ring)
    wide = bytearray(ring_head)
    struct.pack_into('<I', wide, 4, 1 << 30)
    yield 'ring-slots', seed(manifest, points, bytes(wide) + ring[64:])
    yield 'ring-huge', seed(manifest, points, ring_head[:4] + struct.pack('<I', 2) + ring_head[8:]
                            + slot(0, 0, 1 << 20, 5) + slot(1, 4096, 262144, 6))


def main(src, out):
    os.makedirs(out, exist_ok=True)
    manifest = open(os.path.join(src, 'manifest.fbj'), 'rb').read()
    names = sorted(os.listdir(src))
    for t in (n for n in names if n.startswith('t') and n.endswith('.fbj')):
        points = points_prefix(open(os.path.join(src, t), 'rb').read())
        ring = ring_written(open(os.path.join(src, 'w' + t[1:]), 'rb').read())
        open(os.path.join(out, 'real-' + t[:-4]), 'wb').write(seed(manifest, points, ring))
    t0 = [n for n in names if n.startswith('t')][0]
    points = points_prefix(open(os.path.join(src, t0), 'rb').read())
    ring = ring_written(open(os.path.join(src, 'w' + t0[1:]), 'rb').read())
    for name, data in mutations(manifest, points, ring):
        open(os.path.join(out, 'mut-' + name), 'wb').write(data)


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
