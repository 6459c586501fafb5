#!/usr/bin/env bash
# test_placement.sh BIN PLANS: placement with hwloc. On a synthetic topology
# (HWLOC_SYNTHETIC) the plans of spread and compact are the ones written out in
# PLANS, impossible requests are refused at their attribute, and nothing is
# bound; on this machine a bound thread runs only where it was put (read from
# /proc/PID/task/TID/status of the run's own worker, found as the master's child).
set -u
bin=$(realpath "$1")
plans=$(realpath "$2")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-place.XXXXXX)
trap 'rm -rf "$top"' EXIT
synth="pack:2 numa:2 core:4 pu:2"

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
expect_grep() { if grep -q -- "$2" "$3"; then ok; else bad "$1" "no '$2' in: $(cat "$3")"; fi; }

# ---- the plans of spread and compact for 1..16 instances, against the table
cat >"$top/plan.f" <<'F'
define file name=f, path=/tmp, size=4k, prealloc
define process name=p { thread name=t, instances=$n, bind=$kind, policy=$pol { flowop read name=r, filename=f, iosize=4k } }
run 1
F
checked=0
while read -r kind pol n want; do
    n=${n%:}
    got=$(HWLOC_SYNTHETIC="$synth" "$bin" --check -D n="$n" -D kind="$kind" -D pol="$pol" -f "$top/plan.f" |
        sed -n 's/^placement p\[0\]\.t\[[0-9]*\]: cpus \([^,]*\), numa .*/\1/p' | tr '\n' ' ')
    expect_eq "plan_${kind}_${pol}_$n" "${got% }" "$want"
    checked=$((checked + 1))
done < <(grep -v '^#' "$plans")
expect_eq plans_checked $checked 128

# the plan's lines name the thread instance and its memory node
cat >"$top/mem.f" <<'F'
define file name=f, path=/tmp, size=4k, prealloc
define process name=rd, instances=2, numa="1", membind=local {
  thread name=t, instances=2, bind=core, policy=compact { flowop read name=r, filename=f, iosize=4k }
  thread name=u, cpus="20-21", numa="0-3", membind=interleave { flowop read name=r, filename=f, iosize=4k }
  thread name=v, bind=none, numa="0-3", membind=local { flowop read name=r, filename=f, iosize=4k } }
define process name=free { thread name=w { flowop read name=r, filename=f, iosize=4k } }
run 1
F
HWLOC_SYNTHETIC="$synth" "$bin" --check -f "$top/mem.f" >"$top/out" 2>&1
expect_eq mem_exit $? 0
expect_eq mem_plan "$(grep '^placement' "$top/out")" "placement rd[0].t[0]: cpus 8-9, numa 1 (membind local)
placement rd[0].t[1]: cpus 10-11, numa 1 (membind local)
placement rd[0].u[0]: cpus 20-21, numa 0-3 (membind interleave)
placement rd[0].v[0]: cpus 0-31, numa 0-3 (membind local)
placement rd[1].t[0]: cpus 12-13, numa 1 (membind local)
placement rd[1].t[1]: cpus 14-15, numa 1 (membind local)
placement rd[1].u[0]: cpus 20-21, numa 0-3 (membind interleave)
placement rd[1].v[0]: cpus 0-31, numa 0-3 (membind local)
placement free[0].w[0]: not bound"
# (u's own numa= replaces rd's numa="1", which has none of CPUs 20-21; interleave
# is over the nodes of numa=)

# --bind is every unbound thread's default; bind=none keeps a thread out of it
cat >"$top/dflt.f" <<'F'
define file name=f, path=/tmp, size=4k, prealloc
define process name=p { thread name=a, instances=2 { flowop read name=r, filename=f, iosize=4k }
                        thread name=b, bind=none { flowop read name=r, filename=f, iosize=4k } }
