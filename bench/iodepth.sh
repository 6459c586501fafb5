#!/usr/bin/env bash
# bench/iodepth.sh: flowbench against fio on 4 KiB random reads of one cached
# file at iodepth 32 (by default), through libaio and io_uring, in the same
# rounds; optionally a second flowbench build (--base, e.g. the build before a
# change) as a third side, so "before and after" come from one run.
#
# Each round runs every side once per engine, the order reversed every round.
# fio runs twice: as it comes (it submits each request as it is queued,
# iodepth_batch_submit=1) and told to submit a refill at once
# (--iodepth_batch_submit=DEPTH --iodepth_batch_complete_min=1).
# Per side: reads/s (median, min..max) and CPU per read (user + system of the
# whole process over its reads); per pair of sides, the ratio of reads/s taken
# round by round.
#
# The file is on a loop-mounted ext4 image in /dev/shm when root (on tmpfs
# io_uring hands every buffered read to a kernel worker, io-wq); otherwise on
# --dir, and it says so.
#
# --direct: O_DIRECT reads of a file on a real disk instead (--dir, default
# /var/tmp), where the device, not the CPU, sets the pace. Each side's device
# queue depth is printed too: the average number of requests the device held
# while it ran (the weighted time-in-queue of /sys/block/DEV/stat over the wall
# time), the figure a batched submission must not lower.
#
# usage: bench/iodepth.sh [--rounds N] [--secs S] [--depth D] [--size SIZE]
#                         [--build DIR] [--base DIR] [--dir DIR] [--direct] [--boost] [ENGINE...]
#   ENGINE    libaio io_uring (default: both)
#   --build   the CMake build directory holding flowbench (default ./build)
#   --base    another build directory: its flowbench runs as the side "base"
#   --boost   every measured command in a session of its own, autogroup nice -10 (root)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
BASE=""
DIR=""
ROUNDS=6
SECS=2
DEPTH=32
SIZE=256m
BOOST=0
DIRECT=0
ENGINES=()
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift ;;
    --secs) SECS=$2; shift ;;
    --depth) DEPTH=$2; shift ;;
    --size) SIZE=$2; shift ;;
    --build) BUILD=$2; shift ;;
    --base) BASE=$2; shift ;;
    --dir) DIR=$2; shift ;;
    --boost) BOOST=1 ;;
    --direct) DIRECT=1 ;;
    libaio|io_uring) ENGINES+=("$1") ;;
    -h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/iodepth.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ ${#ENGINES[@]} -gt 0 ] || ENGINES=(libaio io_uring)
FB=$(realpath "$BUILD/flowbench")
[ -z "$BASE" ] || BASE=$(realpath "$BASE/flowbench")
command -v fio >/dev/null || apt-get install -y -qq fio >/dev/null 2>&1 || true
command -v fio >/dev/null || { echo "bench/iodepth.sh: fio is not installed and could not be" >&2; exit 1; }

TIMEFORMAT="%3R %3U %3S"

# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"

WORK=$(mktemp -d /tmp/flowbench-iodepth.XXXXXX)
IMG="" DEV="" MNT=""
cleanup() {
    [ -z "$MNT" ] || { umount "$MNT" && rmdir "$MNT"; }
    [ -z "$DEV" ] || losetup -d "$DEV"
    [ -z "$IMG" ] || rm -f "$IMG"
    rm -rf "$WORK"
}
trap cleanup EXIT

# An ext4 image of the file's size and some, loop-mounted; nothing when it cannot be.
ext4_fs() {
    [ "$(id -u)" = 0 ] && command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || return 0
    IMG=$(mktemp /dev/shm/flowbench-iodepth-ext4.XXXXXX)
    truncate -s "$(( $(numfmt --from=iec "${SIZE^^}") / 1048576 + 128 ))M" "$IMG"
    DEV=$(losetup -f --show "$IMG") || { DEV=""; return 0; }
    local m
    m=$(mktemp -d /tmp/flowbench-iodepth-mnt.XXXXXX)
    if mkfs.ext4 -q -F "$DEV" >/dev/null 2>&1 && mount "$DEV" "$m"; then MNT=$m; else rmdir "$m"; fi
}
if [ "$DIRECT" = 1 ]; then
    DIR=${DIR:-/var/tmp}
    DIR=$(mktemp -d "$DIR/flowbench-iodepth.XXXXXX")
    echo "files on $(df --output=source "$DIR" | tail -n 1) ($DIR), O_DIRECT"
elif [ -z "$DIR" ]; then
    ext4_fs
    if [ -n "$MNT" ]; then DIR=$MNT; echo "files on ext4 ($DEV, the image $IMG), cached"
    else DIR=$(mktemp -d /dev/shm/flowbench-iodepth.XXXXXX); echo "files on tmpfs $DIR (no loop-mounted ext4: needs root)"; fi
fi
[ "$DIRECT" = 0 ] || trap 'cleanup; rm -rf "$DIR"' EXIT
DIR=$DIR/iodepth
mkdir -p "$DIR"

# The whole disk under DIR, for its queue depth; "" when there is none (tmpfs).
disk_stat() {
    local src dev
    src=$(df --output=source "$DIR" | tail -n 1)
    dev=$(basename "$(readlink -f "$src")")
    [ -e "/sys/class/block/$dev" ] || return 0
    [ -e "/sys/class/block/$dev/partition" ] && dev=$(basename "$(dirname "$(readlink -f "/sys/class/block/$dev")")")
    [ -r "/sys/block/$dev/stat" ] && echo "/sys/block/$dev/stat"
}
STAT=$(disk_stat)
# Field 11 of the block stat: milliseconds spent, weighted by requests in flight.
queue_ms() { [ -z "$STAT" ] && echo 0 || awk '{ print $11 }' "$STAT"; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

script=$HERE/workloads/read.f
[ "$DIRECT" = 0 ] || script=$HERE/workloads/read-direct.f
defs=(-D dir="$DIR" -D filesize="$SIZE" -D iosize=4k)
printf 'load %s\ncreate files\n' "$script" | "$FB" "${defs[@]}" >/dev/null
FILE=$(find "$DIR/readfile" -type f ! -name .flowbench-fileset | head -n 1)
if [ "$DIRECT" = 0 ]; then
    cat "$FILE" >/dev/null   # cached: the reads never reach the image
    FIO_DIRECT=()
else
    FIO_DIRECT=(--direct=1)
fi

# side ENGINE NAME: prints "reads/s cpu_us_per_read device_queue_depth"
side() {
    local q0 t0 q1 t1
    q0=$(queue_ms) t0=$(now_ms)
    local out
    out=$(side_run "$@")
    q1=$(queue_ms) t1=$(now_ms)
    echo "$out $(awk -v q=$((q1 - q0)) -v t=$((t1 - t0)) 'BEGIN { printf "%.2f", (t > 0 ? q / t : 0) }')"
}

side_run() {
    local eng=$1 tf=$WORK/time
    case $2 in
    fb|base)
        local bin=$FB
        [ "$2" = fb ] || bin=$BASE
        { time measured "$bin" "${defs[@]}" --ioengine "$eng" --iodepth "$DEPTH" --runtime "$SECS" -f "$script" \
            --json "$WORK/r.json" >"$WORK/fb.log" 2>&1; } 2>"$tf" || { cat "$WORK/fb.log" >&2; exit 1; }
        python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["flowops"][0]
t = open(sys.argv[2]).read().split()
print(r["ops_per_s"], (float(t[1]) + float(t[2])) * 1e6 / max(r["ops"], 1))' "$WORK/r.json" "$tf" ;;
    fio*)
        local batch=()
        [ "$2" = fio ] || batch=(--iodepth_batch_submit="$DEPTH" --iodepth_batch_complete_min=1)
        measured fio --name=fbdepth --filename="$FILE" --rw=randread --bs=4k --size="$SIZE" --norandommap \
            "${FIO_DIRECT[@]}" --invalidate=0 --ioengine="$eng" --iodepth="$DEPTH" "${batch[@]}" --time_based --runtime="$SECS" \
            --output-format=json 2>/dev/null | python3 -c '
import json, sys
j = json.load(sys.stdin)["jobs"][0]
s = j["job_runtime"] / 1000.0
ios = j["read"]["total_ios"]
print(ios / s, (j["usr_cpu"] + j["sys_cpu"]) / 100.0 * s * 1e6 / max(ios, 1))' ;;
    esac
}

