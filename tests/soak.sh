#!/usr/bin/env bash
# soak.sh BUILD N CASE...: looks for flaky cases. Runs the ctest cases named (exact
# names) N times each, two at a time, beside a busy neighbour (a process that keeps
# one core busy the whole time, as another job on a shared machine would), and
# prints each failure with its output, then a count per case. Exit 0 only when
# every run of every case passed.
#   bash tests/soak.sh build 20 model_fidelity replay criteria
set -u
if [ $# -lt 3 ]; then
    echo "usage: tests/soak.sh BUILD N CASE..." >&2
    exit 2
fi
build=$(realpath "$1") n=$2
shift 2
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "soak.sh: N is a whole number above 0, not '$n'" >&2; exit 2; }
[ -f "$build/CTestTestfile.cmake" ] || { echo "soak.sh: $build is no ctest build directory" >&2; exit 2; }
for c in "$@"; do
    (cd "$build" && ctest -N -R "^$c\$" | grep -q "Total Tests: 1") || { echo "soak.sh: no ctest case named $c" >&2; exit 2; }
done
logs=$(mktemp -d /tmp/flowbench-soak.XXXXXX)
# the neighbour: one core spinning until the soak ends
( trap 'exit 0' TERM; while :; do :; done ) &
neighbour=$!
trap 'kill $neighbour 2>/dev/null; rm -rf "$logs"' EXIT

declare -A passed failed
queue=()
for ((i = 1; i <= n; i++)); do
    for c in "$@"; do queue+=("$c:$i"); done
done
# one case run: its output kept, its verdict in a file of its own
run_one() {
    local c=${1%%:*} i=${1##*:}
    (cd "$build" && ctest -R "^$c\$" --output-on-failure --timeout 600 >"$logs/$c.$i.log" 2>&1)
    echo $? >"$logs/$c.$i.rc"
}
for ((k = 0; k < ${#queue[@]}; k += 2)); do
    run_one "${queue[k]}" &
    [ $((k + 1)) -lt ${#queue[@]} ] && run_one "${queue[k + 1]}" &
    wait $(jobs -p | grep -v "^$neighbour\$")
done
bad=0
for entry in "${queue[@]}"; do
    c=${entry%%:*} i=${entry##*:}
    if [ "$(cat "$logs/$c.$i.rc")" = 0 ]; then
        passed[$c]=$((${passed[$c]:-0} + 1))
    else
        failed[$c]=$((${failed[$c]:-0} + 1))
        bad=$((bad + 1))
        echo "=== FAIL $c (run $i of $n):"
        cat "$logs/$c.$i.log"
    fi
done
for c in "$@"; do
    echo "soak: $c passed ${passed[$c]:-0} of $n"
done
echo "soak: $((n * $# - bad)) passed, $bad failed"
[ "$bad" -eq 0 ]
