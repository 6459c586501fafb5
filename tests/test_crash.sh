#!/usr/bin/env bash
# test_crash.sh BIN TOOL: crashes that really happen, on ext4 and xfs. A process crash:
# a verify workload on a loop-mounted image under /dev/shm, master and workers killed
# with SIGKILL mid-run; the page cache survives, so every block still checks. A power
# cut: the same file systems on a loop device backed by flowbench-powercut (TOOL), the
# power cut mid-run, the frozen image mounted again (journal replay): the file system is
# consistent and every block checks (no torn block). Each case skips alone, loudly,
# where the machine lacks root, loop devices, /dev/fuse or the mkfs.
set -u
bin=$(realpath "$1")
pc_tool=$2
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-crash.XXXXXX)
chmod 755 "$top"
. "$(dirname "$0")/realfs_checks.sh"
. "$(dirname "$0")/powercut_stack.sh"
trap 'pc_cleanup; realfs_cleanup' EXIT
expect_rc() { if [ "$2" = "$3" ]; then ok; else bad "$1" "exit $2, want $3: $(head -c 800 "$4")"; fi; }
command -v mkfs.xfs >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xfsprogs >/dev/null 2>&1

# writer DIR: DIR/w.f, 2 processes writing 4 KiB blocks of a verify fileset in place,
# an fsync after every 16; DIR/r.f reads the tree back checking every block it reads.
writer() {
    cat >"$1/w.f" <<'F'
define fileset name=fs, path=$dir, entries=8, dirwidth=8, size=256k, prealloc, reuse, verify
define process name=p, instances=2 { thread name=t, verify {
  flowop openfile name=o, filesetname=fs, fd=1
  flowop write name=w, fd=1, iosize=4k, random, iters=16
  flowop fsync name=s, fd=1
  flowop closefile name=c, fd=1
} }
run 60
F
    cat >"$1/r.f" <<'F'
define fileset name=fs, path=$dir, entries=8, dirwidth=8, size=256k, prealloc, reuse, verify
define process name=p { thread name=t, verify {
  flowop openfile name=o, filesetname=fs, fd=1
  flowop readwholefile name=r, fd=1, iosize=64k
  flowop closefile name=c, fd=1
  flowop finishoncount name=f, value=64, target=r
} }
run 30
F
}

# start_run DIR TREE: the writer in the background, in a process group of its own (its
# pid in $run_pid), once it runs: population done and synced (--flush).
start_run() {
    setsid "$bin" --flush -D dir="$2" -f "$1/w.f" >"$1/run.out" 2>"$1/run.err" &
    run_pid=$!
    for _ in $(seq 300); do grep -q "Running" "$1/run.out" && return 0; sleep 0.1; done
    bad "$(basename "$1")_start" "the workload did not start: $(tail -3 "$1/run.err")"
    return 1
}
# kill_run: SIGKILL to the master and its workers at once; waits until all are gone.
kill_run() {
    kill -KILL -- -"$run_pid" 2>/dev/null
    { wait "$run_pid"; } 2>/dev/null
    for _ in $(seq 50); do pgrep -g "$run_pid" >/dev/null || return 0; sleep 0.1; done
    bad kill_run "processes of group $run_pid still run: $(pgrep -a -g "$run_pid")"
}
# check_tree NAME DIR TREE: every block of the tree read back checks.
check_tree() {
    "$bin" --json "$2/check.json" -D dir="$3" -f "$2/r.f" >"$2/check.out" 2>"$2/check.err"
    expect_rc "$1_check_exit" $? 0 "$2/check.err"
    local v
    v=$(json "$2/check.json" '[f["verify"] for f in d["runs"][-1]["flowops"] if f["name"] == "r"][0]')
    read -r blocks failed <<<"$(python3 -c 'import ast, sys; v = ast.literal_eval(sys.argv[1]); print(v["blocks"], v["failed"])' "$v" 2>/dev/null)"
    [ "${blocks:-0}" -gt 0 ] 2>/dev/null && [ "$failed" = 0 ] && ok || bad "$1_blocks" "verify counts: '$v'"
}
# make_fs TYPE DEV MNT: a fresh TYPE file system on DEV mounted at MNT.
make_fs() {
    local opts=(-q -F)
    [ "$1" = xfs ] && opts=(-q -f)
    "mkfs.$1" "${opts[@]}" "$2" >"$3.mkfs" 2>&1 || { bad "$1_mkfs" "$(cat "$3.mkfs")"; return 1; }
    mount "$2" "$3" 2>"$3.mount" || { bad "$1_mount" "$(cat "$3.mount")"; return 1; }
}
# fs_clean TYPE IMAGE: the checker of TYPE finds nothing to repair in IMAGE.
fs_clean() {
    case $1 in
    ext4) e2fsck -f -n "$2" ;;
    xfs) xfs_repair -n -f "$2" ;;
    esac
}
# can_loop TYPE: root, losetup and mkfs.TYPE are there (else says why, returns 1).
can_loop() {
    [ "$(id -u)" = 0 ] || { echo "not root"; return 1; }
    command -v losetup >/dev/null || { echo "no losetup"; return 1; }
    command -v "mkfs.$1" >/dev/null || { echo "no mkfs.$1"; return 1; }
}

