#!/usr/bin/env bash
# test_reports.sh BIN: the --json, --csv and --report outputs, checked against the
# schema in docs/json.md, against each other and against what is on disk.
set -u
bin=$(realpath "$1")
build=${2:-release} # sanitized: the share of the CPU the ops hold is lower (below)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-reports.XXXXXX)
trap 'rm -rf "$top"' EXIT
umask 022

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

need python3

# ---- one 3-second run with every output -------------------------------------
# Read, write, other IO and a non-IO flowop; one flowop name needs quoting in
# CSV, escaping in JSON and in HTML.
d=$top/main
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
set \$nfiles=20
set \$sync=true
set \$label="mail spool"
define randvar name=\$appendsize, type=gamma, min=1k, mean=8k, gamma=1500
define fileset name=fs, path=\$dir, entries=\$nfiles, dirwidth=10, size=16k, prealloc
define process name=p { thread name=t {
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop readwholefile name=r1, fd=1, iosize=4k
  flowop closefile name=c1, fd=1
  flowop appendfilerand name=a1, filesetname=fs, iosize=\$appendsize
  flowop statfile name="st,\"q\"<&>", filesetname=fs
  flowop delay name=d1, value=0 } }
run 3
F
"$bin" -f "$d/w.f" --json "$d/out.json" --csv "$d/out.csv" --report "$d/rep/sub" --interval 1 >"$d/out" 2>"$d/err"
expect_eq main_exit $? 0

pycheck main_json "$d/out.json" <<'PY'
import json, math, sys

from check import check, fail, ok, summary

def no_constants(c): raise ValueError(f"non-finite number {c}")
try:
    doc = json.load(open(sys.argv[1]), parse_constant=no_constants)
except Exception as e:
    fail("json_parses", e); sys.exit(summary())
ok("json_parses")

def isint(x): return type(x) is int
def isnum(x): return type(x) in (int, float) and math.isfinite(x)
def isstr(x): return type(x) is str

def keys(name, obj, spec):
    """spec: key -> predicate; reports each missing or mistyped key."""
    if type(obj) is not dict:
        fail(name, f"not an object: {obj!r}"); return False
    good = True
    for k, pred in spec.items():
        if k not in obj:
            fail(name, f"no key '{k}'"); good = False
        elif not pred(obj[k]):
            fail(name, f"'{k}' has the wrong type: {obj[k]!r}"); good = False
    return good

PCT = ["p50", "p90", "p95", "p99", "p99.9", "p99.99"]
LAT = {k: isint for k in ["min", "max"] + PCT} | {"mean": isnum, "stddev": isnum}
FLOWOP = {"name": isstr, "process": isstr, "thread": isstr, "type": isstr, "class": isstr, "ops": isint,
          "ops_per_s": isnum, "bytes": isint, "mb_per_s": isnum, "errors": isint, "cpu_ns_per_op": isnum,
          "latency_ns": lambda v: type(v) is dict}
SUMMARY = {"ops": isint, "ops_per_s": isnum, "reads_per_s": isnum, "writes_per_s": isnum, "mb_per_s": isnum,
           "latency_ns": lambda v: type(v) is dict}
INTERVAL = {"t": isnum, "seconds": isnum, "ops": isint, "ops_per_s": isnum, "mb_per_s": isnum, "mean_ns": isnum,
            "p99_ns": isint}
RUN = {"index": isint, "seconds": isnum, "end": isstr, "error": lambda v: v is None or isstr(v),
       "flowops": lambda v: type(v) is list, "summary": lambda v: type(v) is dict,
       "intervals": lambda v: type(v) is list}

check("json_top_keys", keys("json_top", doc, {
    "flowbench_version": isstr, "host": lambda v: type(v) is dict, "workload": isstr,
    "variables": lambda v: type(v) is dict, "runs": lambda v: type(v) is list and len(v) == 1}))
keys("json_host", doc["host"], {"hostname": isstr, "kernel": isstr, "cores": isint, "hardware_threads": isint,
                                "numa_nodes": isint})
check("json_host_counts", doc["host"]["hardware_threads"] >= 1 and doc["host"]["cores"] >= 1, doc["host"])
check("json_workload", doc["workload"].endswith("w.f"), doc["workload"])
v = doc["variables"]
check("json_var_number", v.get("nfiles") == 20 and isint(v.get("nfiles")), v)
check("json_var_bool", v.get("sync") is True, v)
check("json_var_string", v.get("label") == "mail spool", v)
check("json_var_random", isstr(v.get("appendsize")) and v.get("appendsize"), v)

