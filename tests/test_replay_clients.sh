#!/bin/bash
# test_replay_clients.sh: replay as a benchmark (docs/replay.md, "Replay as a benchmark"): --clients N
# lays down, checks and replays N copies, each beneath DIR/client-K with the whole tree and its own
# figures; --runtime T loops the trace until T, counting passes; a foreign file, a link or a budget
# over --lay-max for all the clients refuses the replay as it does for DIR.
# usage: test_replay_clients.sh FLOWBENCH
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
FB=${1:?usage: test_replay_clients.sh FLOWBENCH}
T=$(mktemp -d /dev/shm/fb_clients.XXXXXX)
trap 'rm -rf "$T"' EXIT

# One process: reads `in` (laid down, 100 bytes), makes keep/out (4096 bytes, kept) and a scratch
# directory it removes again: a pass leaves the tree as it found it but for keep/out, rewritten.
cat >"$T/one.trace" <<'TR'
# flowbench-trace 1
0.000000000 10 10 mkdir d - - - 0755 0 0.000001
0.000010000 10 10 open d/f - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.000001
0.000020000 10 10 write fd:3 - 512 - - 512 0.000001
0.000030000 10 10 close fd:3 - - - - 0 0.000001
0.000040000 10 10 open in - - O_RDONLY - 3 0.000001
0.000050000 10 10 read fd:3 - 100 - - 100 0.000001
0.000060000 10 10 close fd:3 - - - - 0 0.000001
0.000070000 10 10 open keep/out - - O_WRONLY|O_CREAT|O_TRUNC 0644 4 0.000001
0.000080000 10 10 write fd:4 - 4096 - - 4096 0.000001
0.000090000 10 10 close fd:4 - - - - 0 0.000001
0.000100000 10 10 unlink d/f - - - - 0 0.000001
0.000110000 10 10 rmdir d - - - - 0 0.000001
# end
TR
# Two processes: the parent forks a child that writes a file the parent stats and removes once it waited.
cat >"$T/fork.trace" <<'TR'
# flowbench-trace 1
0.000000000 20 20 fork - - - - - 21 0.000001
0.000010000 21 21 open c - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.000001
0.000020000 21 21 write fd:3 - 300 - - 300 0.000001
0.000030000 21 21 close fd:3 - - - - 0 0.000001
0.000040000 20 20 wait - - - - - 21 0.000001
0.000050000 20 20 stat c - 300 - - 0 0.000001
0.000060000 20 20 unlink c - - - - 0 0.000001
# end
TR

