#!/usr/bin/env bash
# test_accel_steps.sh FLOWBENCH: what the AI personalities lean on, on one
# rank: the accelerator utilisation of compute flowops against the rows' own
# latency sums (and compute timed as its sleep), the barrier holding threads
# that compute 10x apart to the same steps, and the slowest writer against the
# writers listed, and the shipped checkpoint and swbuild judging themselves
# (ai-training and checkpoint over MPI ranks: test_mpi.sh).
set -u
fb=$(realpath "$1")
T=$(mktemp -d /dev/shm/fbaccel.XXXXXX)
trap 'rm -rf "$T"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
mkdir "$T/data"

# 1. Accelerator utilisation: compute time over compute plus I/O time, per thread
# that computes and overall, from the rows' latency sums; a thread that does not compute is left out.
cat > "$T/acc.f" <<'EOF'
set $dir=/tmp
define fileset name=data, path=$dir, entries=4, dirwidth=10, size=64k, prealloc
define process name=p {
  thread name=gpu, instances=2 {
    flowop read name=batch, filesetname=data, iosize=64k, random
    flowop delay name=d, value=0
    flowop compute name=step, value=5000
  }
  thread name=plain {
    flowop read name=other, filesetname=data, iosize=4k, random
    flowop delay name=d2, value=0
  }
}
EOF
"$fb" --quiet -D dir="$T/data" -f "$T/acc.f" --runtime 1 --json "$T/a.json" -C 'accel_util > 0.5' > "$T/a.out" 2>&1
expect_eq accel_exit "$?" 0
python3 - "$T/a.json" "$T/a.out" <<'EOF' && ok || bad accel "utilisation against the rows"
import json, re, sys
run = json.load(open(sys.argv[1]))["runs"][0]
rows = {f["name"]: f for f in run["flowops"]}
total = lambda f: f["latency_ns"]["mean"] * f["ops"]
compute, io = total(rows["step"]), total(rows["batch"])
want = compute / (compute + io)
a = run["accel_util"]
assert abs(a["overall"] - want) < 1e-3, (a, want)
assert [(t["process"], t["thread"]) for t in a["threads"]] == [("p", "gpu")], a
assert abs(a["threads"][0]["util"] - want) < 1e-3, a
# 5 ms of compute per read of a cached 64 KiB: the accelerator is nearly always busy,
# and compute is timed as the sleep it is (never shorter; a loaded machine oversleeps).
assert 0.9 < want < 1, want
assert 5e6 <= rows["step"]["latency_ns"]["min"], rows["step"]  # a sleep is never shorter
assert rows["step"]["class"] == "compute", rows["step"]
crit = run["criteria"][0]
assert crit["measured"] == a["overall"], (crit, a)
text = open(sys.argv[2]).read()
m = re.search(r"accelerator utilisation ([0-9.]+)%", text)
assert m and abs(float(m.group(1)) - 100 * a["overall"]) < 0.051, (m, a)
assert "thread p.gpu: " in text and "thread p.plain" not in text, text
EOF

# 2. The barrier: two threads, one computing 10x longer per step, meet at
# every step: the same number of steps each (within one), the fast one
# waiting at the barrier about the difference.
cat > "$T/bar.f" <<'EOF'
set $dir=/tmp
define fileset name=data, path=$dir, entries=4, dirwidth=10, size=64k, prealloc
define process name=p {
  thread name=fast {
    flowop read name=rf, filesetname=data, iosize=4k, random
    flowop compute name=cf, value=2000
    flowop barrier name=bf
  }
  thread name=slow {
    flowop read name=rs, filesetname=data, iosize=4k, random
    flowop compute name=cs, value=20000
    flowop barrier name=bs
  }
}
EOF
"$fb" --quiet -D dir="$T/data" -f "$T/bar.f" --runtime 1 --json "$T/b.json" > "$T/b.out" 2>&1
expect_eq barrier_exit "$?" 0
python3 - "$T/b.json" <<'EOF' && ok || bad barrier "the barrier did not hold the threads to the same steps"
import json, sys
rows = {f["name"]: f for f in json.load(open(sys.argv[1]))["runs"][0]["flowops"]}
assert rows["cf"]["ops"] > 10 and abs(rows["cf"]["ops"] - rows["cs"]["ops"]) <= 1, (rows["cf"]["ops"], rows["cs"]["ops"])
assert rows["bf"]["class"] == "sync" and rows["bf"]["latency_ns"]["mean"] > 10e6 > rows["bs"]["latency_ns"]["mean"], (rows["bf"], rows["bs"])
EOF

