#!/usr/bin/env bash
# soak.sh [-j K] BUILD N CASE...: looks for flaky cases. Runs the ctest cases named
# (exact names) N times each, K at a time (2 unless told), beside a busy neighbour (a
# process that keeps one core busy the whole time, as another job on a shared machine
# would), and prints each failure with its output, then a count per case. Exit 0 only
# when every run of every case passed.
#   bash tests/soak.sh build 20 model_fidelity replay criteria
# A pool: a new run starts as soon as one ends, so a long case never leaves a slot idle
# beside it; the longest cases start first (the build's ctest cost data, else the COST
# property of tests/CMakeLists.txt), so the last to end are short ones. Two runs sharing a
# RESOURCE_LOCK never overlap, and a RUN_SERIAL case runs with no other case, as under
# ctest: a soak finds what fails under load, not what breaks a case's declared terms.
set -u
jobs_max=2
if [ "${1:-}" = -j ]; then
    jobs_max=${2:-}
    shift 2 || set --
    [[ "$jobs_max" =~ ^[1-9][0-9]*$ ]] || { echo "soak.sh: -j takes a whole number above 0, not '$jobs_max'" >&2; exit 2; }
fi
if [ $# -lt 3 ]; then
    echo "usage: tests/soak.sh [-j K] BUILD N CASE..." >&2
    exit 2
fi
build=$(realpath "$1") n=$2
shift 2
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "soak.sh: N is a whole number above 0, not '$n'" >&2; exit 2; }
[ -f "$build/CTestTestfile.cmake" ] || { echo "soak.sh: $build is no ctest build directory" >&2; exit 2; }

# Each case's "NAME SECONDS LOCKS SERIAL" (LOCKS: ",a,b," or ","), longest first.
terms=$(cd "$build" && ctest --show-only=json-v1 | python3 -c '
import json, sys
costs = {}
try:
    for line in open(sys.argv[1]):
        f = line.split()
        if f == ["---"]:
            break
        if len(f) == 3:
            costs[f[0]] = float(f[2])
except OSError:
    pass
want = sys.argv[2:]
found = {}
for t in json.load(sys.stdin)["tests"]:
    if t["name"] not in want:
        continue
    p = {x["name"]: x["value"] for x in t.get("properties", [])}
    cost = costs.get(t["name"], float(p.get("COST", 0)))
    found[t["name"]] = "%s %.1f ,%s, %d" % (t["name"], cost, ",".join(p.get("RESOURCE_LOCK", [])),
                                           bool(p.get("RUN_SERIAL")))
for name in want:
    if name not in found:
        print("soak.sh: no ctest case named " + name, file=sys.stderr)
        sys.exit(2)
for line in sorted(set(found.values()), key=lambda l: -float(l.split()[1])):
    print(line)
' "$build/Testing/Temporary/CTestCostData.txt" "$@") || exit 2
declare -A locks=() serial=()
order=()
while read -r c _ l s; do
    order+=("$c") locks[$c]=$l serial[$c]=$s
done <<<"$terms"

logs=$(mktemp -d /tmp/flowbench-soak.XXXXXX)
# the neighbour: one core spinning until the soak ends
( trap 'exit 0' TERM; while :; do :; done ) &
neighbour=$!
declare -A running=() # pid -> CASE:RUN
trap 'kill $neighbour "${!running[@]}" 2>/dev/null; rm -rf "$logs"' EXIT

# the runs still to start, longest case first, each case's runs in order
pending=()
for c in "${order[@]}"; do
    for ((i = 1; i <= n; i++)); do pending+=("$c:$i"); done
done
queue=("${pending[@]}")
# one case run: its output kept, its verdict in a file of its own
run_one() {
    local c=${1%%:*} i=${1##*:}
    local rc
    (cd "$build" && ctest -R "^$c\$" --output-on-failure --timeout 600 >"$logs/$c.$i.log" 2>&1)
    rc=$?
    # ctest exits 0 on a skipped case (exit 77): a skip checked nothing, so it is no pass
    [ $rc = 0 ] && grep -q '(Skipped)' "$logs/$c.$i.log" && rc=skipped
    echo $rc >"$logs/$c.$i.rc"
}
# fits CASE: whether CASE may start beside the runs under way (no lock shared, no serial one).
fits() {
    local c=$1 e o l
    [ ${#running[@]} -eq 0 ] && return 0
    [ "${serial[$c]}" = 1 ] && return 1
    for e in "${running[@]}"; do
        o=${e%%:*}
        [ "${serial[$o]}" = 1 ] && return 1
        for l in ${locks[$c]//,/ }; do [[ "${locks[$o]}" == *",$l,"* ]] && return 1; done
    done
    return 0
}
# start_next: starts the first pending run that fits; 1 when none does.
start_next() {
    local k
    for k in "${!pending[@]}"; do
        fits "${pending[k]%%:*}" || continue
        run_one "${pending[k]}" &
        running[$!]=${pending[k]}
        unset 'pending[k]'
        pending=("${pending[@]}")
        return 0
    done
    return 1
}
while [ ${#pending[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
    while [ ${#running[@]} -lt "$jobs_max" ] && [ ${#pending[@]} -gt 0 ] && start_next; do :; done
    wait -n -p ended "${!running[@]}"
    e=${running[$ended]}
    echo "soak: $(date +%T) ${e%%:*} run ${e##*:} of $n: exit $(cat "$logs/${e%%:*}.${e##*:}.rc")"
    unset 'running[$ended]'
done

declare -A passed=() failed=()
bad=0
for entry in "${queue[@]}"; do
    c=${entry%%:*} i=${entry##*:}
    if [ "$(cat "$logs/$c.$i.rc")" = 0 ]; then
        passed[$c]=$((${passed[$c]:-0} + 1))
    else
        failed[$c]=$((${failed[$c]:-0} + 1))
        bad=$((bad + 1))
        echo "=== FAIL $c (run $i of $n, exit $(cat "$logs/$c.$i.rc")):"
        cat "$logs/$c.$i.log"
    fi
done
for c in "${order[@]}"; do
    echo "soak: $c passed ${passed[$c]:-0} of $n"
done
echo "soak: $((n * ${#order[@]} - bad)) passed, $bad failed"
[ "$bad" -eq 0 ]
