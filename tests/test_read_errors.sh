#!/usr/bin/env bash
# test_read_errors.sh BIN: a read the kernel fails ends the run with its error,
# on a synchronous engine's short path (op_io_read, include/engine/op_io.h),
# random and sequential: strace injects EIO into the worker's fifth pread64.
# The same for the short paths of readwholefile, appendfile and fsync
# (src/flowops/read.c, append.c, fsync.c), each call made without libc.
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

# call_fails NAME CALL WHEN FLOWOPS VERB OPS: the WHEN-th CALL fails with EIO; the
# run exits 1 naming flowop x1, VERB and the file, with OPS of x1 counted before.
call_fails() {
    local d=$top/$1
    mkdir -p "$d"
    cat >"$d/w.f" <<F
define file name=f,path=$d,size=16k,prealloc,reuse
define process name=p { thread name=t { $4 } }
run 2
F
    strace -f -qq -o /dev/null -e trace="$2" -e inject="$2":error=EIO:when="$3" \
        "$bin" --quiet -f "$d/w.f" >"$d/out" 2>&1
    expect_eq "$1_exit" "$?" 1
    if grep -q "flowop x1 ([a-z]*) in thread t: $5 $d/f/.*: Input/output error" "$d/out"; then ok
    else bad "$1_message" "$(tail -3 "$d/out")"; fi
    expect_eq "$1_ops" "$(ops_of x1 "$d/out")" "$6"
}
# a whole read of 16 KiB in 16 KiB chunks is two preads (the second finds the end)
call_fails readwhole pread64 5 "flowop readwholefile name=x1, filename=f, iosize=16k" read 2
call_fails append write 3 "flowop appendfile name=x1, filename=f, iosize=4k" "append to" 2
call_fails fsync fsync 2 "flowop appendfile name=a1, filename=f, iosize=4k
  flowop fsync name=x1, fd=0" fsync 1
summary read_errors