run = doc["runs"][0]
keys("json_run", run, RUN)
check("json_run_fields", run["index"] == 1 and run["end"] == "time" and run["error"] is None, run["end"])
check("json_run_seconds", 3 <= run["seconds"] <= 4, run["seconds"])
for k in ("seconds", "flowops", "summary", "intervals"):
    check(f"json_single_run_top_{k}", doc.get(k) == run[k], "differs from runs[0]")

names = [f.get("name") for f in run["flowops"]]
check("json_flowop_names", names == ["o1", "r1", "c1", "a1", 'st,"q"<&>', "d1"], names)
for f in run["flowops"]:
    n = f.get("name")
    if not keys(f"json_flowop_{n}", f, FLOWOP) or not keys(f"json_latency_{n}", f["latency_ns"], LAT):
        continue
    lat = f["latency_ns"]
    chain = [lat["min"]] + [lat[p] for p in PCT] + [lat["max"]]
    check(f"json_percentiles_ordered_{n}", all(a <= b for a, b in zip(chain, chain[1:])), chain)
    check(f"json_ops_positive_{n}", f["ops"] > 0, f["ops"])
    check(f"json_rate_{n}", abs(f["ops_per_s"] - f["ops"] / run["seconds"]) <= 0.01 * f["ops_per_s"] + 0.01,
          (f["ops_per_s"], f["ops"], run["seconds"]))
    check(f"json_mean_in_range_{n}", lat["min"] <= lat["mean"] <= lat["max"] and lat["stddev"] >= 0, lat)

cls = {f["name"]: f["class"] for f in run["flowops"]}
check("json_classes", cls["r1"] == "io" and cls["a1"] == "io" and cls["d1"] == "other", cls)
s = run["summary"]
if keys("json_summary", s, SUMMARY) and keys("json_summary_latency", s["latency_ns"], LAT):
    io = [f for f in run["flowops"] if f["class"] in ("io", "aio")]
    check("json_summary_ops_is_sum_of_io", s["ops"] == sum(f["ops"] for f in io),
          (s["ops"], [(f["name"], f["ops"]) for f in io]))
    lat = s["latency_ns"]
    chain = [lat["min"]] + [lat[p] for p in PCT] + [lat["max"]]
    check("json_summary_percentiles_ordered", all(a <= b for a, b in zip(chain, chain[1:])), chain)
    reads = sum(f["ops"] for f in run["flowops"] if f["name"] == "r1")
    check("json_summary_reads", abs(s["reads_per_s"] - reads / run["seconds"]) < 1, (s["reads_per_s"], reads))

iv = run["intervals"]
check("json_intervals_present", len(iv) >= 2, f"{len(iv)} samples in 3 s with --interval 1")
for i, x in enumerate(iv):
    keys(f"json_interval_{i}", x, INTERVAL)
check("json_intervals_in_order", all(a["t"] < b["t"] for a, b in zip(iv, iv[1:])), [x["t"] for x in iv])
check("json_intervals_within_run", sum(x["ops"] for x in iv) <= s["ops"], "more ops in the samples than the run")
sys.exit(summary())
PY

pycheck main_csv "$d/out.csv" "$d/out.json" <<'PY'
import csv, json, sys
from check import check, summary
want = ("run,process,thread,flowop,type,ops,ops_per_s,bytes,mb_per_s,errors,cpu_ns_per_op,lat_min_ns,"
        "lat_mean_ns,lat_max_ns,p50_ns,p90_ns,p95_ns,p99_ns,p99_9_ns,p99_99_ns,rank,host,criterion,measured,limit,"
        "intended_lat_min_ns,intended_lat_mean_ns,intended_lat_max_ns,intended_p50_ns,intended_p90_ns,intended_p95_ns,"
        "intended_p99_ns,intended_p99_9_ns,intended_p99_99_ns").split(",")
