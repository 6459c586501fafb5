#!/usr/bin/env bash
# test_replay_programs.sh BIN: ordinary programs recorded with `flowbench record`
# and replayed into an empty directory give back the recorded tree (names, sizes,
# types, link targets) with 0 mismatches: a bash script with redirections, pipes
# and a child shell; a program whose stdout the caller redirected into the tree;
# two processes each reading a different file as fd 3; `ls -l` and `cat` of a
# symbolic link; git. Then crafted traces: a short read is a mismatch,
# descriptor numbers are per process in the lay-down's sizes, and a hundred
# processes waiting on one do not cost it a wake-up at each of its calls.
set -u
bin=$(realpath "$1")
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need git
need_strace
top=$(mktemp -d /dev/shm/flowbench-programs.XXXXXX)
trap 'rm -rf "$top"' EXIT
# strace cannot run LeakSanitizer's ptrace; the replays below check leaks
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"

# tree DIR: every entry but flowbench's own, with its type, size (files) and link text; git's own
# directory apart (a replay lays down what the trace used of it, not the hooks and logs it never read)
tree() {
    (cd "$1" && find . -mindepth 1 ! -name .flowbench-replay ! -path './.git/*' ! -name .git \
        -printf '%P %y %s %l\n' | awk '$2 != "f" { $3 = "-" } { print }' | sort)
}
# gitdir DIR: the same of DIR/.git
gitdir() { [ -d "$1/.git" ] && (cd "$1" && find .git -printf '%p %y %s %l\n' | awk '$2 != "f" { $3 = "-" } { print }' | sort); }

# case NAME CMD...: records CMD run in $top/NAME/A (made before, by the caller), replays into
# $top/NAME/B, and checks the trees and the mismatches
case_() {
    local name=$1 d=$top/$1
    shift
    (cd "$d/A" && "$bin" record -o "$d/t.trace" -- "$@") >/dev/null 2>"$d/err"
    expect_eq "${name}_record" $? 0
    "$bin" replay "$d/t.trace" -D dir="$d/B" >"$d/out" 2>&1
    expect_eq "${name}_replay_exit" $? 0
    expect_eq "${name}_mismatches" "$(awk '$1 == "mismatch" { n += $2 } END { print n + 0 }' "$d/out")" 0
    expect_eq "${name}_same_tree" "$(tree "$d/B")" "$(tree "$d/A")"
    # of .git, each entry the replay has is the program's, as it was
    expect_eq "${name}_git_dir_within" "$(comm -23 <(gitdir "$d/B") <(gitdir "$d/A"))" ""
}
prepare() { mkdir -p "$top/$1/A"; }

prepare script
cat >"$top/script/A/s.sh" <<'SH'
echo a > f1
echo b >> f1
ls nothere > f2 2>&1
exec 3> f3
echo c >&3
exec 3>&-
cat f1 | sort > f4
bash -c 'echo d >> f4; cat f1 >> f4'
SH
case_ script bash s.sh
# the pipe's calls are left out and counted as such
expect_eq script_pipes_counted "$(grep -c 'left out: [0-9]* on pipes' "$top/script/err")" 1

prepare stdout
(cd "$top/stdout/A" && "$bin" record -o "$top/stdout/t.trace" -- sh -c 'echo hi; echo there' >out.log) 2>/dev/null
expect_eq stdout_record $? 0
expect_eq stdout_inherit "$(grep -c ' inherit out.log ' "$top/stdout/t.trace")" 1
"$bin" replay "$top/stdout/t.trace" -D dir="$top/stdout/B" >"$top/stdout/out" 2>&1
expect_eq stdout_replay_exit $? 0
expect_eq stdout_mismatches "$(awk '$1 == "mismatch" { n += $2 } END { print n + 0 }' "$top/stdout/out")" 0
expect_eq stdout_same_tree "$(tree "$top/stdout/B")" "$(tree "$top/stdout/A")"
# again into the same directory: the inherited file is the program's output, laid down afresh
"$bin" replay "$top/stdout/t.trace" -D dir="$top/stdout/B" >"$top/stdout/out" 2>&1
expect_eq stdout_again_exit $? 0
expect_eq stdout_again_same_tree "$(tree "$top/stdout/B")" "$(tree "$top/stdout/A")"

