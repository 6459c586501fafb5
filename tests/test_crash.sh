#!/usr/bin/env bash
# test_crash.sh BIN TOOL: power cuts that really happen, on ext4 and xfs. The file system
# sits on a loop device backed by flowbench-powercut (TOOL); a verify workload with a
# durability journal (on /dev/shm) runs; the power is cut mid-run; the frozen image is
# mounted again (journal replay) and checked: consistent, and flowbench verify-tree
# finds no lost durable write and no torn block. The same with a deliberately wrong
# workload (writes never synced, claimed durable by --test-durable-on-write) must be
# caught: exit 1, lost writes named. Skipped (77) where the machine lacks root, loop
# devices, /dev/fuse, the tool or a mkfs.
set -u
bin=$(realpath "$1")
pc_tool=$2
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-crash.XXXXXX)
chmod 755 "$top"
. "$here/realfs_checks.sh"
. "$here/powercut_stack.sh"
trap 'pc_cleanup; realfs_cleanup' EXIT
need mkfs.ext4 mkfs.xfs e2fsck xfs_repair
why=$(pc_why_not)
[ -z "$why" ] || skip "no power-cut stack here: $why"

# The deliberately wrong workload: blocks rewritten in place with O_DIRECT, never synced:
# the writes pass the page cache and wait in the disk's volatile cache, which the cut drops.
cat >"$top/nosync.f" <<'F'
set $journal=/dev/shm/flowbench-journal
define fileset name=fs, path=$dir, entries=16, dirwidth=16, size=256k, prealloc, reuse, verify, journal=$journal
define process name=p, instances=2 { thread name=t, verify {
  flowop openfile name=o, filesetname=fs, fd=1, directio
  flowop write name=w, fd=1, iosize=4k, random, iters=16
  flowop closefile name=c, fd=1
} }
F

# start_run DIR OPTION...: the workload (-f and -D in the options) on DIR/fs, its journal
# in DIR/journal, in the background in a process group of its own ($run_pid); returns
# once it runs.
start_run() {
    local d=$1
    shift
    mkdir -p "$d/journal"
    setsid "$bin" --quiet --runtime 60 -D dir="$d/fs/t" -D journal="$d/journal" "$@" >"$d/run.out" 2>"$d/run.err" &
    run_pid=$!
    for _ in $(seq 300); do grep -q "Running" "$d/run.out" && return 0; sleep 0.1; done
    bad "$(basename "$d")_start" "the workload did not start: $(tail -3 "$d/run.err")"
    return 1
}
# kill_run: SIGKILL to the master and its workers at once; waits until all are gone.
kill_run() {
    kill -KILL -- -"$run_pid" 2>/dev/null
    { wait "$run_pid"; } 2>/dev/null
    for _ in $(seq 50); do pgrep -g "$run_pid" >/dev/null || return 0; sleep 0.1; done
    bad kill_run "processes of group $run_pid still run: $(pgrep -a -g "$run_pid")"
}
# make_fs TYPE DEV MNT: a fresh TYPE file system on DEV mounted at MNT, with 4 KiB blocks
# (mke2fs gives a small one 1 KiB blocks, and a crash between the writes of one verify
# block's four file-system blocks would rightly leave it torn).
make_fs() {
    if [ "$1" = ext4 ]; then mkfs_mount "$@" -b 4096; else mkfs_mount "$@"; fi
}
# fs_clean TYPE IMAGE: the checker of TYPE finds nothing to repair in IMAGE.
fs_clean() {
    case $1 in
    ext4) e2fsck -f -n "$2" ;;
    xfs) xfs_repair -n -f "$2" ;;
    esac
}
# vt NAME FIELD: a count of the verify-tree JSON of case NAME ("blocks.lost"...).
vt() { json "$top/$1/verify.json" "d[\"${2%%.*}\"][\"${2#*.}\"]"; }

# cut_case NAME TYPE "SCRIPT_OPTIONS" RUN_OPTION...: the workload (-f, -D) on TYPE through
# the tool, the power cut once it has run a second, the image mounted again and judged by
# verify-tree with the same SCRIPT_OPTIONS (its exit status in $vt_rc, its JSON in
# NAME/verify.json, the blocks the cut dropped in $dropped). 1 when the case could not
# be made.
cut_case() {
    local name=$1 t=$2 d=$top/$1
    local -a script
    read -r -a script <<<"$3"
    shift 3
    mkdir -p "$d"
    pc_up "$d" 320M || skip "$name: the power-cut stack could not be built"
    make_fs "$t" "$(pc_dev "$d")" "$d/fs" || return 1
    start_run "$d" "${script[@]}" "$@" || return 1
    sleep 1
    pc_cut "$d"
    kill_run
    dropped=$(pc_status "$d" blocks_dropped)
    echo "$name: $(pc_status "$d" flushes) flushes, $dropped blocks dropped by the cut"
    pc_down "$d"
    expect_rc "${name}_daemon" $? 0 "$d/pc.err"
    loop_mount_image "${name}_remount" "$d/img" "$d/fs" || return 1
    "$bin" verify-tree -D dir="$d/fs/t" -D journal="$d/journal" "${script[@]}" --json "$d/verify.json" \
        >"$d/verify.out" 2>"$d/verify.err"
    vt_rc=$?
    echo "$name: $(grep -v '^/' "$d/verify.out" | tail -1)"
    loop_umount "$d/fs"
    check "${name}_consistent" fs_clean "$t" "$d/img"
}

# fs_cases TYPE: both cases on TYPE. ext4's and xfs's run side by side (lib.sh), each in a
# subshell that tears down its own stacks: most of their time is the runs before the cut
# and the waits for the killed workers to go.
fs_cases() {
    local t=$1
    trap 'pc_cleanup; loop_cleanup' EXIT
    # A workload that fsyncs what it counts on: nothing durable lost, nothing torn.
    if cut_case "cut_$t" "$t" "-f $here/journal/mailj.f -D nfiles=100 -D nthreads=2"; then
        expect_rc "cut_${t}_verify_exit" "$vt_rc" 0 "$top/cut_$t/verify.out"
        expect_in "cut_${t}_lost" "$(vt "cut_$t" blocks.lost)" 0 0
        expect_in "cut_${t}_torn" "$(vt "cut_$t" blocks.torn)" 0 0
        expect_in "cut_${t}_creates_lost" "$(vt "cut_$t" creates.lost)" 0 0
        expect_in "cut_${t}_good" "$(vt "cut_$t" blocks.good)" 1 100000000
    fi
    # Writes never synced but claimed durable: the cut must show them lost.
    if cut_case "nosync_$t" "$t" "-f $top/nosync.f" --test-durable-on-write; then
        expect_rc "nosync_${t}_verify_exit" "$vt_rc" 1 "$top/nosync_$t/verify.out"
        expect_in "nosync_${t}_dropped" "$dropped" 1 100000000
        expect_in "nosync_${t}_lost" "$(vt "nosync_$t" blocks.lost)" 1 100000000
        expect_grep "nosync_${t}_named" "block at offset [0-9]*: lost durable write" "$top/nosync_$t/verify.out"
    fi
}
case_ext4() { fs_cases ext4; }
case_xfs() { fs_cases xfs; }
side_by_side ext4 xfs
summary
