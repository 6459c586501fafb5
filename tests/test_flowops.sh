#!/usr/bin/env bash
# test_flowops.sh BIN: one small run per flowop type (all 32), each checking what
# the flowop did on disk and what it counted against the report.
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-flowops.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# expect_in NAME VALUE LOW HIGH: LOW <= VALUE <= HIGH (numbers, decimals allowed)
expect_in() {
    if [ -n "$2" ] && awk -v v="$2" -v l="$3" -v h="$4" 'BEGIN { exit !(v + 0 >= l + 0 && v + 0 <= h + 0) }'; then
        ok
    else
        bad "$1" "got '$2', want $3..$4"
    fi
}
# Fields of a flowop's report line: NAME <N>ops <r>ops/s <m>mb/s <l>ms/op ...
field_of() { awk -v n="$1" -v f="$2" -v u="$3" '$1 == n { v = $f; sub(u, "", v); print v; exit }' "$4"; }
ops_of() { field_of "$1" 2 ops "$2"; }
rate_of() { field_of "$1" 3 "ops/s" "$2"; }
mbs_of() { field_of "$1" 4 "mb/s" "$2"; }
lat_of() { field_of "$1" 5 "ms/op" "$2"; }
# Ops per second spent in a flowop that waits for events (1000 / its ms/op): its
# rate while the machine ran it. A loaded host may pause the whole VM for half a
# second; a pause at the stop costs ops of the run's rate (the events come after
# the stop) but is no op's latency (the last wait ends without an event).
per_s_waited() { awk -v l="$(lat_of "$1" "$2")" 'BEGIN { if (l + 0 > 0) print 1000 / l }'; }
summary_ops() { awk '{ for (i = 1; i < NF; i++) if ($i == "Summary:") { print $(i + 1); exit } }' "$1"; }
took() { awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$1"; }
# Files of a fileset tree (the marker aside), their total size, and the size of one file.
nfiles() { find "$1" -type f ! -name '.flowbench-fileset' | wc -l; }
nbytes() { find "$1" -type f ! -name '.flowbench-fileset' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }
ndirs() { find "$1" -mindepth 1 -type d | wc -l; }
size_of() { stat -c %s "$1" 2>/dev/null; }

# run NAME: runs $top/NAME/w.f (written by the caller) into out/err; the exit status in $rc.
run() {
    d=$top/$1
    "$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
    rc=$?
}
# run_nofile N NAME: run NAME with at most N descriptors, so a leaked one is an error.
run_nofile() {
    d=$top/$2
    (ulimit -n "$1" && exec "$bin" -f "$d/w.f") >"$d/out" 2>"$d/err"
    rc=$?
}
# new NAME: a fresh directory for a case; the script comes on stdin, $dir set to it.
new() {
    d=$top/$1
    mkdir -p "$d"
    { echo "set \$dir=$d"; cat; } >"$d/w.f"
}
expect_rc() { if [ "$rc" = "$2" ]; then ok; else bad "$1" "exit $rc, want $2: $(head -c 600 "$d/err")"; fi; }

# ---- createfile: a fresh fileset fills up to its entries, one op per file ----
new create <<'F'
set mode quit firstdone
define fileset name=fs, path=$dir, entries=100, dirwidth=10, size=4k
define process name=p { thread name=t {
  flowop createfile name=c1, filesetname=fs, fd=1
  flowop closefile name=cl1, fd=1 } }
run 30
F
run create
expect_rc create_exit 0
expect_eq create_files "$(nfiles "$d/fs")" 100
expect_eq create_ops "$(ops_of c1 "$d/out")" 100
expect_eq create_empty "$(nbytes "$d/fs")" 0
expect_eq create_summary "$(summary_ops "$d/out")" 200

# finishoncount stops creation part way: exactly that many files.
new create37 <<'F'
define fileset name=fs, path=$dir, entries=100, dirwidth=10, size=4k
define process name=p { thread name=t {
  flowop createfile name=c1, filesetname=fs, fd=1
  flowop closefile name=cl1, fd=1
  flowop finishoncount name=f1, target=c1, value=37 } }
run 30
F
run create37
expect_rc create37_exit 0
expect_eq create37_files "$(nfiles "$d/fs")" 37
expect_eq create37_ops "$(ops_of c1 "$d/out")" 37

# ---- openfile / closefile: each call one op (closing for real: 500 opens with 64
# descriptors); opening with none existing ends the run ----
new open <<'F'
define fileset name=fs, path=$dir, entries=20, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop closefile name=cl1, fd=1
  flowop finishoncount name=f1, target=o1, value=500 } }
run 30
F
run_nofile 64 open
expect_rc open_exit 0
expect_eq open_ops "$(ops_of o1 "$d/out")" 500
expect_eq close_ops "$(ops_of cl1 "$d/out")" 500
expect_eq open_summary "$(summary_ops "$d/out")" 1000
expect_eq open_files_kept "$(nfiles "$d/fs")" 20

