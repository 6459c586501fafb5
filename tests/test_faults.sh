#!/usr/bin/env bash
# test_faults.sh BIN: faults during a run end it within a second with a message
# naming the flowop, the file and the error, the results so far, and exit 1.
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-faults.XXXXXX)
chmod 755 "$top"
trap 'rm -rf "$top"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

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
[ $(( (t1 - t0) / 1000000 )) -lt "$(slack 0 1000)" ] && ok || bad removed_fast "ended $(( (t1 - t0) / 1000000 )) ms after the removal"
grep -q "flowop maker (createfile).*$d/fs/.*No such file or directory" "$d/err" && ok || bad removed_message "$(cat "$d/err")"
grep -q "IO Summary:" "$d/out" && ok || bad removed_results "no results"

# DIR/w.f: two processes stat the files of a small fileset in DIR for SECONDS.
stat_script() {
    mkdir -p "$1"
    cat >"$1/w.f" <<F
set \$dir=$1
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p, instances=2 { thread name=t { flowop statfile name=s1, filesetname=fs } }
run $2
F
}

# SIGTERM is handled like Ctrl-C: results, exit 143 (128 + SIGTERM), no worker left.
d=$top/sigterm
stat_script "$d" 30
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err" &
pid=$!
sleep 1.5
kill -TERM $pid
wait $pid
expect_eq sigterm_exit $? 143
grep -q "IO Summary:" "$d/out" && ok || bad sigterm_results "no results"
sleep 0.2
pgrep -f "$d/w.f" >/dev/null && bad sigterm_leftover "worker left behind" || ok

# Pids among "$@" whose process still runs (a zombie has ended).
alive() {
    local p st
    for p in "$@"; do
        st=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f1)
        [ -n "$st" ] && [ "$st" != Z ] && echo "$p"
    done
}
# Waits (up to 30 s) for a run started in the background to print "Running".
wait_running() {
    for _ in $(seq 300); do grep -q "Running" "$1" && return 0; sleep 0.1; done
    return 1
}

# The master killed (kill -9, the OOM killer): its workers die with it within
# about a second, and nothing writes into $dir afterwards.
d=$top/orphans
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=64k, prealloc
define process name=p, instances=2 { thread name=t {
  flowop write name=overwrite, filesetname=fs, iosize=4k, random } }
run 60
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err" &
master=$!
wait_running "$d/out" && ok || bad orphans_start "$(cat "$d/err")"
workers=$(pgrep -P $master)
[ "$(echo $workers | wc -w)" = 2 ] && ok || bad orphans_workers "want 2 workers of pid $master, found '$workers'"
kill -KILL $master
{ wait $master; } 2>/dev/null # no "Killed" job notice
t0=$(date +%s%N)
left=$workers
for _ in $(seq 50); do
    left=$(alive $workers)
    [ -z "$left" ] && break
    sleep 0.1
done
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
# polled up to 5 s on a loaded machine; the report below says how long it took
if [ -z "$left" ]; then
    ok
    echo "orphans: the workers were gone ${ms} ms after the master's death"
else
    bad orphans_left "workers $(echo $left) still run ${ms} ms after the master was killed"
fi
touch "$d/stamp"
sleep 0.5
written=$(find "$d/fs" -type f -newer "$d/stamp" | wc -l)
expect_eq orphans_quiet "$written" 0
for p in $left; do kill -KILL "$p"; done

# SIGHUP (the terminal closed, to the whole process group) stops the run in
# order, like SIGTERM: summary, --json and --csv written, tree kept, exit 129.
d=$top/sighup
stat_script "$d" 60
# its own session, so that the hangup can go to its process group as a terminal's does
setsid "$bin" --json "$d/out.json" --csv "$d/out.csv" -f "$d/w.f" >"$d/out" 2>"$d/err" &
pid=$!
wait_running "$d/out" && ok || bad sighup_start "$(cat "$d/err")"
workers=$(pgrep -P $pid)
kill -HUP -- -$pid
wait $pid
expect_eq sighup_exit $? 129
grep -q "IO Summary:" "$d/out" && ok || bad sighup_results "no summary: $(cat "$d/out" "$d/err")"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"]; sys.exit(0 if [x["end"] for x in r]==["signal"] else 1)' \
    "$d/out.json" 2>/dev/null && ok || bad sighup_json "$(head -c 300 "$d/out.json" 2>&1)"
grep -q "^.*s1" "$d/out.csv" 2>/dev/null && ok || bad sighup_csv "$(head -c 300 "$d/out.csv" 2>&1)"
[ -f "$d/fs/.flowbench-fileset" ] && [ "$(find "$d/fs" -type f | wc -l)" = 11 ] && ok || bad sighup_tree "$(ls -a "$d/fs" 2>&1)"
left=$(alive $workers)
[ -z "$left" ] && ok || bad sighup_leftover "workers $(echo $left) left behind"
for p in $left; do kill -KILL "$p"; done

# Ctrl-C during the population of a fileset (on several threads): it stops,
# its partial tree is removed, the outputs are written, exit 130.
d=$top/popint
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=big, path=\$dir, entries=60000, dirwidth=100, size=4k, prealloc, paralloc
define process name=p { thread name=t { flowop statfile name=s1, filesetname=big } }
run 60
F
"$bin" --json "$d/out.json" -f "$d/w.f" >"$d/out" 2>"$d/err" &
pid=$!
# the marker is the first file of a population; 60000 files take far longer than this poll
for _ in $(seq 3000); do [ -e "$d/big/.flowbench-fileset" ] && break; sleep 0.01; done
kill -INT $pid
for _ in $(seq 300); do [ -n "$(alive $pid)" ] || break; sleep 0.1; done
[ -n "$(alive $pid)" ] && { bad popint_stop "still running 30 s after Ctrl-C"; kill -KILL $pid; }
wait $pid
expect_eq popint_exit $? 130
grep -q "creation of fileset 'big' interrupted; removed the partial tree $d/big" "$d/err" && ok \
    || bad popint_message "$(cat "$d/err" "$d/out")"
[ ! -e "$d/big" ] && ok || bad popint_tree "partial tree left: $(ls -a "$d/big" | head -5)"
grep -q '"runs"' "$d/out.json" 2>/dev/null && ok || bad popint_json "no JSON written"

# Under nohup a hangup is still ignored: the run goes on.
setsid nohup "$bin" -f "$d/w.f" >"$d/nohup.out" 2>"$d/nohup.err" &
pid=$!
wait_running "$d/nohup.out" && ok || bad nohup_start "$(cat "$d/nohup.err")"
kill -HUP -- -$pid
sleep 0.5
[ -n "$(alive $pid)" ] && ok || bad nohup_hangup "the run ended on SIGHUP under nohup: $(cat "$d/nohup.out")"
kill -TERM $pid
wait $pid
expect_eq nohup_term_exit $? 143

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

summary
