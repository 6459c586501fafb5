#!/usr/bin/env bash
# test_replay_calls_safety.sh BIN: the replayed calls themselves stay beneath DIR
# and never block for good (issue 38, docs/replay.md "Every call beneath DIR"):
# a link met by chmod, truncate, utimes, access or open (laid down from a symlink
# or a readlink record, or planted) is an ELOOP mismatch, named, and the file it
# points at keeps its bytes and mode; a FIFO is never opened; two processes'
# flock(LOCK_EX) on one file do not deadlock; SIGTERM ends a timed replay whose
# next call is an hour away. Each case in flowbench's own format and in strace's.
set -u
bin=$(realpath "$1")
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
top=$(mktemp -d /dev/shm/flowbench-calls.XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$top"' EXIT
out=$top/outside
# the files outside DIR, as each case starts
set_outside() {
    rm -rf "$out" && mkdir "$out" "$out/sub"
    echo secret >"$out/f" && chmod 644 "$out/f"
    echo other >"$out/sub/g" && chmod 600 "$out/sub/g"
}
set_outside
# what is outside DIR, by content and mode: compared before and after each case
outside() { (cd "$out" && find . -printf '%P %m %y\n' | sort && find . -type f -exec sha256sum {} + | sort); }
before=$(outside)
# unchanged NAME: a check that nothing outside changed (then set again for the next case)
unchanged() {
    expect_eq "${1}_outside_unchanged" "$(outside)" "$before"
    set_outside
}
# the strace log's recorded root (it need not exist here)
R=/rec/root

# replay NAME TRACE [ARGS...]: replays TRACE beneath a new $top/NAME (made
# first); its exit status in $rc, its text report in $top/NAME.out, its JSON in
# $top/NAME.json. Whatever it does, nothing outside may change.
replay() {
    local name=$1 trace=$2
    shift 2
    rm -rf "${top:?}/$name" && mkdir "$top/$name"
    timeout 20 "$bin" replay "$trace" -D dir="$top/$name" --json "$top/$name.json" "$@" >"$top/$name.out" 2>&1
    rc=$?
    unchanged "$name"
}
mismatches() { awk '$1 == "mismatch" { sub("ops", "", $2); s += $2 } END { print s + 0 }' "$top/$1.out"; }
# named NAME CALL TARGET TRACED REPLAY: the text report names that mismatch
named() { grep -c "line [0-9]*: $2 $3: traced $4, replay $5\$" "$top/$1.out"; }
json_named() {
    python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]
print(" ".join("%s:%s:%s>%s" % (m["call"], m["target"], m["traced"], m["replay"]) for m in r.get("mismatches_named", [])))' "$top/$1.json"
}

# 1. A link laid down by the trace itself (symlink), then every call on a name through it,
# a create through a dangling one, and the link hard-linked and renamed.
own() { printf '# flowbench-trace 1\n'; cat; printf '# end\n'; }
own >"$top/sym.trace" <<T
0.000000 10 10 symlink lnk - - - - 0 0.00001 $out/f
0.000100 10 10 chmod lnk - - - 04777 0 0.00001
0.000200 10 10 truncate lnk - 0 - - 0 0.00001
0.000300 10 10 utimes lnk - - - - 0 0.00001
0.000400 10 10 access lnk - - 2 - 0 0.00001
0.000500 10 10 open lnk - - O_WRONLY|O_TRUNC - 3 0.00001
0.000600 10 10 symlink dang - - - - 0 0.00001 $out/new
0.000700 10 10 open dang - - O_WRONLY|O_CREAT 0644 3 0.00001
0.000800 10 10 link lnk - - - - 0 0.00001 lnk2
0.000900 10 10 chmod lnk2 - - - 04777 0 0.00001
0.001000 10 10 rename lnk2 - - - - 0 0.00001 lnk3
0.001100 10 10 chmod lnk3 - - - 04777 0 0.00001
T
replay sym "$top/sym.trace"
expect_eq sym_exit "$rc" 0
expect_eq sym_mismatch "$(mismatches sym)" 8
expect_eq sym_named_dangling "$(named sym open dang 3 -ELOOP)" 1
expect_eq sym_named_hard_link "$(named sym chmod lnk2 0 -ELOOP)" 1
expect_eq sym_named_renamed "$(named sym chmod lnk3 0 -ELOOP)" 1
expect_eq sym_named_chmod "$(named sym chmod lnk 0 -ELOOP)" 1
expect_eq sym_named_truncate "$(named sym truncate lnk 0 -ELOOP)" 1
expect_eq sym_named_open "$(named sym open lnk 3 -ELOOP)" 1
expect_eq sym_json "$(json_named sym | cut -d' ' -f1,5)" "chmod:lnk:0>-ELOOP open:lnk:3>-ELOOP"
expect_eq sym_link_kept "$(readlink "$top/sym/lnk")" "$out/f"

