#!/usr/bin/env bash
# test_flowops.sh BIN: one small run per flowop type, each checking what the flowop
# did on disk and what it counted against the report (the flowops that wait or limit
# a rate: test_flowop_rates.sh).
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-flowops.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
. "$(dirname "${BASH_SOURCE[0]}")/flowops_lib.sh"

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
expect_rc create_exit "$rc" 0 "$d/err"
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
expect_rc create37_exit "$rc" 0 "$d/err"
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
expect_rc open_exit "$rc" 0 "$d/err"
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
expect_rc open_none_exit "$rc" 0 "$d/err"
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
expect_rc close_twice_exit "$rc" 1 "$d/err"
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
expect_rc delete_exit "$rc" 0 "$d/err"
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
expect_rc delete_all_exit "$rc" 0 "$d/err"
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
expect_rc delete_open_exit "$rc" 0 "$d/err"
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
expect_rc delete_fd_exit "$rc" 0 "$d/err"
expect_eq delete_fd_creates "$(ops_of c1 "$d/out")" 30
expect_eq delete_fd_ops "$(ops_of d1 "$d/out")" 30
expect_eq delete_fd_left "$(nfiles "$d/fs")" 0

# delete, create, close in turn (their bodies for the common case, create.c
# and delete.c): 4 threads on a half-full fileset, and one with spelt names
# (filenames=): every op counted is a file gone or made on disk.
for v in rotor:4 named:1; do
    nm=${v%%:*} n=${v#*:} names=
    [ "$nm" = named ] && names=", filenames=f.%i.x"
    new "cd_$nm" <<F
define fileset name=fs, path=\$dir, entries=40, dirwidth=10, size=0, prealloc=50$names
define process name=p, instances=2 { thread name=t, instances=$((n / 2 > 0 ? n / 2 : 1)) {
  flowop deletefile name=d1, filesetname=fs
  flowop createfile name=c1, filesetname=fs, fd=1
  flowop closefile name=cl1, fd=1
  flowop finishoncount name=f1, target=cl1, value=300 } }
run 30
F
    run "cd_$nm"
    expect_rc "cd_${nm}_exit" "$rc" 0 "$d/err"
    dl=$(ops_of d1 "$d/out") cr=$(ops_of c1 "$d/out")
    expect_eq "cd_${nm}_files" "$(nfiles "$d/fs")" "$((20 - dl + cr))"
    awk -v a="$dl" -v b="$cr" 'BEGIN { exit !(a >= 300 && b >= 300) }' && ok || bad "cd_${nm}_ops" "$dl deletes, $cr creates"
done
[ -z "$(find "$top"/cd_named/fs -type f -name '0*')" ] && ok || bad cd_named_spelt "tabled names in $top/cd_named/fs"

# ---- statfile: one op per stat; none existing ends the run with none ----
new stat <<'F'
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop statfile name=s1, filesetname=fs
  flowop finishoncount name=f1, target=s1, value=1000 } }
run 30
F
run stat
expect_rc stat_exit "$rc" 0 "$d/err"
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
expect_rc stat_threads_exit "$rc" 0 "$d/err"
expect_in stat_threads_ops "$(ops_of s1 "$d/out")" 4000 4003
grep -q "stopped early" "$d/err" && bad stat_threads_early "$(cat "$d/err")" || ok

new stat_none <<'F'
set mode quit firstdone
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k
define process name=p { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 10
F
run stat_none
expect_rc stat_none_exit "$rc" 0 "$d/err"
expect_eq stat_none_ops "$(ops_of s1 "$d/out")" 0

# a tree no flowop changes (stat and openfile take their turns without holding
# the file): on a fileset half preallocated, a turn on a missing file goes on
# to one that exists, so every op finds one and the run ends on its count
# fixed_case NAME ENTRIES DIRWIDTH: that workload on a tree of its shape
fixed_case() {
    new "$1" <<F
define fileset name=fs, path=\$dir, entries=$2, dirwidth=$3, size=1k, prealloc=50
define process name=p { thread name=t {
  flowop statfile name=s1, filesetname=fs
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop closefile name=c1, fd=1
  flowop finishoncount name=f1, target=c1, value=1000 } }
run 30
F
}
fixed_case fixed_half 40 8
run fixed_half
expect_rc fixed_half_exit "$rc" 0 "$d/err"
expect_eq fixed_half_stats "$(ops_of s1 "$d/out")" 1000
expect_eq fixed_half_opens "$(ops_of o1 "$d/out")" 1000
expect_eq fixed_half_left "$(nfiles "$d/fs")" 20

# the same past the descriptor budget: 420 descriptors keep 17 of the tree's
# 111 directories open (fileset_fd_budget: (420 - 130 slots - 256) / 2), so
# most turns name their file through a directory opened for the call and
# closed after it (stat_unkept, open_unkept): every op still finds its file,
# and none of those descriptors is left behind to exhaust the 420
fixed_case fixed_unkept 400 4
run_nofile 420 fixed_unkept
expect_rc fixed_unkept_exit "$rc" 0 "$d/err"
expect_eq fixed_unkept_stats "$(ops_of s1 "$d/out")" 1000
expect_eq fixed_unkept_opens "$(ops_of o1 "$d/out")" 1000
expect_eq fixed_unkept_dirs "$(ndirs "$d/fs")" 111

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
expect_rc read_exit "$rc" 0 "$d/err"
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
expect_rc read_random_exit "$rc" 0 "$d/err"
expect_eq read_random_ops "$(ops_of r1 "$d/out")" 100

new read_toobig <<'F'
define file name=f, path=$dir, size=4k, prealloc
define process name=p { thread name=t { flowop read name=r1, filename=f, iosize=8k, random } }
run 5
F
run read_toobig
expect_rc read_toobig_exit "$rc" 1 "$d/err"
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
expect_rc write_seq_exit "$rc" 0 "$d/err"
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
expect_rc write_random_exit "$rc" 0 "$d/err"
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
expect_rc write_wss_exit "$rc" 0 "$d/err"
expect_eq write_wss_ops "$(ops_of w1 "$d/out")" 489
s=$(size_of "$d/f/00000001/00000001")
expect_in write_wss_size "$s" 61440 65536
expect_eq write_wss_aligned "$((${s:-1} % 4096))" 0

# offset=: each op goes there (a hole before a write past the end), and a sequential op goes
# on from its end; every pass the same three calls, so the file stays 107 bytes
new write_offset <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop write name=w1, filename=f, iosize=4, offset=100
  flowop write name=w2, filename=f, iosize=3
  flowop read name=r1, filename=f, iosize=2, offset=1
  flowop finishoncount name=f1, target=w1, value=10 } }
