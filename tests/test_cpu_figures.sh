#!/usr/bin/env bash
# test_cpu_figures.sh FLOWBENCH [PART]: figures within physical bounds. CPU per
# op is what a flowop's own ops cost: for a synchronous op at most its wall
# time per op, the flowops' CPU adding up to their threads' within 5% and
# never past threads x run time (mlperf-checkpoint, varmail, io_uring at
# depth 32); a busy loop's CPU per op is what it costs alone, beside a
# longer one and a sleep. Every time figure ends where `seconds` does: the
# slowest writer at io_uring depth 32 with dsync, over 10 runs.
# PART: cpu_checkpoint, cpu_varmail, cpu_uring, cpu_hog, writer_end, several of them
# separated by commas, or all.
set -u
fb=$(realpath "$1")
part=${2:-all}
T=$(mktemp -d /dev/shm/fbcpufig.XXXXXX) # tmpfs: the bounds are of CPU against wall, whatever the device
trap 'rm -rf "$T"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# bounds NAME JSON [SLACK_NS]: the CPU bounds on one run's JSON. A flowop's
# CPU per op is at most its mean latency plus SLACK_NS (flowbench's own work
# around the timed call: picking the file, recording the op; default 3 us);
# the flowops' CPU (ops x CPU per op) is within 5% of the threads' and at
# most threads x seconds. Asynchronous flowops (iodepth > 1) skip the first.
bounds() {
    python3 - "$2" "${3:-0}" <<'EOF' && ok || bad "$1" "CPU figures out of bounds"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
slack = float(sys.argv[2])
total = 0.0
for f in run["flowops"]:
    total += f["ops"] * f["cpu_ns_per_op"]
    if f["ops"] and f.get("iodepth", 1) <= 1:
        wall = f["latency_ns"]["mean"]
        assert f["cpu_ns_per_op"] <= wall + slack, (f["name"], f["cpu_ns_per_op"], wall)
threads = sum(t["cpu_ns"] for t in run["thread_times"])
n = sum(t["instances"] for t in run["thread_times"])
assert threads > 0, run["thread_times"]
assert abs(total - threads) <= 0.05 * threads, ("flowops", total, "threads", threads)
assert total <= n * run["seconds"] * 1e9, (total, n, run["seconds"])
EOF
}

if in_part cpu_checkpoint; then
    # The issue's case: 16 MiB writes and syncs, few ops of each, between them 0.1 s of
    # training (compute), not the workload's 5 s: the same rows at a fiftieth of the wait.
    for c in 2 20; do
        mkdir "$T/ck$c"
        "$fb" --quiet -D dir="$T/ck$c" -f mlperf-checkpoint -D nwriters=2 -D shardsize=16m -D iosize=1m \
            -D checkpoints=$c -D betweenus=100000 --json "$T/ck$c.json" > "$T/ck$c.out" 2>&1
        expect_eq checkpoint_${c}_exit "$?" 0
        bounds checkpoint_${c}_cpu "$T/ck$c.json"
    done
fi

if in_part cpu_varmail; then
    mkdir "$T/vm"
    "$fb" --quiet -D dir="$T/vm" -f varmail --runtime 1 --json "$T/vm.json" > "$T/vm.out" 2>&1
    expect_eq varmail_exit "$?" 0
    bounds varmail_cpu "$T/vm.json"
fi

# A 4 KiB write on io_uring at depth 32 (dsync: WRITE, else buffered).
uring_workload() {
    cat > "$T/uring.f" <<EOF
define fileset name=f, path=\$dir, entries=1, dirwidth=1, size=16m, prealloc
define process name=p {
  thread name=t, memsize=1m {
    flowop write name=w, filesetname=f, iosize=4k, random, ioengine=io_uring, iodepth=32$1
  }
}
EOF
}

# uring_run OUT [ARGS]: 0 when it ran; skips the case when io_uring is unavailable here (ctest
# runs cpu_uring and writer_end as a case of their own).
uring_run() {
    local out=$1
    shift
    mkdir -p "$T/ud"
    "$fb" --quiet -D dir="$T/ud" -f "$T/uring.f" --json "$out.json" "$@" > "$out.out" 2>&1
    local rc=$?
    if [ $rc -ne 0 ] && grep -qi 'io_uring' "$out.out"; then
        skip "io_uring unavailable: $(head -c 200 "$out.out")"
    fi
    expect_eq "$(basename "$out")_exit" "$rc" 0
}