rows = list(csv.reader(open(sys.argv[1], newline="")))
doc = json.load(open(sys.argv[2]))
check("csv_header", rows and rows[0] == want, rows[:1])
body = rows[1:]
flowops = doc["runs"][0]["flowops"]
check("csv_one_row_per_flowop", len(body) == len(flowops), f"{len(body)} rows, {len(flowops)} flowops")
check("csv_columns", all(len(r) == len(want) for r in body), [len(r) for r in body])
by_name = {r[3]: r for r in body}
check("csv_quoted_name", 'st,"q"<&>' in by_name, list(by_name))
for f in flowops:
    r = by_name.get(f["name"])
    check(f"csv_ops_{f['name']}", r is not None and int(r[5]) == f["ops"] and int(r[7]) == f["bytes"]
          and r[0] == "1" and r[4] == f["type"] and int(r[19]) == f["latency_ns"]["p99.99"],
          (r, f["ops"], f["bytes"]))
sys.exit(summary())
PY

rep=$d/rep/sub
[ -f "$rep/index.html" ] && ok || bad html_exists "no $rep/index.html: $(cat "$d/err")"
expect_eq html_dir_mode "$(stat -c %a "$rep" 2>/dev/null)" 755
grep -q "<svg" "$rep/index.html" && ok || bad html_svg "no <svg in the page"
pycheck main_html "$rep/index.html" "$d/out.json" <<'PY'
import json, re, sys
from html.parser import HTMLParser
from check import check, summary
text = open(sys.argv[1], encoding="utf-8").read()
doc = json.load(open(sys.argv[2]))
urls = [u for u in re.findall(r"https?://[^\s\"'<>)]*", text) if u != "http://www.w3.org/2000/svg"]
check("html_no_external_references", not urls, urls[:5])
check("html_no_script", "<script" not in text.lower() and "@import" not in text and "url(" not in text)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.data = [], [], []
    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)
    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else ''}>")
        else:
            self.stack.pop()
    def handle_data(self, data):
        self.data.append(data)
p = Page()
try:
    p.feed(text)
    p.close()
    check("html_parses", True)
except Exception as e:
    check("html_parses", False, e)
check("html_tags_balanced", not p.errors and not p.stack, (p.errors[:3], p.stack[:5]))
shown = "".join(p.data)
for f in doc["runs"][0]["flowops"]:
    check(f"html_names_{f['name']}", f["name"] in shown, "not in the page's text")
check("html_escaped", 'st,&quot;q&quot;&lt;&amp;&gt;' in text, "the name with <&> is not escaped")
check("html_time_series", "run with --interval" not in text and text.count("<svg") >= 3, "no throughput chart")
sys.exit(summary())
PY

# ---- --json -: only JSON on stdout, the report on stderr ---------------------
d=$top/stdout
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=4k, prealloc
define process name=p { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 1
F
"$bin" -f "$d/w.f" --json - --report "$d/rep" >"$d/out" 2>"$d/err"
expect_eq stdout_exit $? 0
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$d/out" 2>/dev/null && ok || bad stdout_only_json "$(head -3 "$d/out")"
grep -q "IO Summary:" "$d/err" && ok || bad stdout_report_on_stderr "$(head -3 "$d/err")"
grep -q "run with --interval S for a time series" "$d/rep/index.html" && ok || bad html_no_interval_note "no note"

# ---- fidelity: 1000 appends of 4 KiB, as reported and on disk ----------------
d=$top/append
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define file name=log, path=\$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop appendfile name=a1, filename=log, iosize=4k
  flowop finishoncount name=f1, target=a1, value=1000 } }
run 60
F
"$bin" -f "$d/w.f" --json "$d/out.json" >"$d/out" 2>"$d/err"
expect_eq append_exit $? 0
pycheck append_json "$d/out.json" "$(stat -c %s "$d/log/00000001/00000001" 2>/dev/null || echo missing)" <<'PY'
import json, sys
from check import check, summary
doc = json.load(open(sys.argv[1]))
a1 = [f for f in doc["flowops"] if f["name"] == "a1"][0]
check("append_ops", a1["ops"] == 1000, a1["ops"])
check("append_bytes", a1["bytes"] == 4096000, a1["bytes"])
check("append_bytes_on_disk", str(a1["bytes"]) == sys.argv[2], f"reported {a1['bytes']}, file has {sys.argv[2]}")
check("append_end", doc["runs"][0]["end"] == "finished", doc["runs"][0]["end"])
sys.exit(summary())
PY

