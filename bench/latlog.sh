#!/usr/bin/env bash
# bench/latlog.sh: the cost of --latency-log on the hot path: 8 KiB random
# reads of a cached file (bench/workloads/read.f, one thread) without the log,
# with every op logged (--latency-log-sample 1) and with one op in 100, the
# three in turn and the order reversed every round, so a change in the
# machine's load hits every side alike. Each round gives the ratios of ops/s
# with the log to ops/s without it; the summary prints their median and
# spread (min..max), and the records each logged run dropped.
#
# usage: bench/latlog.sh [--rounds N] [--secs S] [--dir DIR] [--build DIR] [--boost]
#   --rounds  rounds (default 6)          --secs   seconds per run (default 2)
#   --dir     where the read file goes (default /dev/shm/flowbench-bench, tmpfs)
#   --build   the CMake build directory holding flowbench (default ./build)
#   --boost   as bench/run.sh --boost (root only)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
DIR=/dev/shm/flowbench-bench
ROUNDS=6
SECS=2
BOOST=0
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift ;;
    --secs) SECS=$2; shift ;;
    --dir) DIR=$2; shift ;;
    --build) BUILD=$2; shift ;;
    --boost) BOOST=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/latlog.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
FB=$BUILD/flowbench
[ -x "$FB" ] || { echo "bench/latlog.sh: no $FB; build first (cmake --build build)" >&2; exit 2; }
# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"

mkdir -p "$DIR"
WORK=$(mktemp -d)
cleanup() {
    rm -rf "$WORK" "$DIR"/readfile # only what this script's runs created
    rmdir "$DIR" 2>/dev/null || true
}
trap cleanup EXIT

# One run: prints "ops/s dropped" (dropped: - without the log).
run_side() {
    local side=$1 log=$WORK/fb.log opts=()
    case $side in
    s1) opts=(--latency-log "$WORK/lat.csv" --latency-log-sample 1) ;;
    s100) opts=(--latency-log "$WORK/lat.csv" --latency-log-sample 100) ;;
    esac
    measured "$FB" ${opts[@]+"${opts[@]}"} --runtime "$SECS" -D dir="$DIR" -D filesize=256m \
        -f "$HERE/workloads/read.f" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
    rm -f "$WORK/lat.csv"
    awk '/Per-Operation Breakdown/ { on = 1; next }
         on && !rate { rate = $3; sub(/ops\/s$/, "", rate) }
         /latency log / { for (i = 1; i <= NF; i++) if ($i == "dropped") d = $(i - 1) }
         END { print rate, (d == "" ? "-" : d) }' "$log"
}

r1=() r100=() drops=()
for ((k = 0; k < ROUNDS; k++)); do
    order=(off s1 s100)
    [ $((k % 2)) = 1 ] && order=(s100 s1 off)
    declare -A rate=()
    for side in "${order[@]}"; do
        read -r rate[$side] d <<<"$(run_side "$side")"
        [ "$d" = - ] || drops+=("$side:$d")
    done
    r1+=("$(awk -v a="${rate[s1]}" -v b="${rate[off]}" 'BEGIN { printf "%.4f", a / b }')")
    r100+=("$(awk -v a="${rate[s100]}" -v b="${rate[off]}" 'BEGIN { printf "%.4f", a / b }')")
    echo "round $((k + 1)): ops/s off ${rate[off]}, sample 1 ${rate[s1]}, sample 100 ${rate[s100]}" >&2
    unset rate
done
echo "8 KiB random reads, cached, one thread: ops/s with the log / without, median (min..max) of $ROUNDS rounds of ${SECS} s"
echo "  --latency-log-sample 1:   $(fmt "$(summary "${r1[@]}")")"
echo "  --latency-log-sample 100: $(fmt "$(summary "${r100[@]}")")"
echo "  dropped records: ${drops[*]}"