# ---- process crash: SIGKILL mid-run; the page cache keeps every write ----
process_crash() {
    local t=$1 d=$top/kill-$1 dev why
    if ! why=$(can_loop "$t"); then echo "SKIP process crash on $t: $why"; return; fi
    mkdir -p "$d/fs"
    truncate -s 320M "$d/img"
    if ! dev=$(losetup -f --show "$d/img" 2>"$d/losetup.err"); then
        echo "SKIP process crash on $t: losetup is not permitted: $(cat "$d/losetup.err")"
        return
    fi
    devs+=("$dev")
    make_fs "$t" "$dev" "$d/fs" || return
    mounts+=("$d/fs")
    writer "$d"
    start_run "$d" "$d/fs/t" || return
    sleep 1
    kill_run
    check_tree "kill_$t" "$d" "$d/fs/t"
}

# ---- power cut: mid-run, the writes not flushed are gone ----
power_cut() {
    local t=$1 d=$top/cut-$1 dev why
    if ! why=$(can_loop "$t") || ! why=$(pc_why_not) || [ -n "$why" ]; then
        echo "SKIP power cut on $t: $why"
        return
    fi
    mkdir -p "$d"
    pc_up "$d" 320M || { echo "SKIP power cut on $t"; return; }
    dev=$(pc_dev "$d")
    make_fs "$t" "$dev" "$d/fs" || return
    writer "$d"
    start_run "$d" "$d/fs/t" || return
    sleep 1
    pc_cut "$d"
    kill_run
    [ "$(pc_status "$d" blocks_flushed)" -gt 0 ] 2>/dev/null && ok || bad "cut_${t}_flushed" "no flush reached the disk"
    echo "power cut on $t: $(pc_status "$d" flushes) flushes, $(pc_status "$d" blocks_dropped) blocks dropped by the cut"
    pc_down "$d"
    expect_rc "cut_${t}_daemon" $? 0 "$d/pc.err"
    mount -o loop "$d/img" "$d/fs" 2>"$d/remount.err" || { bad "cut_${t}_remount" "$(cat "$d/remount.err")"; return; }
    mounts+=("$d/fs")
    check_tree "cut_$t" "$d" "$d/fs/t"
    umount "$d/fs"
    fs_clean "$t" "$d/img" >"$d/fsck.out" 2>&1
    expect_rc "cut_${t}_consistent" $? 0 "$d/fsck.out"
}

for t in ${CRASH_FS:-ext4 xfs}; do
    case ${CRASH_ONLY:-all} in all | process) process_crash "$t" ;; esac
    case ${CRASH_ONLY:-all} in all | power) power_cut "$t" ;; esac
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