# ---- fidelity: run 2 lasts 2 s, eventgen rate=400 gives 400 ops/s (2%) -------
# The thread waits in e1 nearly all the time, so e1 gets 400 events per second
# of its latencies: with either clock (the TSC's ticks are converted), within 2%.
# The rate is per second waited, not per second of the run: a loaded host may
# not run the VM at all for half a second, and when that pause spans the stop
# the events of the pause come too late, but so does the end of the last wait,
# which is then not an op (seen: 357 ops/s of the run, 400.0 per second waited).
d=$top/timed
mkdir -p "$d"
cat >"$d/w.f" <<F
eventgen rate=400
define process name=p { thread name=t {
  flowop eventlimit name=e1
  flowop delay name=d1, value=0 } }
run 2
F
clocks="vdso tsc"
if [ "$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)" != tsc ]; then
    clocks=vdso
    "$bin" --clock tsc -f "$d/w.f" >"$d/out" 2>"$d/err"
    [ $? -ne 0 ] && grep -Eq "clock tsc: the (kernel does not keep time with the TSC|TSC clock is available on x86-64 only)" "$d/err" && ok ||
        bad clock_tsc_refused "$(tail -2 "$d/err")"
fi
for clock in $clocks; do
    "$bin" --clock $clock -f "$d/w.f" --json "$d/out.json" >"$d/out" 2>"$d/err"
    expect_eq timed_exit_$clock $? 0
    pycheck timed_json_$clock "$d/out.json" $clock <<'PY'
import json, sys
from check import check, summary
c = "_" + sys.argv[2] # the clock, in each check's name
doc = json.load(open(sys.argv[1]))
# never short; late only by the master's wake-up (generous: the machine is shared)
check("run_2_lasts_2s" + c, 2 <= doc["seconds"] <= 3, doc["seconds"])
check("clock_named" + c, doc["host"].get("clock") == sys.argv[2], doc["host"])
e1 = [f for f in doc["flowops"] if f["name"] == "e1"][0]
waited = e1["latency_ns"]["mean"] * e1["ops"] / 1e9
check("eventgen_400_per_s_waited" + c, waited > 0 and abs(e1["ops"] / waited - 400) <= 8,
      f"{e1['ops']} ops in {waited:.4f} s of e1 latency")
check("eventgen_at_most_400_per_s" + c, e1["ops_per_s"] <= 408, e1["ops_per_s"])
check("latencies_within_the_run" + c, waited <= doc["seconds"] * 1.001,
      f"{waited:.4f} s of e1 latency in a {doc['seconds']:.4f} s run")
sys.exit(summary())
PY
done

# ---- reproducible: the same script draws the same random stream -------------
# 3000 appends of random sizes: the bytes written depend on every draw, and
# must not depend on when CPU samples happen to be taken.
d=$top/repro
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define file name=log, path=\$dir, size=0, prealloc
define randvar name=\$sz, type=uniform, min=1, mean=4096
define process name=p { thread name=t {
  flowop appendfilerand name=a1, filename=log, iosize=\$sz
  flowop finishoncount name=f1, target=a1, value=3000 } }
run 60
F
sizes=""
for k in 1 2 3; do
    "$bin" -f "$d/w.f" >"$d/out" 2>"$d/err" || bad repro_exit_$k "$(tail -2 "$d/err")"
    sizes+="$(stat -c %s "$d/log/00000001/00000001" 2>/dev/null || echo missing) "
done
read -r s1 s2 s3 <<<"$sizes"
[ "$s1" = "$s2" ] && [ "$s2" = "$s3" ] && [ "$s1" != missing ] && ok || bad repro_same_stream "file sizes $sizes"

# ---- fidelity: CPU per op adds up to the CPU the run used --------------------
# 1 us stats: the samples alone would overstate them (each sample's clock
# readings cost more than the calibration says); capped by the thread's
# measured CPU (docs/latency.md, "CPU per op"), ops x cpu/op is the process's
# CPU less the set-up (~0.1 s) and flowbench's own work between ops.
# The run is a fixed amount of work (2,000,000 stats, a second or more of CPU),
# not a fixed time: in 3 s a loaded machine may give the threads so little CPU
# that the set-up alone is over 15% of what the process used.
d=$top/cpu
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=100, dirwidth=100, size=0, prealloc
define file name=big, path=\$dir, size=16m, prealloc
define process name=p {
  thread name=t { flowop statfile name=s1, filesetname=fs
    flowop finishoncount name=f1, target=s1, value=2000000 }
  thread name=r { flowop read name=r1, filename=big, iosize=1m } }
