#!/usr/bin/env bash
# test_compare.sh BIN: `flowbench compare OLD NEW`: the exit status as a CI gate
# (0 no regression, 1 a regression, 2 bad input) over hand-made summary.json
# trees (tests/campaign/make_tree.py) and over two real runs' results.json.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-compare.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# expect NAME STATUS PATTERN -- ARGS...: compare exits STATUS and its stdout+stderr match PATTERN (grep -E).
expect() {
    local name=$1 want=$2 pat=$3
    shift 4
    local out rc
    out=$("$bin" compare "$@" 2>&1)
    rc=$?
    [ "$rc" = "$want" ] || { bad "$name" "exit $rc, want $want: $(echo "$out" | tail -4)"; return; }
    if [ -n "$pat" ] && ! grep -Eq -- "$pat" <<<"$out"; then
        bad "$name" "output does not match /$pat/: $(echo "$out" | tail -4)"
        return
    fi
    ok
}
make_tree() { python3 "$here/campaign/make_tree.py" "$@"; }
doctor() { python3 "$here/campaign/doctor.py" "$@"; }

make_tree "$top/one" "nthreads=1,2,8" 1
make_tree "$top/two" "nthreads=1,4;iosize=4k,64k" 3

# ---- summaries without repeats ------------------------------------------------
expect identical 0 "no regression beyond 5%: 36 figures of 3 points" -- "$top/one" "$top/one/summary.json"
doctor "$top/one/summary.json" "$top/slow.json" 1 read1 ops_per_s 0.8
expect slower_flowop 1 "read1 +ops/s .*-20\.0% +REGRESSION" -- "$top/one" "$top/slow.json"
expect slower_names_it 1 "^  read1 ops/s of cfg nthreads=2: -20\.0%" -- "$top/one" "$top/slow.json"
expect slower_threshold 0 "no regression beyond 25%" -- "$top/one" "$top/slow.json" --threshold 25
doctor "$top/one/summary.json" "$top/slightly.json" 2 total ops_per_s 0.97
expect within_threshold 0 "total +ops/s .*-3\.0% *$" -- "$top/one" "$top/slightly.json"
doctor "$top/one/summary.json" "$top/faster.json" 0 write1 ops_per_s 1.5
expect faster_is_fine 0 "write1 +ops/s .*\+50\.0%" -- "$top/one" "$top/faster.json"
doctor "$top/one/summary.json" "$top/p99.json" 0 total p99_ms 1.2
expect latency_up 1 "total p99 ms of cfg nthreads=1: \+20\.0%" -- "$top/one" "$top/p99.json"
doctor "$top/one/summary.json" "$top/p50.json" 0 write1 p50_ms 0.5
expect latency_down_is_fine 0 "" -- "$top/one" "$top/p50.json"

# ---- with repeats on both sides: beyond the confidence intervals too ----------
expect repeats_identical 0 "48 figures of 4 points" -- "$top/two" "$top/two"
doctor "$top/two/summary.json" "$top/two6.json" 1 read1 ops_per_s 0.94
expect repeats_inside_ci 0 "read1 +ops/s .*-6\.0% +\(within ci95\)" -- "$top/two" "$top/two6.json"
doctor "$top/two/summary.json" "$top/two50.json" 1 read1 ops_per_s 0.5
expect repeats_beyond_ci 1 "read1 ops/s of cfg nthreads=1,iosize=64k: -50\.0%" -- "$top/two" "$top/two50.json"

# ---- one side only: listed, not errors ---------------------------------------
make_tree "$top/more" "nthreads=1,2,8,16" 1
expect extra_point 0 "only in NEW: point cfg nthreads=16" -- "$top/one" "$top/more"
expect missing_point 0 "only in OLD: point cfg nthreads=16" -- "$top/more" "$top/one"
python3 - "$top/one/summary.json" "$top/noflowop.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["points"][0]["flowops"] = [f for f in d["points"][0]["flowops"] if f["name"] != "write1"]
json.dump(d, open(sys.argv[2], "w"))
PY
expect missing_flowop 0 "only in OLD: flowop write1 of point cfg nthreads=1" -- "$top/one" "$top/noflowop.json"