new open_none <<'F'
set mode quit firstdone
define fileset name=fs, path=$dir, entries=20, dirwidth=10, size=1k
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop closefile name=cl1, fd=1 } }
run 10
F
run open_none
expect_rc open_none_exit 0
expect_eq open_none_ops "$(ops_of o1 "$d/out")" 0
awk -v t="$(took "$d/out")" 'BEGIN { exit !(t < 2) }' && ok || bad open_none_quick "took $(took "$d/out") s"

# closing a closed slot is an error naming the slot
new close_twice <<'F'
define fileset name=fs, path=$dir, entries=5, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop closefile name=cl1, fd=1
  flowop closefile name=cl2, fd=1 } }
run 10
F
run close_twice
expect_rc close_twice_exit 1
grep -q "cl2.*already closed" "$d/err" && ok || bad close_twice_message "$(cat "$d/err")"

# ---- deletefile: removes exactly what it counts ----
new delete <<'F'
define fileset name=fs, path=$dir, entries=50, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop deletefile name=d1, filesetname=fs
  flowop finishoncount name=f1, target=d1, value=20 } }
run 30
F
run delete
expect_rc delete_exit 0
expect_eq delete_ops "$(ops_of d1 "$d/out")" 20
expect_eq delete_left "$(nfiles "$d/fs")" 30

new delete_all <<'F'
set mode quit firstdone
define fileset name=fs, path=$dir, entries=50, dirwidth=10, size=1k, prealloc
define process name=p, instances=2 { thread name=t, instances=2 {
  flowop deletefile name=d1, filesetname=fs } }
run 30
F
run delete_all
expect_rc delete_all_exit 0
expect_eq delete_all_ops "$(ops_of d1 "$d/out")" 50
expect_eq delete_all_left "$(nfiles "$d/fs")" 0

# [better] an open file is not deleted; another one is tried instead of a silent skip:
# 9 calls delete the 9 files that are not open.
new delete_open <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=fs, fd=1, indexed=0
  flowop deletefile name=d1, filesetname=fs, iters=9
  flowop closefile name=cl1, fd=1
  flowop finishoncount name=f1, target=cl1, value=1 } }
run 30
F
run delete_open
expect_rc delete_open_exit 0
expect_eq delete_open_ops "$(ops_of d1 "$d/out")" 9
expect_eq delete_open_left "$(nfiles "$d/fs")" 1

# deletefile fd=N deletes the file that slot last held
new delete_fd <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k
define process name=p { thread name=t {
  flowop createfile name=c1, filesetname=fs, fd=1
  flowop closefile name=cl1, fd=1
  flowop deletefile name=d1, fd=1
  flowop finishoncount name=f1, target=d1, value=30 } }
run 30
F
run delete_fd
expect_rc delete_fd_exit 0
expect_eq delete_fd_creates "$(ops_of c1 "$d/out")" 30
expect_eq delete_fd_ops "$(ops_of d1 "$d/out")" 30
expect_eq delete_fd_left "$(nfiles "$d/fs")" 0

# ---- statfile: one op per stat; none existing ends the run with none ----
new stat <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop statfile name=s1, filesetname=fs
  flowop finishoncount name=f1, target=s1, value=1000 } }
run 30
F
run stat
expect_rc stat_exit 0
expect_eq stat_ops "$(ops_of s1 "$d/out")" 1000
expect_eq stat_summary "$(summary_ops "$d/out")" 1000

# several threads on a one-file fileset: a file busy in another thread's stat is
# waited for, not "no file" (which would end the run early)
new stat_threads <<'F'
define file name=f, path=$dir, size=1k, prealloc
define process name=p { thread name=t, instances=4 {
  flowop statfile name=s1, filesetname=f
  flowop finishoncount name=f1, value=4000 } }
run 30
F
run stat_threads
expect_rc stat_threads_exit 0
expect_in stat_threads_ops "$(ops_of s1 "$d/out")" 4000 4003
grep -q "stopped early" "$d/err" && bad stat_threads_early "$(cat "$d/err")" || ok

