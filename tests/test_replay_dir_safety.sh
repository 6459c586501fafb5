#!/bin/bash
# test_replay_dir_safety.sh BIN: flowbench replay's DIR is a managed tree (docs/replay.md,
# "What replay guarantees"): links, hard links, FIFOs, other owners and open directories in
# DIR refused before a byte is written, files flowbench did not lay down only with --over
# (and never rewritten when the trace only reads them), DIR locked, the lay-down's size
# budgeted, --speed range-checked, and DIR's name kept out of F text. Files outside DIR
# are compared by sha256 and mode before and after.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bin=$(realpath "$1")
top=$(mktemp -d /dev/shm/flowbench-replay-dir.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$top"' EXIT
cd "$top" || exit 1
out=$top/outside
mkdir "$out"
printf 'secret data\n' >"$out/secret"
chmod 0640 "$out/secret"
# state_of: what lies outside every DIR, as sha256 and mode
state_of() { (cd "$out" && for f in *; do echo "$(sha256sum <"$f" | cut -c1-64) $(stat -c %a "$f") $f"; done); }
before=$(state_of)
# listing DIR: every name, type and size beneath DIR
listing() { (cd "$1" && find . -printf '%p %y %s\n' | sort); }

head='# flowbench-trace 1
# time pid tid call target offset length flags mode result duration [target2]'
# trace NAME LINE...: a trace of flowbench's own format
trace() {
    local f=$top/$1.trace
    shift
    { echo "$head"; printf '%s\n' "$@"; echo '# end'; } >"$f"
}
trace read_a '0.0 1 1 open a - - O_RDONLY - 3 0.00001' '0.00002 1 1 read fd:3 - 100 - - 100 0.00001' \
    '0.00003 1 1 close fd:3 - - - - 0 0.00001'
trace write_a '0.0 1 1 open a - - O_RDWR - 3 0.00001' '0.00002 1 1 write fd:3 - 100 - - 100 0.00001' \
    '0.00003 1 1 close fd:3 - - - - 0 0.00001' '0.00004 1 1 chmod a - - - 04777 0 0.00001'

# refused NAME DIR TRACE WANT [ARGS...]: the replay exits 2 naming WANT, DIR's
# listing is as it was, and nothing outside changed
refused() {
    local name=$1 dir=$2 tr=$3 want=$4
    shift 4
    local was
    was=$(listing "$dir")
    timeout 30 "$bin" replay "$top/$tr.trace" -D dir="$dir" "$@" >"$top/out" 2>"$top/err"
    expect_eq "${name}_exit" $? 2
    grep -qF -- "$want" "$top/err" && ok || bad "${name}_message" "want '$want' in: $(cat "$top/err")"
    expect_eq "${name}_dir_untouched" "$(listing "$dir")" "$was"
    expect_eq "${name}_outside_untouched" "$(state_of)" "$before"
}

# A hard link in DIR to a file elsewhere: never truncated or chmod'ed
mkdir H && ln "$out/secret" H/a
refused hard_link "$top/H" write_a "$top/H/a is a file with 2 links, 1 of them beneath $top/H" --over
# A FIFO at a name the trace reads: refused, not opened (a hang fails under timeout)
mkdir F && mkfifo F/a
refused fifo "$top/F" read_a "$top/F/a is a FIFO" --over
refused fifo_check "$top/F" read_a "$top/F/a is a FIFO" --over --check
# A symbolic link planted in DIR, and a socket
mkdir L && ln -s "$out/secret" L/a
refused symlink "$top/L" write_a "$top/L/a is a symbolic link that no replay here made" --over
mkdir S && python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' S/sock
refused socket "$top/S" read_a "$top/S/sock is a socket" --over
# A directory others may write to, and (as root) an entry another user owns
mkdir -p W/sub && chmod 0777 W/sub
refused open_dir "$top/W" read_a "$top/W/sub is a directory other users may write to (mode 0777)" --over
if [ "$(id -u)" = 0 ]; then
    mkdir O && touch O/a && chown 65534 O/a
    refused other_owner "$top/O" read_a "$top/O/a is a file owned by uid 65534" --over
fi

# Files flowbench did not lay down: refused without --over; with it, a file the trace only
# reads (at its traced size or more) is kept byte for byte
mkdir N && head -c 300 /dev/urandom >N/a && echo 'my notes' >N/notes.txt
notes=$(cd N && sha256sum a notes.txt)
refused foreign "$top/N" read_a " was not laid down by flowbench"
grep -qF -- "--over" "$top/err" && ok || bad foreign_says_over "$(cat "$top/err")"
"$bin" replay "$top/read_a.trace" -D dir="$top/N" --over >"$top/out" 2>&1
expect_eq over_exit $? 0
expect_eq over_kept "$(cd N && sha256sum a notes.txt)" "$notes"
expect_eq over_no_mismatch "$(awk '$1 == "mismatch" { print $2 }' "$top/out")" 0ops
# notes.txt stays foreign: the next replay without --over is refused at it
refused still_foreign "$top/N" read_a "$top/N/notes.txt was not laid down by flowbench"

# What flowbench laid down (its manifest) is replayed over again without --over; a file
# the trace writes is laid down afresh, one it only reads and finds short grown at its end
mkdir M
"$bin" replay "$top/write_a.trace" -D dir="$top/M" >"$top/out" 2>&1
expect_eq manifest_first_exit $? 0
"$bin" replay "$top/write_a.trace" -D dir="$top/M" >"$top/out" 2>&1
expect_eq manifest_again_exit $? 0
expect_eq manifest_lists "$(tail -c +22 M/.flowbench-replay | tr '\0' '\n')" a
printf 'abc' >"$top/short" && mkdir G && cp "$top/short" G/a
"$bin" replay "$top/read_a.trace" -D dir="$top/G" --over >"$top/out" 2>&1
expect_eq grown_exit $? 0
expect_eq grown_size "$(stat -c %s G/a)" 100
expect_eq grown_head "$(head -c 3 G/a)" abc

# The lay-down's budget, before the first byte: a one-line trace claiming 1 TiB, in
# flowbench's format and as a dbench loadfile; --check says the same; --lay-max
trace tib '0.0 1 1 stat big - 1099511627776 - - 0 0.00001'
mkdir T
refused tib "$top/T" tib "tib.trace:3: laying down the trace's tree would write 1099511627776 bytes (1.0 TiB) in 1 files (the largest: big"
grep -qF "over --lay-max, 17179869184 bytes (16.0 GiB)" "$top/err" && ok || bad tib_cap "$(cat "$top/err")"
refused tib_check "$top/T" tib "1099511627776 bytes (1.0 TiB)" --check
refused tib_no_cap "$top/T" tib "free on the file system of $top/T; nothing was written" --lay-max 2t
printf '%s\n' 'NTCreateX "\big" 0x0 0x1 100 NT_STATUS_OK' 'ReadX 100 1099511627776 4096 4096 NT_STATUS_OK' \
    'Close 100 NT_STATUS_OK' >"$top/tib_dbench.trace"
refused tib_dbench "$top/T" tib_dbench "tib_dbench.trace:2: laying down the trace's tree would write 1099511631872 bytes"
trace mib '0.0 1 1 stat m - 1048576 - - 0 0.00001'
refused lay_max "$top/T" mib "1048576 bytes (1.0 MiB) in 1 files" --lay-max 512k
"$bin" replay "$top/mib.trace" -D dir="$top/T" --lay-max 1m >"$top/out" 2>&1
expect_eq lay_max_fits $? 0
expect_eq lay_max_size "$(stat -c %s T/m)" 1048576

# --speed in range
for s in 1e-300 nan inf -1 0 1e7 x; do
    "$bin" replay "$top/read_a.trace" -D dir="$top/M" --speed "$s" >"$top/out" 2>"$top/err"
    expect_eq "speed_${s}_exit" $? 2
    grep -q -- "--speed is a number from 0.000001 to 1000000" "$top/err" && ok || bad "speed_${s}_message" "$(cat "$top/err")"
done

# A missing DIR is made (mode 0755) and replayed in; --check makes nothing
"$bin" replay "$top/read_a.trace" -D dir="$top/new" --check >"$top/out" 2>"$top/err"
expect_eq missing_check_exit $? 2
expect_eq missing_check_made_nothing "$(ls -d "$top/new" 2>/dev/null)" ""
"$bin" replay "$top/read_a.trace" -D dir="$top/new" >"$top/out" 2>&1
expect_eq missing_made_exit $? 0
expect_eq missing_made_mode "$(stat -c '%a %s' "$top/new" "$top/new/a" | tr '\n' ' ')" "755 $(stat -c %s "$top/new") 644 100 "

# One flowbench in DIR: a second replay while the first runs is refused naming its pid
trace slow '0.0 1 1 open a - - O_RDONLY - 3 0.00001' '3.0 1 1 close fd:3 - - - - 0 0.00001'
mkdir K
"$bin" replay "$top/slow.trace" -D dir="$top/K" --mode timed >"$top/out1" 2>&1 &
p1=$!
for _ in $(seq 300); do grep -q "Running" "$top/out1" && break; sleep 0.1; done
"$bin" replay "$top/slow.trace" -D dir="$top/K" >"$top/out" 2>"$top/err"
expect_eq lock_second_exit $? 1
grep -qF "$top/K is in use by another flowbench (pid $p1 holds" "$top/err" && ok || bad lock_message "$(cat "$top/err")"
wait $p1
expect_eq lock_first_exit $? 0

# DIR's name is data, never F text: a directory named to close the quote and run a command,
# reached through a link with an innocent name; nothing runs, $dir is its real path
evil=$'x"\nsystem "touch pwned"\nset $zz="y'
mkdir "$top/$evil" && ln -s "$top/$evil" "$top/innocent"
"$bin" replay "$top/read_a.trace" -D dir="$top/innocent" --json "$top/evil.json" >"$top/out" 2>&1
expect_eq evil_exit $? 0
expect_eq evil_nothing_ran "$(find "$top" -name pwned)" "" # (the command would run in flowbench's directory, $top)
expect_eq evil_dir_var "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["variables"]["dir"] == sys.argv[2])' \
    "$top/evil.json" "$top/$evil")" True
expect_eq evil_no_zz "$(grep -c '"zz"' "$top/evil.json")" 0

# A hard link at DIR/.flowbench.lock to a file elsewhere: refused, the pid never written into it
mkdir HL && ln "$out/secret" HL/.flowbench.lock
"$bin" replay "$top/read_a.trace" -D dir="$top/HL" >"$top/out" 2>"$top/err"
expect_eq lock_hard_link_exit $? 1
grep -qF "$top/HL/.flowbench.lock is a file with more than one link" "$top/err" && ok || bad lock_hard_link_message "$(cat "$top/err")"
expect_eq lock_hard_link_outside_untouched "$(state_of)" "$before"
rm HL/.flowbench.lock

# A trace naming flowbench's own files in DIR (the lock, the manifest, its temporary name): refused at compile
trace own_lock '0.0 1 1 unlink .flowbench.lock - - - - 0 0.00001'
trace own_manifest '0.0 1 1 rename a - - - - 0 0.00001 .flowbench-replay'
trace own_tmp '0.0 1 1 stat ..flowbench-replay.new-0000abcd/x - 10 - - 0 0.00001'
mkdir OWN
refused own_lock "$top/OWN" own_lock "own_lock.trace:3: .flowbench.lock names flowbench's own file"
refused own_lock_check "$top/OWN" own_lock "own_lock.trace:3: .flowbench.lock names flowbench's own file" --check
refused own_manifest "$top/OWN" own_manifest "own_manifest.trace:3: .flowbench-replay names flowbench's own file"
refused own_tmp "$top/OWN" own_tmp "own_tmp.trace:3: ..flowbench-replay.new-0000abcd/x names flowbench's own file"

# DIR swapped for a link to a directory outside (renameat2 RENAME_EXCHANGE in a loop, by whoever may
# write DIR's parent) while replays run: DIR is opened once, and locked, judged, laid down and
# replayed beneath that one descriptor, so nothing outside is ever written, whichever replay wins
mkdir -p RX/D RX/X && head -c 4096 /dev/urandom >RX/X/a && ln -s X RX/L
x_was=$(sha256sum <RX/X/a)
python3 -c '
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
a, b = sys.argv[1].encode(), sys.argv[2].encode()
while True:
    libc.renameat2(-100, a, -100, b, 2)  # AT_FDCWD, RENAME_EXCHANGE
' "$top/RX/D" "$top/RX/L" &
swapper=$!
for _ in $(seq 30); do
    timeout 30 "$bin" replay "$top/write_a.trace" -D dir="$top/RX/D" >/dev/null 2>&1
done
# with --clients each DIR/client-K is opened beneath that descriptor too (a directory DIR's name led to
# at the very start is the one used: its client-K made there, never its own files touched)
for _ in $(seq 10); do
    timeout 30 "$bin" replay "$top/write_a.trace" -D dir="$top/RX/D" --clients 2 >/dev/null 2>&1
done
kill $swapper && wait $swapper 2>/dev/null
expect_eq swap_outside_untouched "$(sha256sum <RX/X/a)" "$x_was"
expect_eq swap_outside_names "$(ls -A RX/X | grep -v '^client-[12]$')" a

# The manifest claims only what flowbench laid down or the trace made and is there after the run:
# a name the trace only looked at (a stat that found nothing) stays the user's, so a file put there
# later is refused as foreign rather than rewritten
trace ghost '0.0 1 1 stat ghost - - - - -ENOENT 0.00001' '0.00001 1 1 open made - - O_CREAT|O_WRONLY 0644 3 0.00001' \
    '0.00002 1 1 close fd:3 - - - - 0 0.00001' '0.00003 1 1 open a - - O_RDONLY - 3 0.00001' \
    '0.00004 1 1 close fd:3 - - - - 0 0.00001'
mkdir GH
"$bin" replay "$top/ghost.trace" -D dir="$top/GH" >"$top/out" 2>&1
expect_eq ghost_exit $? 0
expect_eq ghost_manifest "$(tail -c +22 GH/.flowbench-replay | tr '\0' ' ')" "a made "
echo 'mine' >GH/ghost
refused ghost_later "$top/GH" ghost "$top/GH/ghost was not laid down by flowbench"

summary test_replay_dir_safety
