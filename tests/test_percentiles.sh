#!/usr/bin/env bash
# test_percentiles.sh BIN: each flowop's percentiles in the JSON, CSV and text
# report against the exact nearest-rank ones of the run's --latency-log, on runs
# of 1, 2, 3, 10 and 100 reads (tests/check_percentiles.py). The MPI flavour of
# the same check, over merged ranks, is in test_mpi.sh.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-pct.XXXXXX)
trap 'rm -rf "$top"' EXIT


for n in 1 2 3 10 100; do
    d=$top/n$n
    mkdir -p "$d"
    cat >"$d/w.f" <<F
set \$dir=$d
define file name=f, path=\$dir, size=64k, prealloc
define process name=p { thread name=t {
  flowop read name=rd, filename=f, iosize=4k, random
  flowop finishoncount name=fin, target=rd, value=$n } }
run 30
F
    if ! "$bin" -f "$d/w.f" --latency-log "$d/lat.csv" --json "$d/r.json" --csv "$d/r.csv" >"$d/out.txt" 2>&1; then
        bad "run_$n" "$(tail -3 "$d/out.txt")"
        continue
    fi
    if msg=$(python3 "$here/check_percentiles.py" rd "$d/r.json" "$d/r.csv" "$d/out.txt" "$d/lat.csv"); then
        ok
    else
        bad "percentiles_$n" "$msg"
    fi
done
summary percentiles && [ "$pass" = 5 ]