new stat_none <<'F'
set mode quit firstdone
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k
define process name=p { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 10
F
run stat_none
expect_rc stat_none_exit 0
expect_eq stat_none_ops "$(ops_of s1 "$d/out")" 0

# ---- read: sequential reads loop at EOF (a 0-byte op); bytes are what was read ----
# 1 MiB file, 4 KiB reads: 256 full reads, the 257th hits EOF (0 bytes), the 258th
# passes 1 MiB. The implicit open is not an op.
new read <<'F'
define file name=f, path=$dir, size=1m, prealloc
define process name=p { thread name=t {
  flowop read name=r1, filename=f, iosize=4k
  flowop finishonbytes name=f1, target=r1, value=1m } }
run 30
F
run read
expect_rc read_exit 0
expect_eq read_ops "$(ops_of r1 "$d/out")" 258
expect_eq read_summary "$(summary_ops "$d/out")" 258

# random reads stay inside the file: every one is a full 4 KiB
new read_random <<'F'
define file name=f, path=$dir, size=64k, prealloc
define process name=p { thread name=t {
  flowop read name=r1, filename=f, iosize=4k, random
  flowop finishonbytes name=f1, target=r1, value=409599 } }
run 30
F
run read_random
expect_rc read_random_exit 0
expect_eq read_random_ops "$(ops_of r1 "$d/out")" 100

new read_toobig <<'F'
define file name=f, path=$dir, size=4k, prealloc
define process name=p { thread name=t { flowop read name=r1, filename=f, iosize=8k, random } }
run 5
F
run read_toobig
expect_rc read_toobig_exit 1
grep -q "r1.*larger than the working set" "$d/err" && ok || bad read_toobig_message "$(cat "$d/err")"

# ---- write: sequential writes extend the file; random ones stay within the working set ----
new write_seq <<'F'
define file name=f, path=$dir, size=16k, prealloc
define process name=p { thread name=t {
  flowop write name=w1, filename=f, iosize=4k
  flowop finishoncount name=f1, target=w1, value=100 } }
run 30
F
run write_seq
expect_rc write_seq_exit 0
expect_eq write_seq_ops "$(ops_of w1 "$d/out")" 100
expect_eq write_seq_size "$(size_of "$d/f/00000001/00000001")" 409600

new write_random <<'F'
define file name=f, path=$dir, size=64k, prealloc
define process name=p { thread name=t {
  flowop write name=w1, filename=f, iosize=4k, random
  flowop finishoncount name=f1, target=w1, value=500 } }
run 30
F
run write_random
expect_rc write_random_exit 0
expect_eq write_random_ops "$(ops_of w1 "$d/out")" 500
expect_eq write_random_size "$(size_of "$d/f/00000001/00000001")" 65536

# a working set larger than the file: random writes land anywhere in it (and extend the file)
new write_wss <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop write name=w1, filename=f, iosize=4k, random, workingset=64k
  flowop finishonbytes name=f1, target=w1, value=2000000 } }
run 30
F
run write_wss
expect_rc write_wss_exit 0
expect_eq write_wss_ops "$(ops_of w1 "$d/out")" 489
s=$(size_of "$d/f/00000001/00000001")
expect_in write_wss_size "$s" 61440 65536
expect_eq write_wss_aligned "$((${s:-1} % 4096))" 0

# ---- appendfile: the file grows by exactly the bytes counted ----
new append <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop appendfile name=a1, filename=f, iosize=3000
  flowop finishonbytes name=f1, target=a1, value=50000 } }
run 30
F
run append
expect_rc append_exit 0
expect_eq append_ops "$(ops_of a1 "$d/out")" 17
expect_eq append_size "$(size_of "$d/f/00000001/00000001")" 51000

# ---- appendfilerand: appends of [0, iosize) bytes; the file is the sum of them ----
new appendrand <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop appendfilerand name=a1, filename=f, iosize=8k
  flowop finishoncount name=f1, target=a1, value=800 } }
run 30
F
run appendrand
expect_rc appendrand_exit 0
expect_eq appendrand_ops "$(ops_of a1 "$d/out")" 800
expect_in appendrand_size "$(size_of "$d/f/00000001/00000001")" 1 $((800 * 8191))
# the mean append is about iosize/2: 800 draws average 4096 +- 10% (about 5 sigma)
expect_in appendrand_mean "$(size_of "$d/f/00000001/00000001")" $((800 * 3686)) $((800 * 4506))

# finishonbytes over appendfilerand: the size on disk passes the bound by less than one append
new appendrand_bytes <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop appendfilerand name=a1, filename=f, iosize=8k
  flowop finishonbytes name=f1, target=a1, value=100000 } }
run 30
F
run appendrand_bytes
expect_rc appendrand_bytes_exit 0
expect_in appendrand_bytes_size "$(size_of "$d/f/00000001/00000001")" 100001 $((100000 + 8191))

# ---- readwholefile: one op per file, the bytes of each whole file ----
# 12 KiB files read in 5 KiB chunks: 50 files read are 614,400 bytes, one more passes it.
new readwhole <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=12k, prealloc
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop readwholefile name=r1, fd=1, iosize=5k
  flowop closefile name=cl1, fd=1
  flowop finishonbytes name=f1, target=r1, value=614399 } }
run 30
F
run readwhole
expect_rc readwhole_exit 0
expect_eq readwhole_ops "$(ops_of r1 "$d/out")" 50
expect_eq readwhole_opens "$(ops_of o1 "$d/out")" 50
sed -i 's/value=614399/value=614400/' "$d/w.f"
run readwhole
expect_eq readwhole_ops_bound "$(ops_of r1 "$d/out")" 51