run 1
F
HWLOC_SYNTHETIC="$synth" "$bin" --check --bind numa:compact -f "$top/dflt.f" >"$top/out" 2>&1
expect_eq bind_default "$(grep '^placement' "$top/out")" "placement p[0].a[0]: cpus 0-7, numa 0
placement p[0].a[1]: cpus 8-15, numa 1
placement p[0].b[0]: not bound"
HWLOC_SYNTHETIC="$synth" "$bin" --check --bind core -f "$top/dflt.f" >"$top/out" 2>&1
expect_eq bind_default_spread "$(grep '^placement p\[0\].a' "$top/out")" "placement p[0].a[0]: cpus 0-1, numa 0
placement p[0].a[1]: cpus 16-17, numa 2"
"$bin" --check -f "$top/dflt.f" >"$top/out" 2>&1
expect_eq no_binding_no_plan "$(grep -c '^placement' "$top/out")" 0
"$bin" --check --bind socket -f "$top/dflt.f" >"$top/out" 2>&1
expect_eq bind_bad_exit $? 2
expect_grep bind_bad_message "--bind wants KIND\[:POLICY\], KIND none, pu, core, package or numa" "$top/out"

# ---- impossible requests: refused at the attribute, naming what exists
refuse() { # name attrs message
    printf 'define file name=f, path=/tmp, size=4k, prealloc\ndefine process name=p {\n  thread name=t, %s { flowop read name=r, filename=f, iosize=4k } }\nrun 1\n' "$2" >"$top/bad.f"
    HWLOC_SYNTHETIC="$synth" "$bin" --check -f "$top/bad.f" >"$top/out" 2>&1
    expect_eq "$1_exit" $? 2
    expect_grep "$1_message" "$3" "$top/out"
}
refuse cpus_missing 'cpus="30-33"' "bad.f:3:18: error: cpus=30-33: this machine has no CPU 32-33 (its CPUs are 0-31)"
refuse numa_missing 'numa=4' "bad.f:3:18: error: numa=4: this machine has no NUMA node 4 (its NUMA nodes are 0-3)"
refuse membind_missing 'membind="1,7"' "bad.f:3:18: error: membind=1,7: this machine has no NUMA node 7 (its NUMA nodes are 0-3)"
refuse cpus_syntax 'cpus="3-1"' 'bad.f:3:18: error: cpus=3-1 is not a list such as 1 or "0-3,8"'
refuse bind_word 'bind=socket' "bad.f:3:18: error: bind=socket: not one of none, pu, core, package or numa"
refuse policy_word 'bind=core, policy=scatter' "bad.f:3:29: error: policy=scatter: not one of spread or compact"
refuse policy_alone 'policy=compact' "bad.f:3:18: error: policy= spreads or packs the objects of bind=: thread 't' has no bind="
refuse cpus_off_numa 'cpus="20-21", numa=1' "bad.f:3:32: error: thread 't': its cpus= has no CPU on the nodes of numa=1"

# ---- a run on a synthetic topology: planned, not bound, and said so
cat >"$top/run.f" <<F
define file name=f, path=$top, size=4k, prealloc
define process name=p { thread name=t, instances=2, bind=core { flowop read name=r, filename=f, iosize=4k } }
run 1
F
HWLOC_SYNTHETIC="$synth" "$bin" --json "$top/synth.json" -f "$top/run.f" >"$top/out" 2>&1
expect_eq synth_run_exit $? 0
expect_grep synth_note "note: placement not applied: the topology is not this machine's" "$top/out"
real=$(sed -n 's/^Cpus_allowed_list:\t*//p' /proc/$$/status)
expect_eq synth_json "$(python3 - "$top/synth.json" <<'P'
import json, sys
d = json.load(open(sys.argv[1]))
print(d["host"]["packages"], d["host"]["topology_this_system"])
for t in d["runs"][0]["placement"]:
    print(t["thread"], t["planned_cpus"], t["binding"], t["cpus"])