# 3. The slowest writer: each thread instance's time in writes and fsyncs; the
# slowest is their maximum, in the text and the JSON.
cat > "$T/ckpt.f" <<'EOF'
set $dir=/tmp
define fileset name=shards, path=$dir, entries=3, dirwidth=10, size=256k, prealloc
define process name=p {
  thread name=w, instances=3 {
    flowop openfile name=o, filesetname=shards, fd=1
    flowop write name=wr, fd=1, iosize=64k
    flowop fsync name=fs, fd=1
    flowop closefile name=c, fd=1
    flowop read name=rd, filesetname=shards, iosize=64k
  }
}
EOF
"$fb" --quiet -D dir="$T/data" -f "$T/ckpt.f" --runtime 1 --json "$T/c.json" -C 'slowest_writer_sec > 0' > "$T/c.out" 2>&1
expect_eq writer_exit "$?" 0
python3 - "$T/c.json" "$T/c.out" <<'EOF' && ok || bad writers "slowest writer against the writers"
import json, re, sys
run = json.load(open(sys.argv[1]))["runs"][0]
w = run["writers"]
assert sorted(x["thread"] for x in w) == ["p[0].w[0]", "p[0].w[1]", "p[0].w[2]"], w
assert run["slowest_writer_s"] == max(x["seconds"] for x in w) > 0, run["slowest_writer_s"]
rows = {f["name"]: f for f in run["flowops"]}
# Every writer's time is its writes and fsyncs: together they make up the rows' sums.
summed = sum(rows[n]["latency_ns"]["mean"] * rows[n]["ops"] for n in ("wr", "fs")) / 1e9
assert abs(sum(x["seconds"] for x in w) - summed) < 1e-3 * max(summed, 1e-3), (w, summed)
m = re.search(r"slowest writer (\S+): ([0-9.]+) s writing", open(sys.argv[2]).read())
slow = max(w, key=lambda x: x["seconds"])
assert m and m.group(1) == slow["thread"] and float(m.group(2)) == slow["seconds"], (m, slow)
assert run["criteria"][0]["measured"] == run["slowest_writer_s"]
EOF

# 4. The shipped personalities judge themselves: checkpoint's slowest writer
# is the most any of its writers took; swbuild asked for a rate far beyond
# what it gets fails its rate criterion and exits 3, the run itself fine.
mkdir "$T/ck" "$T/sw"
"$fb" --quiet -f checkpoint -D dir="$T/ck" -D shardsize=2m -D nwriters=3 --runtime 1 --json "$T/ck.json" > "$T/ck.out" 2>&1
expect_eq checkpoint_exit "$?" 0
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]
assert len(r["writers"]) == 3 and r["slowest_writer_s"] == max(w["seconds"] for w in r["writers"]) > 0, r["writers"]' "$T/ck.json" && ok ||
    bad checkpoint_slowest "slowest_writer_s is not the most of its writers"
"$fb" --quiet -f swbuild -D dir="$T/sw" -D nfiles=100 -D oprate=1000000 --runtime 1 > "$T/sw.out" 2>&1
expect_eq swbuild_rate_exit "$?" 3
grep -q '^criteria: FAIL  passes_per_sec >= \$minshare / 100 \* \$oprate \* \$procs  (measured [0-9.]* >= 4750000)$' "$T/sw.out" && ok ||
    bad swbuild_rate "$(grep criteria "$T/sw.out")"
grep -q '^criteria: PASS  errors == 0' "$T/sw.out" && ok || bad swbuild_errors "$(grep criteria "$T/sw.out")"

summary
