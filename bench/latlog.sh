#!/usr/bin/env bash
# bench/latlog.sh: the cost of --latency-log on the hot path: 8 KiB random
# reads of a cached file (bench/workloads/read.f, one thread) without the log,
# with every op logged (--latency-log-sample 1) and with one op in 100, the
# three in turn and the order reversed every round, so a change in the
# machine's load hits every side alike. Each round gives the ratios, with the
# log to without it, of ops/s and of the thread's CPU per op (the JSON's
# cpu_ns_per_op, CPU time, which a loaded machine disturbs less than the wall
# clock); the summary prints their median and spread (min..max), and the
# records each logged run dropped.
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
# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"
read_bench_setup latlog.sh "" "$@"

# One run: prints "ops/s cpu_ns_per_op dropped" (dropped: - without the log).
run_side() {
    local side=$1 log=$WORK/fb.log opts=()
    case $side in
    s1) opts=(--latency-log "$WORK/lat.csv" --latency-log-sample 1) ;;
    s100) opts=(--latency-log "$WORK/lat.csv" --latency-log-sample 100) ;;
    esac
    measured "$FB" ${opts[@]+"${opts[@]}"} --runtime "$SECS" -D dir="$DIR" -D filesize=256m \
        --json "$WORK/r.json" -f "$HERE/workloads/read.f" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
    rm -f "$WORK/lat.csv"
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]
f = r["flowops"][0]
print(f["ops_per_s"], f["cpu_ns_per_op"], r["latency_log"]["dropped"] if "latency_log" in r else "-")' "$WORK/r.json"
}

r1=() r100=() c1=() c100=() drops=()
for ((k = 0; k < ROUNDS; k++)); do
    order=(off s1 s100)
    [ $((k % 2)) = 1 ] && order=(s100 s1 off)
    declare -A rate=() cpu=()
    for side in "${order[@]}"; do
        read -r rate[$side] cpu[$side] d <<<"$(run_side "$side")"
        [ "$d" = - ] || drops+=("$side:$d")
    done
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
    r1+=("$(ratio "${rate[s1]}" "${rate[off]}")") r100+=("$(ratio "${rate[s100]}" "${rate[off]}")")
    c1+=("$(ratio "${cpu[s1]}" "${cpu[off]}")") c100+=("$(ratio "${cpu[s100]}" "${cpu[off]}")")
    echo "round $((k + 1)): ops/s off ${rate[off]}, sample 1 ${rate[s1]}, sample 100 ${rate[s100]};" \
        "cpu ns/op ${cpu[off]}, ${cpu[s1]}, ${cpu[s100]}" >&2
    unset rate cpu
done
echo "8 KiB random reads, cached, one thread: with the log / without, median (min..max) of $ROUNDS rounds of ${SECS} s"
echo "  ops/s,       --latency-log-sample 1:   $(fmt "$(summary "${r1[@]}")")"
echo "  ops/s,       --latency-log-sample 100: $(fmt "$(summary "${r100[@]}")")"
echo "  CPU per op,  --latency-log-sample 1:   $(fmt "$(summary "${c1[@]}")")"
echo "  CPU per op,  --latency-log-sample 100: $(fmt "$(summary "${c100[@]}")")"
echo "  dropped records: ${drops[*]}"