# iosize 0 reads each file in one chunk; the same slot re-reads from offset 0
new readwhole0 <<'F'
define fileset name=fs, path=$dir, entries=4, dirwidth=10, size=10000, prealloc
define process name=p { thread name=t {
  flowop readwholefile name=r1, filesetname=fs
  flowop finishonbytes name=f1, target=r1, value=99999 } }
run 30
F
run readwhole0
expect_rc readwhole0_exit 0
expect_eq readwhole0_ops "$(ops_of r1 "$d/out")" 10

# ---- writewholefile: writes the nominal size (of the srcfd file) ----
new writewhole <<'F'
set mode quit firstdone
define fileset name=fs, path=$dir, entries=20, dirwidth=10, size=10000
define process name=p { thread name=t {
  flowop createfile name=c1, filesetname=fs, fd=1
  flowop writewholefile name=w1, fd=1, srcfd=1, iosize=4k
  flowop closefile name=cl1, fd=1 } }
run 30
F
run writewhole
expect_rc writewhole_exit 0
expect_eq writewhole_files "$(nfiles "$d/fs")" 20
expect_eq writewhole_bytes "$(nbytes "$d/fs")" 200000
expect_eq writewhole_ops "$(ops_of w1 "$d/out")" 20
expect_eq writewhole_sizes "$(find "$d/fs" -type f ! -name '.*' -printf '%s\n' | sort -u)" 10000

# copy: the size comes from the source file in srcfd, not the destination's nominal size
new copy <<'F'
set mode quit firstdone
define fileset name=src, path=$dir, entries=10, dirwidth=10, size=7000, prealloc
define fileset name=dst, path=$dir, entries=10, dirwidth=10, size=3000
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=src, fd=1
  flowop createfile name=c2, filesetname=dst, fd=2
  flowop writewholefile name=w2, fd=2, srcfd=1, iosize=1m
  flowop closefile name=cl1, fd=1
  flowop closefile name=cl2, fd=2 } }
run 30
F
run copy
expect_rc copy_exit 0
expect_eq copy_files "$(nfiles "$d/dst")" 10
expect_eq copy_sizes "$(find "$d/dst" -type f ! -name '.*' -printf '%s\n' | sort -u)" 7000
expect_eq copy_ops "$(ops_of w2 "$d/out")" 10
# 10 x (open, create, write, close, close) and the open that found the destination full
grep -q "IO Summary: *51 ops" "$d/out" && ok || bad copy_summary "$(grep Summary "$d/out")"

# ---- fsync: one op per call; a closed slot is an error ----
new fsync <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop appendfile name=a1, filename=f, iosize=4k
  flowop fsync name=s1
  flowop finishoncount name=f1, target=s1, value=50 } }
run 30
F
run fsync
expect_rc fsync_exit 0
expect_eq fsync_ops "$(ops_of s1 "$d/out")" 50
expect_eq fsync_appends "$(ops_of a1 "$d/out")" 50
expect_eq fsync_size "$(size_of "$d/f/00000001/00000001")" 204800

new fsync_closed <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t { flowop fsync name=s1, fd=3 } }
run 5
F
run fsync_closed
expect_rc fsync_closed_exit 1
grep -q "s1.*not open" "$d/err" && ok || bad fsync_closed_message "$(cat "$d/err")"

# ---- fsyncset: one op per open slot of its fileset ----
new fsyncset <<'F'
define fileset name=a, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define fileset name=b, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=a, fd=1
  flowop openfile name=o2, filesetname=a, fd=2
  flowop openfile name=o3, filesetname=a, fd=3
  flowop openfile name=o4, filesetname=b, fd=4
  flowop fsyncset name=sa, filesetname=a
  flowop fsyncset name=sb, filesetname=b
  flowop closefile name=c1, fd=1
  flowop closefile name=c2, fd=2
  flowop closefile name=c3, fd=3
  flowop closefile name=c4, fd=4
  flowop fsyncset name=sz, filesetname=a
  flowop finishoncount name=f1, target=c4, value=10 } }
run 30
F
run fsyncset
expect_rc fsyncset_exit 0
expect_eq fsyncset_a "$(ops_of sa "$d/out")" 30
expect_eq fsyncset_b "$(ops_of sb "$d/out")" 10
expect_eq fsyncset_closed "$(ops_of sz "$d/out")" 0

# ---- makedir / removedir: leaf directories on disk match the ops ----
leafset='define fileset name=fs, path=$dir, entries=0, leafdirs=30, dirwidth=5'
new makedir_all <<F
set mode quit firstdone
$leafset
define process name=p { thread name=t { flowop makedir name=md, filesetname=fs } }
run 30
F
run makedir_all
expect_rc makedir_all_exit 0
expect_eq makedir_all_ops "$(ops_of md "$d/out")" 30
expect_eq makedir_all_leaves "$(find "$d/fs" -mindepth 1 -type d -empty | wc -l)" 30
ordinary=$(( $(ndirs "$d/fs") - 30 ))

