#!/usr/bin/env bash
# bench/openloop.sh: whether an open-loop thread (rate=) keeps its schedule:
# 8 KiB random reads of a cached file on tmpfs (bench/workloads/openloop.f,
# one thread) at --rate passes a second. Each round gives the ratio of the
# passes begun to those the schedule asked for by the stop, and of the ops
# per second achieved to the rate (the target: both at least 0.99), with the
# schedule's max lag and the p50/p99 of the latency from the intended start
# beside the service time's. With --baseline-build, each round also runs
# bench/workloads/read.f closed loop with this build and that one, in turn
# (the order reversed every round): the ratio of their ops/s and CPU per op
# shows what the open loop's hooks cost a closed loop (target: none).
#
# usage: bench/openloop.sh [--rounds N] [--secs S] [--rate N] [--dir DIR]
#                          [--build DIR] [--baseline-build DIR] [--boost]
#   --rounds  rounds (default 5)          --secs   seconds per run (default 3)
#   --rate    passes per second (default 10000)
#   --dir     where the files go (default /dev/shm/flowbench-bench, tmpfs)
#   --build   the CMake build directory holding flowbench (default ./build)
#   --baseline-build  another build (e.g. of main) to compare closed loops with
#   --boost   as bench/run.sh --boost (root only)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
BASE=""
DIR=/dev/shm/flowbench-bench
ROUNDS=5
SECS=3
RATE=10000
BOOST=0
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift ;;
    --secs) SECS=$2; shift ;;
    --rate) RATE=$2; shift ;;
    --dir) DIR=$2; shift ;;
    --build) BUILD=$2; shift ;;
    --baseline-build) BASE=$2; shift ;;
    --boost) BOOST=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/openloop.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
FB=$BUILD/flowbench
[ -x "$FB" ] || { echo "bench/openloop.sh: no $FB; build first (cmake --build build)" >&2; exit 2; }
[ -z "$BASE" ] || [ -x "$BASE/flowbench" ] || { echo "bench/openloop.sh: no $BASE/flowbench" >&2; exit 2; }
# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"

mkdir -p "$DIR"
WORK=$(mktemp -d)
cleanup() {
    rm -rf "$WORK" "$DIR"/olfile "$DIR"/readfile # only what this script's runs created
    rmdir "$DIR" 2>/dev/null || true
}
trap cleanup EXIT

# One open-loop run: "passes/intended ops_per_s/rate max_lag_ms svc_p50 svc_p99 int_p50 int_p99" (us).
run_open() {
    measured "$FB" --quiet --runtime "$SECS" -D dir="$DIR" -D rate="$RATE" --json "$WORK/o.json" \
        -f "$HERE/workloads/openloop.f" >"$WORK/o.log" 2>&1 || { cat "$WORK/o.log" >&2; exit 1; }
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]
s, f = r["schedule"][0], r["flowops"][0]
svc, it = f["latency_ns"], f["latency_from_intended_ns"]
print("%.4f %.4f %.3f %.1f %.1f %.1f %.1f" % (s["passes"] / s["passes_intended"], f["ops_per_s"] / s["rate"],
      s["max_lag_ns"] / 1e6, svc["p50"] / 1e3, svc["p99"] / 1e3, it["p50"] / 1e3, it["p99"] / 1e3))' "$WORK/o.json" "$RATE"
}

# One closed-loop run of read.f with flowbench $1: "ops/s cpu_ns_per_op".
run_closed() {
    measured "$1" --quiet --runtime "$SECS" -D dir="$DIR" -D filesize=64m --json "$WORK/c.json" \
        -f "$HERE/workloads/read.f" >"$WORK/c.log" 2>&1 || { cat "$WORK/c.log" >&2; exit 1; }
    python3 -c '
import json, sys
f = json.load(open(sys.argv[1]))["runs"][0]["flowops"][0]
print(f["ops_per_s"], f["cpu_ns_per_op"])' "$WORK/c.json"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
passes=() rates=() lags=() cr=() cc=()
for ((k = 0; k < ROUNDS; k++)); do
    line=$(run_open)
    read -r p r lag s50 s99 i50 i99 <<<"$line"
    [[ $p =~ ^[0-9.]+$ && $r =~ ^[0-9.]+$ ]] || { echo "bench/openloop.sh: round $((k + 1)): no figures: $line" >&2; exit 1; }
    passes+=("$p") rates+=("$r") lags+=("$lag")
    echo "round $((k + 1)): passes/intended $p, ops/s / rate $r, max lag ${lag} ms;" \
        "service p50 ${s50} us p99 ${s99} us; from intended p50 ${i50} us p99 ${i99} us" >&2
    [ -n "$BASE" ] || continue
    if [ $((k % 2)) = 0 ]; then
        read -r a_ops a_cpu <<<"$(run_closed "$FB")"
        read -r b_ops b_cpu <<<"$(run_closed "$BASE/flowbench")"
    else
        read -r b_ops b_cpu <<<"$(run_closed "$BASE/flowbench")"
        read -r a_ops a_cpu <<<"$(run_closed "$FB")"
    fi
    cr+=("$(ratio "$a_ops" "$b_ops")") cc+=("$(ratio "$a_cpu" "$b_cpu")")
    echo "round $((k + 1)): closed loop ops/s this $a_ops, baseline $b_ops; cpu ns/op $a_cpu, $b_cpu" >&2
done
echo "open loop at $RATE passes/s, 8 KiB cached random reads, one thread: median (min..max) of $ROUNDS rounds of ${SECS} s"
echo "  passes begun / intended:  $(fmt "$(summary "${passes[@]}")")"
echo "  ops/s achieved / rate:    $(fmt "$(summary "${rates[@]}")")"
echo "  max lag, ms:              $(fmt "$(summary "${lags[@]}")")"
verdict "schedule kept within 1% (passes begun / intended >= 0.99)" "$(summary "${passes[@]}" | cut -d' ' -f1)" ">=" 0.99
verdict "rate kept within 1% (ops/s / rate >= 0.99)" "$(summary "${rates[@]}" | cut -d' ' -f1)" ">=" 0.99
if [ -n "$BASE" ]; then
    echo "closed loop (bench/workloads/read.f), this build / $BASE:"
    echo "  ops/s:       $(fmt "$(summary "${cr[@]}")")"
    echo "  CPU per op:  $(fmt "$(summary "${cc[@]}")")"
fi