prepare fd3
head -c 5000 /dev/zero >"$top/fd3/A/a"
head -c 168 /dev/zero >"$top/fd3/A/b"
case_ fd3 sh -c 'cat a > /dev/null & cat b > /dev/null; wait'

prepare link
echo hello >"$top/link/A/target"
ln -s target "$top/link/A/lnk"
case_ link sh -c 'ls -l lnk > /dev/null; cat lnk > /dev/null'
expect_eq link_is_link "$(readlink "$top/link/B/lnk")" target

prepare git
mkdir -p "$top/git/A/d"
for i in 1 2 3; do echo "file $i" >"$top/git/A/d/f$i"; done
ln -s d/f1 "$top/git/A/lnk"
(cd "$top/git/A" && git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm one) \
    >/dev/null 2>&1
case_ git sh -c 'git status --porcelain > st.txt; git log --oneline > log.txt; cat lnk > copy.txt'

# A short read is a mismatch: the trace read 100 bytes where the replay finds 10.
cat >"$top/short.trace" <<'T'
# flowbench-trace 1
0.000001 1 1 open a - - O_RDONLY - 3 0.000001
0.000002 1 1 truncate a - 10 - - 0 0.000001
0.000003 1 1 read fd:3 - 100 - - 100 0.000001
0.000004 1 1 close fd:3 - - - - 0 0.000001
# end
T
"$bin" replay "$top/short.trace" -D dir="$top/short" >"$top/short.out" 2>&1
expect_eq short_read_mismatch "$(awk '$1 == "mismatch" { n += $2 } END { print n + 0 }' "$top/short.out")" 1
expect_eq short_read_named "$(grep -c 'line 4: read fd: traced 100, replay 10' "$top/short.out")" 1

# Two processes, each with a different file as fd 3: each file laid down at what its own process read.
cat >"$top/two.trace" <<'T'
# flowbench-trace 1
0.000001 1 1 open a - - O_RDONLY - 3 0.000001
0.000002 2 2 open b - - O_RDONLY - 3 0.000001
0.000003 1 1 read fd:3 - 8192 - - 5000 0.000001
0.000004 2 2 read fd:3 - 8192 - - 168 0.000001
0.000005 2 2 dup fd:3 - - - - 7 0.000001
0.000006 2 2 lseek fd:7 0 - - - 0 0.000001
0.000007 2 2 read fd:7 - 8192 - - 168 0.000001
0.000008 2 2 close fd:4 - - - - -EBADF 0.000001
# end
T
"$bin" replay "$top/two.trace" -D dir="$top/two" >"$top/two.out" 2>&1
expect_eq two_exit $? 0
expect_eq two_sizes "$(stat -c '%n %s' "$top/two/a" "$top/two/b" | sed "s|$top/two/||")" "a 5000
b 168"
expect_eq two_mismatches "$(awk '$1 == "mismatch" { n += $2 } END { print n + 0 }' "$top/two.out")" 0

# A parent of 40,000 calls that forks 100 children at its end (a shell script's loop): the children's
# processes wait from the start for their forks, and are woken when the parent reaches them, not at its
# every call (which took 4 s of futex calls for bash's 24,000 calls and 100 children, 0.13 s since)
awk 'BEGIN { print "# flowbench-trace 1"
    for (i = 0; i < 40000; i++) printf "%.6f 1 1 stat . - - - - 0 0.000001\n", i / 1e6
    for (k = 2; k <= 101; k++) printf "%.6f 1 1 fork - - - - - %d 0.000001\n", 0.04 + k / 1e6, k
    for (k = 2; k <= 101; k++) printf "%.6f %d %d stat . - - - - 0 0.000001\n", 0.05 + k / 1e6, k, k
    print "# end" }' >"$top/herd.trace"
"$bin" replay "$top/herd.trace" -D dir="$top/herd" >"$top/herd.out" 2>&1
expect_eq herd_exit $? 0
expect_in herd_run_seconds "$(awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$top/herd.out")" 0 3

summary
