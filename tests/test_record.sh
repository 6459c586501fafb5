#!/usr/bin/env bash
# test_record.sh BIN: flowbench record and replay of a real program: tar -xf of a
# 300-file tree recorded under A and replayed under B gives the same files at the
# same sizes; the replay, itself recorded, issues the same (call, path, offset,
# length) in the same order. Then hand-made strace logs (-f prefixes, a split
# call, -ff files, octal escapes) and a fio iolog read as the formats say.
set -u
bin=$(realpath "$1")
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need strace tar python3 make
top=$(mktemp -d /dev/shm/flowbench-record.XXXXXX)
trap 'rm -rf "$top"' EXIT
mkdir -p "$top/src" "$top/A" "$top/B" "$top/C"
for i in $(seq 1 300); do
    mkdir -p "$top/src/d$((i % 7))"
    head -c $((i * 37)) /dev/zero >"$top/src/d$((i % 7))/f$i"
done
tar -C "$top/src" -cf "$top/t.tar" .

(cd "$top/A" && "$bin" record -o "$top/a.trace" --root "$top/A" -- tar -xf "$top/t.tar") 2>"$top/err"
expect_eq record_exit $? 0
expect_eq record_writes_found "$(grep -c ' write fd:' "$top/a.trace" | awk '{ print ($1 >= 300) }')" 1
"$bin" replay "$top/a.trace" -D dir="$top/B" >"$top/out" 2>&1
expect_eq replay_exit $? 0
# (flowbench's manifest of what it laid down is not the program's)
tree() { (cd "$1" && find . -type f ! -name .flowbench-replay -printf '%P %s\n' | sort); }
expect_eq same_files "$(tree "$top/A" | md5sum)" "$(tree "$top/B" | md5sum)"
expect_eq file_count "$(tree "$top/B" | wc -l)" 300
expect_eq no_mismatch "$(awk '$1 == "mismatch" { print $2 }' "$top/out")" 0ops

# LeakSanitizer cannot run under ptrace: the replay's leaks are checked by the run above.
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0" \
    "$bin" record -o "$top/b.trace" --root "$top/C" -- "$bin" replay "$top/a.trace" -D dir="$top/C" >/dev/null 2>&1
