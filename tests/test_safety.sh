#!/usr/bin/env bash
# test_safety.sh BIN [PART]: the target directory is safe: one flowbench per $dir (a second
# is refused, naming the holder), a rerun that fits is not refused for space, and
# only the last component of $dir is made unless --mkdir-parents.
set -u
bin=$(realpath "$1")
part=${2:-all} # main (all but what follows) or space (a rerun on a small tmpfs: root)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-safety.XXXXXX)
cleanup() {
    loop_cleanup
    rm -rf "$top"
}
trap cleanup EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# Polls for a file for up to 30 s (a loaded machine is slow, not wrong).
wait_for() { for _ in $(seq 300); do [ -e "$1" ] && return 0; sleep 0.1; done; return 1; }
# Names, sizes and inodes: a tree removed and made anew differs.
tree_of() { (cd "$1" && find . -printf '%p %s %i\n' | sort | md5sum); }

if in_part main; then
# A second run on a $dir in use is refused at once, naming the path and the pid
# holding it, and touches nothing; the first run goes on and reports normally.
d=$top/busy
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=20, dirwidth=10, size=16k, prealloc
define process name=p, instances=2 { thread name=t, instances=2 {
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop readwholefile name=r1, fd=1, iosize=4k
  flowop closefile name=c1, fd=1 } }
run 5
F
"$bin" -f "$d/w.f" >"$d/out1" 2>"$d/err1" &
p1=$!
for _ in $(seq 300); do grep -q "Running" "$d/out1" && break; sleep 0.1; done
before=$(tree_of "$d/fs")
timeout 60 "$bin" -f "$d/w.f" >"$d/out2" 2>"$d/err2"
expect_eq busy_second_exit $? 1
grep -q "w.f:2:1: error: $d is in use by another flowbench (pid $p1 holds $d/.flowbench.lock)" "$d/err2" && ok \
    || bad busy_second_message "$(cat "$d/err2")"
kill -0 $p1 2>/dev/null && ok || bad busy_first_still_running "the first run ended before the second was refused"
expect_eq busy_tree_untouched "$(tree_of "$d/fs")" "$before"
# another $dir is not held up by that lock
d2=$top/other
mkdir -p "$d2"
sed "s|$d|$d2|; s/run 5/run 1/" "$d/w.f" >"$d2/w.f"
timeout 60 "$bin" -f "$d2/w.f" >"$d2/out" 2>"$d2/err"
expect_eq other_dir_exit $? 0
wait $p1
expect_eq busy_first_exit $? 0
grep -q "IO Summary: [1-9]" "$d/out1" && ok || bad busy_first_report "$(tail -3 "$d/out1")"
expect_eq busy_first_errors "$(cat "$d/err1")" ""
expect_eq busy_tree_intact "$(tree_of "$d/fs")" "$before"
[ ! -e "$d/.flowbench.lock" ] && ok || bad busy_lock_removed "the lock file flowbench made is left behind"

# A script (or the shell) keeps the lock from its first run until it ends, so
# nothing replaces its tree between runs; `system` children do not inherit it.
d=$top/session
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=4k, prealloc
define process name=p { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 1
system "ls -l /proc/self/fd >$d/fds.txt; flock -n $d/.flowbench.lock true || echo held >$d/held.txt"
system "touch $d/ran1; for i in \$(seq 600); do [ -e $d/go ] && break; sleep 0.1; done"
run 1
F
"$bin" <"$d/w.f" >"$d/out1" 2>"$d/err1" &
p1=$!
grep -v system "$d/w.f" >"$d/second.f"
if wait_for "$d/ran1"; then
    timeout 60 "$bin" -f "$d/second.f" >"$d/out2" 2>"$d/err2"
    expect_eq session_second_exit $? 1
    grep -q "$d is in use by another flowbench (pid $p1 holds" "$d/err2" && ok \
        || bad session_second_message "$(cat "$d/err2")"
else
    bad session_first_run "never got past its first run: $(cat "$d/err1")"
fi
touch "$d/go"
wait $p1
expect_eq session_exit $? 0
expect_eq session_runs "$(grep -c 'IO Summary:' "$d/out1")" 2
expect_eq session_lock_held_in_system "$(cat "$d/held.txt" 2>/dev/null)" held
grep -q "flowbench.lock" "$d/fds.txt" && bad session_cloexec "the lock file leaked into a system command" || ok

# A lock file flowbench did not make (a killed run's, or the user's) is used and kept.
d=$top/stale
mkdir -p "$d"
echo 999999999 >"$d/.flowbench.lock"
sed "s|$top/session|$d|" "$top/session/w.f" | grep -v system >"$d/w.f"
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq stale_exit $? 0
[ -f "$d/.flowbench.lock" ] && ok || bad stale_kept "a lock file flowbench did not make was removed"

# A missing parent of $dir is an error naming it, and nothing is made; $dir
# itself is made; --mkdir-parents makes the parents too.
d=$top/parents
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d/tset/run1/deep
define fileset name=fs, path=\$dir, entries=4, dirwidth=4, size=1k, prealloc
define process name=p { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 1
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq parents_exit $? 1
grep -q "w.f:2:1: error: cannot create directory $d/tset/run1/deep for fileset 'fs': $d/tset does not exist.*--mkdir-parents" \
    "$d/err" && ok || bad parents_message "$(cat "$d/err")"
[ ! -e "$d/tset" ] && ok || bad parents_nothing_made "$d/tset was created"
mkdir -p "$d/tset"
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
grep -q "error: .*$d/tset/run1 does not exist" "$d/err" && ok || bad parents_names_highest "$(cat "$d/err")"
mkdir -p "$d/tset/run1"
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq last_component_exit $? 0
[ -f "$d/tset/run1/deep/fs/.flowbench-fileset" ] && ok || bad last_component_made "no tree in $d/tset/run1/deep"
rm -rf "$d/tset"
"$bin" --mkdir-parents -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq mkdir_parents_exit $? 0
[ -f "$d/tset/run1/deep/fs/.flowbench-fileset" ] && ok || bad mkdir_parents_made "$(cat "$d/err")"
"$bin" --help | grep -q -- "--mkdir-parents" && ok || bad mkdir_parents_help "not in --help"

fi

# A rerun of a workload that fits is not refused for space: the tree it replaces
# frees what it holds. A workload of ~70% of an 8 MiB tmpfs runs twice in a row.
if in_part space; then
    small_mount "$top/small" 8m
    d=$top/small
    cat >"$top/fits.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=45, dirwidth=10, size=128k, prealloc
define process name=p { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 1
F
    for i in 1 2 3; do
        "$bin" -f "$top/fits.f" >"$top/fits.out" 2>"$top/fits.err"
        expect_eq "rerun_fits_$i" "$? $(cat "$top/fits.err")" "0 "
    done
    # and a workload that cannot fit is still refused, with the old tree counted
    sed -i 's/entries=45/entries=70/' "$top/fits.f"
    "$bin" -f "$top/fits.f" >"$top/fits.out" 2>"$top/fits.err"
    expect_eq rerun_too_big_exit $? 1
    grep -q "needs 8.8 MiB pre-allocated.*counting the old trees the run replaces" "$top/fits.err" && ok \
        || bad rerun_too_big_message "$(cat "$top/fits.err")"
fi

summary