run 30
F
run write_offset
expect_rc write_offset_exit "$rc" 0 "$d/err"
expect_eq write_offset_ops "$(ops_of w1 "$d/out") $(ops_of w2 "$d/out") $(ops_of r1 "$d/out")" "10 10 10"
expect_eq write_offset_size "$(size_of "$d/f/00000001/00000001")" 107
expect_eq write_offset_hole "$(head -c 100 "$d/f/00000001/00000001" | tr -d '\0' | wc -c)" 0

# ---- appendfile: the file grows by exactly the bytes counted ----
new append <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop appendfile name=a1, filename=f, iosize=3000
  flowop finishonbytes name=f1, target=a1, value=50000 } }
run 30
F
run append
expect_rc append_exit "$rc" 0 "$d/err"
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
expect_rc appendrand_exit "$rc" 0 "$d/err"
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
expect_rc appendrand_bytes_exit "$rc" 0 "$d/err"
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
expect_rc readwhole_exit "$rc" 0 "$d/err"
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
expect_rc readwhole0_exit "$rc" 0 "$d/err"
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
expect_rc writewhole_exit "$rc" 0 "$d/err"
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
expect_rc copy_exit "$rc" 0 "$d/err"
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
expect_rc fsync_exit "$rc" 0 "$d/err"
expect_eq fsync_ops "$(ops_of s1 "$d/out")" 50
expect_eq fsync_appends "$(ops_of a1 "$d/out")" 50
expect_eq fsync_size "$(size_of "$d/f/00000001/00000001")" 204800

new fsync_closed <<'F'
define file name=f, path=$dir, size=0, prealloc
define process name=p { thread name=t { flowop fsync name=s1, fd=3 } }
run 5
F
run fsync_closed
expect_rc fsync_closed_exit "$rc" 1 "$d/err"
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
expect_rc fsyncset_exit "$rc" 0 "$d/err"
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
expect_rc makedir_all_exit "$rc" 0 "$d/err"
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
expect_rc makedir_exit "$rc" 0 "$d/err"
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
expect_rc removedir_exit "$rc" 0 "$d/err"
expect_eq removedir_ops "$(ops_of rd "$d/out")" 12
expect_eq removedir_dirs "$(ndirs "$d/fs")" $((ordinary + 18))

new removedir_all <<F
set mode quit firstdone
$leafset, prealloc
define process name=p, instances=2 { thread name=t, instances=2 { flowop removedir name=rd, filesetname=fs } }
run 30
F
run removedir_all
expect_rc removedir_all_exit "$rc" 0 "$d/err"
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
expect_rc listdir_exit "$rc" 0 "$d/err"
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
expect_rc aio_exit "$rc" 0 "$d/err"
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
expect_rc aio_wss_exit "$rc" 0 "$d/err"
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
expect_rc foc_exit "$rc" 0 "$d/err"
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
expect_rc foc_procs_exit "$rc" 0 "$d/err"
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
expect_rc fob_exit "$rc" 0 "$d/err"
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
expect_rc print_exit "$rc" 0 "$d/err"
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
expect_rc testrandvar_exit "$rc" 0 "$d/err"
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
expect_rc composite_exit "$rc" 0 "$d/err"
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
    expect_rc indexed${i}_exit "$rc" 0 "$d/err"
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
expect_rc opennext_exit "$rc" 0 "$d/err"
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
expect_rc opennext_open_exit "$rc" 1 "$d/err"
expect_eq opennext_open_ops "$(ops_of o1 "$d/out")" 128
grep -q "o1.*slot 127" "$d/err" && ok || bad opennext_open_message "$(cat "$d/err")"

summary
