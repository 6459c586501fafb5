#!/usr/bin/env bash
# test_powercut.sh TOOL [usage|disk]: flowbench-powercut on its own: bad usage and bad images are
# exit 2 with the reason; through a loop device, writes reach the daemon as they
# complete (none held in a page cache), a flush moves exactly the cached writes to
# the image (sub-block writes merged with the image, discards as zeros), and a cut
# drops the rest and fails every later request; a random cut keeps a seeded half of the
# cache's blocks; at its bound the cache flushes itself; a stop without a cut writes the cache.
set -u
pc_tool=$(realpath "$1")
part=${2:-all} # usage (no root needed) or disk (a loop device through the tool)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-powercut.XXXXXX)
. "$(dirname "$0")/realfs_checks.sh"
. "$(dirname "$0")/powercut_stack.sh"
trap 'pc_cleanup; realfs_cleanup' EXIT

if in_part usage; then
    # ---- usage and bad images: exit 2, the reason named ----
    "$pc_tool" >"$top/out" 2>"$top/err"
    expect_rc usage_none $? 2 "$top/err"
    expect_grep usage_none_says "give IMAGE and MOUNTPOINT" "$top/err"
    "$pc_tool" "$top/missing.img" "$top" >"$top/out" 2>"$top/err"
    expect_rc image_missing $? 2 "$top/err"
    expect_grep image_missing_says "image $top/missing.img: No such file or directory" "$top/err"
    printf 'abc' >"$top/odd.img"
    "$pc_tool" "$top/odd.img" "$top" >"$top/out" 2>"$top/err"
    expect_rc image_odd $? 2 "$top/err"
    expect_grep image_odd_says "not a whole number of 512-byte sectors" "$top/err"
    truncate -s 1M "$top/ok.img"
    "$pc_tool" "$top/ok.img" "$top/ok.img" >"$top/out" 2>"$top/err"
    expect_rc mountpoint_file $? 2 "$top/err"
    expect_grep mountpoint_file_says "mount point $top/ok.img is not a directory" "$top/err"
    "$pc_tool" --help >"$top/out" 2>&1
    expect_rc help $? 0 "$top/out"
    expect_grep help_cut "echo cut  *> MOUNTPOINT/control" "$top/out"
    expect_grep help_cut_random "echo cut-random SEED  *> MOUNTPOINT/control" "$top/out"
fi
if [ "$part" = usage ]; then summary powercut_usage; exit; fi

why=$(pc_why_not)
[ -z "$why" ] || skip "the disk through a loop device: $why"

# dd_to DEV FILE SEEK_KIB: FILE written to DEV at SEEK_KIB KiB with O_DIRECT (no page cache).
dd_to() { dd if="$2" of="$1" bs=512 seek=$(($3 * 2)) oflag=direct conv=notrunc status=none; }
flush_dev() { python3 -c 'import os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); os.fsync(fd)' "$1"; }
# same FILE OFF_KIB LEN_KIB REF [REF_OFF_KIB]: those bytes of FILE are REF's (from REF_OFF_KIB)
same() {
    cmp -s <(dd if="$1" bs=1024 skip="$2" count="$3" status=none) \
        <(dd if="$4" bs=1024 skip="${5:-0}" count="$3" status=none)
}

# ---- through a loop device: flushed writes kept, the rest dropped by the cut ----
d=$top/cut
mkdir -p "$d"
head -c 4M /dev/urandom >"$d/img"   # the image starts as random bytes, R
cp "$d/img" "$d/r"
head -c 1M /dev/urandom >"$d/a"
head -c 1M /dev/urandom >"$d/b"
head -c 512 /dev/urandom >"$d/c"
if pc_up "$d" 4M; then
    dev=$(pc_dev "$d")
    dd_to "$dev" "$d/a" 0              # A at 0, flushed
    expect_eq write_reaches_daemon "$(pc_status "$d" cached_blocks)" 256
    same "$d/img" 0 1024 "$d/r" 0 && ok || bad write_not_in_image "the image changed before a flush"
    flush_dev "$dev"
    dd_to "$dev" "$d/c" 1025           # 512 bytes of C inside a block at 1 MiB + 1 KiB, flushed
    flush_dev "$dev"
    expect_eq flushed_all "$(pc_status "$d" cached_blocks)" 0
    blkdiscard -o $((2 << 20)) -l $((1 << 20)) "$dev" 2>"$d/discard.err" || bad discard "$(cat "$d/discard.err")"
    flush_dev "$dev"                   # 2..3 MiB zeroed, flushed
    dd_to "$dev" "$d/b" 0              # B over A and at 3 MiB: not flushed
    dd_to "$dev" "$d/b" 3072
    expect_eq cached_before_cut "$(pc_status "$d" cached_blocks)" 512
    cmp -s <(dd if="$dev" bs=1M count=1 iflag=direct status=none) "$d/b" && ok ||
        bad read_sees_cache "the loop device does not read back the cached write"
    pc_cut "$d"
    expect_eq state_cut "$(pc_status "$d" state)" cut
    expect_eq dropped "$(pc_status "$d" blocks_dropped)" 512
    dd if="$dev" of=/dev/null bs=4k count=1 iflag=direct status=none 2>"$d/read.err" &&
        bad read_after_cut "a read succeeded" || expect_grep read_after_cut_eio "Input/output error" "$d/read.err"
    dd_to "$dev" "$d/c" 0 2>"$d/write.err" && bad write_after_cut "a write succeeded" ||
        expect_grep write_after_cut_eio "Input/output error" "$d/write.err"
    pc_down "$d"
    expect_rc daemon_exit $? 0 "$d/pc.err"
    # expected image: A | R with C at 1 KiB | zeros | R
    python3 - "$d" <<'PY' && ok || bad image_after_cut "the image is not A | R+C | zeros | R"