# ---- --json --------------------------------------------------------------------
out=$("$bin" compare "$top/one" "$top/slow.json" --json 2>&1)
rc=$?
[ $rc = 1 ] || bad json_status "exit $rc, want 1"
python3 - "$out" <<'PY' && ok || bad json_document "the --json output is not as docs/json.md says: $out"
import json, sys
d = json.loads(sys.argv[1])
assert d["threshold_pct"] == 5 and d["regressions"] == 1 and d["points_paired"] == 3 and d["figures"] == 36, d
bad = [c for c in d["comparisons"] if c["regressed"]]
assert len(bad) == 1 and bad[0]["flowop"] == "read1" and bad[0]["figure"] == "ops_per_s", bad
assert bad[0]["config"] == "cfg" and bad[0]["swept"] == {"nthreads": "2"} and bad[0]["change_pct"] == -20, bad
assert bad[0]["old"]["n"] == 1 and bad[0]["new"]["mean"] == 0.8 * bad[0]["old"]["mean"], bad
assert all(not c["regressed"] for c in d["comparisons"] if c is not bad[0])
assert d["one_side_only"] == []
PY

# ---- bad input: exit 2, a message naming the file -----------------------------
expect missing_file 2 "cannot read $top/nope.json: No such file" -- "$top/one" "$top/nope.json"
echo '{"points": [1, 2' >"$top/broken.json"
expect not_json 2 "$top/broken.json: not valid JSON at byte" -- "$top/broken.json" "$top/one"
: >"$top/empty.json"
expect empty 2 "$top/empty.json: empty, not JSON" -- "$top/one" "$top/empty.json"
echo '{"something": "else"}' >"$top/other.json"
expect wrong_kind 2 "$top/other.json: neither a flowbench results.json .* nor a summary.json" -- "$top/one" "$top/other.json"
echo '{"points": [42]}' >"$top/badpoint.json"
expect bad_point 2 "$top/badpoint.json: points\[0\] is not a point" -- "$top/badpoint.json" "$top/one"
mkdir "$top/notatree"
expect not_a_tree 2 "$top/notatree: not a results tree" -- "$top/one" "$top/notatree"
make_tree "$top/other" "iosize=4k,8k" 1
expect nothing_to_pair 2 "nothing to pair: no point of $top/one/summary.json \(3\) is in $top/other/summary.json \(2\)" -- "$top/one" "$top/other"
expect one_argument 2 "wants two results" -- "$top/one"
expect bad_threshold 2 "--threshold wants a percentage" -- "$top/one" "$top/one" --threshold -3

# ---- two real runs' results.json, on tmpfs --------------------------------------
w=$top/run
mkdir "$w"
cat >"$w/tiny.f" <<'F'
set $dir=/tmp
define file name=bigfile,path=$dir,size=1m,prealloc
define process name=rd,instances=1 {
  thread name=t,memsize=1m,instances=1 {
    flowop read name=rread,filename=bigfile,iosize=4k,random
  }
}
F
for r in a b; do
    "$bin" -D dir="$w" --runtime 1 -f "$w/tiny.f" --json "$w/$r.json" >/dev/null 2>&1 || bad real_run "run $r failed"
done
expect real_same 0 "run 1 +rread +ops/s .*\+0\.0%" -- "$w/a.json" "$w/a.json"
expect real_two_runs 0 "no regression beyond 100000%: 8 figures of 1 point compared" -- "$w/a.json" "$w/b.json" --threshold 100000
doctor "$w/a.json" "$w/slow.json" 0 rread ops_per_s 0.5
expect real_slower 1 "rread ops/s of run 1: -50\.0%" -- "$w/a.json" "$w/slow.json"
expect real_vs_tree 2 "nothing to pair" -- "$w/a.json" "$top/one"

# ---- open loop: the latencies from the intended start are compared too ----------
sed 's/thread name=t,memsize=1m,instances=1 {/thread name=t,memsize=1m,instances=1,rate=100 {/' "$w/tiny.f" >"$w/open.f"
"$bin" -D dir="$w" --runtime 1 -f "$w/open.f" --json "$w/oa.json" >/dev/null 2>&1 || bad open_run "the open-loop run failed"
python3 - "$w/oa.json" "$w/ob.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["runs"][0]["flowops"][0]["latency_from_intended_ns"]["p99"] *= 2
json.dump(d, open(sys.argv[2], "w"))
PY
expect open_same 0 "no regression beyond 5%: 12 figures of 1 point compared" -- "$w/oa.json" "$w/oa.json"
expect open_intended 1 "rread p99 intended ms of run 1: \+100\.0%" -- "$w/oa.json" "$w/ob.json"

summary
