#!/usr/bin/env bash
# test_latency_log.sh BIN [PART]: --latency-log against the run's own JSON: one record
# per op (or one in N), the same latencies, times in order, offsets of a
# sequential read, the binary form, and an unwritable path refused before the run.
set -u
bin=$(realpath "$1")
part=${2:-all} # log (all but what follows) or full (a log whose file system fills: root)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-latlog.XXXXXX)
trap 'loop_cleanup; rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# One thread: 5000 sequential reads of 4 KiB (the 1 MiB file over and over),
# ended by finishoncount; its finishoncount is an op too (4999 of them).
mkdir -p "$top/one"
cat >"$top/one/w.f" <<F
set \$dir=$top/one
define file name=big, path=\$dir, size=1m, prealloc
define process name=p { thread name=t {
  flowop read name=r1, filename=big, iosize=4k
  flowop finishoncount name=f1, target=r1, value=5000 } }
run 60
F
if in_part log; then
# Four threads in two processes: reads, stats and a write, until one thread
# has read 10000 times (about 50000 records a thread: less than a buffer
# half, so the flusher never falls behind and nothing may be dropped).
mkdir -p "$top/many"
cat >"$top/many/w.f" <<F
set \$dir=$top/many
define fileset name=fs, path=\$dir, entries=16, dirwidth=16, size=64k, prealloc
define process name=p, instances=2 { thread name=t, instances=2 {
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop read name=r1, fd=1, iosize=4k
  flowop write name=w1, fd=1, iosize=2k, random
  flowop statfile name=s1, filesetname=fs
  flowop closefile name=c1, fd=1
  flowop finishoncount name=f1, target=r1, value=10000 } }
run 60
F

# check.py LOG JSON MODE: the log against the JSON of its run (python: csv, json).
cat >"$top/check.py" <<'PY'
import collections, csv, json, sys
log, js, mode = sys.argv[1], sys.argv[2], sys.argv[3]
rows = list(csv.DictReader(open(log)))
run = json.load(open(js))["runs"][0]
out = []
def say(name, got, want):
    out.append("%s %s %s" % (name, got, want))
ops = collections.Counter()
lats = collections.defaultdict(list)
for r in rows:
    ops[r["flowop"]] += 1
    lats[r["flowop"]].append(int(r["lat_ns"]))
want = collections.Counter()
mins, maxs = {}, {}
for f in run["flowops"]:
    want[f["name"]] += f["ops"]
    if f["ops"]:
        l = f["latency_ns"]
        mins[f["name"]] = min(mins.get(f["name"], l["min"]), l["min"])
        maxs[f["name"]] = max(maxs.get(f["name"], l["max"]), l["max"])
say("header", ",".join(rows[0].keys()) if rows else None, "time_ns,lat_ns,flowop,bytes,offset,thread")
say("records_json", len(rows), run["latency_log"]["records"])
say("dropped", run["latency_log"]["dropped"], 0)
if mode == "all":
    for name in want:
        say("ops_" + name, ops[name], want[name])
        if want[name]:
            say("min_" + name, min(lats[name]), mins[name])
            say("max_" + name, max(lats[name]), maxs[name])
# Per thread: times never go back and stay within the run (with 1 s to spare
# for the ops in flight at the stop, counted as the JSON counts them).
last = {}
limit = (run["seconds"] + 1) * 1e9
back = late = 0
for r in rows:
    t = int(r["time_ns"])
    back += t < last.get(r["thread"], 0)
    late += t > limit
    last[r["thread"]] = t
say("time_backwards", back, 0)
say("time_late", late, 0)
say("threads", len(last), len(run["placement"]) if mode == "all" else len(last))
print("\n".join(out))
PY
check_log() { # NAME LOG JSON MODE: the log checked against the JSON by check.py
    while read -r what got want; do expect_eq "$1_$what" "$got" "$want"; done < <(python3 "$top/check.py" "$2" "$3" "$4" 2>&1 || echo "check.py failed 1")
}

