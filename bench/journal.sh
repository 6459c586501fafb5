#!/usr/bin/env bash
# bench/journal.sh: the cost of the durability journal (--journal): a
# varmail-like run with verify (bench/workloads/varmail_verify.f, 4 threads)
# without the journal and with it, in turn and the order reversed every round,
# so a change in the machine's load hits both sides alike. Each round gives
# the ratio, with the journal to without it, of the run's ops/s (the JSON's
# summary.ops_per_s) and of CPU per op; the summary prints their median and
# spread (min..max) against the target (ops/s at least 0.95 of without).
# The tree is on tmpfs by default, where fsync costs nothing: the journal's
# share of each op is then as large as it can be. The journal goes where a
# crash campaign puts it, on tmpfs too (--journal-force: here the tree is
# not the device under test).
#
# usage: bench/journal.sh [--rounds N] [--secs S] [--dir DIR] [--journal DIR] [--build DIR] [--boost]
#   --rounds  rounds (default 6)          --secs   seconds per run (default 3)
#   --dir     where the fileset goes (default a new directory under /dev/shm, tmpfs)
#   --journal where the journal goes (default a new directory under /dev/shm)
#   --build   the CMake build directory holding flowbench (default ./build)
#   --boost   as bench/run.sh --boost (root only)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
DIR=
JOURNAL=
ROUNDS=6
SECS=3
BOOST=0
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift ;;
    --secs) SECS=$2; shift ;;
    --dir) DIR=$2; shift ;;
    --journal) JOURNAL=$2; shift ;;
    --build) BUILD=$2; shift ;;
    --boost) BOOST=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/journal.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
FB=$BUILD/flowbench
[ -x "$FB" ] || { echo "bench/journal.sh: no $FB; build first (cmake --build build)" >&2; exit 2; }
# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"

WORK=$(mktemp -d)
[ -n "$DIR" ] || DIR=$(mktemp -d /dev/shm/flowbench-bench-journal.XXXXXX)
mkdir -p "$DIR"
OWN_JOURNAL=
[ -n "$JOURNAL" ] || JOURNAL=$(mktemp -d /dev/shm/flowbench-bench-jdir.XXXXXX) OWN_JOURNAL=$JOURNAL
cleanup() {
    rm -rf "$WORK" "$DIR"/mailbench "$DIR"/.flowbench.lock # only what this script's runs created
    rmdir "$DIR" 2>/dev/null || true
    [ -z "$OWN_JOURNAL" ] || rm -rf "$OWN_JOURNAL"
}
trap cleanup EXIT

# One run: prints "ops/s cpu_ns_per_op".
run_side() {
    local opts=() log=$WORK/fb.log
    [ "$1" = on ] && opts=(--journal "$JOURNAL" --journal-force)
    measured "$FB" ${opts[@]+"${opts[@]}"} --runtime "$SECS" -D dir="$DIR" --quiet \
        --json "$WORK/r.json" -f "$HERE/workloads/varmail_verify.f" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
    python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["runs"][0]["summary"]
print(s["ops_per_s"], s["cpu_ns_per_op"])' "$WORK/r.json"
}

rates=() cpus=()
for ((k = 0; k < ROUNDS; k++)); do
    order=(off on)
    [ $((k % 2)) = 1 ] && order=(on off)
    declare -A rate=() cpu=()
    for side in "${order[@]}"; do
        got=$(run_side "$side") || exit 1 # its output said why
        read -r rate[$side] cpu[$side] <<<"$got"
    done
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
    rates+=("$(ratio "${rate[on]}" "${rate[off]}")") cpus+=("$(ratio "${cpu[on]}" "${cpu[off]}")")
    echo "round $((k + 1)): ops/s without ${rate[off]}, with ${rate[on]}; cpu ns/op ${cpu[off]}, ${cpu[on]}" >&2
    unset rate cpu
done
s=$(summary "${rates[@]}")
echo "varmail-like, verify, 4 threads, tree on tmpfs: with the journal / without, median (min..max) of $ROUNDS rounds of ${SECS} s"
echo "  ops/s:       $(fmt "$s")"
echo "  CPU per op:  $(fmt "$(summary "${cpus[@]}")")"
verdict "journal ops/s >= 0.95 of without" "$(awk '{ print $1 }' <<<"$s")" ">=" 0.95
