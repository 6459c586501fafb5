#!/usr/bin/env bash
# test_ioengine.sh BIN [engines|strace|uring_off]: every I/O engine moves the bytes it claims, through
# the system calls it claims (strace), at the depth asked, named in the
# reports; a bad engine, a wrong combination and a refused engine are clear errors.
set -u
bin=$(realpath "$1")
part=${2:-all} # engines (all but what follows), strace (the system calls) or uring_off (io_uring refused)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-ioe.XXXXXX)
restore=""
trap 'rm -rf "$top"; [ -z "$restore" ] || sysctl -q -w kernel.io_uring_disabled="$restore"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# json FILE EXPR (lib.sh): a python expression over the document j, one python3 answering all
in_part engines && json_serve
row() { echo "[r for r in j['runs'][0]['flowops'] if r['name']=='$1'][0]"; }

if in_part engines; then
# One file of 1 MiB; each engine appends a counted number of 4 KiB blocks,
# rewrites the file whole, reads it whole and reads and writes at random.
for eng in psync libaio io_uring mmap; do
    d=$top/$eng
    mkdir -p "$d"
    cat >"$d/w.f" <<F
define file name=f, path=$d, size=1m, prealloc
define file name=g, path=$d, size=0, prealloc
define process name=p { thread name=t, ioengine=$eng, iodepth=4 {
  flowop appendfile name=app, filename=g, iosize=4k
  flowop readwholefile name=rwhole, filename=f, iosize=64k, fd=1
  flowop writewholefile name=wwhole, filename=f, iosize=64k, fd=2
  flowop read name=rrand, filename=f, iosize=8k, random, fd=3
  flowop write name=wrand, filename=f, iosize=8k, random, fd=4
  flowop read name=rseq, filename=f, iosize=8k, fd=5, iodepth=2
  flowop read name=rone, filename=f, iosize=8k, random, fd=6, iodepth=1
  flowop finishoncount name=done, value=200, target=app
} }
run 30
F
    "$bin" -f "$d/w.f" --json "$d/r.json" >"$d/out" 2>"$d/err"
    rc=$?
    [ $rc = 0 ] && ok || { bad "${eng}_exit" "$rc $(cat "$d/err")"; continue; }
    apps=$(json "$d/r.json" "$(row app)['ops']")
    size=$(stat -c %s "$d/g/00000001/00000001")
    # every append landed, whole, at the end: the file grew by exactly the bytes counted
    [ "$size" = $((apps * 4096)) ] && ok || bad "${eng}_append_size" "size $size after $apps appends"
    # rone at depth 1 among deeper ops: its short path while their requests are in flight
    for op in app rwhole wwhole rrand wrand rseq rone; do
        n=$(json "$d/r.json" "$(row $op)['ops']")
        [ "$n" -gt 0 ] && ok || bad "${eng}_${op}_ops" "$n"
        e=$(json "$d/r.json" "$(row $op)['ioengine']")
        [ "$e" = "$eng" ] && ok || bad "${eng}_${op}_json_engine" "$e"
    done
    # the whole-file read reads the whole file: at least its size before the appends, each op
    per=$(json "$d/r.json" "$(row rwhole)['bytes'] // $(row rwhole)['ops']")
    [ "$per" -ge 1048576 ] && ok || bad "${eng}_readwhole_bytes" "$per bytes per op"
    [ "$(json "$d/r.json" "$(row rrand)['iodepth']")" = 4 ] && ok || bad "${eng}_json_depth" "$(cat "$d/r.json")"
    [ "$(json "$d/r.json" "$(row rseq)['iodepth']")" = 2 ] && ok || bad "${eng}_json_depth_flowop" ""
    grep -q "^rrand .* $eng/4\$" "$d/out" && ok || bad "${eng}_text_engine" "$(grep rrand "$d/out")"
    grep -q "^done .* [a-z_]*/[0-9]*\$" "$d/out" && bad "${eng}_text_no_engine_for_finish" "$(grep '^done' "$d/out")" || ok
done

fi

# strace: each engine makes the calls it claims, and none it should not.
if in_part strace; then
    need_strace
    d=$top/trace
    mkdir -p "$d"
    cat >"$d/w.f" <<F
