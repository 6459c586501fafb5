#!/usr/bin/env bash
# test_inplace.sh BIN: inplace sends a read or write to the offset where the previous
# read or write of its slot began, whatever placed that one (sequential, random,
# offset=); checked op by op in the latency log's offsets and on disk.
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-inplace.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
. "$(dirname "${BASH_SOURCE[0]}")/flowops_lib.sh"

# run_log NAME: runs NAME with a latency log ($d/lat.csv: time,lat,flowop,bytes,offset,thread).
run_log() {
    d=$top/$1
    "$bin" --latency-log "$d/lat.csv" -f "$d/w.f" >"$d/out" 2>"$d/err"
    rc=$?
}
# pairs FIRST SECOND: for each SECOND op, the offset of the FIRST op just before it and its own
# ("A B" a line), in the order the thread ran them (one thread: the log's order).
pairs() {
    awk -F, -v a="$1" -v b="$2" 'NR > 1 && $3 == a { last = $5 } NR > 1 && $3 == b { print last, $5 }' "$d/lat.csv"
}
# mismatches FIRST SECOND: how many SECOND ops went elsewhere than the FIRST op before them.
mismatches() { pairs "$1" "$2" | awk '$1 != $2 { n++ } END { print n + 0 }'; }

# ---- rewrite: a sequential read, then a write over the block just read, to the end ----
# 16 blocks of 4k: each write lands where its read began, the file keeps its size, and
# the reads still walk the file in order (the write moves the offset to the block's end).
new rewrite <<'F'
define file name=f, path=$dir, size=64k, prealloc
define process name=p { thread name=t {
  flowop read name=r, filename=f, fd=1, iosize=4k
  flowop write name=w, filename=f, fd=1, iosize=4k, inplace
  flowop finishoncount name=done, target=w, value=16 } }
run 30
F
run_log rewrite
expect_rc rewrite_exit "$rc" 0 "$d/err"
expect_eq rewrite_ops "$(ops_of r "$d/out") $(ops_of w "$d/out")" "16 16"
expect_eq rewrite_same_block "$(mismatches r w)" 0
expect_eq rewrite_offsets "$(awk -F, '$3 == "w" { printf "%s ", $5 / 4096 }' "$d/lat.csv")" \
    "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 "
expect_eq rewrite_size "$(size_of "$d/f/00000001/00000001")" 65536

# ---- a random read, then the block written back: bonnie++'s seek update ----
new randback <<'F'
define file name=f, path=$dir, size=1m, prealloc
define process name=p { thread name=t {
  flowop read name=r, filename=f, fd=1, iosize=8k, random
  flowop write name=w, filename=f, fd=1, iosize=8k, inplace
  flowop finishoncount name=done, target=w, value=200 } }
run 30
F
run_log randback
expect_rc randback_exit "$rc" 0 "$d/err"
expect_eq randback_ops "$(ops_of w "$d/out")" 200
expect_eq randback_same_block "$(mismatches r w)" 0
# the reads are random: 200 draws of 128 blocks hit far more than a handful of places
expect_in randback_places "$(awk -F, '$3 == "w" { print $5 }' "$d/lat.csv" | sort -u | wc -l)" 60 128
expect_eq randback_size "$(size_of "$d/f/00000001/00000001")" 1048576

# ---- a write at offset=, read back by an inplace read; a fresh slot starts at 0 ----
# Each pass opens the file again: the first inplace write finds no op before it (offset 0).
new readback <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop openfile name=o, filename=f, fd=1
  flowop write name=first, fd=1, iosize=10, inplace
  flowop write name=w, fd=1, iosize=100, offset=5000
  flowop read name=r, fd=1, iosize=100, inplace
  flowop closefile name=c, fd=1
  flowop finishoncount name=done, target=c, value=5 } }
run 30
F
run_log readback
expect_rc readback_exit "$rc" 0 "$d/err"
expect_eq readback_first_at_0 "$(awk -F, '$3 == "first" { print $5 }' "$d/lat.csv" | sort -u)" 0
expect_eq readback_same_place "$(mismatches w r)" 0
expect_eq readback_read_bytes "$(awk -F, '$3 == "r" { s += $4 } END { print s }' "$d/lat.csv")" 500
expect_eq readback_size "$(size_of "$d/f/00000001/00000001")" 5100

summary