# Sample 1: every op, exactly; latencies as the JSON's; offsets step by 4 KiB.
d=$top/one
"$bin" -f "$d/w.f" --latency-log "$d/lat.csv" --json "$d/r.json" >"$d/out" 2>"$d/err"
expect_eq one_exit $? 0
expect_eq one_records "$(awk -F, 'NR > 1' "$d/lat.csv" | wc -l)" 9999
expect_eq one_reads "$(awk -F, '$3 == "r1"' "$d/lat.csv" | wc -l)" 5000
check_log one "$d/lat.csv" "$d/r.json" all
# Each read starts where the one before ended; the read at the end of the
# file (0 bytes, at 1 MiB) sends the next back to 0.
expect_eq one_offsets "$(awk -F, '$3 == "r1" { if ($5 != next_off) bad++; next_off = $4 ? $5 + $4 : 0 } END { print bad + 0 }' "$d/lat.csv")" 0
expect_eq one_eof_reads "$(awk -F, '$3 == "r1" && $4 == 0 && $5 == 1048576' "$d/lat.csv" | wc -l)" 19
expect_eq one_no_offset "$(awk -F, '$3 == "f1" && $5 != -1' "$d/lat.csv" | wc -l)" 0
expect_eq one_thread "$(awk -F, 'NR > 1 { print $6 }' "$d/lat.csv" | sort -u)" "p.0/t.0"
grep -q "latency log $d/lat.csv: 9999 records (1 op in 1), 0 dropped" "$d/out" && ok || bad one_line "$(tail -2 "$d/out")"
expect_eq one_no_parts "$(ls "$d" | grep -c part)" 0

# Sample 7: every 7th op of the thread: 9999 / 7 = 1428 records.
"$bin" -f "$d/w.f" --latency-log "$d/lat7.csv" --latency-log-sample 7 --json "$d/r7.json" >"$d/out7" 2>"$d/err7"
expect_eq sample_exit $? 0
expect_eq sample_records "$(awk -F, 'NR > 1' "$d/lat7.csv" | wc -l)" 1428
check_log sample "$d/lat7.csv" "$d/r7.json" sampled

# The binary form: latlog2csv gives the same records as the CSV of the same
# run shape (latencies and times differ from run to run; what was done does
# not), its latencies match its own JSON, and python's struct reads the layout.
"$bin" -f "$d/w.f" --latency-log "$d/lat.bin" --latency-log-format bin --json "$d/rb.json" >"$d/outb" 2>"$d/errb"
expect_eq bin_exit $? 0
"$bin" latlog2csv "$d/lat.bin" >"$d/bin.csv" 2>"$d/bin.err"
expect_eq bin_decode_exit $? 0
expect_eq bin_same_ops "$(cut -d, -f3- "$d/bin.csv" | md5sum)" "$(cut -d, -f3- "$d/lat.csv" | md5sum)"
check_log bin "$d/bin.csv" "$d/rb.json" all
python3 - "$d/lat.bin" "$d/bin.csv" >"$d/struct.out" 2>&1 <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"FBLATLG1"
nthreads, nflowops = struct.unpack_from("<II", b, 8)
p = 16
names = []
for _ in range(nthreads + nflowops):
    (n,) = struct.unpack_from("<H", b, p)
    names.append(b[p + 2:p + 2 + n].decode())
    p += 2 + n
threads, flowops = names[:nthreads], names[nthreads:]
lines = ["time_ns,lat_ns,flowop,bytes,offset,thread"]
for t, lat, nbytes, off, op, th in struct.iter_unpack("<QQQqII", b[p:]):
    lines.append("%d,%d,%s,%d,%d,%s" % (t, lat, flowops[op], nbytes, off, threads[th]))
print("same" if "\n".join(lines) + "\n" == open(sys.argv[2]).read() else "differs")
PY
expect_eq bin_struct "$(cat "$d/struct.out")" same
printf 'not a log' >"$d/junk.bin"
"$bin" latlog2csv "$d/junk.bin" >/dev/null 2>"$d/junk.err"
expect_eq junk_exit $? 1
grep -q "not a binary latency log" "$d/junk.err" && ok || bad junk_msg "$(cat "$d/junk.err")"