set \$eng=psync
define file name=f, path=$d, size=256k, prealloc, reuse
define process name=p { thread name=t, ioengine=\$eng, iodepth=8 {
  flowop read name=r, filename=f, iosize=8k, random
  flowop write name=w, filename=f, iosize=8k, random
  flowop finishoncount name=done, value=500, target=r
} }
run 30
F
    # Only the worker's calls count: data calls name the data file (strace -y), the others the ring or context.
    trace() {
        # LeakSanitizer cannot run under ptrace: leaks are checked by the runs without strace.
        ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0" \
            strace -f -y -e trace=read,pread64,write,pwrite64,io_submit,io_getevents,io_uring_enter -o "$d/$1.trace" \
            "$bin" -D eng="$1" -f "$d/w.f" >"$d/$1.out" 2>&1 || bad "$1_trace_run" "$(tail -3 "$d/$1.out")"
    }
    calls() {
        case $2 in
        io_*) grep -c "^[0-9]* *$2(" "$d/$1.trace" ;;
        *) grep -c "^[0-9]* *$2([0-9]*<$d/f/" "$d/$1.trace" ;;
        esac
    }
    "$bin" -f "$d/w.f" >/dev/null 2>&1   # made now, so that the traced runs only reuse it
    for eng in psync libaio io_uring mmap; do trace $eng; done
    n=$(calls psync pread64); [ "${n:-0}" -ge 500 ] && ok || bad psync_pread "pread64 calls: ${n:-0}"
    n=$(calls psync pwrite64); [ "${n:-0}" -ge 500 ] && ok || bad psync_pwrite "pwrite64 calls: ${n:-0}"
    n=$(calls libaio io_submit); [ "${n:-0}" -ge 1 ] && ok || bad libaio_io_submit "io_submit calls: ${n:-0}"  # batched: test_io_batch.sh
    n=$(calls libaio pread64); [ "${n:-0}" = 0 ] && ok || bad libaio_no_pread "pread64 calls: $n"
    n=$(calls io_uring io_uring_enter); [ "${n:-0}" -ge 1 ] && ok || bad uring_enter "io_uring_enter calls: ${n:-0}"  # batched: test_io_batch.sh
    n=$(calls io_uring pread64); [ "${n:-0}" = 0 ] && ok || bad uring_no_pread "pread64 calls: $n"
    n=$(calls io_uring pwrite64); [ "${n:-0}" = 0 ] && ok || bad uring_no_pwrite "pwrite64 calls: $n"
    for c in read pread64 write pwrite64 io_submit io_uring_enter; do
        n=$(calls mmap $c); [ "${n:-0}" = 0 ] && ok || bad "mmap_no_$c" "$c calls: $n"
    done
    # At iodepth 1 (the engine's one request sent and waited for): one io_uring_enter an op;
    # one io_submit and one io_getevents, and the ops all counted.
    sed -i 's/iodepth=8/iodepth=1/' "$d/w.f"
    for eng in libaio io_uring; do trace $eng; done
    for t in "io_uring io_uring_enter" "libaio io_submit" "libaio io_getevents"; do
        set -- $t
        n=$(calls $1 $2); [ "${n:-0}" = 1000 ] && ok || bad "depth1_$1_$2" "$2 calls: ${n:-0} for 1000 ops"
        grep -q "^r .* 500ops .* $1/1\$" "$d/$1.out" && grep -q "^w .* 500ops .* $1/1\$" "$d/$1.out" && ok \
            || bad "depth1_$1_ops" "$(cat "$d/$1.out")"
    done
fi

if in_part engines; then
# The run-wide --ioengine and --iodepth win over the script's.
d=$top/override
mkdir -p "$d"
cat >"$d/w.f" <<F
define file name=f, path=$d, size=64k, prealloc
define process name=p { thread name=t, ioengine=mmap {
  flowop read name=r, filename=f, iosize=8k, random, ioengine=psync
  flowop aiowrite name=aw, filename=f, iosize=8k, random
  flowop aiowait name=wt
} }
run 1
F
"$bin" -f "$d/w.f" --ioengine io_uring --iodepth 16 --json "$d/r.json" >"$d/out" 2>&1 && ok || bad override_run "$(cat "$d/out")"
[ "$(json "$d/r.json" "$(row r)['ioengine']")/$(json "$d/r.json" "$(row r)['iodepth']")" = io_uring/16 ] && ok \
    || bad override_json "$(json "$d/r.json" "$(row r)")"
[ "$(json "$d/r.json" "$(row aw)['ioengine']")" = io_uring ] && ok || bad override_aio "$(json "$d/r.json" "$(row aw)")"
"$bin" -f "$d/w.f" --ioengine psync --json "$d/r2.json" >"$d/out2" 2>&1 && ok || bad override_psync_run "$(cat "$d/out2")"
# an asynchronous flowop keeps an asynchronous engine when the run asks for a synchronous one
[ "$(json "$d/r2.json" "$(row aw)['ioengine']")" = libaio ] && ok || bad aio_keeps_async "$(json "$d/r2.json" "$(row aw)")"
[ "$(json "$d/r2.json" "$(row aw)['ops']")" -gt 0 ] && ok || bad aio_ops ""

