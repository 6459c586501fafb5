#!/usr/bin/env bash
# test_classic.sh BIN: FileBench 1.3/1.4 commands in real runs (create processes, sleep,
# stats clear/snap/dump/xmldump, warmup, foreach, shutdown) and the latency histogram.
set -u
bin=$1
pass=0 fail=0
tmp=$(mktemp -d /tmp/flowbench-classic.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
has() { grep -qF -- "$3" "$2" && ok || bad "$1" "'$3' not in $(head -c 600 "$2")"; }
lacks() { grep -qF -- "$3" "$2" && bad "$1" "'$3' should not be in $(head -c 600 "$2")" || ok; }

tiny="set \$dir=$tmp/d
define fileset name=fs, path=\$dir, entries=8, dirwidth=4, size=4k, prealloc
define process name=p { thread name=t { flowop statfile name=st, filesetname=fs } }"

# The BenchPoint-era sequence: each 'sleep N' after 'create processes' is a measured
# period, reported by 'stats snap' and written by 'stats dump'/'xmldump'; a warmup is
# neither reported nor kept; 'shutdown' leaves.
cat >"$tmp/periods.f" <<EOF
$tiny
warmup 1
foreach \$n in 1, 2 {
  create processes
  stats clear
  sleep 1
  stats snap
  stats dump "$tmp/snap\$n.txt"
  stats xmldump "$tmp/snap\$n.json"
  shutdown processes
}
shutdown
echo "after shutdown"
EOF
"$bin" --json "$tmp/all.json" -f "$tmp/periods.f" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok || bad periods_exit "exit $rc: $(head -3 "$tmp/err")"
has warmup_said "$tmp/out" "warmup: done; not measured"
n=$(grep -c "Per-Operation Breakdown" "$tmp/out")
[ "$n" = 2 ] && ok || bad snap_reports "$n reports printed, want 2 (one per stats snap, none for the warmup)"
lacks shutdown_quits "$tmp/out" "after shutdown"
for i in 1 2; do
    has "dump$i" "$tmp/snap$i.txt" "IO Summary:"
    n=$(grep -c "Per-Operation Breakdown" "$tmp/snap$i.txt")
    [ "$n" = 1 ] && ok || bad "dump${i}_since_clear" "$n reports in the dump, want 1 (stats clear restarts)"
    python3 - "$tmp/snap$i.json" "$i" <<'PY' && ok || bad "xmldump$i" "$(head -c 300 "$tmp/snap$i.json")"
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
assert len(runs) == 1 and runs[0]["index"] == int(sys.argv[2]), runs
PY
done
python3 - "$tmp/all.json" <<'PY' && ok || bad warmup_not_kept "$(head -c 300 "$tmp/all.json")"
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
assert [r["index"] for r in runs] == [1, 2], [r["index"] for r in runs]
PY

# Nothing measured since the clear: snap says so, dump refuses with a located error.
printf '%s\nstats snap\nstats dump "%s"\n' "$tiny" "$tmp/none.txt" >"$tmp/none.f"
"$bin" -f "$tmp/none.f" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && ok || bad dump_nothing_exit "exit $rc, want 2"
has snap_nothing "$tmp/out" "stats snap: nothing measured since the last 'stats clear'"
has dump_nothing "$tmp/err" "$tmp/none.f:5:7: error: stats dump: nothing measured"
[ -e "$tmp/none.txt" ] && bad dump_nothing_file "a file was written" || ok

# A dump that cannot be written: a located error, non-zero exit, no partial file.
printf '%s\nrun 1\nstats dump "%s"\n' "$tiny" "$tmp/nodir/x.txt" >"$tmp/unwritable.f"
"$bin" -f "$tmp/unwritable.f" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && ok || bad dump_unwritable_exit "exit $rc, want 2"
has dump_unwritable "$tmp/err" "$tmp/unwritable.f:5:12: error: stats dump: cannot write '$tmp/nodir/x.txt'"

# Latency histograms: 'enable lathist' and --lathist print one per flowop after the
# report, and write latency_ns.histogram into --json: [low, high, count] with
# increasing, non-overlapping bounds, no empty bucket, counts summing to the ops.
printf '%s\nrun 1\n' "$tiny" >"$tmp/lat.f"
printf '%s\nenable lathist\nrun 1\n' "$tiny" >"$tmp/lat_enable.f"
for how in option enable; do
    if [ $how = option ]; then
        "$bin" --lathist --json "$tmp/lat.json" -f "$tmp/lat.f" >"$tmp/out" 2>"$tmp/err"
    else
        "$bin" --json "$tmp/lat.json" -f "$tmp/lat_enable.f" >"$tmp/out" 2>"$tmp/err"
    fi
    rc=$?
    [ $rc -eq 0 ] && ok || bad "lathist_${how}_exit" "exit $rc: $(head -3 "$tmp/err")"
    has "lathist_${how}_text" "$tmp/out" "Latency histogram of st ("
    grep -qE '^  \[ *[0-9.]+[num]?s, *[0-9.]+[num]?s\) +[0-9]+ #+$' "$tmp/out" && ok ||
        bad "lathist_${how}_rows" "no '[lo, hi) count ###' row: $(grep -A3 'Latency histogram' "$tmp/out" | head -5)"
    python3 - "$tmp/lat.json" "$tmp/out" <<'PY' && ok || bad "lathist_${how}_json" "$(head -c 400 "$tmp/lat.json")"
import json, re, sys
run = json.load(open(sys.argv[1]))["runs"][0]
for part in run["flowops"] + [run["summary"]]:
    h = part["latency_ns"]["histogram"]
    assert h and sum(c for _, _, c in h) == part["ops"], (part.get("name"), part["ops"])
    prev = -1
    for lo, hi, c in h:
        assert prev <= lo < hi and c > 0, (lo, hi, c)
        prev = hi
# the printed counts of a flowop also add up to its ops
lines = open(sys.argv[2]).read().splitlines()
at = next(i for i, l in enumerate(lines) if l.startswith("Latency histogram of st ("))
ops = int(lines[at].split("(")[1].split(" ops")[0])
rows = []
for l in lines[at + 1:]:
    m = re.match(r"^  \[[^)]*\) +(\d+) #+$", l)
    if not m:
        break
    rows.append(int(m.group(1)))
st = [f for f in run["flowops"] if f["name"] == "st"][0]
assert ops == st["ops"] == sum(rows), (ops, st["ops"], sum(rows))
PY
done
# Without it, neither the text nor the JSON carries them.
"$bin" --json "$tmp/lat.json" -f "$tmp/lat.f" >"$tmp/out" 2>"$tmp/err"
lacks lathist_off_text "$tmp/out" "Latency histogram"
lacks lathist_off_json "$tmp/lat.json" '"histogram"'

summary
