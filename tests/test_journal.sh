#!/usr/bin/env bash
# test_journal.sh BIN: the durability journal and verify-tree on tmpfs: a
# clean run checks good; a block corrupted by hand is found torn and a block
# put back to an older generation by hand is found lost, each with its file,
# offset and generations; bad input (no journal, another tree's journal, a
# file added by hand, a journal on the tree's file system) exits 2 with a
# located message; verify-tree opens nothing of the tree but O_RDONLY (strace);
# a block put back to an older generation where no sync promised it is
# allowed and counted, and --test-durable-on-write (writes journaled durable
# though never synced) turns the same reversion into a lost write; after
# fsyncdir, a durably created file removed by hand is a durable create
# missing and a durably deleted one put back a durable delete present;
# crafted journals (paths outside the tree, FIFOs, claims no write makes)
# are bad input, never a hang or a huge allocation; files of the manifest
# are durable at their sizes; an O_DSYNC write makes only itself durable; a
# full table of pending writes gives up its oldest, counted and reported.
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-journal.XXXXXX)
trap 'rm -rf "$top"' EXIT
. "$(dirname "$0")/realfs_checks.sh"
need_strace

# One file rewritten at random 4 KiB blocks, each write fsynced before the
# next: every block written in the run has a durable generation.
cat >"$top/w.f" <<'F'
set $dir=/nonexistent
set $journal=/nonexistent
define fileset name=fs, path=$dir, entries=2, dirwidth=10, size=64k, prealloc=100, verify, journal=$journal
define process name=p { thread name=t {
  flowop write name=w, filesetname=fs, fd=1, iosize=4k, random
  flowop fsync name=s, fd=1
  flowop finishoncount name=f, target=w, value=200 } }
run 30
F
tree=$top/tree journal=$top/j
mkdir -p "$tree"
vt() { "$bin" verify-tree -f "$top/w.f" -D dir="$tree" -D journal="$journal" "$@"; }

# A journal on the tree's own file system is refused (both are on /dev/shm here).
"$bin" -f "$top/w.f" -D dir="$tree" -D journal="$journal" --quiet >"$top/out" 2>"$top/err"
expect_rc same_fs_exit $? 2 "$top/err"
expect_grep same_fs_located "w.f:3:1: error: journal: $journal is on the same file system as $tree" "$top/err"
"$bin" -f "$top/w.f" -D dir="$tree" -D journal="$journal" --journal-force --quiet >"$top/out" 2>"$top/err"
expect_rc run_exit $? 0 "$top/err"

vt --json "$top/clean.json" >"$top/out" 2>"$top/err"
expect_rc clean_exit $? 0 "$top/err"
expect_in clean_good "$(json "$top/clean.json" 'd["blocks"]["good"]')" 32 32
expect_in clean_lost "$(json "$top/clean.json" 'd["blocks"]["lost"] + d["blocks"]["torn"]')" 0 0
# one record per fsync: 200 writes, each fsynced
expect_in clean_records "$(json "$top/clean.json" 'd["journal_records"]')" 200 200

# The block the run wrote last (highest generation), found by its header.
cat >"$top/newest.py" <<'P'
import os, struct, sys
best = (0, None, None)
for root, _, names in os.walk(sys.argv[1]):
    for n in names:
        if n.startswith('.'):
            continue
        p = os.path.join(root, n); data = open(p, 'rb').read()
        for off in range(0, len(data), 4096):
            gen = struct.unpack_from('<Q', data, off + 32)[0]
            if gen > best[0]:
                best = (gen, p, off)
print(best[1], best[2], best[0])
P
# reseal.py FILE OFF: the block sealed again, whole and valid, with generation 12345 (older than any of a run).
cat >"$top/reseal.py" <<'P'
import struct, sys
def crc32c(data, crc=0):
    crc ^= 0xffffffff
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xffffffff
p, off = sys.argv[1], int(sys.argv[2])
with open(p, 'r+b') as f:
    f.seek(off); blk = bytearray(f.read(4096))
    n = struct.unpack_from('<I', blk, 12)[0]
    struct.pack_into('<Q', blk, 32, 12345)
    struct.pack_into('<I', blk, 4, crc32c(bytes(blk[8:n])))
    f.seek(off); f.write(blk)
