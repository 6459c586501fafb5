#!/usr/bin/env bash
# bench/replay_dbench.sh: flowbench replay as a benchmark beside dbench itself (docs/replay.md, "Replay as a
# benchmark"): for N = 1, 2 and 4 clients, in turn, `dbench -c client.txt -D DIR -t T N` and `flowbench
# replay client.txt -D dir=DIR2 --clients N --runtime T`, each in a fresh directory on tmpfs, and prints
# their ops/s side by side, the ratio, flowbench's passes and mismatches.
#
# The op counts are alike: dbench counts an op per loadfile line it runs (its table's Count column, summed;
# over its -t seconds: its ops/s); flowbench counts an op per replayed call, and its dbench reader makes one
# call of each line (`flowbench replay client.txt --check`: 458344 calls for client.txt's 458344 lines; the
# bench checks that the calls of a pass equal the lines), over the run's seconds ("replay N clients merged").
# Neither counts its set-up (dbench's client start, flowbench's lay-down: client.txt lays down nothing).
# Both loop the loadfile: dbench from its top once it ends, flowbench's --runtime the same, continuing the
# tree (the loadfile starts with a Deltree of the client's directory).
# usage: bench/replay_dbench.sh [--quick] [--time T] [--rounds R] [--clients "1 2 4"] [--dir DIR] [--build DIR]
#   --quick: T = 3 s, one round (the default: T = 5 s, 2 rounds, the medians printed)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=$(dirname "$HERE")/build
DIR=/dev/shm/flowbench-bench-dbench
T=5 ROUNDS=2 CLIENTS="1 2 4"
LOADFILE=/usr/share/dbench/client.txt
usage() { echo "usage: bench/replay_dbench.sh [--quick] [--time T] [--rounds R] [--clients \"1 2 4\"] [--dir DIR] [--build DIR]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
    --quick) T=3 ROUNDS=1; shift ;;
    --time) T=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    *) usage ;;
    esac
done
command -v dbench >/dev/null && [ -r "$LOADFILE" ] || { echo "bench/replay_dbench.sh: dbench and $LOADFILE are needed (apt-get install dbench)" >&2; exit 1; }
bin=$(realpath "$BUILD/flowbench")
lines=$(wc -l <"$LOADFILE")
rm -rf "$DIR" && mkdir -p "$DIR"
trap 'rm -rf "$DIR"' EXIT
mkdir "$DIR/check"
per_pass=$("$bin" replay "$LOADFILE" -D dir="$DIR/check" --check | sed -n 's/.* is valid: \([0-9]*\) calls.*/\1/p')
[ "$per_pass" = "$lines" ] || echo "note: flowbench makes $per_pass calls of the loadfile's $lines lines: the op counts differ by as much" >&2

# dbench's ops/s: its table's counts over its time limit.
dbench_rate() { awk -v t="$T" '$1 ~ /^[A-Z][A-Za-z]+$/ && NF == 4 && $2 ~ /^[0-9]+$/ { s += $2 } END { printf "%.0f", s / t }' "$1"; }
# median of its arguments
med() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-8s %14s %14s %8s %8s %11s %12s\n' clients "dbench ops/s" "flowbench" ratio passes mismatches "calls/pass"
for n in $CLIENTS; do
    own=() fb=() ratio=() passes=() mism=0
    for r in $(seq "$ROUNDS"); do
        rm -rf "$DIR/d" "$DIR/f" && mkdir "$DIR/d"
        dbench -c "$LOADFILE" -D "$DIR/d" -t "$T" "$n" >"$DIR/dbench.out" 2>&1
        rm -rf "$DIR/d"
        "$bin" replay "$LOADFILE" -D dir="$DIR/f" --clients "$n" --runtime "$T" --json "$DIR/f.json" >"$DIR/fb.out" 2>&1 \
            || { echo "flowbench replay failed:" >&2; tail -5 "$DIR/fb.out" >&2; exit 1; }
        o=$(dbench_rate "$DIR/dbench.out")
        read -r f p m < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]
cl = r["replay_clients"]
calls = sum(c["calls"] for c in cl)
passes = sum(c["passes"] for c in cl) / len(cl)
print("%.0f %.3f %d" % (calls / r["seconds"], passes, sum(c["mismatches"] for c in cl)))' "$DIR/f.json")
        own+=("$o") fb+=("$f") passes+=("$p") ratio+=("$(awk -v a="$f" -v b="$o" 'BEGIN { printf "%.3f", a / b }')")
        mism=$((mism + m))
    done
    printf '%-8s %14s %14s %8s %8s %11s %12s\n' "$n" "$(med "${own[@]}")" "$(med "${fb[@]}")" "$(med "${ratio[@]}")" \
        "$(med "${passes[@]}")" "$mism" "$per_pass/$lines"
done
echo "(T = $T s, $ROUNDS round(s), medians; on $(df --output=fstype "$DIR" | tail -1); ratio = flowbench / dbench)"
