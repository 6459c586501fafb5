#!/usr/bin/env bash
# bench/bonnie.sh: workloads/bonnie.f beside bonnie++ itself (Debian's 2.00a),
# same sizes, on tmpfs and on an ext4 loop image under /dev/shm. Each side
# gives bonnie++'s CSV line (flowbench's through workloads/bonnie-table.py from
# its --json); the two sides alternate, the order reversed every round, and
# the summary prints per figure the median of each side and the ratio
# flowbench / bonnie++, flagged when it is outside 15%. The reasons for the
# flagged ones are in workloads/bonnie.f's header.
#
# Sizes: --size MiB of the block file (bonnie++ -s, -r half of it so that it
# runs), --seeks random reads shared by 5 seekers (bonnie++ -s SIZE:8192:SEEKS:5;
# its default 8192 finishes under bonnie++'s 0.5 s on tmpfs, which then prints
# "+++++"), --nfiles thousands of small files (-n). Needs root (loop mount).
#
# usage: bench/bonnie.sh [--size MiB] [--seeks N] [--nfiles K] [--rounds N] [--build DIR]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build SIZE=2048 SEEKS=262144 NFILES=64 ROUNDS=3
while [ $# -gt 0 ]; do
    case $1 in
    --size) SIZE=$2; shift ;;
    --seeks) SEEKS=$2; shift ;;
    --nfiles) NFILES=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    --build) BUILD=$2; shift ;;
    *) echo "usage: bench/bonnie.sh [--size MiB] [--seeks N] [--nfiles K] [--rounds N] [--build DIR]" >&2; exit 2 ;;
    esac
    shift
done
fb=$BUILD/flowbench
command -v bonnie++ >/dev/null || { echo "SKIP: no bonnie++ (apt-get install bonnie++)"; exit 77; }
[ -x "$fb" ] || { echo "no $fb: build first" >&2; exit 2; }
w=$(mktemp -d /dev/shm/fbbonnie.XXXXXX)
mnt="" loopdev=""
cleanup() {
    [ -n "$mnt" ] && umount "$mnt" 2>/dev/null
    [ -n "$loopdev" ] && losetup -d "$loopdev" 2>/dev/null
    rm -rf "$w"
}
trap cleanup EXIT

bonnie_side() { # DIR: bonnie++'s CSV line
    rm -rf "${1:?}"/*
    bonnie++ -q -d "$1" -s "$SIZE:8192:$SEEKS:5" -r $((SIZE / 2)) -n "$NFILES" -u root 2>/dev/null | tail -1
}
flowbench_side() { # DIR: bonnie-table.py's CSV line of a bonnie.f run
    rm -rf "${1:?}"/*
    "$fb" -f "$ROOT/workloads/bonnie.f" -D dir="$1" -D filesize="${SIZE}m" -D nseeks="$SEEKS" \
        -D nfiles=$((NFILES * 1024)) --quiet --json "$w/fb.json" >/dev/null 2>"$w/fb.err" ||
        { echo "flowbench failed: $(head -c 400 "$w/fb.err")" >&2; return 1; }
    python3 "$ROOT/workloads/bonnie-table.py" "$w/fb.json" | tail -1
}

measure() { # LABEL DIR
    : > "$w/csv"
    for ((r = 0; r < ROUNDS; r++)); do
        if ((r % 2 == 0)); then a=$(flowbench_side "$2"); b=$(bonnie_side "$2")
        else b=$(bonnie_side "$2"); a=$(flowbench_side "$2"); fi
        printf 'fb %s\nbon %s\n' "$a" "$b" >> "$w/csv"
    done
    python3 - "$w/csv" "$1" <<'PY'
import statistics, sys
# bonnie++ 1.98 CSV: the figures' columns (rate, %CP) and their latencies.
TESTS = ["putc", "block write", "rewrite", "getc", "block read", "seeks",
         "create seq", "stat seq", "delete seq", "create rand", "stat rand", "delete rand"]
RATE = [9, 11, 13, 15, 17, 19, 26, 28, 30, 32, 34, 36]
LAT = list(range(38, 50))
def lat_s(t):
    for unit, scale in (("us", 1e-6), ("ms", 1e-3), ("s", 1.0)):
        if t.endswith(unit):
            return float(t[:-len(unit)]) * scale
    return None
def num(t):
    try:
        return float(t)
    except ValueError:
        return None
side = {"fb": [], "bon": []}
for line in open(sys.argv[1]):
    who, _, csv = line.strip().partition(" ")
    side[who].append(csv.split(","))
def med(who, col, conv):
    v = [conv(r[col]) for r in side[who] if len(r) > col and conv(r[col]) is not None]
    return statistics.median(v) if v else None
print(f"== {sys.argv[2]}: medians of {len(side['fb'])} rounds; ratio = flowbench / bonnie++ (* outside 15%)")
print(f"{'test':<12} {'figure':<9} {'bonnie++':>12} {'flowbench':>12} {'ratio':>7}")
for i, t in enumerate(TESTS):
    for fig, col, conv in (("K|n/sec", RATE[i], num), ("%CP", RATE[i] + 1, num), ("latency s", LAT[i], lat_s)):
        b, f = med("bon", col, conv), med("fb", col, conv)
        if b is None and f is None:
            continue
        ratio = f / b if b and f is not None else None
        flag = "*" if ratio is not None and abs(ratio - 1) > 0.15 else ""
        fmt = lambda x: "-" if x is None else (f"{x:.6f}" if fig.startswith("lat") else f"{x:.0f}")
        print(f"{t:<12} {fig:<9} {fmt(b):>12} {fmt(f):>12} {'' if ratio is None else f'{ratio:7.2f}'}{flag}")
PY
}

mkdir -p "$w/tmpfs"
measure "tmpfs ($w/tmpfs)" "$w/tmpfs"

# An ext4 image of the block file's size and room for the rest, loop-mounted.
truncate -s $((SIZE * 2 + 512))M "$w/ext4.img"
loopdev=$(losetup -f --show "$w/ext4.img")
mkfs.ext4 -q -F "$loopdev" >/dev/null
mkdir -p "$w/mnt" && mount "$loopdev" "$w/mnt" && mnt=$w/mnt
measure "ext4 on a loop device in /dev/shm ($loopdev)" "$mnt"