# Bad input: located errors, exit 2, nothing run.
cat >"$top/bad1.f" <<F
define file name=f, path=$top/bad, size=64k, prealloc
define process name=p { thread name=t, ioengine=posixaio { flowop read name=r, filename=f, iosize=8k } }
run 1
F
"$bin" -f "$top/bad1.f" >"$top/bad1.out" 2>&1
[ $? = 2 ] && ok || bad unknown_engine_exit "$(cat "$top/bad1.out")"
grep -q "bad1.f:2:[0-9]*: .*unknown ioengine 'posixaio' (one of psync, libaio, io_uring, mmap)" "$top/bad1.out" && ok \
    || bad unknown_engine_message "$(cat "$top/bad1.out")"
[ -e "$top/bad" ] && bad unknown_engine_touched "$top/bad exists" || ok
cat >"$top/bad2.f" <<F
define file name=f, path=$top/bad, size=64k, prealloc
define process name=p { thread name=t { flowop aiowrite name=a, filename=f, iosize=8k, random, ioengine=mmap
  flowop read name=r, filename=f, iosize=8k, iodepth=0 } }
run 1
F
"$bin" -f "$top/bad2.f" >"$top/bad2.out" 2>&1
[ $? = 2 ] && ok || bad aio_sync_engine_exit "$(cat "$top/bad2.out")"
grep -q "bad2.f:2:[0-9]*: .*aiowrite wants an asynchronous ioengine (libaio or io_uring), not mmap" "$top/bad2.out" && ok \
    || bad aio_sync_engine_message "$(cat "$top/bad2.out")"
sed -i 's/ioengine=mmap/ioengine=libaio/' "$top/bad2.f"
"$bin" -f "$top/bad2.f" >"$top/bad3.out" 2>&1
grep -q "bad2.f:3:[0-9]*: .*iodepth must be 1 or more" "$top/bad3.out" && ok || bad depth_zero "$(cat "$top/bad3.out")"
"$bin" --ioengine sync -f "$top/bad1.f" >"$top/bad4.out" 2>&1
[ $? = 2 ] && grep -q "ioengine: 'sync' is not one of psync, libaio, io_uring, mmap" "$top/bad4.out" && ok \
    || bad cli_engine "$(cat "$top/bad4.out")"
"$bin" --iodepth 0 -f "$top/bad1.f" >"$top/bad5.out" 2>&1
[ $? = 2 ] && grep -q "iodepth: '0' is not a whole number from 1 to 4096" "$top/bad5.out" && ok || bad cli_depth "$(cat "$top/bad5.out")"

# A failed write at iodepth 1 (EFBIG past ulimit -f, SIGXFSZ ignored) ends the run naming the
# flowop, the file and the error, on the asynchronous engines' short path as on psync's.
for eng in libaio io_uring; do
    d=$top/efbig_$eng
    mkdir -p "$d"
    printf 'define file name=f, path=%s, size=0, prealloc\ndefine process name=p { thread name=t { flowop write name=grow, filename=f, iosize=8k, ioengine=%s, iodepth=1 } }\nrun 5\n' "$d" "$eng" >"$d/w.f"
    (trap '' XFSZ; ulimit -f 1024; exec "$bin" -f "$d/w.f") >"$d/out" 2>"$d/err"
    expect_eq "efbig_${eng}_exit" $? 1
    grep -q "flowop grow (write) in thread t: write $d/f/[0-9/]*: File too large" "$d/err" && ok \
        || bad "efbig_${eng}_message" "$(cat "$d/err")"
done

fi

# An engine the kernel refuses: io_uring switched off (root, kernels with kernel.io_uring_disabled).
if in_part uring_off; then
    [ -w /proc/sys/kernel/io_uring_disabled ] ||
        skip "io_uring refusal: needs root and /proc/sys/kernel/io_uring_disabled"
    restore=$(cat /proc/sys/kernel/io_uring_disabled)
    sysctl -q -w kernel.io_uring_disabled=2
    d=$top/refused
    mkdir -p "$d"
    printf 'define file name=f, path=%s, size=64k, prealloc\ndefine process name=p { thread name=t, ioengine=io_uring { flowop read name=r, filename=f, iosize=8k, random } }\nrun 1\n' "$d" >"$d/w.f"
    "$bin" -f "$d/w.f" >"$d/out" 2>&1
    rc=$?
    sysctl -q -w kernel.io_uring_disabled="$restore"
    restore=""
    [ $rc = 1 ] && ok || bad refused_exit "$rc"
    grep -q "flowop r (read) in thread t: ioengine io_uring: cannot set up .*: Operation not permitted (io_uring is disabled" "$d/out" && ok \
        || bad refused_message "$(cat "$d/out")"
fi

summary
