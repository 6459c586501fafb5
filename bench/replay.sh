#!/usr/bin/env bash
# bench/replay.sh: record and replay fidelity and the recorder's cost, in the
# same run, as ratios (docs/replay.md):
#  * overhead: a syscall-heavy program (tar -xf of N small files) alone and under
#    flowbench record, in turn, the order reversed each round: wall time ratio
#    recorded / plain (median, min..max);
#  * fidelity: each round's trace replayed in mode afap and timed beneath a fresh
#    directory: the tree equal to the original's (yes/no), mismatches, and the
#    elapsed ratio replay / traced (timed mode should be near 1; afap at most 1).
# usage: bench/replay.sh [--rounds N] [--files N] [--dir DIR] [--build DIR]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
DIR=/dev/shm/flowbench-bench-replay
ROUNDS=5
FILES=2000
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift 2 ;;
    --files) FILES=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    *) echo "usage: bench/replay.sh [--rounds N] [--files N] [--dir DIR] [--build DIR]" >&2; exit 2 ;;
    esac
done
bin=$BUILD/flowbench
command -v strace >/dev/null || { echo "bench/replay.sh: strace is needed (apt-get install strace)" >&2; exit 2; }
rm -rf "$DIR" && mkdir -p "$DIR/src"
trap 'rm -rf "$DIR"' EXIT
for i in $(seq 1 "$FILES"); do
    mkdir -p "$DIR/src/d$((i % 20))"
    head -c $(((i % 64) * 128)) /dev/zero >"$DIR/src/d$((i % 20))/f$i"
done
tar -C "$DIR/src" -cf "$DIR/t.tar" .

now() { date +%s.%N; }
plain() { rm -rf "$DIR/P" && mkdir "$DIR/P" && local t0=$(now) && tar -C "$DIR/P" -xf "$DIR/t.tar" && echo "$(now) - $t0" | bc; }
recorded() {
    rm -rf "$DIR/A" && mkdir "$DIR/A"
    local t0=$(now)
    (cd "$DIR/A" && "$bin" record -o "$DIR/a.trace" --root "$DIR/A" -- tar -xf "$DIR/t.tar" 2>/dev/null)
    echo "$(now) - $t0" | bc
}
# replay MODE: the run's own "Run took" over the trace's span, and whether the tree matches.
replay() {
    rm -rf "$DIR/B" && mkdir "$DIR/B"
    "$bin" replay "$DIR/a.trace" -D dir="$DIR/B" --mode "$1" >"$DIR/out" 2>&1
    local took span same mism
    took=$(awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$DIR/out")
    span=$(grep -v '^#' "$DIR/a.trace" | tail -1 | awk '{ print $1 + $11 }')
    mism=$(awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$DIR/out")
    same=no
    cmp -s <(cd "$DIR/A" && find . -type f -printf '%P %s\n' | sort) <(cd "$DIR/B" && find . -type f -printf '%P %s\n' | sort) && same=yes
    echo "$(echo "$took / $span" | bc -l) $same $mism"
}
ratios=() afap=() timed=()
for r in $(seq 1 "$ROUNDS"); do
    if [ $((r % 2)) = 1 ]; then p=$(plain); q=$(recorded); else q=$(recorded); p=$(plain); fi
    ratios+=("$(echo "$q / $p" | bc -l)")
    read -r fa sa ma <<<"$(replay afap)"
    read -r ft st mt <<<"$(replay timed)"
    afap+=("$fa") timed+=("$ft")
    printf 'round %d: plain %.3fs recorded %.3fs (x%.2f); afap %.2f of the traced time (tree %s, %s mismatches); timed %.2f (tree %s, %s mismatches)\n' \
        "$r" "$p" "$q" "${ratios[-1]}" "$fa" "$sa" "$ma" "$ft" "$st" "$mt"
done
med() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f (%.2f..%.2f)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
echo "recorder overhead (recorded / plain wall time): $(med "${ratios[@]}")"
echo "afap elapsed / traced span: $(med "${afap[@]}")"
echo "timed elapsed / traced span: $(med "${timed[@]}")"
