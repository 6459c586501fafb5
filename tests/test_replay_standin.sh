#!/usr/bin/env bash
# test_replay_standin.sh BIN: descriptors open before the trace began, recorded and
# replayed (docs/replay.md, "Descriptors open before the trace began"): a terminal's
# stdout and a stdout to a file outside the tree become /dev/null at replay (the writes
# made, nothing outside DIR written); a file beneath the tree held as stdout and stderr
# by several processes (`> out.log 2>&1` around the command) is one file, whole; pipes
# between traced processes are left out and counted by kind in the replay's text and
# JSON; bash's close of a descriptor it never opened fails at replay as it did.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"
need_strace
need python3 bash
top=$(mktemp -d /dev/shm/flowbench-standin.XXXXXX)
trap 'rm -rf "$top"' EXIT
mismatches() { awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$1"; }
tree() { (cd "$1" && find . -mindepth 1 ! -name .flowbench-replay -printf '%P %y %s %l\n' | sort); }
# replay NAME: NAME.trace into $top/NAME.B, its text in NAME.out and its JSON in NAME.json
replay() { "$bin" replay "$top/$1.trace" -D dir="$top/$1.B" --json "$top/$1.json" >"$top/$1.out" 2>&1; }

# 1. stdout a terminal: flowbench run on a pseudo-terminal, the command writing to it
mkdir "$top/tty.A" && echo data >"$top/tty.A/f"
(cd "$top/tty.A" && python3 "$here/on_pty.py" "$bin" record -o "$top/tty.trace" --root "$top/tty.A" \
    -- sh -c 'echo hi; echo there; cat f > g') >"$top/tty.pty"
expect_rc tty_record $? 0 "$top/tty.pty"
expect_eq tty_standin "$(grep -c '^[^#]* inherit - - - O_RDWR - 1 ' "$top/tty.trace")" 1
# sh's two echoes on the terminal (cat's writes are to g)
expect_eq tty_writes_kept "$(grep -v '^#' "$top/tty.trace" | awk '$4 == "inherit" { p = $2 } $4 == "write" && $2 == p' | wc -l)" 2
replay tty
expect_rc tty_replay $? 0 "$top/tty.out"
expect_eq tty_no_mismatch "$(mismatches "$top/tty.out")" 0
expect_eq tty_same_tree "$(tree "$top/tty.B")" "$(tree "$top/tty.A")"
expect_eq tty_writes_made "$(awk '$1 == "write" { s += $2 } END { print s "ops" }' "$top/tty.out")" \
    "$(grep -c '^[^#]* write ' "$top/tty.trace")ops"

# 2. stdout a file outside the tree: /dev/null stands in; the file is not written again
mkdir "$top/out.A"
(cd "$top/out.A" && "$bin" record -o "$top/out.trace" -- sh -c 'echo hi; echo x > in') >"$top/outside.log" 2>/dev/null
expect_rc out_record $? 0
expect_eq out_standin "$(grep -c '^[^#]* inherit - ' "$top/out.trace")" 1
before=$(stat -c '%s %Y' "$top/outside.log")
replay out
expect_rc out_replay $? 0 "$top/out.out"
expect_eq out_no_mismatch "$(mismatches "$top/out.out")" 0
expect_eq out_untouched "$(stat -c '%s %Y' "$top/outside.log")" "$before"
expect_eq out_same_tree "$(tree "$top/out.B")" "$(tree "$top/out.A")"

# 3. a file beneath the tree as stdout and stderr of three processes: one description
mkdir "$top/log.A"
(cd "$top/log.A" && "$bin" record -o "$top/log.trace" -- sh -c 'echo a; ls; ls -l; echo e >&2' >out.log 2>&1)
expect_rc log_record $? 0
traced=$(grep -v '^#' "$top/log.trace" | awk '$4 == "write" { s += $10 } END { print s }')
replay log
expect_rc log_replay $? 0 "$top/log.out"
expect_eq log_no_mismatch "$(mismatches "$top/log.out")" 0
expect_eq log_whole "$(stat -c %s "$top/log.B/out.log")" "$traced"

# 4. bash: a pipe between two processes, redirections, a close of a descriptor never opened
mkdir "$top/sh.A" && seq 1 50 >"$top/sh.A/n"
cat >"$top/sh.A/s.sh" <<'SH'
exec 3> three
echo via3 >&3
exec 3>&-
sort -r n | head -5 > top5
( echo child >> top5 )
SH
(cd "$top/sh.A" && "$bin" record -o "$top/sh.trace" -- bash s.sh </dev/null >/dev/null 2>"$top/sh.err")
expect_rc sh_record $? 0 "$top/sh.err"
expect_in sh_pipes_counted "$(sed -n 's/.*: \([0-9]*\) on pipes.*/\1/p' "$top/sh.err")" 1 100000
expect_in sh_failed_call_kept "$(grep -c '^[^#]* -EBADF ' "$top/sh.trace")" 1 100
replay sh
expect_rc sh_replay $? 0 "$top/sh.out"
expect_eq sh_no_mismatch "$(mismatches "$top/sh.out")" 0
expect_eq sh_same_tree "$(tree "$top/sh.B")" "$(tree "$top/sh.A")"
expect_in sh_text_pipes "$(sed -n 's/^replay: .*left out: \([0-9]*\) on pipes.*/\1/p' "$top/sh.out")" 1 100000
expect_in sh_json_pipes "$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["runs"][0]["replay_left_out"]["pipes"])' "$top/sh.json")" 1 100000

summary