# json FILE EXPR: a figure of the run's JSON (runs[0]), by a Python expression on r.
json() { python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["runs"][0]; print(eval(sys.argv[2]))' "$1" "$2"; }
tree_of() { (cd "$1" && find . -path ./.flowbench-replay -prune -o -path ./.flowbench.lock -prune -o -printf '%P %y %s\n' | sort); }

# --clients 3: three trees, each whole; three times the calls; each client's figures
"$FB" replay "$T/one.trace" -D dir="$T/D" --clients 3 --json "$T/c.json" >"$T/c.out" 2>&1
expect_rc "clients 3" $? 0 "$T/c.out"
want=$(printf ' d 60\nin f 100\nkeep d 60\nkeep/out f 4096\n')
for k in 1 2 3; do
  got=$(tree_of "$T/D/client-$k" | sed 's/ d [0-9]*$/ d 60/')
  expect_eq "client-$k's tree" "$got" "$want"
  [ -f "$T/D/client-$k/.flowbench-replay" ] && ok || bad "client-$k's manifest"
done
expect_eq "no client-4" "$(ls "$T/D")" "$(printf 'client-1\nclient-2\nclient-3')"
expect_eq "clients in the JSON" "$(json "$T/c.json" 'len(r["replay_clients"])')" 3
expect_eq "each client's calls" "$(json "$T/c.json" '[c["calls"] for c in r["replay_clients"]]')" "[12, 12, 12]"
expect_eq "3x the calls" "$(grep -o 'merged: [0-9]* calls' "$T/c.out")" "merged: 36 calls"
expect_eq "mismatches" "$(json "$T/c.json" 'sum(c["mismatches"] for c in r["replay_clients"])')" 0
expect_eq "client-2's line" "$(grep -c '^replay client-2: 12 calls, 1.00 passes, [0-9]* ops/s, 0 mismatches$' "$T/c.out")" 1

# again into the same DIR: each client's manifest holds what the last replay made
"$FB" replay "$T/one.trace" -D dir="$T/D" --clients 3 >"$T/c2.out" 2>&1
expect_rc "clients 3 again" $? 0 "$T/c2.out"

# a file of someone else's in one client's directory refuses the replay, exit 2, as in DIR
echo mine >"$T/D/client-2/mine"
"$FB" replay "$T/one.trace" -D dir="$T/D" --clients 3 >"$T/f.out" 2>&1
expect_rc "foreign file in client-2" $? 2 "$T/f.out"
grep -q 'client-2/mine' "$T/f.out" && ok || bad "the refusal names it" "$(head -3 "$T/f.out")"
rm "$T/D/client-2/mine"
# a link where a client's directory goes: refused, nothing followed
mkdir "$T/elsewhere" && ln -s "$T/elsewhere" "$T/D/client-4"
"$FB" replay "$T/one.trace" -D dir="$T/D" --clients 4 >"$T/l.out" 2>&1
expect_rc "link at client-4" $? 2 "$T/l.out"
expect_eq "nothing through the link" "$(ls -A "$T/elsewhere")" ""
rm "$T/D/client-4"
# the budget counts every client: 100 bytes each fit 250 for 2 clients, not for 3
"$FB" replay "$T/one.trace" -D dir="$T/E" --clients 2 --lay-max 250 >"$T/b2.out" 2>&1
expect_rc "budget of 2 clients" $? 0 "$T/b2.out"
"$FB" replay "$T/one.trace" -D dir="$T/F" --clients 3 --lay-max 250 >"$T/b3.out" 2>&1
expect_rc "budget of 3 clients" $? 2 "$T/b3.out"
grep -q 'for 3 clients would write 300 bytes' "$T/b3.out" && ok || bad "the budget's message" "$(head -3 "$T/b3.out")"
[ ! -e "$T/F/client-1/in" ] && ok || bad "nothing laid down over the budget"
# out of range
"$FB" replay "$T/one.trace" -D dir="$T/G" --clients 0 >"$T/z.out" 2>&1
expect_rc "--clients 0" $? 2 "$T/z.out"
"$FB" replay "$T/one.trace" -D dir="$T/G" --runtime nan >"$T/z.out" 2>&1
expect_rc "--runtime nan" $? 2 "$T/z.out"

# --runtime 1: the short trace loops (passes > 1), continuing the tree, 0 mismatches, about a second
"$FB" replay "$T/one.trace" -D dir="$T/R" --runtime 1 --json "$T/r.json" >"$T/r.out" 2>&1
expect_rc "runtime 1" $? 0 "$T/r.out"
passes=$(json "$T/r.json" 'r["replay_clients"][0]["passes"]')
expect_in "passes in a second" "$passes" 2 1e12
expect_eq "runtime's mismatches" "$(json "$T/r.json" 'r["replay_clients"][0]["mismatches"]')" 0
expect_in "runtime's length" "$(json "$T/r.json" 'r["seconds"]')" 0.9 3
grep -q '^replay 1 client merged: [0-9]* calls, [0-9.]* passes' "$T/r.out" && ok || bad "passes in the output"

# two processes, two clients, looped: each copy's fork, wait and orders its own
"$FB" replay "$T/fork.trace" -D dir="$T/P" --clients 2 --runtime 1 --json "$T/p.json" >"$T/p.out" 2>&1
expect_rc "fork x2 looped" $? 0 "$T/p.out"
expect_eq "fork x2: mismatches" "$(json "$T/p.json" 'sum(c["mismatches"] for c in r["replay_clients"])')" 0
expect_in "fork x2: client-2's passes" "$(json "$T/p.json" 'r["replay_clients"][1]["passes"]')" 2 1e12
expect_eq "fork x2: processes" "$(grep -o '[0-9]* processes' "$T/p.out" | head -1)" "4 processes"
summary