# The same in strace's words: symlink + chmod, symlinkat + fchmodat.
cat >"$top/sym.strace" <<T
100 1700000000.000000 symlink("$out/f", "lnk") = 0 <0.000010>
100 1700000000.000100 chmod("lnk", 04777) = 0 <0.000010>
100 1700000000.000200 symlinkat("$out/f", -100<$R>, "lnk2") = 0 <0.000010>
100 1700000000.000300 fchmodat(-100<$R>, "lnk2", 04777) = 0 <0.000010>
100 1700000000.000400 truncate("lnk2", 0) = 0 <0.000010>
100 1700000000.000500 openat(-100<$R>, "lnk2", 0x241, 0644) = 3<$R/lnk2> <0.000010>
T
replay sym_strace "$top/sym.strace" --root "$R"
expect_eq sym_strace_exit "$rc" 0
expect_eq sym_strace_mismatch "$(mismatches sym_strace)" 4
expect_eq sym_strace_named "$(named sym_strace chmod lnk2 0 -ELOOP)" 1

# A trace that got ELOOP itself: the same outcome, no mismatch.
own >"$top/loop.trace" <<T
0.000000 10 10 symlink lnk - - - - 0 0.00001 $out/f
0.000100 10 10 chmod lnk - - - 04777 -ELOOP 0.00001
T
replay loop "$top/loop.trace"
expect_eq loop_exit "$rc" 0
expect_eq loop_mismatch "$(mismatches loop)" 0

