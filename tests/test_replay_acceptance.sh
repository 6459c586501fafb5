#!/usr/bin/env bash
# test_replay_acceptance.sh BIN: what issue 39's acceptance check found and mended
# (docs/replay.md): --strict fails a replay with a mismatch, exit 1; a second replay
# into a DIR one holds is refused, exit 1, without a word of "-D dir: no such
# variable"; a file the trace appends to (or writes at an offset) and then looks at is
# laid down at its size before the trace, so it ends as long as it did; a trace with no
# call on a file is no model (file:line, exit 2, no .f), and an strace descriptor past
# 2^31 - 1 is bad input (file:line, exit 2), never left out in silence; a link a program
# opened its file through (cat lnk, lnk -> tgt) comes back as that link.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"
top=$(mktemp -d /dev/shm/flowbench-accept.XXXXXX)
trap 'kill "${held:-0}" 2>/dev/null; rm -rf "$top"' EXIT
cd "$top" || exit 1

# 1. --strict: a read shorter than the traced one (the file was written 10 bytes by the
# same process, read as 100), named, and exit 1; the same replay without it exits 0.
cat >short.trace <<'T'
# flowbench-trace 1
0.000001 10 10 open x - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.00001
0.000002 10 10 write fd:3 - 10 - - 10 0.00001
0.000003 10 10 close fd:3 - - - - 0 0.00001
0.000004 10 10 open x - - O_RDONLY - 3 0.00001
0.000005 10 10 read fd:3 - 100 - - 100 0.00001
0.000006 10 10 close fd:3 - - - - 0 0.00001
# end
T
"$bin" replay short.trace -D dir="$top/S1" --strict >strict.out 2>&1
expect_rc strict_exit $? 1 strict.out
grep -q "line 6: read fd: traced 100, replay 10" strict.out && ok || bad strict_named "$(tail -5 strict.out)"
grep -q "1 mismatches (--strict: exit 1)" strict.out && ok || bad strict_said "$(tail -3 strict.out)"
"$bin" replay short.trace -D dir="$top/S2" >lax.out 2>&1
expect_rc lax_exit $? 0 lax.out
head -4 short.trace >clean.trace && echo "# end" >>clean.trace
"$bin" replay clean.trace -D dir="$top/S3" --strict >clean.out 2>&1
expect_rc strict_clean_exit $? 0 clean.out

# 2. Two replays into one DIR: the second is refused by the lock, exit 1, and says
# nothing of -D dir (which the replay takes itself).
printf '# flowbench-trace 1\n0.0 1 1 stat a - 5 - - 0 0.00001\n4.0 1 1 stat a - 5 - - 0 0.00001\n# end\n' >slow.trace
"$bin" replay slow.trace -D dir="$top/L" --mode timed >held.out 2>&1 &
held=$!
for _ in $(seq 100); do [ -e L/.flowbench.lock ] && [ -e L/a ] && break; sleep 0.05; done
"$bin" replay slow.trace -D dir="$top/L" >second.out 2>&1
expect_rc lock_second_exit $? 1 second.out
grep -q "is in use by another flowbench (pid $held holds" second.out && ok || bad lock_said "$(cat second.out)"
grep -q "no such variable" second.out && bad lock_no_dir_warning "$(cat second.out)" || ok
kill "$held" 2>/dev/null
wait "$held" 2>/dev/null

# 3. The lay-down sizes a file by what was there before the trace's own writes:
# app.log (100 bytes) appended 10 and seen at 110 is laid at 100 and ends at 110;
# pos.dat (100 bytes) written 10 at offset 0 and read whole stays 100; tr.dat
# truncated and written 50 is laid empty (its size after is the trace's own).
cat >sizes.trace <<'T'
# flowbench-trace 1
0.000001 10 10 open app.log - - O_WRONLY|O_APPEND - 3 0.00001
0.000002 10 10 write fd:3 - 10 - - 10 0.00001
0.000003 10 10 fstat fd:3 - 110 - - 0 0.00001
0.000004 10 10 close fd:3 - - - - 0 0.00001
0.000005 10 10 stat app.log - 110 - - 0 0.00001
0.000006 10 10 open pos.dat - - O_RDWR - 3 0.00001
0.000007 10 10 write fd:3 0 10 - - 10 0.00001
0.000008 10 10 read fd:3 0 100 - - 100 0.00001
0.000009 10 10 close fd:3 - - - - 0 0.00001
0.000010 10 10 open tr.dat - - O_WRONLY|O_TRUNC - 3 0.00001
0.000011 10 10 write fd:3 - 50 - - 50 0.00001
0.000012 10 10 close fd:3 - - - - 0 0.00001
0.000013 10 10 stat tr.dat - 50 - - 0 0.00001
# end
T
"$bin" replay sizes.trace -D dir="$top/Z" >sizes.out 2>&1
expect_rc sizes_exit $? 0 sizes.out
expect_eq sizes_no_mismatch "$(awk '$1 == "mismatch" { print $2 }' sizes.out)" 0ops
grep -q "laid down 3 files, 200 bytes" sizes.out && ok || bad sizes_laid "$(grep '^replay:' sizes.out)"
expect_eq sizes_after "$(stat -c '%n %s' Z/app.log Z/pos.dat Z/tr.dat | tr '\n' ' ')" \
    "Z/app.log 110 Z/pos.dat 100 Z/tr.dat 50 "