P
)" "2 False
p[0].t[0] 0-1 planned only $real
p[0].t[1] 16-17 planned only $real"
# a binding that cannot be applied is a note and a failure in the JSON, not silence
HWLOC_THISSYSTEM=1 HWLOC_SYNTHETIC="$synth" "$bin" --json "$top/fail.json" -f "$top/run.f" >"$top/out" 2>&1
expect_eq fail_run_exit $? 0
expect_grep fail_note "note: placement p\[0\].t\[1\]: cannot bind to CPUs 16-17: Invalid argument" "$top/out"
expect_eq fail_json "$(python3 -c 'import json,sys; print([t["binding"] for t in json.load(open(sys.argv[1]))["runs"][0]["placement"]])' "$top/fail.json")" "['applied', 'failed']"

# ---- this machine: --topology and `list topology`
"$bin" --topology >"$top/topo" 2>&1
expect_eq topology_exit $? 0
for what in "^[0-9]* packages\?, [0-9]* NUMA nodes\?, [0-9]* cores\?, [0-9]* PUs\?$" "^  Package L#0" \
    "NUMANode L#0 P#0 [0-9.]* [KMGT]iB: cpus" "Core L#0" "PU L#0 P#" "L[123]d\? L#0 .*iB: cpus"; do
    expect_grep "topology_$what" "$what" "$top/topo"
done
echo "list topology" | "$bin" >"$top/list" 2>&1
expect_eq list_topology "$(cat "$top/list")" "$(cat "$top/topo")"

# ---- this machine: where the worker threads run, while they run
# The worker is the master's child; the workload's threads carry the script's thread name.
worker_cpus() { # master pid -> "Cpus_allowed_list" of each thread named t (the script's), sorted
    local w=
    # the master says "Running" once every thread has bound itself and waits at the barrier
    for _ in $(seq 300); do
        grep -q "Running" "$top/out" && break
        sleep 0.1
    done
    w=$(pgrep -P "$1" | head -1)
    for t in /proc/"$w"/task/*; do
        [ "$(cat "$t/comm")" = t ] || continue # not the workload's (the process's own, a sanitizer's)
        sed -n 's/^Cpus_allowed_list:\t*//p' "$t/status"
    done | sort
}
run_bg() { # script -> the master's pid in $master
    "$bin" --json "$top/real.json" -f "$1" >"$top/out" 2>&1 &
    master=$!
}

cat >"$top/one.f" <<F
define file name=f, path=$top, size=4k, prealloc
define process name=p { thread name=t, cpus=1, membind=local, memsize=1m { flowop read name=r, filename=f, iosize=4k } }
run 3
F
run_bg "$top/one.f"
expect_eq cpus1_allowed "$(worker_cpus $master)" "1"
wait $master
expect_eq cpus1_exit $? 0
expect_eq cpus1_json "$(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["runs"][0]["placement"][0]; print(t["planned_cpus"], t["cpus"], t["binding"])' "$top/real.json")" "1 1 applied"

cat >"$top/spread.f" <<F
define file name=f, path=$top, size=4k, prealloc
define process name=p { thread name=t, instances=2, bind=core, policy=spread { flowop read name=r, filename=f, iosize=4k } }
run 3
F
run_bg "$top/spread.f"
got=$(worker_cpus $master)
wait $master
expect_eq spread_exit $? 0
# two threads, one core each, not the same one (this machine has 2 cores)
expect_eq spread_distinct "$(echo "$got" | wc -l) $(echo "$got" | sort -u | wc -l) $(echo "$got" | grep -c '^[0-9]*$')" "2 2 2"
expect_eq spread_json "$(python3 -c 'import json,sys; print(sorted(t["cpus"] for t in json.load(open(sys.argv[1]))["runs"][0]["placement"]))' "$top/real.json")" "$(echo "$got" | python3 -c 'import sys; print(sorted(l.strip() for l in sys.stdin))')"

summary placement