new makedir <<F
$leafset
define process name=p { thread name=t {
  flowop makedir name=md, filesetname=fs
  flowop finishoncount name=f1, target=md, value=12 } }
run 30
F
run makedir
expect_rc makedir_exit 0
expect_eq makedir_ops "$(ops_of md "$d/out")" 12
expect_eq makedir_dirs "$(ndirs "$d/fs")" $((ordinary + 12))

new removedir <<F
$leafset, prealloc
define process name=p { thread name=t {
  flowop removedir name=rd, filesetname=fs
  flowop finishoncount name=f1, target=rd, value=12 } }
run 30
F
run removedir
expect_rc removedir_exit 0
expect_eq removedir_ops "$(ops_of rd "$d/out")" 12
expect_eq removedir_dirs "$(ndirs "$d/fs")" $((ordinary + 18))

new removedir_all <<F
set mode quit firstdone
$leafset, prealloc
define process name=p, instances=2 { thread name=t, instances=2 { flowop removedir name=rd, filesetname=fs } }
run 30
F
run removedir_all
expect_rc removedir_all_exit 0
expect_eq removedir_all_ops "$(ops_of rd "$d/out")" 30
expect_eq removedir_all_dirs "$(ndirs "$d/fs")" "$ordinary"

# ---- listdir: ops counted and the directory bytes reported ----
new listdir <<'F'
define fileset name=fs, path=$dir, entries=200, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop listdir name=l1, filesetname=fs
  flowop finishoncount name=f1, target=l1, value=300 } }
run 30
F
run listdir
expect_rc listdir_exit 0
expect_eq listdir_ops "$(ops_of l1 "$d/out")" 300
expect_in listdir_mbs "$(mbs_of l1 "$d/out")" 0.1 1e12
expect_eq listdir_summary "$(summary_ops "$d/out")" 300

# ---- aiowrite / aiowait: ops counted, writes land inside the working set ----
new aio <<'F'
define file name=f, path=$dir, size=1m, prealloc
define process name=p { thread name=t {
  flowop aiowrite name=aw, filename=f, iosize=4k, random
  flowop aiowait name=ai
  flowop finishoncount name=f1, target=aw, value=500 } }
run 30
F
run aio
expect_rc aio_exit 0
expect_eq aio_writes "$(ops_of aw "$d/out")" 500
expect_eq aio_waits "$(ops_of ai "$d/out")" 500
expect_eq aio_size "$(size_of "$d/f/00000001/00000001")" 1048576

# an empty file with a 64 KiB working set: the writes are on disk when the run is over
new aio_wss <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop aiowrite name=aw, filename=f, iosize=4k, random, workingset=64k, iters=4
  flowop aiowait name=ai
  flowop finishonbytes name=f1, target=aw, value=2000000 } }
run 30
F
run aio_wss
expect_rc aio_wss_exit 0
expect_eq aio_wss_writes "$(ops_of aw "$d/out")" 492
expect_eq aio_wss_waits "$(ops_of ai "$d/out")" 123
s=$(size_of "$d/f/00000001/00000001")
expect_in aio_wss_size "$s" 61440 65536
expect_eq aio_wss_aligned "$((${s:-1} % 4096))" 0
expect_in aio_wss_blocks "$(du -k "$d/f/00000001/00000001" | cut -f1)" 60 64

new aio_seq <<'F'
define file name=f, path=$dir, size=1m, prealloc
define process name=p { thread name=t { flowop aiowrite name=aw, filename=f, iosize=4k } }
run 5
F
run aio_seq
[ "$rc" != 0 ] && grep -q "random" "$d/err" && ok || bad aio_seq_refused "exit $rc: $(cat "$d/err")"

# ---- block / wakeup across processes ----
# ping-pong between two processes: 200 rounds, no stall
new pingpong <<'F'
define process name=a { thread name=t {
  flowop block name=ba
  flowop wakeup name=wa, target=bb
  flowop finishoncount name=f1, target=ba, value=200 } }
define process name=b { thread name=t {
  flowop wakeup name=wb, target=ba
  flowop block name=bb } }
run 20
F
run pingpong
expect_rc pingpong_exit 0
expect_eq pingpong_blocks "$(ops_of ba "$d/out")" 200
expect_eq pingpong_wakeups "$(ops_of wa "$d/out")" 200
expect_in pingpong_peer "$(ops_of wb "$d/out")" 200 201
expect_in pingpong_time "$(took "$d/out")" 0 5

# a wakeup sent before the block is remembered
new wake_first <<'F'
define process name=waker { thread name=t {
  flowop wakeup name=wk, target=blk
  flowop block name=never } }
define process name=sleeper { thread name=t {
  flowop delay name=d1, value=1
  flowop block name=blk
  flowop finishoncount name=f1, target=blk, value=1 } }
