#!/usr/bin/env bash
# test_faults.sh BIN: faults during a run end it within a second with a message
# naming the flowop, the file and the error, the results so far, and exit 1.
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-faults.XXXXXX)
chmod 755 "$top"
trap 'rm -rf "$top"' EXIT
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
expect_eq() { if [ "$2" = "$3" ]; then ok; else bad "$1" "got '$2', want '$3'"; fi; }

# EMFILE: more descriptors than ulimit -n allows.
d=$top/emfile
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=200, dirwidth=20, size=1k, prealloc
define process name=p { thread name=t { flowop openfile name=opener, filesetname=fs, opennext } }
run 10
F
(ulimit -n 40; exec "$bin" -f "$d/w.f") >"$d/out" 2>"$d/err"
expect_eq emfile_exit $? 1
grep -q "flowop opener (openfile).*open $d/fs/.*Too many open files" "$d/err" && ok || bad emfile_message "$(cat "$d/err")"
grep -q "IO Summary:" "$d/out" && ok || bad emfile_results "no results"

# EACCES: a directory the user may not write (run as nobody, since root may write anywhere).
if [ "$(id -u)" = 0 ]; then
    d=$top/eacces
    mkdir -p "$d/ro" && chmod 755 "$d" && chmod 555 "$d/ro"
    cat >"$d/w.f" <<F
set \$dir=$d/ro
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=1k
define process name=p { thread name=t { flowop createfile name=maker, filesetname=fs, fd=1
  flowop closefile name=c, fd=1 } }
run 5
F
    chmod 644 "$d/w.f"
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
    expect_eq eacces_exit $? 1
    grep -q "$d/ro.*Permission denied" "$d/err" && ok || bad eacces_message "$(cat "$d/err")"
fi

# The target directory removed during the run: creates fail with a located error.
d=$top/removed
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=100000, dirwidth=100000, size=0
eventgen rate=1000
define process name=p { thread name=t {
  flowop createfile name=maker, filesetname=fs, fd=1
  flowop closefile name=c, fd=1
  flowop eventlimit name=pace } }
run 20
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err" &
pid=$!
sleep 1.5
# the run keeps creating files while rm works: repeat until the tree is gone
for _ in $(seq 50); do rm -rf "$d/fs" 2>/dev/null; [ -e "$d/fs" ] || break; done
t0=$(date +%s%N)
wait $pid
expect_eq removed_exit $? 1
t1=$(date +%s%N)
[ $(( (t1 - t0) / 1000000 )) -lt 1000 ] && ok || bad removed_fast "ended $(( (t1 - t0) / 1000000 )) ms after the removal"
grep -q "flowop maker (createfile).*$d/fs/.*No such file or directory" "$d/err" && ok || bad removed_message "$(cat "$d/err")"
grep -q "IO Summary:" "$d/out" && ok || bad removed_results "no results"

# SIGTERM is handled like Ctrl-C: results, exit 130, no worker left.
d=$top/sigterm
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p, instances=2 { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 30
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err" &
pid=$!
sleep 1.5
kill -TERM $pid
wait $pid
expect_eq sigterm_exit $? 130
grep -q "IO Summary:" "$d/out" && ok || bad sigterm_results "no results"
sleep 0.2
pgrep -f "$d/w.f" >/dev/null && bad sigterm_leftover "worker left behind" || ok

# Output to a closed pipe does not crash the run.
d=$top/pipe
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 2
F
"$bin" -f "$d/w.f" 2>"$d/err" | head -c 1 >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" -lt 128 ] && ok || bad pipe_exit "killed by a signal (exit $rc)"
sleep 0.2
pgrep -f "$d/w.f" >/dev/null && bad pipe_leftover "worker left behind" || ok

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
