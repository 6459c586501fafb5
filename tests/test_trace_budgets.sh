#!/usr/bin/env bash
# test_trace_budgets.sh BIN BOUNDS: a crafted trace cannot take the machine
# (docs/replay.md, "A trace's budget"): forks after descriptor 65535 and traces
# of many pids checked in little memory and time, more processes or threads
# than the caps refused at the line that passes them, lines of any length read
# whole or refused with their number (never a tail read as a call), and numbers
# out of range refused as file:line, exit 2, in every format. BOUNDS 1 (release)
# also holds each case to its memory and time; 0 (a sanitizer build) only to
# its result.
set -u
bin=$(realpath "$1")
bounds=${2:-1}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"
top=$(mktemp -d /dev/shm/flowbench-budget.XXXXXX)
trap 'rm -rf "$top"' EXIT
mkdir "$top/D"
corpus=$here/fuzz/trace_corpus

# replay_check NAME TRACE: replay --check of TRACE; its exit in $top/NAME.rc, output in .out, "KB SECONDS" in .use
replay_check() {
  /usr/bin/time -f '%M %e' -o "$top/$1.use" "$bin" replay "$2" -D dir="$top/D" --root /r --check \
    >"$top/$1.out" 2>&1
  echo $? >"$top/$1.rc"
}
# within NAME MB SECONDS: the case's peak memory and time (release builds only)
within() {
  [ "$bounds" = 1 ] || return 0
  local kb secs
  read -r kb secs < <(tail -n 1 "$top/$1.use")
  if [ "$kb" -lt $(($2 * 1024)) ]; then ok; else bad "$1_memory" "$((kb / 1024)) MB, over $2 MB"; fi
  if awk -v s="$secs" -v m="$3" 'BEGIN { exit !(s < m) }'; then ok; else bad "$1_time" "$secs s, over $3 s"; fi
}
# refused NAME FILE LINE [WORDS]: exit 2, the message naming FILE:LINE (and holding WORDS)
refused() {
  expect_eq "$1_exit" "$(cat "$top/$1.rc")" 2
  expect_eq "$1_line" "$(grep -c -F "$2:$3: ${4:-}" "$top/$1.out")" 1
}

# 1,000 forks of a process holding descriptor 65535, each child using it: each fork copies
# what is open (one descriptor), not a table as large as the largest number
python3 - "$top/fork.trace" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# flowbench-trace 1\n0.000001 1 1 open a - - O_RDWR|O_CREAT 0644 65535 0.000001\n")
    for i in range(1000):
        f.write("%.7f 1 1 fork - - - - - %d 0.000001\n" % (0.00001 + i * 1e-6, 100 + i))
        f.write("%.7f %d %d fstat fd:65535 - - - - 0 0.000001\n" % (0.0000105 + i * 1e-6, 100 + i, 100 + i))
    f.write("# end\n")
PY
replay_check fork "$top/fork.trace"
expect_eq fork_exit "$(cat "$top/fork.rc")" 0
expect_eq fork_valid "$(grep -c '3001 calls (0 left out), 1001 processes' "$top/fork.out")" 1
within fork 50 2

# 2,000 forks in a chain (each child forks the next): 2,001 processes, past the cap of 1024,
# refused at the fork line of the 1025th (line 1027) before any table is copied
python3 - "$top/chain.trace" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# flowbench-trace 1\n0.000001 1 1 open a - - O_RDWR|O_CREAT 0644 65535 0.000001\n")
    p = 1
    for i in range(2000):
        f.write("%.7f %d %d fork - - - - - %d 0.000001\n" % (0.00001 + i * 1e-6, p, p, 100 + i))
        p = 100 + i
    f.write("# end\n")
PY
replay_check chain "$top/chain.trace"
refused chain "$top/chain.trace" 1027 "pid 1123 is the trace's process number 1025"
within chain 50 2

# 100,000 pids: refused at the 1025th, quickly and in little memory
python3 - "$top/pids.trace" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# flowbench-trace 1\n")
    for i in range(100000):
        f.write("%.6f %d %d stat a - - - - -ENOENT 0.000001\n" % (i * 1e-6, 2 + i, 2 + i))
    f.write("# end\n")
PY
replay_check pids "$top/pids.trace"
refused pids "$top/pids.trace" 1026 "pid 1026 is the trace's process number 1025; a replay runs each traced process as one of its own and takes at most 1024"
within pids 300 2
# ... and modelled (which has no process cap) in the same bounds: pids and tids are hashed there too
/usr/bin/time -f '%M %e' -o "$top/model.use" "$bin" model "$top/pids.trace" -o "$top/pids.f" >"$top/model.out" 2>&1
expect_eq model_pids_exit $? 0
expect_eq model_pids_processes "$(grep -c 'instances=100000 ' "$top/pids.f")" 1
within model 300 2

# at the caps: 100,000 calls of 1,024 processes and 1,024 threads are valid, in bounds
python3 - "$top/caps.trace" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# flowbench-trace 1\n")
    for i in range(100000):
        f.write("%.6f %d %d stat a - - - - -ENOENT 0.000001\n" % (i * 1e-6, 2 + i % 1024, 100000 + i % 1024))
    f.write("# end\n")