if in_part cpu_uring; then
    uring_workload ""
    uring_run "$T/u" --runtime 500ms && bounds uring_cpu "$T/u.json"
fi

if in_part cpu_hog; then
    # hog of 200,000 stores alone: its CPU per op is the thread's CPU over its ops.
    cat > "$T/hog1.f" <<'EOF'
define process name=p {
  thread name=t {
    flowop hog name=small, value=200000
  }
}
EOF
    # ... beside one 4 times longer and a 3 ms sleep: each gets its own CPU.
    cat > "$T/hog3.f" <<'EOF'
define process name=p {
  thread name=t {
    flowop hog name=small, value=200000
    flowop hog name=big, value=800000
    flowop compute name=nap, value=3000
  }
}
EOF
    "$fb" --quiet -f "$T/hog1.f" --runtime 1 --json "$T/hog1.json" > "$T/hog1.out" 2>&1
    expect_eq hog_alone_exit "$?" 0
    "$fb" --quiet -f "$T/hog3.f" --runtime 1 --json "$T/hog3.json" > "$T/hog3.out" 2>&1
    expect_eq hog_mix_exit "$?" 0
    bounds hog_mix_bounds "$T/hog3.json"
    python3 - "$T/hog1.json" "$T/hog3.json" <<'EOF' && ok || bad hog_exact "a busy loop's CPU per op is not its own"
import json, os, sys
alone = json.load(open(sys.argv[1]))["runs"][0]
mix = json.load(open(sys.argv[2]))["runs"][0]
a = alone["flowops"][0]
# alone, the known cost: the thread's own clock over the loop's ops (nothing else ran)
known = alone["thread_times"][0]["cpu_ns"] / a["ops"]
S = float(os.environ.get("FB_SLACK", 1))  # tests/lib.sh: 3 in a sanitizer build, beside others
assert abs(a["cpu_ns_per_op"] - known) <= 0.05 * S * known, ("alone", a["cpu_ns_per_op"], known)
f = {x["name"]: x for x in mix["flowops"]}
# beside the others (the machine's speed varies between runs, not within one):
# the loops' CPU is the thread's less the sleep's, shared by their lengths
loops = mix["thread_times"][0]["cpu_ns"] - f["nap"]["ops"] * f["nap"]["cpu_ns_per_op"]
per_store = loops / (f["small"]["ops"] * 200000 + f["big"]["ops"] * 800000)
for name, n in (("small", 200000), ("big", 800000)):
    want = per_store * n
    assert abs(f[name]["cpu_ns_per_op"] - want) <= 0.10 * S * want, (name, f[name]["cpu_ns_per_op"], want)
# the sleep spins its last 100 us: its CPU is that, not the hogs'
assert f["nap"]["cpu_ns_per_op"] < 1000000, ("nap", f["nap"]["cpu_ns_per_op"])
EOF
fi

if in_part writer_end; then
    # Requests drained after the stop are no one's time: the slowest writer,
    # like every bucket, ends where the run's seconds do.
    uring_workload ", dsync"
    over=0 ran=0
    for i in 1 2 3 4 5 6 7 8 9 10; do
        uring_run "$T/we$i" --runtime 300ms || break
        ran=$((ran + 1))
        python3 - "$T/we$i.json" <<'EOF' || over=$((over + 1))
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
t = run["thread_times"][0]
busy = sum(v for k, v in t.items() if k.endswith("_s"))
ok = 0 < run["slowest_writer_s"] <= run["seconds"] and busy <= run["seconds"]
if not ok:
    print("over:", run["slowest_writer_s"], busy, run["seconds"])
sys.exit(0 if ok else 1)
EOF
    done
    if [ $ran -gt 0 ]; then
        expect_eq writer_end_runs "$ran" 10
        expect_eq writer_end_over "$over" 0
    fi
fi

summary test_cpu_figures