run 6
F
run wake_first
expect_rc wake_first_exit 0
expect_eq wake_first_blocks "$(ops_of blk "$d/out")" 1
expect_eq wake_first_wakeups "$(ops_of wk "$d/out")" 1
expect_in wake_first_time "$(took "$d/out")" 0.9 3

# one wakeup reaches every instance of the target
new wake_all <<'F'
define process name=waker { thread name=t {
  flowop wakeup name=wk, target=blk
  flowop block name=never } }
define process name=sleeper, instances=3 { thread name=t {
  flowop block name=blk
  flowop delay name=d1, value=10 } }
run 2
F
run wake_all
expect_rc wake_all_exit 0
expect_eq wake_all_wakeups "$(ops_of wk "$d/out")" 3
expect_eq wake_all_blocks "$(ops_of blk "$d/out")" 3

# ---- semblock / sempost across processes ----
# blocking posts of 1 to a semblock of 10 (highwater 1): 50 blocks take 500 or 501 posts
new sem <<'F'
define process name=poster { thread name=t {
  flowop sempost name=sp, target=sb, value=1, blocking } }
define process name=blocker { thread name=t {
  flowop semblock name=sb, value=10
  flowop finishoncount name=f1, target=sb, value=50 } }
run 20
F
run sem
expect_rc sem_exit 0
expect_eq sem_blocks "$(ops_of sb "$d/out")" 50
expect_in sem_posts "$(ops_of sp "$d/out")" 500 501

# non-blocking posts paced at 500/s for 2 s: blocks = posts / 10 within one
new sem_paced <<'F'
eventgen rate=500
define process name=poster { thread name=t {
  flowop sempost name=sp, target=sb, value=1
  flowop eventlimit name=ev } }
define process name=blocker { thread name=t { flowop semblock name=sb, value=10 } }
run 2
F
run sem_paced
expect_rc sem_paced_exit 0
sp=$(ops_of sp "$d/out") sb=$(ops_of sb "$d/out") ev=$(ops_of ev "$d/out")
# each post waits for one event, and the events come at 500 per second waited
# (per second of the run they may not: see per_s_waited)
expect_in sem_paced_posts "$sp" "${ev:-x}" $((${ev:-0} + 1))
expect_in sem_paced_rate "$(per_s_waited ev "$d/out")" 450 550
expect_in sem_paced_posts_max "$sp" 1 1100
expect_in sem_paced_blocks "$sb" $((${sp:-0} / 10 - 1)) $((${sp:-0} / 10))

# ---- hog: one op per loop, latency grows with value ----
new hog <<'F'
define process name=p { thread name=t, memsize=64k {
  flowop hog name=h1, value=20000
  flowop hog name=h2, value=2000000
  flowop finishoncount name=f1, target=h2, value=20 } }
run 30
F
run hog
expect_rc hog_exit 0
expect_eq hog_ops "$(ops_of h1 "$d/out")" 20
expect_eq hog_ops2 "$(ops_of h2 "$d/out")" 20
# the fastest op of each: a preemption on a loaded machine inflates a mean, not a minimum
min_of() { field_of "$1" 6 "ms" "$2" | tr -d "["; }
awk -v a="$(min_of h1 "$d/out")" -v b="$(min_of h2 "$d/out")" 'BEGIN { exit !(b > 0.01 && b > 10 * a) }' \
    && ok || bad hog_latency "fastest h1 $(min_of h1 "$d/out") ms, h2 $(min_of h2 "$d/out") ms"
expect_eq hog_summary "$(summary_ops "$d/out")" 0

# ---- delay: value=1 in a 3 s run: 2 or 3 ops ----
new delay <<'F'
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
run 3
F
run delay
expect_rc delay_exit 0
expect_in delay_ops "$(ops_of d1 "$d/out")" 2 3
expect_in delay_latency "$(lat_of d1 "$d/out")" 995 1100

# ---- eventlimit: rate 200 for 3 s: 200 ops/s within 5% ----
new eventlimit <<'F'
eventgen rate=200
define process name=p { thread name=t { flowop eventlimit name=ev } }
run 3
F
run eventlimit
expect_rc eventlimit_exit 0
expect_in eventlimit_rate "$(per_s_waited ev "$d/out")" 190 210
expect_in eventlimit_rate_max "$(rate_of ev "$d/out")" 1 210

# without a generator it is a no-op and counts nothing
new eventlimit_off <<'F'
define file name=f, path=$dir, size=4k, prealloc
define process name=p { thread name=t {
  flowop eventlimit name=ev
  flowop statfile name=s1, filesetname=f
  flowop finishoncount name=f1, target=s1, value=100 } }
run 10
F
run eventlimit_off
expect_rc eventlimit_off_exit 0
expect_eq eventlimit_off_ops "$(ops_of ev "$d/out")" 0

# ---- iopslimit / opslimit / bwlimit cap their target's rate (within 10%) ----
new iopslimit <<'F'
eventgen rate=100
define file name=f, path=$dir, size=1m, prealloc
define process name=p { thread name=t {
  flowop read name=r1, filename=f, iosize=4k, random
  flowop iopslimit name=lim, target=r1 } }