PY
replay_check caps "$top/caps.trace"
expect_eq caps_exit "$(cat "$top/caps.rc")" 0
expect_eq caps_valid "$(grep -c '100000 calls (0 left out), 1024 processes, 1024 threads' "$top/caps.out")" 1
within caps 300 2

# one thread past the thread cap, in one process
python3 - "$top/tids.trace" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# flowbench-trace 1\n")
    for i in range(1025):
        f.write("%.6f 7 %d stat a - - - - -ENOENT 0.000001\n" % (i * 1e-6, 10 + i))
    f.write("# end\n")
PY
replay_check tids "$top/tids.trace"
refused tids "$top/tids.trace" 1026 "tid 1034 is the trace's thread number 1025"

# at the thread cap, each thread making every kind of call: each a report row of each thread
python3 - "$top/rows.trace" <<'PY'
import sys
calls = ["open a - - O_RDWR|O_CREAT 0644 3", "read fd:3 - 10 - - 10", "write fd:3 - 10 - - 10", "lseek fd:3 0 - 0 - 0",
         "fsync fd:3 - - - - 0", "fdatasync fd:3 - - - - 0", "stat a - - - - 0", "fstat fd:3 - - - - 0",
         "mkdir d - - - 0755 0", "rmdir d - - - - 0", "truncate a - 5 - - 0", "ftruncate fd:3 - 5 - - 0",
         "chmod a - - - 0644 0", "utimes a - - - - 0", "access a - - - - 0", "statfs a - - - - 0",
         "getdents fd:3 - 100 - - 0", "lock fd:3 0 1 0x1 - 0", "flock fd:3 - - 0x2 - 0", "dup fd:3 - - - - 4",
         "close fd:4 - - - - 0", "link a - - - - 0 0.000001 b", "unlink b - - - - 0",
         "readlink l - 10 - - 1 0.000001 x", "symlink s - - - - 0 0.000001 x", "rename a - - - - 0 0.000001 c"]
with open(sys.argv[1], "w") as f:
    f.write("# flowbench-trace 1\n")
    t = 0
    for k in range(1024):
        for c in calls:
            t += 1
            f.write("%.6f 1 %d %s%s\n" % (t * 1e-6, 10 + k, c, "" if c.count(" ") > 9 else " 0.000001"))
    f.write("# end\n")
PY
replay_check rows "$top/rows.trace"
expect_eq rows_exit "$(cat "$top/rows.rc")" 0
within rows 300 2

# a strace write whose buffer passes 64 KiB, its tail shaped as an unlinkat: the line is read
# whole (the write, on stdout, left out), its tail never a call
replay_check smuggle "$corpus/strace-long-line"
expect_eq smuggle_exit "$(cat "$top/smuggle.rc")" 0
expect_eq smuggle_no_unlink "$(grep -c '0 calls (1 left out)' "$top/smuggle.out")" 1
# a 70 KB line of each other format is read whole too
for f in own-long-line fio2-long-line; do
  replay_check "$f" "$corpus/$f"
  expect_eq "${f}_exit" "$(cat "$top/$f.rc")" 0
done

# lines past the limit (1 MiB), in each format: refused with their own number
python3 - "$top" <<'PY'
import sys
top, big = sys.argv[1], "x" * (1 << 20)
cases = {
    "own": "# flowbench-trace 1\n0.1 1 1 stat a - - - - 0 0.1\n0.2 1 1 stat %s - - - - 0 0.1\n# end\n" % big,
    "strace": '1 1700000000.1 unlink("/r/a") = 0 <0.1>\n1 1700000000.2 write(1, "%s", 9) = 9 <0.1>\n' % big,
    "dbench": 'Flush 1 NT_STATUS_OK\nMkdir "\\%s" NT_STATUS_OK\n' % big,
    "fio2": "fio version 2 iolog\n/r/%s open\n" % big,
    "fio3": "fio version 3 iolog\n1 /r/a open\n2 /r/%s open\n" % big,
}
for name, text in cases.items():
    with open("%s/%s.long" % (top, name), "w") as f:
        f.write(text)
PY
for f in own:3 strace:2 dbench:2 fio2:2 fio3:3; do
  replay_check "long_${f%:*}" "$top/${f%:*}.long"
  refused "long_${f%:*}" "$top/${f%:*}.long" "${f#*:}" "the line is longer than 1048576 bytes"
done

# numbers out of range, in every format that can say them: file:line, exit 2
for f in own-pid-1e300:2 own-negative-time:2 own-nan-time:2 own-huge-offset:3 own-fd-2g:2 own-bad-mode:2 \
         strace-pid-1e300:2 strace-bare-pid-1e300:2 strace-negative-time:2 strace-negative-duration:2 \
         strace-fd-past-int:2 strace-child-past-int:2 strace-huge-pread:2 dbench-negative-time:1 \
         dbench-huge-offset:2 fio2-huge-offset:3 fio3-negative-time:2 fio3-huge-time:2; do
  replay_check "${f%:*}" "$corpus/${f%:*}"
  refused "${f%:*}" "$corpus/${f%:*}" "${f#*:}"
done
# the valid seeds stay valid
for f in own-valid strace-valid strace-fstat-cwd dbench-valid fio2-valid fio3-valid own-fork-65535 own-many-pids; do
  replay_check "$f" "$corpus/$f"
  expect_eq "${f}_valid" "$(cat "$top/$f.rc")" 0
done

summary test_trace_budgets
