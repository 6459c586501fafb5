#!/usr/bin/env bash
# test_replay_bounds.sh BIN [BOUNDS]: what a review of replay's safety found, each held:
# a FIFO given as the trace (or as one of strace -ff's files) is refused, never waited
# on; a timed replay at --speed 0.000001 of a call 9*10^9 s in waits (no overflow to
# "at once"); 32 threads each reading 64 MiB hold a bounded buffer (BOUNDS 1: release
# builds check the memory); a traced chmod or mkdir makes no directory others may write
# to and no setuid file; an open of a file whose lease another process holds fails at
# once (a mismatch) instead of spinning.
set -u
bin=$(realpath "$1")
bounds=${2:-1}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
top=$(mktemp -d /dev/shm/flowbench-bounds.XXXXXX)
lease_pid=
trap '[ -n "$lease_pid" ] && kill "$lease_pid" 2>/dev/null; rm -rf "$top"' EXIT
cd "$top" || exit 1
mismatches() { awk '$1 == "mismatch" { sub("ops", "", $2); s += $2 } END { print s + 0 }' "$1"; }

# --- a FIFO is no trace: refused at once (timeout would say 124 had it waited)
mkfifo fifo.trace
mkdir F
timeout 10 "$bin" replay fifo.trace -D dir="$top/F" --check >out 2>&1
expect_rc fifo_refused $? 2 out
expect_eq fifo_says "$(grep -c 'fifo.trace: not a regular file' out)" 1
mkfifo s.strace.123 # strace -ff's PREFIX.PID files: s.strace itself absent
timeout 10 "$bin" replay s.strace -D dir="$top/F" --check >out 2>&1
expect_rc ff_fifo_refused $? 2 out
timeout 10 "$bin" model fifo.trace -o m.f >out 2>&1
expect_rc model_fifo_refused $? 2 out

# --- --speed 0.000001: a call 9*10^9 s in is due in 9*10^15 s, not at once; SIGTERM ends the wait
printf '# flowbench-trace 1\n0.0 1 1 mkdir a - - - 0755 0 0.0\n9000000000.0 1 1 mkdir b - - - 0755 0 0.0\n# end\n' >far.trace
start=$SECONDS
timeout -s TERM 2 "$bin" replay far.trace -D dir="$top/S" --mode timed --speed 0.000001 >out 2>&1
expect_rc far_still_waiting $? 124 out
[ -d S/a ] && [ ! -d S/b ] && ok || bad far_calls "a made: $([ -d S/a ] && echo y), b made: $([ -d S/b ] && echo y)"
[ $((SECONDS - start)) -lt 10 ] && ok || bad far_ends_on_term "took $((SECONDS - start)) s"

# --- 32 threads each reading one 64 MiB file whole: the buffers are bounded (256 MiB in all)
{
    echo '# flowbench-trace 1'
    for t in $(seq 1 32); do
        echo "0.0 1 $((100 + t)) open big - - O_RDONLY - $((2 + t)) 0.0"
        echo "0.1 1 $((100 + t)) read fd:$((2 + t)) 0 67108864 - - 67108864 0.0"
    done
    echo '# end'
} >big.trace
/usr/bin/time -f '%M' -o big.kb "$bin" replay big.trace -D dir="$top/B" --lay-max 1g >out 2>&1
expect_rc big_exit $? 0 out
expect_eq big_read_whole "$(awk '$1 == "read" { sub("ops", "", $2); n += $2; if ($3 ~ /mb/) {} } END { print n }' out)" 32
expect_eq big_no_mismatch "$(mismatches out)" 0
if [ "$bounds" = 1 ]; then
    kb=$(tail -n 1 big.kb)
    [ "$kb" -lt $((600 * 1024)) ] && ok || bad big_memory "$((kb / 1024)) MB at the peak, over 600 MB"
fi

# --- modes: a traced chmod 0777 of a directory, mkdir 0777, chmod 04755 of a file
cat >modes.trace <<'T'
# flowbench-trace 1
0.0 1 1 mkdir d - - - 0777 0 0.0
0.1 1 1 mkdir e - - - 0755 0 0.0
0.2 1 1 chmod e - - - 0777 0 0.0
0.3 1 1 open f - - O_WRONLY|O_CREAT|O_EXCL 04755 3 0.0
0.4 1 1 close fd:3 - - - - 0 0.0
0.5 1 1 chmod f - - - 06755 0 0.0
# end
T
(umask 022 && "$bin" replay modes.trace -D dir="$top/M" >out 2>&1)
expect_rc modes_exit $? 0 out
expect_eq modes_dirs "$(stat -c %a M/d M/e | tr '\n' ' ')" "755 755 "
expect_eq modes_file "$(stat -c %a M/f)" 755

# --- a lease held elsewhere: the replayed open fails at once (EAGAIN, a mismatch), no spin
printf '# flowbench-trace 1\n0.0 1 1 open f - - O_RDONLY - 3 0.0\n0.1 1 1 read fd:3 - 4096 - - 4096 0.0\n0.2 1 1 close fd:3 - - - - 0 0.0\n# end\n' >lease.trace
"$bin" replay lease.trace -D dir="$top/L" >out 2>&1
expect_rc lease_first_exit $? 0 out
python3 - "$top/L/f" >lease.out 2>&1 <<'P' &
import fcntl, os, signal, sys, time
signal.signal(signal.SIGIO, signal.SIG_IGN)
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_WRLCK)
print("held", flush=True)
time.sleep(60)
P
lease_pid=$!
for _ in $(seq 1 50); do grep -q held lease.out && break; sleep 0.1; done
expect_eq lease_held "$(cat lease.out)" held
start=$SECONDS
timeout 20 "$bin" replay lease.trace -D dir="$top/L" >out 2>&1
expect_rc lease_ends $? 0 out
[ $((SECONDS - start)) -lt 10 ] && ok || bad lease_no_spin "took $((SECONDS - start)) s"
expect_eq lease_mismatch "$(grep -c 'open f: traced 3, replay -EAGAIN' out)" 1
summary replay_bounds