P
read -r file off gen < <(python3 "$top/newest.py" "$tree/fs")
cp "$file" "$top/saved"

# Torn: one byte of the block's data flipped.
python3 - "$file" "$off" <<'P'
import sys
p, off = sys.argv[1], int(sys.argv[2])
with open(p, 'r+b') as f:
    f.seek(off + 100); b = f.read(1); f.seek(off + 100); f.write(bytes([b[0] ^ 0xff]))
P
vt --json "$top/torn.json" >"$top/out" 2>"$top/err"
expect_rc torn_exit $? 1 "$top/out"
expect_grep torn_line "$file: block at offset $off: torn (crc32c 0x.*); expected generation $gen" "$top/out"
expect_in torn_count "$(json "$top/torn.json" 'd["blocks"]["torn"]')" 1 1

# Lost: the block sealed again, whole and valid, with an older generation.
cp "$top/saved" "$file"
python3 "$top/reseal.py" "$file" "$off"
vt --json "$top/lost.json" >"$top/out" 2>"$top/err"
expect_rc lost_exit $? 1 "$top/out"
expect_grep lost_line "$file: block at offset $off: lost durable write: expected generation $gen, found 12345" "$top/out"
expect_in lost_count "$(json "$top/lost.json" 'd["blocks"]["lost"]')" 1 1
cp "$top/saved" "$file"

# A durable file removed by hand: its create is lost.
mv "$file" "$top/moved"
vt >"$top/out" 2>"$top/err"
expect_rc create_exit $? 1 "$top/out"
expect_grep create_line "$file: durable create missing" "$top/out"
mv "$top/moved" "$file"

# verify-tree never writes to the tree: every open of it is O_RDONLY.
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0" strace -f -qq -y -o "$top/trace" \
    -e trace=open,openat,creat,truncate,ftruncate,unlink,unlinkat,rename,renameat,renameat2,mkdir,mkdirat,rmdir,link,linkat,symlink,symlinkat,chmod,fchmodat,utimensat \
    "$bin" verify-tree -f "$top/w.f" -D dir="$tree" -D journal="$journal" >"$top/out" 2>"$top/err"
expect_rc readonly_exit $? 0 "$top/err"
grep -F -- "$tree" "$top/trace" >"$top/tree_calls"
expect_in readonly_opens "$(grep -c 'open' "$top/tree_calls")" 3 100000
expect_nogrep readonly_no_write "O_WRONLY\|O_RDWR\|O_CREAT\|O_TRUNC\|unlink\|rename\|truncate\|mkdir\|rmdir\|link(\|chmod\|utimensat" "$top/tree_calls"

# Bad input: a file the manifest does not know.
echo hi >"$tree/fs/stray"
vt >"$top/out" 2>"$top/err"
expect_rc stray_exit $? 2 "$top/err"
expect_grep stray_line "$tree/fs/stray: not a file of the journal's manifest: the tree was changed by hand" "$top/err"
rm "$tree/fs/stray"

# Bad input: another tree's journal (a second run made the tree anew).
cp -r "$journal" "$top/old-journal"
"$bin" -f "$top/w.f" -D dir="$tree" -D journal="$journal" --journal-force --quiet >"$top/out" 2>"$top/err"
expect_rc rerun_exit $? 0 "$top/err"
vt --journal "$top/old-journal" >"$top/out" 2>"$top/err"
expect_rc other_tree_exit $? 2 "$top/err"
expect_grep other_tree_line "$top/old-journal/fs/manifest.fbj: byte 0: a journal from another tree" "$top/err"

# Bad input: no journal there.
vt --journal "$top/none" >"$top/out" 2>"$top/err"
expect_rc missing_exit $? 2 "$top/err"
expect_grep missing_line "$top/none/fs/manifest.fbj: cannot read the journal's manifest: No such file or directory" "$top/err"

# Bad input: a damaged manifest (made durable before the run, so never cut by a crash).
cp -r "$journal" "$top/damaged"
python3 - "$top/damaged/fs/manifest.fbj" <<'P'
import sys
p = sys.argv[1]
with open(p, 'r+b') as f:
    f.seek(60); b = f.read(1); f.seek(60); f.write(bytes([b[0] ^ 0x01]))