# Many threads, processes and flowops: per flowop the JSON's ops and min/max,
# each thread's times in order, every thread present.
d=$top/many
"$bin" -f "$d/w.f" --latency-log "$d/lat.csv" --json "$d/r.json" >"$d/out" 2>"$d/err"
expect_eq many_exit $? 0
check_log many "$d/lat.csv" "$d/r.json" all
expect_eq many_write_offsets "$(awk -F, '$3 == "w1" && ($5 < 0 || $5 % 2048 != 0)' "$d/lat.csv" | wc -l)" 0
expect_eq many_stat_offsets "$(awk -F, '$3 == "s1" && $5 != -1' "$d/lat.csv" | wc -l)" 0
# Sample 100 over four threads: each thread's ops / 100, rounded down, so
# the total / 100 less at most one a thread.
"$bin" -f "$d/w.f" --latency-log "$d/lat100.csv" --latency-log-sample 100 --json "$d/r100.json" >"$d/out100" 2>&1
expect_eq many100_exit $? 0
check_log many100 "$d/lat100.csv" "$d/r100.json" sampled
want=$(python3 -c '
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
# one thread instance per placement row; its ops are not in the JSON per
# instance, so bound the total: sum(ops)/100 - 4 < records <= sum(ops)/100
ops = sum(f["ops"] for f in run["flowops"])
print(ops // 100 - 4, ops // 100)' "$d/r100.json")
got=$(awk -F, 'NR > 1' "$d/lat100.csv" | wc -l)
read -r lo hi <<<"$want"
[ "$got" -ge "$lo" ] && [ "$got" -le "$hi" ] && ok || bad many100_records "$got not in $lo..$hi"

# An unwritable path: refused before anything is made or run.
d=$top/one
rm -rf "$d/big"
"$bin" -f "$d/w.f" --latency-log "$top/nodir/lat.csv" >"$d/outx" 2>"$d/errx"
rc=$?
[ "$rc" -ne 0 ] && ok || bad unwritable_exit "exit $rc"
grep -q -- "--latency-log $top/nodir/lat.csv: cannot write" "$d/errx" && ok || bad unwritable_msg "$(cat "$d/errx")"
grep -q "Running" "$d/outx" && bad unwritable_ran "$(cat "$d/outx")" || ok
[ -e "$d/big" ] && bad unwritable_made "the fileset was made" || ok
"$bin" -f "$d/w.f" --latency-log "$d/x.csv" --latency-log-sample 0 >/dev/null 2>"$d/errs"
expect_eq sample0_exit $? 2

fi

if in_part full; then
# A log that cannot be written whole (its file system fills up) replaces
# nothing: the file there before stays as it was, the run exits 1 and its
# JSON says why.
d=$top/one
small=$top/small
small_mount "$small" 64k
echo before > "$small/lat.csv"
"$bin" -f "$d/w.f" --latency-log "$small/lat.csv" --json "$d/full.json" >/dev/null 2>"$d/errf"
expect_eq full_exit $? 1
[ "$(cat "$small/lat.csv")" = before ] && ok || bad full_kept "the old log was replaced: $(head -c 80 "$small/lat.csv")"
[ "$(ls "$small")" = lat.csv ] && ok || bad full_leftovers "$(ls "$small")"
python3 -c "import json,sys; l=json.load(open(sys.argv[1]))['runs'][-1]['latency_log']; sys.exit(0 if 'No space' in l['error'] else 1)" \
    "$d/full.json" && ok || bad full_json "no latency_log.error in the JSON"
fi

if in_part log; then
d=$top/one
# A device is no log file: refused at the start like every output (base/outfile.h).
"$bin" -f "$d/w.f" --latency-log /dev/full >/dev/null 2>"$d/errd"
expect_eq devfull_exit $? 2
grep -q "not a regular file" "$d/errd" && ok || bad devfull_msg "$(cat "$d/errd")"
[ -c /dev/full ] && ok || { bad devfull_kept "/dev/full is gone"; mknod -m 666 /dev/full c 1 7; }

# Its shape without the log itself: refused, not ignored.
"$bin" -f "$d/w.f" --latency-log-sample 10 >/dev/null 2>"$d/errn"
expect_eq sample_without_log $? 2
grep -q "which is not given" "$d/errn" && ok || bad sample_without_log_msg "$(cat "$d/errn")"

fi
summary latency_log
