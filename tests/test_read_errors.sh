#!/usr/bin/env bash
# test_read_errors.sh BIN: a read the kernel fails ends the run with its error,
# on a synchronous engine's short path (op_io_read, include/engine/op_io.h),
# random and sequential: strace injects EIO into the worker's fifth pread64.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bin=$(realpath "$1")
need_strace
# LeakSanitizer cannot run under ptrace (it aborts at exit): off for these traced runs
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
top=$(mktemp -d /dev/shm/flowbench-readerr.XXXXXX)
trap 'rm -rf "$top"' EXIT

# read_fails NAME ATTRS: the fifth read fails; the run exits 1 naming the flowop,
# the file and the error, with the four reads before it counted.
read_fails() {
    local d=$top/$1
    mkdir -p "$d"
    cat >"$d/w.f" <<F
define file name=f,path=$d,size=1m,prealloc,reuse
define process name=p { thread name=t { flowop read name=r1, filename=f, iosize=8k$2 } }
run 2
F
    strace -f -qq -o /dev/null -e trace=pread64 -e inject=pread64:error=EIO:when=5 \
        "$bin" --quiet -f "$d/w.f" >"$d/out" 2>&1
    expect_eq "$1_exit" "$?" 1
    if grep -q "flowop r1 (read) in thread t: read $d/f/.*: Input/output error" "$d/out"; then ok
    else bad "$1_message" "$(tail -3 "$d/out")"; fi
    expect_eq "$1_ops" "$(ops_of r1 "$d/out")" 4
}
read_fails random ",random"
read_fails sequential ""
summary read_errors