# 4. Nothing to model: a trace of no call, and one of a fork alone: file:line, exit 2, no .f.
printf '# flowbench-trace 1\n# end\n' >empty.trace
printf '# flowbench-trace 1\n0.1 1 1 fork - - - - - 2 0.00001\n# end\n' >fork.trace
for t in empty fork; do
    "$bin" model $t.trace -o $t.f >$t.model 2>&1
    expect_rc ${t}_model_exit $? 2 $t.model
    grep -q "^flowbench model: error: $t.trace:[0-9]*: the trace holds no call on a file" $t.model && ok \
        || bad ${t}_model_said "$(cat $t.model)"
    [ -e $t.f ] && bad ${t}_model_no_f "$t.f written" || ok
    "$bin" model $t.trace --check >$t.check 2>&1
    expect_rc ${t}_check_exit $? 2 $t.check
done

# 5. An strace descriptor no process can have: bad input at its line, exit 2.
cat >big.log <<'T'
100 1700000000.000100 openat(AT_FDCWD</r>, "a", O_RDONLY) = 3</r/a> <0.000010>
100 1700000000.000200 read(99999999999</r/a>, ""..., 4096) = 10 <0.000010>
T
"$bin" replay big.log --root /r -D dir="$top/B" >big.out 2>&1
expect_rc big_fd_exit $? 2 big.out
grep -q "^big.log:2: bad descriptor: '99999999999'" big.out && ok || bad big_fd_said "$(cat big.out)"

# 6. An open through a link beside its file: the name opened is the open's second name,
# laid down as a link to the file's last name; naming flowbench's own file there is refused.
cat >via.trace <<'T'
# flowbench-trace 1
0.000001 10 10 open d/tgt - - O_RDONLY - 3 0.00001 d/lnk
0.000002 10 10 read fd:3 - 100 - - 12 0.00001
0.000003 10 10 close fd:3 - - - - 0 0.00001
# end
T
"$bin" replay via.trace -D dir="$top/V" >via.out 2>&1
expect_rc via_exit $? 0 via.out
expect_eq via_link "$(stat -c '%F' V/d/lnk 2>&1) $(readlink V/d/lnk) $(stat -c %s V/d/tgt)" "symbolic link tgt 12"
sed 's| d/lnk$| .flowbench.lock|' via.trace >own.trace
"$bin" replay own.trace -D dir="$top/O" >own.out 2>&1
expect_rc via_own_exit $? 2 own.out
grep -q "own.trace:2: .flowbench.lock names flowbench's own file" own.out && ok || bad via_own_said "$(cat own.out)"

# 7. The same recorded: `cat lnk` (strace sees the open reach tgt) replays to a tree with the link.
need_strace
mkdir R && echo target-data >R/tgt && ln -s tgt R/lnk
(cd R && "$bin" record -o "$top/cat.trace" -- cat lnk) >cat.rec 2>&1
expect_rc cat_record $? 0 cat.rec
"$bin" replay cat.trace -D dir="$top/C" >cat.out 2>&1
expect_rc cat_replay $? 0 cat.out
expect_eq cat_no_mismatch "$(awk '$1 == "mismatch" { print $2 }' cat.out)" 0ops
expect_eq cat_tree "$(cd C && find . -mindepth 1 ! -name .flowbench-replay -printf '%P %y %s %l\n' | sort)" \
    "$(cd R && find . -mindepth 1 -printf '%P %y %s %l\n' | sort)"

summary
