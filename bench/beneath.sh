#!/usr/bin/env bash
# bench/beneath.sh: the cost of resolving every fileset path beneath the tree's
# root (a root descriptor per process, each directory opened once with openat2
# RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS, then openat/fstatat/unlinkat of one name
# with O_NOFOLLOW) against the absolute paths flowbench used before (a060df2:
# open/stat/unlink of "<root>/<dir>/<file>"), on metadata-heavy workloads on tmpfs:
# open+close, stat, and delete+create+close of 10,000 files in 100 directories,
# one thread. Old and new run in turn, the order reversed every round; each round
# gives the ratios new/old of ops/s and of CPU per op (the JSON's cpu_ns_per_op);
# the summary prints their median and spread (min..max). Target: within 2%
# (ops/s ratio >= 0.98, CPU per op ratio < 1.02).
#
# usage: bench/beneath.sh [--rounds N] [--secs S] [--dir DIR] [--build DIR] [--old BUILD] [--boost]
#   --rounds  rounds (default 5)          --secs   seconds per run (default 2)
#   --dir     where the trees go (default /dev/shm/flowbench-bench, tmpfs)
#   --build   the CMake build directory holding the new flowbench (default ./build)
#   --old     a build directory of a060df2 (default: built here in a temporary worktree)
#   --boost   as bench/run.sh --boost (root only)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
DIR=/dev/shm/flowbench-bench
ROUNDS=5
SECS=2
BOOST=0
OLD=
BASE=a060df2
args=()
while [ $# -gt 0 ]; do
    case $1 in
    --old) OLD=$2; shift ;;
    *) args+=("$1") ;;
    esac
    shift
done
# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"
read_bench_setup beneath.sh "" ${args[@]+"${args[@]}"}

# The old side: a worktree of $BASE built once (removed on exit with WORK).
if [ -z "$OLD" ]; then
    tree=$WORK/base
    git -C "$ROOT" worktree add --detach "$tree" "$BASE" >/dev/null 2>&1
    trap 'git -C "$ROOT" worktree remove --force "$tree" >/dev/null 2>&1; read_bench_cleanup' EXIT
    echo "building $BASE in $tree ..." >&2
    cmake -S "$tree" -B "$tree/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$tree/build" -j2 --target flowbench >/dev/null
    OLD=$tree/build
fi
[ -x "$OLD/flowbench" ] || { echo "bench/beneath.sh: no $OLD/flowbench" >&2; exit 2; }

# One run: prints "ops/s cpu_ns_per_op" of the whole run.
run_side() {
    local fb=$1 wl=$2 log=$WORK/fb.log
    rm -rf "$DIR/statset" "$DIR/createset"
    measured "$fb" --runtime "$SECS" -D dir="$DIR" --json "$WORK/r.json" -f "$HERE/workloads/$wl.f" >"$log" 2>&1 \
        || { cat "$log" >&2; exit 1; }
    python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["runs"][0]["summary"]
print(s["ops_per_s"], s["cpu_ns_per_op"])' "$WORK/r.json"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
declare -A rates=() cpus=()
workloads=(openclose stat createdelete)
for ((k = 0; k < ROUNDS; k++)); do
    for wl in "${workloads[@]}"; do
        order=(old new)
        [ $((k % 2)) = 1 ] && order=(new old)
        declare -A rate=() cpu=()
        for side in "${order[@]}"; do
            fb=$FB
            [ "$side" = old ] && fb=$OLD/flowbench
            read -r rate[$side] cpu[$side] <<<"$(run_side "$fb" "$wl")"
        done
        rates[$wl]+="$(ratio "${rate[new]}" "${rate[old]}") "
        cpus[$wl]+="$(ratio "${cpu[new]}" "${cpu[old]}") "
        echo "round $((k + 1)) $wl: ops/s old ${rate[old]} new ${rate[new]}; cpu ns/op old ${cpu[old]} new ${cpu[new]}" >&2
        unset rate cpu
    done
done
rm -rf "$DIR/statset" "$DIR/createset"
echo "beneath resolution / absolute paths ($BASE), one thread on tmpfs, median (min..max) of $ROUNDS rounds of ${SECS} s"
for wl in "${workloads[@]}"; do
    # shellcheck disable=SC2086
    r=$(summary ${rates[$wl]}) c=$(summary ${cpus[$wl]})
    echo "  $wl: ops/s $(fmt "$r"), CPU per op $(fmt "$c")"
    verdict "$wl ops/s within 2%" "${r%% *}" ">=" 0.98
    verdict "$wl CPU per op within 2%" "${c%% *}" "<" 1.02
done