P
vt --journal "$top/damaged" >"$top/out" 2>"$top/err"
expect_rc damaged_exit $? 2 "$top/err"
expect_grep damaged_line "$top/damaged/fs/manifest.fbj: byte 40: a damaged record" "$top/err"

# A journal cut in the middle of its last record: read up to the cut, counted, not an error.
last=$(ls "$journal"/fs/t*.fbj | head -1)
truncate -s -5 "$last"
vt --json "$top/cut.json" >"$top/out" 2>"$top/err"
expect_rc cut_exit $? 0 "$top/out"
expect_in cut_count "$(json "$top/cut.json" 'd["journal_torn_tails"]')" 1 1

# Crafted journals: journal and manifest input is untrusted. Each case is bad
# input (exit 2, the journal file and byte named), never a hang (timeout) nor
# an allocation beyond the tree's size (max RSS; ulimit -v keeps a failing
# build from taking the machine, except under ASan and TSan, which map terabytes
# of shadow memory).
craft=$(dirname "$0")/journal_craft.py
if grep -q -e __asan_init -e __tsan_init "$bin"; then vlimit=unlimited; rss_max=400000; else vlimit=4194304; rss_max=100000; fi
# crafted NAME WANT_EXIT WANT_LINE CRAFT_ARGS...: a copy of the journal, crafted, verified.
crafted() {
    local name=$1 want=$2 line=$3
    shift 3
    rm -rf "$top/c-$name"
    cp -r "$journal" "$top/c-$name"
    python3 "$craft" "$1" "$top/c-$name/fs" "${@:2}"
    read -r rc rss < <( (ulimit -v "$vlimit"; python3 "$craft" rss "$top/out" "$top/err" timeout 20 "$bin" verify-tree \
        -f "$top/w.f" -D dir="$tree" -D journal="$top/c-$name") )
    cat "$top/out" "$top/err" >"$top/both"
    expect_rc "crafted_${name}_exit" "$rc" "$want" "$top/both"
    expect_grep "crafted_${name}_line" "$line" "$top/both"
    expect_in "crafted_${name}_rss" "$rss" 1 "$rss_max"
}
mkfifo "$top/fifo"
crafted fifo_path 2 "c-fifo_path/fs/manifest.fbj: byte 40: the path of file 0, '../../fifo', is not beneath the tree" \
    manifest-path 0 ../../fifo
crafted absolute_path 2 "c-absolute_path/fs/manifest.fbj: byte 40: the path of file 0, '/etc/hostname', is not beneath" \
    manifest-path 0 /etc/hostname
crafted more_files 2 "manifest.fbj: byte [0-9]*: more files than the fileset has entries (2)" manifest-extra 1
crafted huge_durable 2 "c-huge_durable/fs/t09999.fbj: byte 80: a claim of 4294967295 blocks at offset 0: no write makes it" \
    durable 0 0 4294967295 1
crafted huge_ring 2 "c-huge_ring/fs/w09999.fbj: byte 64: a claim of 1048576 blocks at offset 0: no write makes it" \
    ring 0 65536 1048576
# Claims as large as a write can make, a ring of them and a record of 100,000
# past the end of a 64 KiB file: judged, in time and memory of the journal's
# size (ranges, never their 2^34 blocks one by one), one line per stretch lost.
crafted max_ring 0 "blocks 16 good, 17179869184 older (allowed)" ring 0 65536 262144 262144
crafted max_durable 1 "blocks 16 good, 0 older (allowed), 0 torn, 26214400000 lost" durable 1 0 262144 100000
# 16 lines for the file's blocks, 1 for the stretch past its end
expect_in crafted_max_durable_lines "$(grep -c 'lost durable write' "$top/out")" 17 17
expect_grep crafted_max_durable_stretch "blocks at offsets 65536\.\.107374182395904 (26214399984 blocks): lost" "$top/out"
# A FIFO, a symbolic link in the tree, a FIFO in the journal: refused, not opened.
cp "$file" "$top/saved"
rm "$file"; mkfifo "$file"
timeout 20 "$bin" verify-tree -f "$top/w.f" -D dir="$tree" -D journal="$journal" >"$top/out" 2>"$top/err"
expect_rc fifo_in_tree_exit $? 2 "$top/err"
expect_grep fifo_in_tree_line "$file: not a regular file or directory" "$top/err"
rm "$file"; ln -s /etc/hostname "$file"
timeout 20 "$bin" verify-tree -f "$top/w.f" -D dir="$tree" -D journal="$journal" >"$top/out" 2>"$top/err"
expect_rc link_in_tree_exit $? 2 "$top/err"
expect_grep link_in_tree_line "$file: not a regular file or directory" "$top/err"
rm "$file"; cp "$top/saved" "$file"
mkfifo "$journal/fs/t00042.fbj"
timeout 20 "$bin" verify-tree -f "$top/w.f" -D dir="$tree" -D journal="$journal" >"$top/out" 2>"$top/err"
expect_rc fifo_journal_exit $? 2 "$top/err"
expect_grep fifo_journal_line "$journal/fs/t00042.fbj: cannot read: not a regular file" "$top/err"
rm "$journal/fs/t00042.fbj"