run 120
F
# (under ASan the instrumented work between ops is CPU no flowop has: 70% there, 82% seen once)
FB_OPS_SHARE=$([ "$build" = sanitized ] && echo 0.70 || echo 0.85) \
pycheck cpu_adds_up "$bin" "$d/w.f" "$d/out.json" <<'PY'
import json, os, resource, subprocess, sys
from check import check, summary
rc = subprocess.run([sys.argv[1], "-f", sys.argv[2], "--json", sys.argv[3]], stdout=subprocess.DEVNULL).returncode
check("cpu_run_exit", rc == 0, rc)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
used = used.ru_utime + used.ru_stime
doc = json.load(open(sys.argv[3]))
shared = sum(f["cpu_ns_per_op"] * f["ops"] for f in doc["flowops"]) / 1e9
low = float(os.environ["FB_OPS_SHARE"])
check("cpu_per_op_adds_up", low * used <= shared <= used, f"ops x cpu/op = {shared:.3f} s, process used {used:.3f} s")
# The two threads sample at different rates (1 us stats, 1 MiB reads): the
# summary's CPU per op is still CPU over ops, not a mean over samples.
s = doc["summary"]
io = sum(f["cpu_ns_per_op"] * f["ops"] for f in doc["flowops"] if f["class"] in ("io", "aio"))
check("cpu_summary_is_cpu_over_ops", abs(s["cpu_ns_per_op"] * s["ops"] - io) <= 0.01 * io,
      f"summary {s['cpu_ns_per_op']} ns x {s['ops']} ops against {io / 1e9:.3f} s in the rows")
sys.exit(summary())
PY

# ---- a hog that outlasts the run gets a note -------------------------------
# 1.2e10 iterations take 2 to 4 s: past the end of a 1 s run (finished late, or
# killed 2 s after the end on a slow machine; either way noted). 1e12 never
# finishes: killed, and said so. A short hog gets no note.
d=$top/hog
mkdir -p "$d"
# The three run side by side (two cores spin at most).
for v in 12000000000 1000000000000 1000; do
    printf 'define process name=p{thread name=t{flowop hog name=burn,value=%s}}\nrun 1\n' "$v" >"$d/hog$v.f"
    { "$bin" -f "$d/hog$v.f" >"$d/out$v" 2>&1; echo $? >"$d/rc$v"; } &
done
wait
for v in 12000000000 1000000000000 1000; do
    [ "$(cat "$d/rc$v")" = 0 ] || bad "hog_run_$v" "exit $(cat "$d/rc$v"): $(tail -3 "$d/out$v")"
done
for v in 12000000000 1000000000000; do
    if grep -q "note: flowop burn (hog) in thread t was still running when the run ended.*; the run lasted [0-9.]* s instead of 1.0[0-9]* s" "$d/out$v"; then ok; else bad "hog_overrun_note_$v" "$(cat "$d/out$v")"; fi
done
grep -q "and was killed (that op is not counted)" "$d/out1000000000000" && ok || bad hog_killed_note "$(cat "$d/out1000000000000")"
grep -q "note: flowop" "$d/out1000" && bad hog_short_no_note "$(cat "$d/out1000")" || ok

# ---- an open loop: its latencies from the intended start in the CSV and the
# report's percentile chart (in headless Chromium's DOM when it can be had) ----
ol=$top/openloop
mkdir -p "$ol"
cat >"$ol/w.f" <<F
define file name=f1, path=$ol, size=1m, prealloc
define process name=p { thread name=t, rate=200 {
  flowop read name=r1, filename=f1, iosize=4k, random } }
run 1
F
"$bin" -f "$ol/w.f" --quiet --json "$ol/o.json" --csv "$ol/o.csv" --report "$ol/rep" >"$ol/out" 2>&1 ||
    bad openloop_run "exit $?: $(tail -3 "$ol/out")"