SIDES=(fb fio fio-batch)
[ -z "$BASE" ] || SIDES=(fb base fio fio-batch)
echo "flowbench: $FB${BASE:+ (base: $BASE)}"
echo "fio:       $(fio --version)"
echo "4 KiB random reads of a $SIZE file, iodepth $DEPTH, $ROUNDS rounds of $SECS s per side; $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)$([ $BOOST = 1 ] && echo '; boosted')"
declare -A RATE CPU QD
for ((round = 0; round < ROUNDS; round++)); do
    order=("${SIDES[@]}")
    [ $((round % 2)) = 0 ] || order=($(printf '%s\n' "${SIDES[@]}" | tac))
    for eng in "${ENGINES[@]}"; do
        for s in "${order[@]}"; do
            read -r rate cpu qd < <(side "$eng" "$s")
            RATE[$eng,$s]="${RATE[$eng,$s]:-} $rate"
            CPU[$eng,$s]="${CPU[$eng,$s]:-} $cpu"
            QD[$eng,$s]="${QD[$eng,$s]:-} $qd"
        done
    done
    echo "round $((round + 1)) of $ROUNDS done"
done

# ratios A B ENG: the per-round ratios of A's reads/s to B's
ratios() {
    paste <(tr ' ' '\n' <<<"${RATE[$3,$1]}" | sed '/^$/d') <(tr ' ' '\n' <<<"${RATE[$3,$2]}" | sed '/^$/d') |
        awk '$2 > 0 { printf "%f ", $1 / $2 }'
}
for eng in "${ENGINES[@]}"; do
    echo
    echo "$eng, iodepth $DEPTH:"
    for s in "${SIDES[@]}"; do
        # shellcheck disable=SC2086
        r=$(summary ${RATE[$eng,$s]}) c=$(summary ${CPU[$eng,$s]}) q=$(summary ${QD[$eng,$s]})
        printf '  %-10s reads/s %-28s CPU us/read %-24s device queue %s\n' "$s" \
            "$(awk '{ printf "%.0f (%.0f..%.0f)", $1, $2, $3 }' <<<"$r")" \
            "$(awk '{ printf "%.2f (%.2f..%.2f)", $1, $2, $3 }' <<<"$c")" \
            "$( [ -n "$STAT" ] && awk '{ printf "%.1f (%.1f..%.1f)", $1, $2, $3 }' <<<"$q" || echo "- (no block device)")"
    done
    for pair in "fb fio" "fb fio-batch" ${BASE:+"base fio" "fb base"}; do
        # shellcheck disable=SC2046,SC2086
        printf '  %-18s %s\n' "${pair/ //}" "$(fmt "$(summary $(ratios $pair "$eng"))")"
    done
    # shellcheck disable=SC2046
    [ "$DIRECT" = 0 ] || verdict "flowbench/fio reads/s, O_DIRECT, $eng" \
        "$(summary $(ratios fb fio "$eng") | cut -d' ' -f1)" ">=" 0.95
done