# Files that existed when the run began are durable at their sizes (the
# manifest), whatever the run wrote: one truncated, or a block of it zeroed,
# is lost (a run that only reads, so that nothing else promises the blocks).
sed -e 's/flowop write name=w, filesetname=fs, fd=1/flowop read name=w, filesetname=fs, fd=1/' -e '/flowop fsync/d' \
    "$top/w.f" >"$top/read.f"
"$bin" -f "$top/read.f" -D dir="$top/rtree" -D journal="$top/rj" --journal-force --quiet >"$top/out" 2>"$top/err"
expect_rc manifest_run_exit $? 0 "$top/err"
rfile=$top/rtree/fs/00000001/00000001
cp "$rfile" "$top/rsaved"
rvt() { "$bin" verify-tree -f "$top/read.f" -D dir="$top/rtree" -D journal="$top/rj" "$@"; }
rvt >"$top/out" 2>"$top/err"
expect_rc manifest_clean_exit $? 0 "$top/out"
truncate -s 0 "$rfile"
rvt --json "$top/trunc.json" >"$top/out" 2>"$top/err"
expect_rc truncated_exit $? 1 "$top/out"
expect_grep truncated_line "$rfile: blocks at offsets 0\.\.61440 (16 blocks): lost durable data: the file held 65536 bytes when the run began" "$top/out"
expect_in truncated_count "$(json "$top/trunc.json" 'd["blocks"]["lost"]')" 16 16
cp "$top/rsaved" "$rfile"
dd if=/dev/zero of="$rfile" bs=4096 seek=3 count=1 conv=notrunc status=none
rvt --json "$top/zeroed.json" >"$top/out" 2>"$top/err"
expect_rc zeroed_exit $? 1 "$top/out"
expect_grep zeroed_line "$rfile: block at offset 12288: lost durable data: the file held 65536 bytes when the run began (durable then), found none (zeros)" "$top/out"
expect_in zeroed_count "$(json "$top/zeroed.json" 'd["blocks"]["lost"]')" 1 1
cp "$top/rsaved" "$rfile"

# Writes never synced: noted, not durable. A block put back to an older
# generation is then allowed (counted as older), not an error.
sed -e '/flowop fsync/d' "$top/w.f" >"$top/nosync.f"
# run_revert NAME [OPTION]: nosync.f run, its newest block put back to
# generation 12345, verify-tree's output in $top/out and $top/NAME.json.
run_revert() {
    "$bin" -f "$top/nosync.f" -D dir="$tree" -D journal="$journal" --journal-force --quiet "${@:2}" >"$top/out" 2>"$top/err"
    expect_rc "$1_exit" $? 0 "$top/err"
    read -r file off gen < <(python3 "$top/newest.py" "$tree/fs")
    python3 "$top/reseal.py" "$file" "$off"
    "$bin" verify-tree -f "$top/nosync.f" -D dir="$tree" -D journal="$journal" --json "$top/$1.json" >"$top/out" 2>&1
}
run_revert nosync
expect_rc nosync_verify_exit $? 0 "$top/out"
expect_in nosync_records "$(json "$top/nosync.json" 'd["journal_records"]')" 0 0
expect_in nosync_older "$(json "$top/nosync.json" 'd["blocks"]["older_allowed"]')" 1 1