pycheck openloop_csv "$ol/o.csv" "$ol/o.json" <<'PY'
import csv, json, sys
from check import check, summary
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
f = json.load(open(sys.argv[2]))["runs"][0]["flowops"][0]
li = f["latency_from_intended_ns"]
r = rows[0]
got = [int(r["intended_lat_min_ns"]), float(r["intended_lat_mean_ns"]), int(r["intended_lat_max_ns"]),
       int(r["intended_p50_ns"]), int(r["intended_p99_ns"]), int(r["intended_p99_99_ns"])]
want = [li["min"], li["mean"], li["max"], li["p50"], li["p99"], li["p99.99"]]
check("csv_intended_columns", abs(got[1] - want[1]) < 1 and got[:1] + got[2:] == want[:1] + want[2:], (got, want))
check("csv_service_apart", int(r["p99_ns"]) == f["latency_ns"]["p99"], (r["p99_ns"], f["latency_ns"]))
sys.exit(summary())
PY
grep -q "<title>r1 from intended start</title>" "$ol/rep/index.html" && ok ||
    bad html_intended_series "the percentile chart has no series from the intended start"
browser=$(chromium_path)
if [ -z "$browser" ]; then
    skip "Chromium (Debian's chromium) is not installed"
else
    timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$ol/chrome" --dump-dom \
        "file://$ol/rep/index.html" >"$ol/dom" 2>"$ol/chrome.log"
    pycheck openloop_dom "$ol/dom" "$ol/o.json" <<'PY'
import json, re, sys
from check import check, summary
dom = open(sys.argv[1]).read()
series = re.findall(r'<g class="pct-series"[^>]*><title>([^<]*)</title>(.*?)</g>', dom, re.S)
names = [s[0] for s in series]
check("dom_two_series", names == ["r1", "r1 from intended start"], names)
f = json.load(open(sys.argv[2]))["runs"][0]["flowops"][0]
def p99(body):
    m = re.search(r'<title>[^<]* p99: ([^<]*)</title>', body)
    return m.group(1) if m else None
check("dom_series_differ", len(series) == 2 and p99(series[0][1]) != p99(series[1][1]),
      [p99(b) for _, b in series])
check("dom_legend", "r1 from intended start" in re.sub(r"<[^>]+>", "", dom.split('class="legend"')[1][:2000]) if 'class="legend"' in dom else False)
sys.exit(summary())
PY
fi

# ---- a per-interval p99 over 100 ops or fewer is exact: the nearest-rank
# value of that interval's own latencies (the latency log's, exactly as
# counted). One 16 MiB read in the first second makes the later seconds' max
# lower than the run's, where a bucket's edge stood in for it. ----
iv=$top/interval
mkdir -p "$iv"
cat >"$iv/w.f" <<F
define file name=f1, path=$iv, size=1m, prealloc
define file name=f2, path=$iv, size=16m, prealloc
define process name=p {
  thread name=t, rate=40 {
    flowop read name=r1, filename=f1, iosize=4k, random }
  thread name=big {
    flowop read name=r2, filename=f2, iosize=16m
    flowop semblock name=wait, value=1 } }
run 3
F
"$bin" -f "$iv/w.f" --quiet --interval 1 --json "$iv/o.json" --latency-log "$iv/lat.csv" >"$iv/out" 2>&1 ||
    bad interval_run "exit $?: $(tail -3 "$iv/out")"
pycheck interval_exact "$iv/o.json" "$iv/lat.csv" <<'PY'
import csv, json, math, sys
from check import check, summary
iv = json.load(open(sys.argv[1]))["runs"][0]["intervals"]
ops = [(int(r["time_ns"]), int(r["lat_ns"])) for r in csv.DictReader(open(sys.argv[2]))]
# An interval holds the ops counted since the sampler's last look, which comes
# a little after each whole second: so its ops are the next x["ops"] to complete,
# not those whose completion falls in (t - 1 s, t].
ops.sort()
judged, done = 0, 0
for x in iv:
    lats = sorted(l for t, l in ops[done:done + x["ops"]])
    done += x["ops"]
    if len(lats) != x["ops"] or not 0 < len(lats) <= 100:
        continue  # the log ended first, or too many: not this check's case
    judged += 1
    want = lats[max(1, math.ceil(0.99 * len(lats))) - 1]
    check(f"interval_p99_at_{x['t']}", x["p99_ns"] == want, (x["p99_ns"], want, len(lats)))
check("interval_judged", judged >= 2, [x["ops"] for x in iv])
sys.exit(summary())
PY

summary
