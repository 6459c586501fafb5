#!/usr/bin/env python3
"""journal_craft.py: crafted durability journals for verify-tree's tests, written
as src/base/journal_format.c lays them out (docs/durability.md), from the real
journal of a run (its tree id and fileset id are kept, so the records are read).

  journal_craft.py manifest-path DIR INDEX PATH   file INDEX of DIR/manifest.fbj named PATH
  journal_craft.py manifest-extra DIR N           N more files in the manifest than the fileset has
  journal_craft.py durable DIR ENTRY OFF BLOCKS COUNT
                                                  DIR/t09999.fbj: one durable record of COUNT ranges
  journal_craft.py ring DIR ENTRY SLOTS BLOCKS [SPREAD]
                                                  DIR/w09999.fbj: SLOTS slots, each BLOCKS blocks
  journal_craft.py rss OUT ERR CMD...             runs CMD, its output to OUT and ERR; prints its
                                                  exit status and max RSS in KiB
"""
import os, resource, struct, subprocess, sys

MAGIC, RING_MAGIC = 0x314A4246, 0x31574246
START, FILE, DURABLE = 1, 2, 3


def crc32c(data, crc=0):
    table = crc32c.table
    crc ^= 0xffffffff
    for b in data:
        crc = table[(crc ^ b) & 0xff] ^ (crc >> 8)
    return crc ^ 0xffffffff


def _table():
    t = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ (0x82F63B78 if c & 1 else 0)
        t.append(c)
    return t


crc32c.table = _table()


def seal(rtype, payload):
    head = struct.pack('<II', rtype, len(payload))
    return struct.pack('<I', MAGIC) + head + struct.pack('<I', crc32c(payload, crc32c(head))) + payload


def records(data):
    pos = 0
    while pos + 16 <= len(data):
        magic, rtype, n, _ = struct.unpack_from('<IIII', data, pos)
        if magic != MAGIC:
            break
        yield rtype, data[pos + 16:pos + 16 + n]
        pos += 16 + n


def manifest(d):
    return list(records(open(os.path.join(d, 'manifest.fbj'), 'rb').read()))


def write_manifest(d, recs):
    with open(os.path.join(d, 'manifest.fbj'), 'wb') as f:
        for rtype, payload in recs:
            f.write(seal(rtype, payload))


def ids(d):
    start = manifest(d)[0][1]
    return struct.unpack_from('<QI', start)


def main(argv):
    what, d = argv[1], argv[2] if len(argv) > 2 else None
    if what == 'manifest-path':
        recs = manifest(d)
        i = int(argv[3]) + 1
        entry, size = struct.unpack_from('<QQ', recs[i][1])
        recs[i] = (FILE, struct.pack('<QQ', entry, size) + argv[4].encode())
        write_manifest(d, recs)
    elif what == 'manifest-extra':
        recs = manifest(d)
        for _ in range(int(argv[3])):
            recs.append((FILE, struct.pack('<QQ', len(recs) - 1, 4096) + b'x%d' % len(recs)))
        write_manifest(d, recs)
    elif what == 'durable':
        tree, fs = ids(d)
        entry, off, blocks, count = (int(a) for a in argv[3:7])
        ranges = b''.join(struct.pack('<QIIQ', off + i * blocks * 4096, blocks, 0, 1 << 62) for i in range(count))
        rec = struct.pack('<QQII', entry, 1 << 62, count, 1) + ranges
        with open(os.path.join(d, 't09999.fbj'), 'wb') as f:
            f.write(seal(START, struct.pack('<QIIQ', tree, fs, 9999, 0)) + seal(DURABLE, rec))
    elif what == 'ring':
        tree, fs = ids(d)
        entry, slots, blocks = (int(a) for a in argv[3:6])
        spread = int(argv[6]) if len(argv) > 6 else 0
        out = bytearray(struct.pack('<IIQII', RING_MAGIC, slots, tree, fs, 9999).ljust(64, b'\0'))
        for i in range(slots):
            s = bytearray(struct.pack('<QQIIQ', entry, i * spread * 4096, blocks, 0, (1 << 62) + i))
            struct.pack_into('<I', s, 20, crc32c(bytes(s[24:32]), crc32c(bytes(s[0:20]))))
            out += s
        open(os.path.join(d, 'w09999.fbj'), 'wb').write(out)
    elif what == 'rss':
        with open(argv[2], 'wb') as out, open(argv[3], 'wb') as err:
            rc = subprocess.call(argv[4:], stdout=out, stderr=err)
        print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main(sys.argv)