# --test-durable-on-write: the same writes journaled durable; the same reversion is then lost.
run_revert switch --test-durable-on-write
expect_rc switch_verify_exit $? 1 "$top/out"
expect_in switch_records "$(json "$top/switch.json" 'd["journal_records"]')" 200 200
expect_grep switch_line "$file: block at offset $off: lost durable write: expected generation $gen, found 12345" "$top/out"

# fsyncdir makes creates and deletes durable: a durably created file removed
# by hand is a durable create missing; a durably deleted one put back is a
# durable delete present.
cat >"$top/create.f" <<'F'
define fileset name=fs, path=$dir, entries=4, dirwidth=10, size=8k, prealloc=0, verify, journal=$journal
define process name=p { thread name=t {
  flowop createfile name=c, filesetname=fs, fd=1
  flowop closefile name=cl, fd=1
  flowop fsyncdir name=s, filesetname=fs
  flowop finishoncount name=f, target=c, value=4 } }
run 30
F
sed -e 's/prealloc=0/prealloc=100/' -e '/createfile\|closefile/d' -e 's/target=c,/target=d,/' \
    -e 's/^  flowop fsyncdir/  flowop deletefile name=d, filesetname=fs\n  flowop fsyncdir/' "$top/create.f" >"$top/delete.f"
for kind in create delete; do
    "$bin" -f "$top/$kind.f" -D dir="$top/$kind" -D journal="$top/j-$kind" --journal-force --quiet >"$top/out" 2>"$top/err"
    expect_rc "${kind}_run_exit" $? 0 "$top/err"
    "$bin" verify-tree -f "$top/$kind.f" -D dir="$top/$kind" -D journal="$top/j-$kind" --json "$top/$kind.json" >"$top/out" 2>&1
    expect_rc "${kind}_clean_exit" $? 0 "$top/out"
    expect_in "${kind}_durable" "$(json "$top/$kind.json" "d['${kind}s']['good']")" 4 4
done
rm "$top/create/fs/00000001/00000002"
"$bin" verify-tree -f "$top/create.f" -D dir="$top/create" -D journal="$top/j-create" >"$top/out" 2>&1
expect_rc create_missing_exit $? 1 "$top/out"
expect_grep create_missing_line "$top/create/fs/00000001/00000002: durable create missing: a directory sync made its create" "$top/out"
touch "$top/delete/fs/00000001/00000003"
"$bin" verify-tree -f "$top/delete.f" -D dir="$top/delete" -D journal="$top/j-delete" --json "$top/dd.json" >"$top/out" 2>&1
expect_rc delete_present_exit $? 1 "$top/out"
expect_grep delete_present_line "$top/delete/fs/00000001/00000003: durable delete present: a directory sync made its delete" "$top/out"
expect_in delete_present_count "$(json "$top/dd.json" 'd["deletes"]["lost"]')" 1 1

# jrun NAME [OPTION...]: $top/NAME.f run on tree $top/NAME, journal $top/j-NAME (checked: exit 0).
jrun() {
    "$bin" -f "$top/$1.f" -D dir="$top/$1" -D journal="$top/j-$1" --journal-force --quiet "${@:2}" >"$top/out" 2>"$top/err"
    expect_rc "$1_run_exit" $? 0 "$top/err"
}
# jvt NAME [OPTION...]: verify-tree of that run, its lines in $top/out.
jvt() { "$bin" verify-tree -f "$top/$1.f" -D dir="$top/$1" -D journal="$top/j-$1" "${@:2}" >"$top/out" 2>&1; }

# An O_DSYNC write makes only itself durable: a write through another
# descriptor of the same file, before it, stays "may be old or new".
cat >"$top/dsync.f" <<'F'
define fileset name=fs, path=$dir, entries=1, dirwidth=10, size=64k, prealloc=100, verify, journal=$journal
define process name=p { thread name=t {
  flowop openfile name=oa, filesetname=fs, fd=1
  flowop openfile name=ob, filesetname=fs, fd=2, dsync
  flowop write name=wa, fd=1, iosize=4k
  flowop appendfile name=wb, fd=2, iosize=4k
  flowop closefile name=ca, fd=1
  flowop closefile name=cb, fd=2
  flowop finishoncount name=f, target=wb, value=1 } }
