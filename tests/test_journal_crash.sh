#!/usr/bin/env bash
# test_journal_crash.sh BIN: a process crash loses nothing. A varmail-like
# workload with verify and a journal (tests/journal/mailj.f) runs on a
# loop-mounted ext4 image, then an xfs one, under /dev/shm, its journal on
# /dev/shm; the master and all its workers are killed (SIGKILL) mid-run; the
# page cache keeps every write, so verify-tree must find every durable write,
# create and delete there, and nothing torn.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-jcrash.XXXXXX)
. "$here/realfs_checks.sh"
trap realfs_cleanup EXIT
need losetup mkfs.ext4 mkfs.xfs

# crash FS: the workload killed mid-run on FS, then verify-tree. Run side by side
# (lib.sh), each in a subshell that undoes its own loop mount.
crash() {
    local fs=$1 d=$top/$1 pid
    trap loop_cleanup EXIT
    loop_mount "$fs" "$d" 512M || return 0
    mkdir -p "$d/journal"
    setsid "$bin" -f "$here/journal/mailj.f" -D dir="$d/mnt" -D journal="$d/journal" --runtime 60 --quiet \
        >"$d/out" 2>"$d/err" &
    pid=$!
    # killed once the run has gone on for a while (durable points journaled)
    for _ in $(seq 100); do
        grep -q "Running" "$d/out" 2>/dev/null && break
        sleep 0.1
    done
    sleep 2
    kill -KILL -- "-$pid"
    wait "$pid" 2>/dev/null
    # the workers too: one in a write on the image ends only when the write does
    for _ in $(seq 100); do pgrep -g "$pid" >/dev/null || break; sleep 0.1; done
    expect_grep "${fs}_ran" "Running" "$d/out"
    expect_nogrep "${fs}_killed_mid_run" "IO Summary" "$d/out"
    "$bin" verify-tree -f "$here/journal/mailj.f" -D dir="$d/mnt" -D journal="$d/journal" --json "$d/v.json" \
        >"$d/vout" 2>"$d/verr"
    expect_rc "${fs}_verify_exit" $? 0 "$d/vout"
    expect_in "${fs}_lost_torn" "$(json "$d/v.json" 'sum(d[k][c] for k in ("blocks","creates","deletes") for c in ("lost","torn"))')" 0 0
    expect_in "${fs}_durable_records" "$(json "$d/v.json" 'd["journal_records"]')" 100 100000000
    expect_in "${fs}_good_blocks" "$(json "$d/v.json" 'd["blocks"]["good"]')" 100 100000000
    echo "$fs: $(tail -1 "$d/vout")"
    expect_in "${fs}_deletes" "$(json "$d/v.json" 'd["deletes"]["good"]')" 1 100000
}

case_ext4() { crash ext4; }
case_xfs() { crash xfs; }
side_by_side ext4 xfs
summary "journal crash"
