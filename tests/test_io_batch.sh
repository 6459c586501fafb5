#!/usr/bin/env bash
# test_io_batch.sh BIN: libaio and io_uring send the requests of one refill
# together, one io_submit or submitting io_uring_enter per refill, not one
# per request (strace counts the calls against the ops at iodepth 32); a
# request queued while the device queue is empty is sent at once.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-iobatch.XXXXXX)
trap 'rm -rf "$top"' EXIT

need_strace

# 4 KiB random reads at iodepth 32 of a cached file for a second (the read is
# the thread's only flowop: any other that is not engine I/O waits for what
# is in flight first, as with a synchronous engine).
reads=1000
cat >"$top/w.f" <<F
set \$eng=psync
define file name=f, path=$top, size=4m, prealloc, reuse
define process name=p { thread name=t, ioengine=\$eng, iodepth=32 {
  flowop read name=r, filename=f, iosize=4k, random
} }
run 1
F
"$bin" -f "$top/w.f" >/dev/null 2>&1   # made now, so that the traced runs only reuse it

# trace ENG: runs the workload on ENG under strace; the ops counted in its JSON.
trace() {
    # LeakSanitizer cannot run under ptrace: leaks are checked by the runs without strace.
    ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0" \
        strace -f -e trace=io_submit,io_uring_enter -o "$top/$1.trace" \
        "$bin" -D eng="$1" -f "$top/w.f" --json "$top/$1.json" >"$top/$1.out" 2>&1 \
        || { bad "$1_run" "$(tail -3 "$top/$1.out")"; return 1; }
    python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print([r for r in j['runs'][0]['flowops'] if r['name']=='r'][0]['ops'])" \
        "$top/$1.json"
}

# submits TRACE CALL: "calls requests" for the calls that submit something
# (io_uring_enter's second argument is how many entries it submits; a wait
# submits none), requests being the sum of what they returned.
submits() {
    awk -v call="$2" '
        $0 ~ "^[0-9]+ +" call "\\(" {
            split($0, a, ", "); n = a[2] + 0
            if (call == "io_uring_enter" && n == 0) next
            r = $NF + 0; calls++; reqs += r > 0 ? r : 0
        }
        END { print calls + 0, reqs + 0 }' "$1"
}

for pair in libaio:io_submit io_uring:io_uring_enter; do
    eng=${pair%%:*} call=${pair#*:}
    ops=$(trace "$eng") || continue
    read -r calls reqs < <(submits "$top/$eng.trace" "$call")
    [ "$ops" -ge "$reads" ] && ok || bad "${eng}_ops" "$ops reads in a second, under $reads"
    # every read was submitted, once
    [ "$reqs" -ge "$ops" ] && ok || bad "${eng}_all_submitted" "$reqs requests submitted for $ops reads"
    # batched: at depth 32 a refill is many requests; one call each would be calls = ops
    [ $((calls * 8)) -le "$ops" ] && ok \
        || bad "${eng}_batched" "$calls submitting $call calls for $ops reads (one per request is not batching)"
    # the device queue was empty when the run began: the first request went at
    # once, not after the other 31 of the first refill were queued
    first=$(awk -v call="$call" '$0 ~ "^[0-9]+ +" call "\\(" { split($0, a, ", "); n = a[2] + 0
            if (call == "io_uring_enter" && n == 0) next; print n; exit }' "$top/$eng.trace")
    [ "$first" = 1 ] && ok || bad "${eng}_first_sent_alone" "the first $call sent ${first:-nothing} requests, not 1"
    echo "$eng: $ops reads, $calls submitting $call calls ($reqs requests), $((ops / (calls > 0 ? calls : 1))) reads per call"
done

summary io_batching
