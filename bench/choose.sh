#!/usr/bin/env bash
# bench/choose.sh: the cost of a choose composite on the hot path: 8 KiB
# random reads of a cached file, one thread, as a plain read flowop
# (bench/workloads/read.f) and as a pick among three such reads by a choose
# composite of weights 70/20/10 (bench/workloads/read_choose.f), in turn, the
# order reversed every round, so a change in the machine's load hits both
# sides alike. Each round gives the ratios choose / plain of the thread's CPU
# per op (the JSON's cpu_ns_per_op over all its flowops: CPU time, which a
# loaded machine disturbs less than the wall clock) and of ops/s; the summary
# prints their median and spread (min..max) against the target of
# docs/performance.md (at most 2% more CPU per op).
#
# --instructions counts instead, under valgrind's callgrind, the user-space
# instructions each side's worker executes per op: runs of 2 and 6 seconds,
# the difference of the worker's instructions over the difference of its ops,
# so the set-up cancels out. That figure does not depend on the machine's load.
#
# usage: bench/choose.sh [--rounds N] [--secs S] [--dir DIR] [--build DIR] [--boost] [--instructions]
#   --rounds  rounds (default 8)          --secs   seconds per run (default 2)
#   --dir     where the read file goes (default /dev/shm/flowbench-bench, tmpfs)
#   --build   the CMake build directory holding flowbench (default ./build)
#   --boost   as bench/run.sh --boost (root only)
#   --instructions  instructions per op under callgrind (needs valgrind), no timing
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
DIR=/dev/shm/flowbench-bench
ROUNDS=8
SECS=2
BOOST=0
# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"
read_bench_setup choose.sh "--instructions" "$@"

# One run: prints "ops/s cpu_ns_per_op" of the thread (every flowop together).
run_side() {
    local script=read.f log=$WORK/fb.log
    [ "$1" = choose ] && script=read_choose.f
    measured "$FB" --runtime "$SECS" -D dir="$DIR" -D filesize=256m --json "$WORK/r.json" \
        -f "$HERE/workloads/$script" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
    python3 -c '
import json, sys
fl = json.load(open(sys.argv[1]))["runs"][0]["flowops"]
ops = sum(f["ops"] for f in fl)
print(sum(f["ops_per_s"] for f in fl), sum(f["ops"] * f["cpu_ns_per_op"] for f in fl) / ops)' "$WORK/r.json"
}

# Under callgrind, S seconds: prints "ops instructions" of the worker process.
counted() {
    local script=read.f secs=$2 out
    [ "$1" = choose ] && script=read_choose.f
    rm -f "$WORK"/cg.*
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$WORK/cg.%p" "$FB" --quiet --runtime "$secs" \
        -D dir="$DIR" -D filesize=64m --json "$WORK/r.json" -f "$HERE/workloads/$script" >"$WORK/vg.log" 2>&1 ||
        { tail "$WORK/vg.log" >&2; exit 1; }
    out=$(grep -l read_run "$WORK"/cg.* | head -1)
    python3 -c '
import json, sys
print(sum(f["ops"] for f in json.load(open(sys.argv[1]))["runs"][0]["flowops"]))' "$WORK/r.json"
    awk '/^(summary|totals):/ { print $2; exit }' "$out"
}

if [ "$EXTRA_SET" = 1 ]; then
    command -v valgrind >/dev/null || { echo "bench/choose.sh: --instructions needs valgrind (apt-get install valgrind)" >&2; exit 2; }
    declare -A per=()
    for side in plain choose; do
        read -r -d '' o1 i1 <<<"$(counted "$side" 2 | paste -sd' ')" || true
        read -r -d '' o2 i2 <<<"$(counted "$side" 6 | paste -sd' ')" || true
        per[$side]=$(awk -v o1="$o1" -v i1="$i1" -v o2="$o2" -v i2="$i2" 'BEGIN { printf "%.1f", (i2 - i1) / (o2 - o1) }')
        echo "$side: $o1 ops in $i1 instructions, $o2 ops in $i2" >&2
    done
    echo "user-space instructions per op of the worker (callgrind): plain ${per[plain]}, choose ${per[choose]}," \
        "added $(awk -v a="${per[choose]}" -v b="${per[plain]}" 'BEGIN { printf "%.1f", a - b }')"
    exit 0
fi

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
rates=() cpus=()
for ((k = 0; k < ROUNDS; k++)); do
    order=(plain choose)
    [ $((k % 2)) = 1 ] && order=(choose plain)
    declare -A rate=() cpu=()
    for side in "${order[@]}"; do
        read -r rate[$side] cpu[$side] <<<"$(run_side "$side")"
    done
    rates+=("$(ratio "${rate[choose]}" "${rate[plain]}")") cpus+=("$(ratio "${cpu[choose]}" "${cpu[plain]}")")
    echo "round $((k + 1)): ops/s plain ${rate[plain]}, choose ${rate[choose]}; cpu ns/op ${cpu[plain]}, ${cpu[choose]}" >&2
    unset rate cpu
done
echo "8 KiB random reads, cached, one thread: choose composite (70/20/10) / plain read, median (min..max) of $ROUNDS rounds of ${SECS} s"
echo "  ops/s:       $(fmt "$(summary "${rates[@]}")")"
echo "  CPU per op:  $(fmt "$(summary "${cpus[@]}")")"
verdict "a choose composite adds at most 2% CPU per op" "$(summary "${cpus[@]}" | cut -d' ' -f1)" "<" 1.02