expect_eq rerecord_exit $? 0
# calls NAME: (call, path, offset, length) of each file call, in order; descriptors as "fd"
# (fork, exec and wait are the processes' own: the replay's engine makes its processes its way;
# a replayed chmod is fchmodat2 on the object's O_PATH descriptor, which strace 6.1 cannot
# decode: the replay's own report counts those instead).
# Calls on /dev/null's stand-ins (an "inherit -": tar's closes of its stdout and stderr, the replay's
# report on its stdout) are neither's files: left out, each process's own (a dup of one is one).
calls() { grep -v '^#' "$1" | awk '$4 == "inherit" && $5 == "-" { s[$2 " fd:" $10] = 1; next }
    s[$2 " " $5] { if ($4 == "dup") s[$2 " fd:" $10] = 1; if ($4 == "close") delete s[$2 " " $5]; next }
    $4 != "fork" && $4 != "exec" && $4 != "wait" && $4 != "chmod" { print $4, $5, $6, $7, $12 }' | sed 's/fd:[0-9]*/fd/'; }
expect_eq chmods_replayed "$(ops_of chmod "$top/out")" "$(grep -c '^[^#]* chmod ' "$top/a.trace")"
# The replay's calls are its workers' (from its first fork to its last wait): before them it
# locks, checks and marks DIR, which the traced program never did; its lock and manifest
# are two more entries in DIR, which a stat of DIR sees in its size on tmpfs. (Its stand-ins for
# its stdout, made before, are kept: what its report writes there is left out by calls.)
workers() { grep -v '^#' "$1" | awk '$4 == "fork" { on = 1 } on || ($4 == "inherit" && $5 == "-")' | tac | awk '$4 == "wait" { on = 1 } on' | tac >"$1.workers"; }
workers "$top/b.trace"
root_size() { sed 's/^stat \. - [0-9]* /stat . - size /'; }
expect_eq same_multiset "$(calls "$top/a.trace" | root_size | sort | md5sum)" "$(calls "$top/b.trace.workers" | root_size | sort | md5sum)"
expect_eq same_order "$(calls "$top/a.trace" | root_size | md5sum)" "$(calls "$top/b.trace.workers" | root_size | md5sum)"

# Descriptors inherited across fork and exec: a shell's redirections (the child
# writes the parent's descriptor), a Python parent and its forked child sharing one
# offset, make running recipes that redirect. Replayed: the same tree, no mismatch.
# fork_case NAME CMD...: records CMD under $top/NAME.a, replays it under $top/NAME.b.
fork_case() {
    local name=$1
    shift
    mkdir -p "$top/$name.a" "$top/$name.b"
    printf 'hello\n' >"$top/$name.a/in"
    printf 'hello\n' >"$top/$name.b/in"
    cp "$top/fork.py" "$top/mk" "$top/cloexec.py" "$top/wait.py" "$top/$name.a/" 2>/dev/null
    cp "$top/fork.py" "$top/mk" "$top/cloexec.py" "$top/wait.py" "$top/$name.b/" 2>/dev/null
    (cd "$top/$name.a" && "$bin" record -o "$top/$name.trace" -- "$@") >/dev/null 2>"$top/$name.err"
    expect_rc "${name}_record_exit" $? 0 "$top/$name.err"
    # --over: the copies made above are the user's, not laid down by flowbench
    "$bin" replay "$top/$name.trace" -D dir="$top/$name.b" --over >"$top/out" 2>&1
    expect_rc "${name}_replay_exit" $? 0 "$top/out"
    expect_eq "${name}_same_tree" "$(tree "$top/$name.a" | md5sum)" "$(tree "$top/$name.b" | md5sum)"
    expect_eq "${name}_mismatch" "$(awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$top/out")" 0
}
cat >"$top/fork.py" <<'PY'
import os
fd = os.open("log", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
os.write(fd, b"a" * 100)
pid = os.fork()
if pid == 0:
    os.write(fd, b"c" * 50)
    os._exit(0)
os.waitpid(pid, 0)
os.write(fd, b"p" * 30)
os.close(fd)
PY
printf 'all: out2\nout1: in\n\tcat in > out1\nout2: out1\n\tcat out1 out1 > out2; echo more >> out2\n' >"$top/mk"
fork_case shell sh -c 'cat in > b; cat b >> c; echo x >> c; { echo 1; cat in; echo 2; } > d'
fork_case pyfork "$(python3 -c "import sys; print(sys.executable)")" fork.py # the interpreter itself, past any shim
expect_eq pyfork_shared_offset "$(stat -c %s "$top/pyfork.b/log" 2>/dev/null)" 180
# fcntl(F_SETFD): exec closes a descriptor made close-on-exec (its lock goes: the new program's
# LOCK_NB takes it) and keeps one made inheritable (the lock stays: the new program's LOCK_NB fails,
# as the trace has it). The replay closes what exec closed.
cat >"$top/cloexec.py" <<'PY'
import fcntl, os, sys
keep = sys.argv[1] == "keep"
fd = os.open("lock" + sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.fcntl(fd, fcntl.F_SETFD, 0 if keep else fcntl.FD_CLOEXEC)
fcntl.flock(fd, fcntl.LOCK_EX)
again = "import fcntl, os\nfd = os.open('lock%s', os.O_RDWR)\ntry:\n    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\nexcept OSError:\n    pass\n"
os.execv(sys.executable, [sys.executable, "-c", again % sys.argv[1]])
PY
py=$(python3 -c "import sys; print(sys.executable)")
fork_case cloexec sh -c "$py cloexec.py close; $py cloexec.py keep"
expect_eq cloexec_recorded "$(grep -c ' setfd fd:[0-9]* - - \(0x80000\|O_CLOEXEC\|-\) ' "$top/cloexec.trace")" 2
# wait4: the parent renames the directory its child filled once the child has ended; nothing else orders
# the rename (a name of its own) after the child's creates, which failed in the replay without the wait's order.
cat >"$top/wait.py" <<'PY'
import os
os.mkdir("d")
pid = os.fork()
if pid == 0:
    for i in range(100):
        with open("d/f%d" % i, "w") as f:
            f.write("x")
    os._exit(0)
os.waitpid(pid, 0)
os.rename("d", "e")
PY
fork_case wait "$(python3 -c "import sys; print(sys.executable)")" wait.py
expect_eq wait_recorded "$(grep -c ' wait - ' "$top/wait.trace")" 1
fork_case make make -s -j2 -f mk

# strace -f with bare and [pid N] prefixes, a call split over two lines, an escaped name.
mkdir "$top/S"
cat >"$top/s.log" <<L
100 1700000000.000050 clone3({flags=0x3d0f00, child_tid=0x7f1, exit_signal=0, stack=0x7f2, stack_size=0x7ff, tls=0x7f3} => {parent_tid=[101]}, 88) = 101 <0.000010>
100 1700000000.000100 openat(AT_FDCWD</r>, "a\\040b", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3</r/a b> <0.000010>
[pid   100] 1700000000.000200 write(3</r/a b>, "xxxx", 4 <unfinished ...>
101 1700000000.000250 newfstatat(AT_FDCWD</r>, "nothere", 0x7ffd, 0) = -1 ENOENT (No such file or directory) <0.000010>
100 1700000000.000300 <... write resumed>) = 4 <0.000100>
100 1700000000.000400 close(3</r/a b>) = 0 <0.000010>
101 1700000000.000500 --- SIGCHLD {si_signo=SIGCHLD} ---
101 1700000000.000600 +++ exited with 0 +++
L
"$bin" replay "$top/s.log" --root /r -D dir="$top/S" >"$top/out" 2>&1
expect_eq strace_exit $? 0
expect_eq strace_file "$(stat -c %s "$top/S/a b" 2>/dev/null)" 4
expect_eq strace_calls "$(grep -c 'strace trace .*: 4 calls' "$top/out")" 1
expect_eq strace_threads "$(grep -c '1 processes, 2 threads' "$top/out")" 1
# A child that ran first: strace -f prints its calls before its parent's clone returns. They are read
# after that clone, so the child's stdout is its parent's file, not one open before the trace: the replay is
# the one of the same log in the usual order, call for call.
mkdir "$top/E"
cat >"$top/early.log" <<L
100 1700000000.000100 openat(AT_FDCWD</r>, "out", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3</r/out> <0.000010>
100 1700000000.000150 dup2(3</r/out>, 1</dev/pts/0>) = 1</r/out> <0.000010>
100 1700000000.000200 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f1 <unfinished ...>
101 1700000000.000250 write(1</r/out>, "hi\\n", 3) = 3 <0.000010>
101 1700000000.000260 close(1</r/out>) = 0 <0.000010>
100 1700000000.000300 <... clone resumed>) = 101 <0.000100>
100 1700000000.000350 wait4(101, [{WIFEXITED(s) && WEXITSTATUS(s) == 0}], 0, NULL) = 101 <0.000010>
100 1700000000.000400 write(3</r/out>, "ab", 2) = 2 <0.000010>
100 1700000000.000500 close(3</r/out>) = 0 <0.000010>
L
awk 'NR == 4 || NR == 5 { held = held $0 "\n"; next } { print } NR == 6 { printf "%s", held }' "$top/early.log" >"$top/usual.log"
early_shape() { "$bin" replay "$top/$1.log" --root /r -D dir="$top/E/$1" >"$top/$1.out" 2>&1 && sed -n '1s/^.*: \([0-9]* calls.*waits\);.*/\1/p' "$top/$1.out" && awk '$2 ~ /ops$/ { print $1, $2 }' "$top/$1.out"; }
expect_eq early_child_same "$(early_shape early)" "$(early_shape usual)"
# Held children in a chain (make -j2's sh spawning cat while make's own spawn is unfinished): a child's
# return read among held lines releases its own child's; the rest of the first is still read in order.
cat >"$top/nest.log" <<L
100 1700000000.000100 openat(AT_FDCWD</r>, "out", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3</r/out> <0.000010>
100 1700000000.000200 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f1 <unfinished ...>
101 1700000000.000250 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f2 <unfinished ...>
102 1700000000.000260 write(3</r/out>, "x", 1) = 1 <0.000010>
101 1700000000.000270 <... clone resumed>) = 102 <0.000020>
101 1700000000.000280 write(3</r/out>, "y", 1 <unfinished ...>
100 1700000000.000300 <... clone resumed>) = 101 <0.000100>
101 1700000000.000310 <... write resumed>) = 1 <0.000030>
L
"$bin" replay "$top/nest.log" --root /r -D dir="$top/E/nest" >"$top/nest.out" 2>&1
expect_rc nest_exit $? 0 "$top/nest.out"
expect_eq nest_shape "$(sed -n '1s/^.*: \([0-9]* calls.*threads\),.*/\1/p' "$top/nest.out")/$(awk '$1 == "total:write" { print $2 }' "$top/nest.out")" \
    "7 calls (0 left out), 3 processes, 3 threads/2ops"
# -ff: one file per thread, the thread in the name.
mkdir "$top/F"
printf '1700000000.000100 mkdir("/r/x", 0755) = 0 <0.000010>\n' >"$top/ff.7"
printf '1700000000.000200 mkdir("/r/y", 0755) = 0 <0.000010>\n' >"$top/ff.8"
"$bin" replay "$top/ff" --root /r -D dir="$top/F" >"$top/out" 2>&1
expect_eq ff_exit $? 0
expect_eq ff_dirs "$(ls "$top/F" | tr '\n' ' ')" "x y "
expect_eq ff_threads "$(grep -c '2 processes, 2 threads' "$top/out")" 1

# link (git's objects): recorded from ln, replayed as a second name of the file.
mkdir -p "$top/LA" "$top/LB" && echo hi >"$top/LA/a"
(cd "$top/LA" && "$bin" record -o "$top/l.trace" -- ln a b >/dev/null 2>&1)
expect_eq link_recorded "$(grep -c ' link a .* b$' "$top/l.trace")" 1
"$bin" replay "$top/l.trace" -D dir="$top/LB" >"$top/out" 2>&1
expect_eq link_replayed "$(ls "$top/LB" | tr '\n' ' ')/$(awk '$1 == "mismatch" { print $2 }' "$top/out")" "a b /0ops"

# symlink and readlink: recorded (the link's text as it was), replayed as links beneath DIR holding
# the same text, never followed; a link read but not made by the trace is laid down first.
mkdir -p "$top/YA" "$top/YB" "$top/out.side" && echo hi >"$top/YA/in" && ln -s in "$top/YA/pre"
(cd "$top/YA" && "$bin" record -o "$top/y.trace" -- sh -c 'ln -s in lnk; readlink lnk; readlink pre; ln -s ../../out.side up; readlink up; ln -s /etc/passwd abs; rm lnk' >/dev/null 2>&1)
expect_eq symlink_recorded "$(grep -c ' symlink lnk .* in$\| symlink up .* \.\./\.\./out\.side$\| symlink abs .* /etc/passwd$' "$top/y.trace")" 3
expect_eq readlink_recorded "$(grep -c ' readlink \(lnk\|pre\|up\) ' "$top/y.trace")" 3
"$bin" replay "$top/y.trace" -D dir="$top/YB" >"$top/out" 2>&1
expect_eq symlink_replay_exit $? 0
expect_eq symlink_mismatch "$(awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$top/out")" 0
expect_eq symlink_links "$(cd "$top/YB" && for l in pre up abs; do printf '%s>%s ' $l "$(readlink $l)"; done; ls lnk 2>&1 | grep -c 'No such')" \
    "pre>in up>../../out.side abs>/etc/passwd 1"
# a trace that makes a link out of DIR and then writes through it: the link is made, never followed
cat >"$top/esc.trace" <<T
# flowbench-trace 1
0.000001000 1 1 symlink out - - - - 0 0.000001000 $top/out.side
0.000002000 1 1 open out/x - - O_WRONLY|O_CREAT 0644 3 0.000001000
0.000003000 1 1 write fd:3 - 5 - - 5 0.000001000
0.000004000 1 1 symlink up - - - - 0 0.000001000 ../../out.side
0.000005000 1 1 open up/y - - O_WRONLY|O_CREAT 0644 4 0.000001000
0.000006000 1 1 stat up/y - - - - 0 0.000001000
# end
T
mkdir "$top/YE"
"$bin" replay "$top/esc.trace" -D dir="$top/YE" >"$top/out" 2>&1
expect_eq symlink_escape_exit $? 0
expect_eq symlink_escape_not_followed "$(ls -A "$top/out.side" | wc -l)/$(readlink "$top/YE/out")/$(awk '$1 == "mismatch" { print $2 }' "$top/out")" "0/$top/out.side/4ops"

# fio iolog v2: the file is laid down at the extent read, the writes replayed.
mkdir "$top/I"
printf 'fio version 2 iolog\n/dev/x add\n/dev/x open\n/dev/x read 0 4096\n/dev/x write 8192 4096\n/dev/x close\n' >"$top/io.log"
"$bin" replay "$top/io.log" -D dir="$top/I" >"$top/out" 2>&1
expect_eq fio_exit $? 0
expect_eq fio_size "$(stat -c %s "$top/I/x")" 12288
# model: an editable .f fitted to the tar trace runs (its fidelity: tests/test_model.sh).
"$bin" model "$top/a.trace" -o "$top/a.f"
expect_eq model_exit $? 0
expect_eq model_commented "$(grep -c "the trace's 300 creates and 0 unlinks" "$top/a.f")" 1
mkdir "$top/M"
"$bin" -f "$top/a.f" -D dir="$top/M" --runtime 1 >"$top/out" 2>&1
expect_eq model_run_exit $? 0
summary test_record