run 3
F
run iopslimit
expect_rc iopslimit_exit 0
expect_in iopslimit_rate "$(rate_of r1 "$d/out")" 90 110

new opslimit <<'F'
eventgen rate=100
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop statfile name=s1, filesetname=fs
  flowop statfile name=s2, filesetname=fs
  flowop opslimit name=lim } }
run 3
F
run opslimit
expect_rc opslimit_exit 0
# without target every I/O op counts: s1 + s2 together at 100/s
expect_in opslimit_rate "$(awk -v a="$(rate_of s1 "$d/out")" -v b="$(rate_of s2 "$d/out")" 'BEGIN { print a + b }')" 90 110

# with a target only the target is charged: s1 at 100/s, and s2 with it
new opslimit_target <<'F'
eventgen rate=100
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop statfile name=s1, filesetname=fs
  flowop statfile name=s2, filesetname=fs, iters=3
  flowop opslimit name=lim, target=s1 } }
run 3
F
run opslimit_target
expect_rc opslimit_target_exit 0
expect_in opslimit_target_rate "$(rate_of s1 "$d/out")" 90 110
expect_in opslimit_target_s2 "$(rate_of s2 "$d/out")" 270 330

new bwlimit <<'F'
eventgen rate=10
define file name=f, path=$dir, size=4m, prealloc
define process name=p { thread name=t {
  flowop read name=r1, filename=f, iosize=256k, random
  flowop bwlimit name=lim, target=r1 } }
run 3
F
run bwlimit
expect_rc bwlimit_exit 0
expect_in bwlimit_mbs "$(mbs_of r1 "$d/out")" 9 11

# without target a limiter charges its own thread's I/O: two limited processes
# share the rate (100/s in all), not rate/2
new iopslimit_procs <<'F'
eventgen rate=100
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=64k, prealloc
define process name=p, instances=2 { thread name=t {
  flowop read name=r1, filesetname=fs, iosize=4k, random
  flowop statfile name=s1, filesetname=fs
  flowop iopslimit name=lim } }
run 3
F
run iopslimit_procs
expect_rc iopslimit_procs_exit 0
expect_in iopslimit_procs_rate "$(rate_of r1 "$d/out")" 90 110
expect_in iopslimit_procs_stats "$(rate_of s1 "$d/out")" 90 110

new bwlimit_threads <<'F'
eventgen rate=10
define fileset name=fs, path=$dir, entries=4, dirwidth=10, size=0, prealloc
define process name=p { thread name=t, instances=2 {
  flowop appendfile name=a1, filesetname=fs, iosize=128k
  flowop bwlimit name=lim } }
run 3
F
run bwlimit_threads
expect_rc bwlimit_threads_exit 0
expect_in bwlimit_threads_mbs "$(mbs_of a1 "$d/out")" 9 11

# ---- finishoncount without target: only I/O ops count, across processes ----
new foc <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t, memsize=4k {
  flowop statfile name=s1, filesetname=fs
  flowop hog name=h1, value=1
  flowop finishoncount name=f1, value=1000 } }
run 30
F
run foc
expect_rc foc_exit 0
expect_eq foc_stats "$(ops_of s1 "$d/out")" 1000
expect_eq foc_hogs "$(ops_of h1 "$d/out")" 1000
expect_in foc_checks "$(ops_of f1 "$d/out")" 999 1000

new foc_procs <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p, instances=2 { thread name=t {
  flowop statfile name=s1, filesetname=fs
  flowop finishoncount name=f1, value=1000 } }
run 30
F
run foc_procs
expect_rc foc_procs_exit 0
expect_in foc_procs_stats "$(ops_of s1 "$d/out")" 1000 1002

# ---- finishonbytes without target: read and write bytes of the run ----
new fob <<'F'
define file name=f, path=$dir, size=0, prealloc
define file name=g, path=$dir, size=64k, prealloc
define process name=p { thread name=t {
  flowop appendfile name=a1, filename=f, iosize=1000, fd=1
  flowop read name=r1, filename=g, iosize=1000, random, fd=2
  flowop finishonbytes name=f1, value=100000 } }
run 30
F
run fob
expect_rc fob_exit 0
expect_eq fob_appends "$(ops_of a1 "$d/out")" 51
expect_eq fob_reads "$(ops_of r1 "$d/out")" 51
expect_eq fob_size "$(size_of "$d/f/00000001/00000001")" 51000

# ---- print: its message once per pass, not counted ----
new print <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop print name=pr, value="hello from flowbench"
  flowop statfile name=s1, filesetname=fs
  flowop finishoncount name=f1, target=s1, value=3 } }
run 10
F
run print
expect_rc print_exit 0
expect_eq print_lines "$(cat "$d/out" "$d/err" | grep -c 'Message from process (p,[0-9]*), thread (t,[0-9]*): hello from flowbench$')" 3
expect_eq print_ops "$(ops_of pr "$d/out")" 0