# 2. A link laid down from a readlink record (the trace read it, never made it).
own >"$top/rl.trace" <<T
0.000000 10 10 readlink lnk - 4096 - - ${#out} 0.00001 $out/f
0.000100 10 10 chmod lnk - - - 04777 0 0.00001
T
replay rl "$top/rl.trace"
expect_eq rl_exit "$rc" 0
expect_eq rl_laid_down "$(readlink "$top/rl/lnk")" "$out/f"
expect_eq rl_mismatch "$(mismatches rl)" 1
expect_eq rl_named "$(named rl chmod lnk 0 -ELOOP)" 1
cat >"$top/rl.strace" <<T
100 1700000000.000000 readlink("lnk", "$out/f", 4096) = $((${#out} + 2)) <0.000010>
100 1700000000.000100 chmod("lnk", 04777) = 0 <0.000010>
100 1700000000.000200 openat(-100<$R>, "lnk", 0x2) = 3<$R/lnk> <0.000010>
T
replay rl_strace "$top/rl.strace" --root "$R"
expect_eq rl_strace_exit "$rc" 0
expect_eq rl_strace_mismatch "$(mismatches rl_strace)" 2
expect_eq rl_strace_named "$(named rl_strace chmod lnk 0 -ELOOP)" 1

# 3. A link planted in DIR before the run, at a name whose only call failed in the
# trace (so nothing was laid down there). A DIR holding what flowbench did not lay
# down may be refused whole (exit 2, nothing done); if it runs, the chmod is ELOOP.
own >"$top/plant.trace" <<T
0.000000 10 10 chmod p - - - 04777 -ENOENT 0.00001
0.000100 10 10 utimes p - - - - -ENOENT 0.00001
T
rm -rf "$top/plant" && mkdir "$top/plant" && ln -s "$out/f" "$top/plant/p"
timeout 20 "$bin" replay "$top/plant.trace" -D dir="$top/plant" >"$top/plant.out" 2>&1
rc=$?
unchanged plant
if [ "$rc" = 2 ]; then ok; else
    expect_eq plant_exit "$rc" 0
    expect_eq plant_mismatch "$(mismatches plant)" 2
    expect_eq plant_named "$(named plant chmod p -ENOENT -ELOOP)" 1
fi

# 3b. Links and a FIFO planted while the replay runs (whatever DIR's checks before the
# run, these come after them): a link at a name and on the way (d/dl, which the trace
# made, replaced by a link); timed mode gives the test a second and a half to plant them.
own >"$top/mid.trace" <<T
0.000000 10 10 mkdir d/dl - - - 0755 0 0.00001
1.500000 10 10 chmod d/lnk - - - 04777 -ENOENT 0.00001
1.500100 10 10 truncate d/lnk - 0 - - -ENOENT 0.00001
1.500200 10 10 open d/fifo - - O_WRONLY|O_CREAT|O_TRUNC 0644 3 0.00001
1.500300 10 10 open d/fifo - - O_RDONLY - 3 0.00001
1.500400 10 10 truncate d/fifo - 0 - - 0 0.00001
1.500500 10 10 chmod d/dl/g - - - 0666 -ENOENT 0.00001
1.500600 10 10 open d/dl/new - - O_WRONLY|O_CREAT 0644 3 0.00001
T
cat >"$top/mid.strace" <<T
100 1700000000.000000 mkdirat(-100<$R>, "d/dl", 0755) = 0 <0.000010>
100 1700000001.500000 fchmodat(-100<$R>, "d/lnk", 04777) = -1 ENOENT (No such file or directory) <0.000010>
100 1700000001.500100 truncate("d/lnk", 0) = -1 ENOENT (No such file or directory) <0.000010>
100 1700000001.500200 openat(-100<$R>, "d/fifo", 0x241, 0644) = 3<$R/d/fifo> <0.000010>
100 1700000001.500300 openat(-100<$R>, "d/fifo", 0) = 3<$R/d/fifo> <0.000010>
100 1700000001.500400 truncate("d/fifo", 0) = 0 <0.000010>
100 1700000001.500500 fchmodat(-100<$R>, "d/dl/g", 0666) = -1 ENOENT (No such file or directory) <0.000010>
100 1700000001.500600 openat(-100<$R>, "d/dl/new", 0x41, 0644) = 3<$R/d/dl/new> <0.000010>
T
for fmt in trace strace; do
    name=mid_$fmt
    rm -rf "${top:?}/$name" && mkdir "$top/$name"
    timeout 20 "$bin" replay "$top/mid.$fmt" -D dir="$top/$name" --mode timed --root "$R" >"$top/$name.out" 2>&1 &
    job=$!
    for _ in $(seq 300); do [ -d "$top/$name/d/dl" ] && break; sleep 0.05; done
    rmdir "$top/$name/d/dl" && ln -s "$out/sub" "$top/$name/d/dl"
    ln -s "$out/f" "$top/$name/d/lnk" && mkfifo "$top/$name/d/fifo"
    wait $job
    rc=$?
    unchanged "$name"
    expect_eq "${name}_exit" "$rc" 0
    expect_eq "${name}_mismatch" "$(mismatches $name)" 7
    expect_eq "${name}_named_link" "$(named $name chmod d/lnk -ENOENT -ELOOP)" 1
    expect_eq "${name}_named_fifo" "$(named $name open d/fifo 3 -ENXIO)" 2
    expect_eq "${name}_named_fifo_truncate" "$(named $name truncate d/fifo 0 -EINVAL)" 1
    expect_eq "${name}_named_on_the_way" "$(named $name chmod d/dl/g -ENOENT -ELOOP)" 1
    expect_eq "${name}_named_create_on_the_way" "$(named $name open d/dl/new 3 -ELOOP)" 1
done

# 3c. dbench's words: a Deltree over planted links removes the links, not what they
# point at; a FIND_FIRST through a link (the directory the lay-down made, replaced) is
# ELOOP. Planted once the replay has made c/d, a second and a half before the calls
# (the first line has no time: one would read as strace's).
cat >"$top/mid.dbench" <<'T'
Mkdir "\c\d" NT_STATUS_OK
1.500000 Deltree "\c" NT_STATUS_OK
1.500100 FIND_FIRST "\c2\dl\*" 260 1366 0 NT_STATUS_OK
T
rm -rf "${top:?}/mid_dbench" && mkdir "$top/mid_dbench"
timeout 20 "$bin" replay "$top/mid.dbench" -D dir="$top/mid_dbench" --mode timed >"$top/mid_dbench.out" 2>&1 &
job=$!
for _ in $(seq 300); do [ -d "$top/mid_dbench/c/d" ] && break; sleep 0.05; done
ln -s "$out/f" "$top/mid_dbench/c/d/lnk" && ln -s "$out/sub" "$top/mid_dbench/c/dl"
rmdir "$top/mid_dbench/c2/dl" && ln -s "$out/sub" "$top/mid_dbench/c2/dl"
wait $job
rc=$?
unchanged mid_dbench
expect_eq mid_dbench_exit "$rc" 0
expect_eq mid_dbench_tree_gone "$([ -e "$top/mid_dbench/c" ] || [ -L "$top/mid_dbench/c" ] && echo left || echo gone)" gone
expect_eq mid_dbench_mismatch "$(mismatches mid_dbench)" 1
expect_eq mid_dbench_named "$(named mid_dbench getdents 'c2/dl' 0 -ELOOP)" 1

# 4. Two processes each take flock(LOCK_EX) on one file, the second while the first
# holds it and waits for the second's next call: a blocking flock waited for good.
own >"$top/flock.trace" <<T
0.000000 10 10 open lk - - O_RDWR|O_CREAT 0644 3 0.00001
0.000100 10 10 flock fd:3 - - LOCK_EX - 0 0.00001
0.000200 10 10 mkdir y - - - 0755 0 0.00001
0.000300 20 20 stat y - - - - 0 0.00001
0.000400 20 20 open lk - - O_RDWR - 3 0.00001
0.000500 20 20 flock fd:3 - - LOCK_EX - 0 0.00001
0.000600 20 20 mkdir x - - - 0755 0 0.00001
0.000700 10 10 stat x - - - - 0 0.00001
0.000800 10 10 flock fd:3 - - LOCK_UN - 0 0.00001
0.000900 20 20 flock fd:3 - - LOCK_UN - 0 0.00001
T
cat >"$top/flock.strace" <<T
100 1700000000.000000 openat(-100<$R>, "lk", 0x42, 0644) = 3<$R/lk> <0.000010>
100 1700000000.000100 flock(3<$R/lk>, 0x2) = 0 <0.000010>
100 1700000000.000200 mkdirat(-100<$R>, "y", 0755) = 0 <0.000010>
200 1700000000.000300 newfstatat(-100<$R>, "y", {st_mode=040755, st_size=40, ...}, 0) = 0 <0.000010>
200 1700000000.000400 openat(-100<$R>, "lk", 0x2) = 3<$R/lk> <0.000010>
200 1700000000.000500 flock(3<$R/lk>, 0x2) = 0 <0.000010>
200 1700000000.000600 mkdirat(-100<$R>, "x", 0755) = 0 <0.000010>
100 1700000000.000700 newfstatat(-100<$R>, "x", {st_mode=040755, st_size=40, ...}, 0) = 0 <0.000010>
100 1700000000.000800 flock(3<$R/lk>, 0x8) = 0 <0.000010>
200 1700000000.000900 flock(3<$R/lk>, 0x8) = 0 <0.000010>
T
for fmt in trace strace; do
    SECONDS=0
    replay flock_$fmt "$top/flock.$fmt" --root "$R"
    expect_eq "flock_${fmt}_ends" "$([ $SECONDS -lt 15 ] && echo soon || echo "after ${SECONDS}s")" soon
    expect_eq "flock_${fmt}_exit" "$rc" 0
    expect_eq "flock_${fmt}_mismatch" "$(mismatches flock_$fmt)" 1
    expect_eq "flock_${fmt}_named" "$(named flock_$fmt flock fd 0 -EAGAIN)" 1
done

# 5. SIGTERM (SIGINT for the strace log) ends a timed replay whose next call is an
# hour away, within seconds: its thread sleeping for it, another in a futex wait for it.
own >"$top/hour.trace" <<T
0.000000 10 10 mkdir a - - - 0755 0 0.00001
3600.000000 10 10 mkdir b - - - 0755 0 0.00001
3600.000100 10 11 stat b - - - - 0 0.00001
T
cat >"$top/hour.strace" <<T
100 1700000000.000000 mkdirat(-100<$R>, "a", 0755) = 0 <0.000010>
100 1700003600.000000 mkdirat(-100<$R>, "b", 0755) = 0 <0.000010>
101 1700003600.000100 newfstatat(-100<$R>, "b", {st_mode=040755, st_size=40, ...}, 0) = 0 <0.000010>
T
for fmt in trace strace; do
    name=hour_$fmt
    rm -rf "${top:?}/$name" && mkdir "$top/$name"
    timeout 60 "$bin" replay "$top/hour.$fmt" -D dir="$top/$name" --mode timed --root "$R" >"$top/$name.out" 2>&1 &
    job=$!
    for _ in $(seq 300); do [ -d "$top/$name/a" ] && break; sleep 0.05; done
    sleep 0.5
    SECONDS=0
    kill -"$([ $fmt = trace ] && echo TERM || echo INT)" $job
    wait $job
    rc=$?
    expect_eq "${name}_ends" "$([ $SECONDS -le 3 ] && echo soon || echo "after ${SECONDS}s")" soon
    expect_eq "${name}_not_the_timeout" "$([ "$rc" != 124 ] && echo own || echo timeout)" own
    expect_eq "${name}_report_or_failure" "$([ "$rc" != 0 ] || grep -q 'Run took' "$top/$name.out" && echo said)" said
    expect_eq "${name}_b_never_made" "$([ -e "$top/$name/b" ] && echo made || echo absent)" absent
done

# 6. The first 20 mismatches are named, the count says how many in all.
{ for i in $(seq 25); do echo "0.$(printf %06d "$i") 10 10 stat s$i - - - - -EACCES 0.00001"; done; } | own >"$top/many.trace"
replay many "$top/many.trace"
expect_eq many_mismatch "$(mismatches many)" 25
expect_eq many_head "$(grep -c 'replay mismatches: 25 (the first 20 named)' "$top/many.out")" 1
expect_eq many_lines "$(grep -c 'line [0-9]*: stat s[0-9]*: traced -EACCES, replay ' "$top/many.out")" 20
expect_eq many_json "$(json_named many | wc -w)" 20

summary test_replay_calls_safety
