#!/usr/bin/env bash
# test_profile.sh FLOWBENCH WORKLOADS [PART]: `flowbench profile`: a 2x2 sweep with repeats on
# tmpfs (tree, thisrun.f, summary arithmetic), located errors, --dry-run, an interrupted
# campaign resumed, the progress line in a pipe, warmup and both flush kinds, and a
# shrunk dry and real run of every shipped profile. PART (all by default) is flush
# (flush = always, which drops the whole machine's page cache: ctest runs it one at a
# time with the tests that count what is in it) or campaigns (all the rest).
set -u
fb=$1 wl=$2 part=${3:-all}
T=$(mktemp -d /dev/shm/fbprof.XXXXXX)
trap 'rm -rf "$T"' EXIT
fail=0
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cat > "$T/tiny.f" <<'EOF'
# tiny: one file read and written at random
set $dir=/tmp
set $filesize=1m
set $iosize=4k
set $nthreads=1
define file name=largefile,path=$dir,size=$filesize,prealloc
define process name=rw,instances=1
{
  thread name=rwt,memsize=1m,instances=$nthreads
  {
    flowop read name=rd,filename=largefile,iosize=$iosize,random
    flowop write name=wr,filename=largefile,iosize=$iosize,random
  }
}
EOF
mkdir "$T/data"
prof() { # NAME EXTRA-DEFAULTS CONFIG-BODY
  printf 'DEFAULTS {\n    runtime = 1;\n    dir = %s/data;\n    stats = %s/stats-%s;\n%s\n}\nCONFIG rw {\n    personality = tiny;\n    function = generic;\n%s\n}\n' \
    "$T" "$T" "$1" "$2" "$3" > "$T/$1.prof"
}
tree() { ls -d "$T/stats-$1"/*/ 2>/dev/null | head -1; }

if in_part campaigns; then
# 1. A 2x2 sweep, 2 repeats: the tree, thisrun.f alone, summary.json's arithmetic, summary.csv.
prof sweep '    repeats = 2;' '    iosize = 4k, 64k;
    nthreads = 1, 2;'
"$fb" profile --workloads "$T" sweep > "$T/sweep.out" 2>&1 && ok || bad "the 2x2 sweep exited $?: $(cat "$T/sweep.out")"
R=$(tree sweep)
for p in "iosize=4k,nthreads=1" "iosize=4k,nthreads=2" "iosize=64k,nthreads=1" "iosize=64k,nthreads=2"; do
  for r in 1 2; do
    for f in thisrun.f stats.rw.out results.json results.csv report/index.html; do
      [ -s "$R/rw/$p/repeat-$r/$f" ] && ok || bad "no $f in rw/$p/repeat-$r"
    done
  done
done
[ "$(cd "$R" && find . -name results.json | wc -l)" = 8 ] && ok || bad "expected 8 results.json"
# the tree's index.html, each point linked to its first repeat's run report
[ "$(grep -o 'href="rw/iosize=[0-9k]*,nthreads=[12]/repeat-1/report/index.html"' "$R/index.html" | sort -u | wc -l)" = 4 ] ||
  bad "index.html does not link the 4 points' run reports"
grep -q '^set \$iosize=64k$' "$R/rw/iosize=64k,nthreads=2/repeat-1/thisrun.f" &&
  grep -q '^set \$nthreads=2$' "$R/rw/iosize=64k,nthreads=2/repeat-1/thisrun.f" &&
  grep -q '^run 1$' "$R/rw/iosize=64k,nthreads=2/repeat-1/thisrun.f" && ok || bad "thisrun.f lacks the point's variables or run"
"$fb" -f "$R/rw/iosize=64k,nthreads=2/repeat-1/thisrun.f" --json "$T/alone.json" > "$T/alone.out" 2>&1 ||
  bad "thisrun.f does not run alone: $(cat "$T/alone.out")"
pycheck sweep_summary "$R" "$T/alone.json" <<'EOF'
import json, math, sys, csv, os
from check import check, summary
root = sys.argv[1]
s = json.load(open(os.path.join(root, "summary.json")))
alone = json.load(open(sys.argv[2]))
check("alone_ops", alone["runs"][-1]["summary"]["ops"] > 0, "thisrun.f alone did no op")
check("alone_vars", alone["variables"]["nthreads"] == 2 and alone["variables"]["iosize"] == 65536, alone["variables"])
t = {1: 12.706}
check("swept", s["swept"] == ["iosize", "nthreads"], s["swept"])
paths = [p["path"] for p in s["points"]]
check("points", paths == ["rw/iosize=4k,nthreads=1", "rw/iosize=4k,nthreads=2",
                          "rw/iosize=64k,nthreads=1", "rw/iosize=64k,nthreads=2"], paths)
def close(a, b, rel, abs_):
    return math.isclose(a, b, rel_tol=rel, abs_tol=abs_)
# figure(NAME, FIG, VALS): a summary's figure holds the n, values, mean, stddev and 95% CI of its repeats' VALS
def figure(name, fig, vals):
    m = sum(vals) / 2
    sd = math.sqrt(sum((v - m) ** 2 for v in vals) / 1)
    check(name + "_n", fig["n"] == len(vals) == 2, fig)
    check(name + "_values", all(close(a, b, 1e-5, 1e-6) for a, b in zip(fig["values"], vals)), (fig, vals))
    check(name + "_mean", close(fig["mean"], m, 1e-5, 1e-6), (fig, m))
    check(name + "_stddev", close(fig["stddev"], sd, 1e-4, 1e-5), (fig, sd))
    check(name + "_ci95", close(fig["ci95"], t[1] * sd / math.sqrt(2), 1e-4, 1e-5), fig)
for p in s["points"]:
    n = p["path"]
    check(n + "_status", p["status"] == "ok" and p["repeats"] == 2, p)
    check(n + "_swept", p["swept"] == {k: p["vars"][k] for k in ("iosize", "nthreads")}, p)
    runs = [json.load(open(os.path.join(root, n, "repeat-%d" % r, "results.json")))["runs"][-1] for r in (1, 2)]
    figure(n + "_ops_per_s", p["total"]["ops_per_s"], [r["summary"]["ops_per_s"] for r in runs])
    figure(n + "_mb_per_s", p["total"]["mb_per_s"], [r["summary"]["mb_per_s"] for r in runs])
    figure(n + "_p99_ms", p["total"]["p99_ms"], [r["summary"]["latency_ns"]["p99"] / 1e6 for r in runs])
    figure(n + "_cpu_us_per_op", p["total"]["cpu_us_per_op"], [r["summary"]["cpu_ns_per_op"] / 1e3 for r in runs])
    for f in p["flowops"]:
        figure(n + "_" + f["name"], f["ops_per_s"],
               [next(x for x in r["flowops"] if x["name"] == f["name"])["ops_per_s"] for r in runs])
    check(n + "_flowops", [f["name"] for f in p["flowops"]] == ["rd", "wr"], p["flowops"])
rows = list(csv.reader(open(os.path.join(root, "summary.csv"))))
check("csv_header", rows[0][:8] == ["config", "iosize", "nthreads", "ops/s", "MiB/s", "p50 ms", "p99 ms", "CPU us/op"], rows[0])
check("csv_flowop_columns", "rd ops/s" in rows[0] and "wr p99 ms" in rows[0], rows[0])
check("csv_points", [r[:3] for r in rows[1:]] == [["rw", "4k", "1"], ["rw", "4k", "2"], ["rw", "64k", "1"], ["rw", "64k", "2"]], rows)
for r, p in zip(rows[1:], s["points"]):
    check(p["path"] + "_csv_ops", math.isclose(float(r[3]), p["total"]["ops_per_s"]["mean"], rel_tol=1e-5), (r, p["total"]))
sys.exit(summary())
EOF
# The progress line in a pipe: one plain line per run, no carriage return.
grep -q '^point 3 of 4: rw iosize=64k nthreads=1 (repeat 2 of 2) | elapsed [0-9:]* | left ~[0-9:]*$' "$T/sweep.out" ||
  bad "no progress line in the pipe: $(cat "$T/sweep.out")"
grep -q $'\r' "$T/sweep.out" && bad "carriage returns in a pipe"

# 2. Located errors, exit 2, nothing run.
prof badvar '' '    nthreds = 1, 2;'
out=$("$fb" profile --workloads "$T" badvar 2>&1); rc=$?
[ $rc = 2 ] && grep -q "badvar.prof:10:5: error: the workload tiny has no variable \$nthreds; did you mean nthreads?" <<<"$out" ||
  bad "unknown variable: rc $rc: $out"
prof badsweep '' '    nthreads = 1,, 2;'
out=$("$fb" profile --workloads "$T" badsweep 2>&1); rc=$?
[ $rc = 2 ] && grep -q "badsweep.prof:10:18: error: expected a value after ',' in the list of 'nthreads'" <<<"$out" ||
  bad "bad sweep: rc $rc: $out"
sed 's/personality = tiny/personality = nosuch/' "$T/badvar.prof" > "$T/badpers.prof"
out=$("$fb" profile --workloads "$T" badpers 2>&1); rc=$?
[ $rc = 2 ] && grep -q "badpers.prof:8:19: error: no workload 'nosuch'" <<<"$out" && ok || bad "unknown personality: rc $rc: $out"
prof badcheck '' '    nthreads = 1, 0;'
out=$("$fb" profile --workloads "$T" badcheck 2>&1); rc=$?
[ $rc = 2 ] && grep -q "badcheck.prof:7:1: error: point rw/nthreads=0 (personality tiny) fails --check" <<<"$out" ||
  bad "a point failing --check: rc $rc: $out"
for n in badvar badsweep badpers badcheck; do [ -e "$T/stats-$n" ] && bad "$n made a results tree"; done

# 3. --dry-run lists the points and runs nothing.
prof dry '' '    nthreads = 1, 2;'
out=$("$fb" profile --workloads "$T" dry --dry-run 2>&1) && ok || bad "--dry-run exited $?"
grep -q "2. rw/nthreads=2 (personality tiny)" <<<"$out" && grep -q "stats-dry/.*-tmpfs-dry-" <<<"$out" && ok || bad "dry run: $out"
[ -e "$T/stats-dry" ] && bad "--dry-run made $T/stats-dry"
# A launcher: --dry-run names it (--launcher over the profile's); unquoted it
# is a located error; started by a launcher itself, profile refuses.
prof launch '    launcher = "mpirun -np 2";' '    nthreads = 1;'
out=$("$fb" profile --workloads "$T" launch --dry-run 2>&1) && ok || bad "--dry-run with a launcher exited $?"
grep -q "each point's flowbench under: mpirun -np 2$" <<<"$out" && ok || bad "dry run does not name the launcher: $out"
out=$("$fb" profile --workloads "$T" launch --dry-run --launcher "srun --mpi=pmix -n 4" 2>&1)
grep -q "under: srun --mpi=pmix -n 4$" <<<"$out" && ok || bad "--launcher does not win over launcher =: $out"
prof badlaunch '    launcher = mpirun;' '    nthreads = 1;'
out=$("$fb" profile --workloads "$T" badlaunch 2>&1); rc=$?
[ $rc = 2 ] && grep -q "badlaunch.prof:5:16: error: launcher wants a quoted command" <<<"$out" && ok || bad "unquoted launcher: rc $rc: $out"
out=$(OMPI_COMM_WORLD_SIZE=2 "$fb" profile --workloads "$T" launch --dry-run 2>&1); rc=$?
[ $rc = 2 ] && grep -q "profile runs its points itself" <<<"$out" && ok || bad "profile as a rank of mpirun: rc $rc: $out"

# 4. Interrupted after the first point completes; --resume runs only the rest.
prof intr '    cooldown = 3;' '    nthreads = 1, 2, 3;'
"$fb" profile --workloads "$T" intr > "$T/intr.out" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -n "$(tree intr)" ] && [ -e "$(tree intr)/rw/nthreads=1/results.json" ] && break; sleep 0.1; done
sleep 0.5
kill -INT $pid; wait $pid; rc=$?
R=$(tree intr)
[ $rc = 130 ] && ok || bad "the interrupted campaign exited $rc, not 130"
[ -e "$R/rw/nthreads=1/results.json" ] && ok || bad "the completed point was not kept"
[ -e "$R/rw/nthreads=2/results.json" ] && bad "point 2 ran after the interruption"
python3 -c "import json,sys; s=json.load(open(sys.argv[1])); assert [p['status'] for p in s['points']]==['ok','skipped','skipped'], s" \
  "$R/summary.json" && ok || bad "no summary of the interrupted campaign"
before=$(stat -c %Y "$R/rw/nthreads=1/results.json")
sed -i 's/cooldown = 3;//' "$T/intr.prof"
"$fb" profile --workloads "$T" intr --resume > "$T/resume.out" 2>&1 && ok || bad "--resume exited $?: $(cat "$T/resume.out")"
grep -q "point 1 of 3" "$T/resume.out" && bad "--resume ran point 1 again"
grep -q "point 3 of 3" "$T/resume.out" && ok || bad "--resume did not run point 3"
[ "$(stat -c %Y "$R/rw/nthreads=1/results.json")" = "$before" ] && ok || bad "--resume rewrote point 1"
[ "$(ls "$T/stats-intr" | wc -l)" = 1 ] && ok || bad "--resume made another tree"
python3 -c "import json,sys; s=json.load(open(sys.argv[1])); assert [p['status'] for p in s['points']]==['ok','ok','ok'], s" \
  "$R/summary.json" && ok || bad "summary after --resume"

# 5. warmup keeps no results; flush = always; flush = "cmd" gets $dir and the file system.
cat > "$T/flushcmd.sh" <<EOF
#!/bin/sh
echo "\$1 \$2" >> "$T/flushed.txt"
EOF
chmod +x "$T/flushcmd.sh"
prof warm "    warmup = 1;
    flush = \"$T/flushcmd.sh\";" '    nthreads = 1;'
"$fb" profile --workloads "$T" warm > "$T/warm.out" 2>&1 && ok || bad "warmup campaign exited $?: $(cat "$T/warm.out")"
R=$(tree warm)
# (the run report of the measured run, under rw/report/, is not looked at here)
[ "$(cd "$R" && find . -type f ! -path './rw/report/*' | sort | tr '\n' ' ')" = "./index.html ./rw/results.csv ./rw/results.json ./rw/stats.rw.out ./rw/thisrun.f ./summary.csv ./summary.json " ] ||
  bad "warmup left files: $(cd "$R" && find . -type f)"
grep -c "Run took" "$R/rw/stats.rw.out" | grep -qx 1 && ok || bad "the warmup run is in the point's output"
[ "$(cat "$T/flushed.txt" 2>/dev/null)" = "$T/data tmpfs" ] && ok || bad "flush command got: $(cat "$T/flushed.txt" 2>/dev/null)"
fi

if in_part flush; then
prof always '    flush = always;' '    nthreads = 1;'
"$fb" profile --workloads "$T" always > "$T/always.out" 2>&1 && ok || bad "flush=always exited $?"
grep -q "page cache" "$(tree always)/rw/stats.rw.out" && grep -qi "drop\|flush\|fadvise" "$(tree always)/rw/stats.rw.out" ||
  bad "flush = always did not flush: $(cat "$(tree always)/rw/stats.rw.out")"
fi

if in_part campaigns; then
# 6. The shipped profiles: a dry run as shipped, and a real run shrunk (runtime 1, tmpfs,
#    each list cut to its first value (the sweeps of many values are checked above),
#    the personality's shrink settings).
inputs "profiles shipped in $wl" "$wl"/*.prof &&
for p in "$wl"/*.prof; do
  n=$(basename "$p" .prof)
  "$fb" profile "$p" --stats "$T/ship" --dry-run > "$T/$n.dry" 2>&1 && ok || bad "$n --dry-run: $(cat "$T/$n.dry")"
  python3 - "$p" "$T/small-$n.prof" "$T" "$wl/../tests/workload_shrink.txt" <<'EOF' && ok || bad "cannot shrink $n"
import re, sys
src, dst, tmp, shrinkf = sys.argv[1:5]
shrink = {}
for line in open(shrinkf):
    m = re.match(r"^([\w-]+): (.*)$", line)
    if m:
        shrink[m.group(1)] = dict(re.findall(r"set \$(\w+)=([^;]+)", m.group(2)))
out, cur = [], None
for line in open(src):
    m = re.match(r"\s*(\w+)\s*=\s*(.*?);\s*$", line)
    if m and m.group(1) in ("runtime", "dir", "stats", "repeats", "warmup", "cooldown", "flush"):
        continue
    if m and m.group(1) == "personality":
        cur = shrink.get(m.group(2), shrink["default"])
    if m and m.group(1) == "elapsed":
        line = "    elapsed = 1;\n"
    elif m and "," in m.group(2) and not m.group(2).startswith('"'):
        line = "    %s = %s;\n" % (m.group(1), m.group(2).split(",")[0].strip())
    elif m and cur is not None and m.group(1) in cur:
        line = "    %s = %s;\n" % (m.group(1), cur[m.group(1)])
    if line.strip() == "}" and cur is not None:
        with_keys = "".join(out[-40:])
        for k, v in cur.items():
            if not re.search(r"\b%s\s*=" % k, with_keys[with_keys.rfind("CONFIG"):]):
                out.append("    %s = %s;\n" % (k, v))
        cur = None
    out.append(line)
    if re.match(r"\s*DEFAULTS\s*\{", line):
        out.append("    runtime = 1;\n    dir = %s/data;\n    stats = %s/ship;\n" % (tmp, tmp))
open(dst, "w").write("".join(out))
EOF
  timeout 120 "$fb" profile --workloads "$wl" "$T/small-$n.prof" > "$T/$n.run" 2>&1 && ok || bad "$n shrunk run exited $?: $(tail -5 "$T/$n.run")"
  python3 -c "import json,sys; s=json.load(open(sys.argv[1])); assert s['points'] and all(p['status']=='ok' for p in s['points']), s" \
    "$(ls -d "$T/ship/"*"-small-$n-"*/ | head -1)/summary.json" && ok || bad "$n shrunk summary"
done
fi
summary "profile $part"