# ---- testrandvar: draws are not ops; their mean is reported at the end ----
new testrandvar <<'F'
set $rv=randvar(type=uniform, min=10, mean=20)
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop testrandvar name=trv, value=$rv
  flowop statfile name=s1, filesetname=fs
  flowop finishoncount name=f1, value=2000 } }
run 10
F
run testrandvar
expect_rc testrandvar_exit 0
expect_eq testrandvar_ops "$(ops_of trv "$d/out")" 0
expect_eq testrandvar_stats "$(ops_of s1 "$d/out")" 2000
# uniform on [10, 30]: mean 20, stddev/mean 1/sqrt(3)/2 = 0.289
line=$(grep -h '^testrandvar trv ' "$d/err" "$d/out")
expect_eq testrandvar_draws "$(echo "$line" | sed -n 's/.*: \([0-9]*\) draws.*/\1/p')" 2000
expect_in testrandvar_mean "$(echo "$line" | sed -n 's/.* mean \([0-9.]*\),.*/\1/p')" 19 21
expect_in testrandvar_spread "$(echo "$line" | sed -n 's/.*stddev\/mean \([0-9.]*\).*/\1/p')" 0.27 0.31

# ---- composite flowops: dotted names, counts are multiples of the iters ----
new composite <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=8k, prealloc
define flowop name=rw {
  flowop openfile name=o, filesetname=fs, fd=1
  flowop readwholefile name=r, fd=1, iosize=4k, iters=3
  flowop closefile name=c, fd=1 }
define flowop name=outer { flowop rw name=in, iters=2 }
define process name=p { thread name=t {
  flowop rw name=u1, iters=2
  flowop outer name=u2
  flowop statfile name=s1, filesetname=fs
  flowop finishoncount name=f1, target=s1, value=5 } }
run 30
F
run composite
expect_rc composite_exit 0
expect_eq composite_open "$(ops_of u1.o "$d/out")" 10
expect_eq composite_read "$(ops_of u1.r "$d/out")" 30
expect_eq composite_close "$(ops_of u1.c "$d/out")" 10
expect_eq composite_nested "$(ops_of u2.in.r "$d/out")" 30
expect_eq composite_nested_open "$(ops_of u2.in.o "$d/out")" 10
grep -Eq '^(u1|u2|u2\.in) ' "$d/out" && bad composite_own_line "$(grep -E '^(u1|u2|u2\.in) ' "$d/out")" || ok

# ---- indexed= picks one file (index modulo entries) ----
idx_script() {
    cat <<F
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=0, prealloc
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=fs, fd=1, indexed=$1
  flowop appendfile name=a1, fd=1, iosize=100
  flowop closefile name=cl1, fd=1
  flowop finishoncount name=f1, target=a1, value=20 } }
run 30
F
}
for i in 3 13 4; do
    idx_script $i | new indexed$i
    run indexed$i
    expect_rc indexed${i}_exit 0
    expect_eq indexed${i}_one_file "$(find "$d/fs" -type f -size +0 ! -name '.*' | wc -l)" 1
    expect_eq indexed${i}_bytes "$(nbytes "$d/fs")" 2000
done
p3=$(cd "$top/indexed3" && find fs -type f -size +0 ! -name '.*')
p13=$(cd "$top/indexed13" && find fs -type f -size +0 ! -name '.*')
p4=$(cd "$top/indexed4" && find fs -type f -size +0 ! -name '.*')
expect_eq indexed_modulo "$p13" "$p3"
[ -n "$p4" ] && [ "$p4" != "$p3" ] && ok || bad indexed_differs "indexed=4 and 3 both picked '$p3'"

# ---- opennext: slots rotate 127..0, each bound to its own file ----
# 128 reads of 1 KiB, each the first read of a fresh file in a fresh slot
new opennext <<'F'
define fileset name=fs, path=$dir, entries=200, dirwidth=20, size=1k, prealloc
define process name=p { thread name=t {
  flowop read name=r1, filesetname=fs, iosize=1k, opennext
  flowop finishonbytes name=f1, target=r1, value=131071 } }
run 30
F
run opennext
expect_rc opennext_exit 0
expect_eq opennext_reads "$(ops_of r1 "$d/out")" 128

# openfile with opennext fills the 128 slots; the 129th open finds slot 127 still open
new opennext_open <<'F'
define fileset name=fs, path=$dir, entries=200, dirwidth=20, size=1k, prealloc
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=fs, opennext
  flowop finishoncount name=f1, target=o1, value=129 } }
run 30
F
run opennext_open
expect_rc opennext_open_exit 1
expect_eq opennext_open_ops "$(ops_of o1 "$d/out")" 128
grep -q "o1.*slot 127" "$d/err" && ok || bad opennext_open_message "$(cat "$d/err")"

summary