run 30
F
jrun dsync
python3 "$top/reseal.py" "$top/dsync/fs/00000001/00000001" 0   # wa's block, never synced, put back
jvt dsync --json "$top/dsync.json"
expect_rc dsync_verify_exit $? 0 "$top/out"
expect_in dsync_older "$(json "$top/dsync.json" 'd["blocks"]["older_allowed"]')" 1 1
python3 "$top/reseal.py" "$top/dsync/fs/00000001/00000001" 65536   # wb's block, written O_DSYNC
jvt dsync
expect_rc dsync_lost_exit $? 1 "$top/out"
expect_grep dsync_lost_line "00000001/00000001: block at offset 65536: lost durable write" "$top/out"

# A file written and never synced fills the thread's table of pending
# writes: its oldest are given up (counted in text and JSON), and every
# fsync of another file is still journaled (one record each).
cat >"$top/pending.f" <<'F'
define fileset name=fs, path=$dir, entries=2, dirwidth=10, size=64k, prealloc=100, verify, journal=$journal
define process name=p { thread name=t {
  flowop openfile name=oa, filesetname=fs, fd=1, indexed=1
  flowop openfile name=ob, filesetname=fs, fd=2, indexed=2
  flowop write name=wa, fd=1, iosize=4k, random, iters=4
  flowop write name=wb, fd=2, iosize=4k, random
  flowop fsync name=sb, fd=2
  flowop closefile name=ca, fd=1
  flowop closefile name=cb, fd=2
  flowop finishoncount name=f, target=sb, value=5000 } }
run 60
F
"$bin" -f "$top/pending.f" -D dir="$top/pending" -D journal="$top/j-pending" --journal-force --json "$top/pend-run.json" >"$top/out" 2>"$top/err"
expect_rc pending_run_exit $? 0 "$top/err"
expect_in pending_dropped "$(json "$top/pend-run.json" 'sum(f.get("verify", {}).get("journal_dropped", 0) for f in d["flowops"])')" 4096 4096
expect_grep pending_dropped_text "journal 4096 dropped (not claimed durable" "$top/out"
jvt pending --json "$top/pend.json"
expect_rc pending_verify_exit $? 0 "$top/out"
expect_in pending_records "$(json "$top/pend.json" 'd["journal_records"]')" 5000 5000

# A delete that can be rolled back never turns a correct tree into an error:
# an empty file deleted, re-created, written and fsynced (no fsyncdir); the
# crash rolls the delete and the re-create back (the name on the old, empty
# file): allowed as the older incarnation, not a lost write.
cat >"$top/rollback.f" <<'F'
define fileset name=fs, path=$dir, entries=1, dirwidth=10, size=0, prealloc=100, verify, journal=$journal
define process name=p { thread name=t {
  flowop deletefile name=d, filesetname=fs
  flowop createfile name=c, filesetname=fs, fd=1
  flowop appendfile name=a, fd=1, iosize=4k
  flowop fsync name=s, fd=1
  flowop closefile name=cl, fd=1
  flowop finishoncount name=f, target=a, value=1 } }
run 30
F
jrun rollback
truncate -s 0 "$top/rollback/fs/00000001/00000001"
jvt rollback --json "$top/rb.json"
expect_rc rollback_verify_exit $? 0 "$top/out"
expect_in rollback_older "$(json "$top/rb.json" 'd["deletes"]["older_allowed"] + d["blocks"]["older_allowed"]')" 2 2

# The report names a fileset as the script spells it, quote and backslash
# included, and stays one valid JSON document (the one JSON writer escapes).
sed -e 's/name=fs,/name="f\\"s\\\\", /' -e 's/filesetname=fs,/filesetname="f\\"s\\\\",/' "$top/w.f" >"$top/quote.f"
"$bin" -f "$top/quote.f" -D dir="$top/quote" -D journal="$top/j-quote" --journal-force --quiet >"$top/out" 2>"$top/err"
expect_rc quote_run_exit $? 0 "$top/err"
"$bin" verify-tree -f "$top/quote.f" -D dir="$top/quote" -D journal="$top/j-quote" --json "$top/quote.json" >"$top/out" 2>&1
expect_rc quote_verify_exit $? 0 "$top/out"
expect_in quote_name "$(json "$top/quote.json" 'len(d["filesets"][0]["name"]) if d["filesets"][0]["name"] == "f\"s\\" else 0')" 4 4

summary journal