import sys
d = sys.argv[1]
r, a, c = (open(f"{d}/{n}", "rb").read() for n in ("r", "a", "c"))
m = 1 << 20
want = a + r[m:m + 1024] + c + r[m + 1536:2 * m] + bytes(m) + r[3 * m:]
got = open(f"{d}/img", "rb").read()
for i in range(0, len(want), 4096):
    if got[i:i + 4096] != want[i:i + 4096]:
        print(f"first difference in the block at {i}")
        sys.exit(1)
PY
    expect_eq stopped_quietly "$(cat "$d/pc.err")" ""
else
    bad cut_up "the tool did not come up: $(cat "$d/pc.err")"
fi

# ---- a random cut: the drive wrote a seeded half of its cache, the rest is dropped ----
d=$top/random
mkdir -p "$d"
head -c 2M /dev/urandom >"$d/img"
cp "$d/img" "$d/r"
head -c 1M /dev/urandom >"$d/a"
if pc_up "$d" 2M; then
    dd_to "$(pc_dev "$d")" "$d/a" 0    # A over the first MiB, not flushed: 256 blocks cached
    echo cut-random 12345 >"$d/pc/control"
    expect_eq random_state "$(pc_status "$d" state)" cut
    kept=$(pc_status "$d" blocks_kept) dropped=$(pc_status "$d" blocks_dropped)
    expect_eq random_all_judged "$((kept + dropped))" 256
    pc_down "$d"
    expect_rc random_daemon_exit $? 0 "$d/pc.err"
    # every block of the first MiB is A's or R's, A's as many as kept, both kinds there
    python3 - "$d" "$kept" <<'PY' && ok || bad random_image "the image is not a mix of A and R blocks as kept"
import sys
d, kept = sys.argv[1], int(sys.argv[2])
r, a, img = (open(f"{d}/{n}", "rb").read() for n in ("r", "a", "img"))
new = sum(img[i:i + 4096] == a[i:i + 4096] for i in range(0, 1 << 20, 4096))
old = sum(img[i:i + 4096] == r[i:i + 4096] for i in range(0, 1 << 20, 4096))
print(f"random cut: {new} blocks kept, {old} dropped")
sys.exit(0 if new == kept and new + old == 256 and 0 < new < 256 and img[1 << 20:] == r[1 << 20:] else 1)
PY
else
    bad random_up "the tool did not come up: $(cat "$d/pc.err")"
fi

# ---- the cache's bound: at it, the cache goes to the image before more is taken ----
d=$top/bound
mkdir -p "$d"
head -c 3M /dev/urandom >"$d/a"
if pc_up "$d" 4M -m 1; then
    expect_eq bound_status "$(pc_status "$d" max_cached_blocks)" 256
    dd_to "$(pc_dev "$d")" "$d/a" 0    # 768 blocks through a cache of 256, never flushed by the device
    full=$(pc_status "$d" full_flushes) cached=$(pc_status "$d" cached_blocks)
    expect_in bound_flushed_itself "$full" 2 768
    expect_in bound_kept "$cached" 1 256
    pc_cut "$d"
    pc_down "$d"
    expect_rc bound_daemon_exit $? 0 "$d/pc.err"
    # what the cut dropped is the last cached blocks; everything before is in the image
    same "$d/img" 0 $(((768 - cached) * 4)) "$d/a" && ok || bad bound_image "the blocks flushed at the bound are not in the image"
else
    bad bound_up "the tool did not come up with -m 1: $(cat "$d/pc.err")"
fi

# ---- a stop without a cut is an orderly power-off: the cache goes to the image ----
d=$top/stop
mkdir -p "$d"
head -c 1M /dev/urandom >"$d/a"
if pc_up "$d" 2M; then
    dd_to "$(pc_dev "$d")" "$d/a" 1024
    pc_down "$d"
    expect_rc stop_exit $? 0 "$d/pc.err"
    same "$d/img" 1024 1024 "$d/a" && ok || bad stop_writes_cache "the cached write is not in the image"
    expect_grep stop_says "stopped without a cut: wrote the 256 cached blocks to $d/img" "$d/pc.err"
else
    bad stop_up "the tool did not come up: $(cat "$d/pc.err")"
fi

summary
