#!/usr/bin/env bash
# test_contention.sh BIN WORKLOADS: many threads on few files run to their end.
# A thread that finds every file it wants busy waits for one (no "could not
# obtain"); a pre-allocated share of a small fileset exists when the run starts.
set -u
bin=$(realpath "$1")
workloads=$(realpath "$2")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-contention.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
took() { sed -n 's/.*Run took \([0-9.]*\) seconds.*/\1/p' "$1" | tail -1; }

# A run of N seconds that lasted them, reported ops for every flowop named,
# and never gave up on a file.
check_run() {
    local name=$1 rc=$2 secs=$3 out=$4 err=$5
    shift 5
    [ "$rc" = 0 ] && ok || bad "${name}_exit" "exit $rc: $(tail -3 "$err")"
    if grep -q "could not obtain" "$out" "$err"; then
        bad "${name}_gave_up" "$(grep -h "could not obtain" "$out" "$err")"
    else
        ok
    fi
    awk -v t="$(took "$out")" -v s="$secs" 'BEGIN { exit !(t + 0 >= s - 0.05) }' && ok ||
        bad "${name}_length" "run took '$(took "$out")' s of $secs"
    for op in "$@"; do
        local n
        n=$(ops_of "$op" "$out")
        [ "${n:-0}" -gt 0 ] && ok || bad "${name}_ops_$op" "flowop $op reported '${n}' ops"
    done
}

# Classic's own videoserver, shrunk: the passive set pre-allocates 2 of its 4
# videos, so the writer's first deletefile finds one (it stopped the run at
# 45 ms when the draw per file had made none).
d=$top/videoserver
mkdir -p "$d"
printf '%s\n' 'load videoserver' "set \$dir=$d" 'set $numpassivevids=4' 'set $filesize=256k' \
    'set $nthreads=4' 'run 3' | timeout 120 "$bin" --workloads "$workloads" >"$d/out" 2>"$d/err"
check_run videoserver $? 3 "$d/out" "$d/err" vidremover wrtopen newvid vidreader
expect_files=$(find "$d/passivevids" -type f ! -name .flowbench-fileset | wc -l)
[ "$expect_files" = 2 ] && ok || bad videoserver_passive "passive videos on disk: $expect_files, want 2"

# 16 threads in 2 processes open, read and close 2 files; 8 threads create,
# stat and delete files of an 8-file set (each deletes the file it made, so a
# free slot is always left for its next create), and 4 remove and make 4 leaf
# directories: picks find every candidate busy all the time, and wait.
d=$top/few
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=two, path=\$dir, entries=2, dirwidth=10, size=16k, prealloc
define fileset name=churn, path=\$dir, entries=8, dirwidth=10, size=4k
define fileset name=leaves, path=\$dir, entries=1, leafdirs=4, dirwidth=10, size=1k, prealloc
define process name=p, instances=2 {
  thread name=readers, memsize=1m, instances=8 {
    flowop openfile name=open1, filesetname=two, fd=1
    flowop readwholefile name=read1, fd=1, iosize=16k
    flowop closefile name=close1, fd=1 }
  thread name=churners, memsize=1m, instances=4 {
    flowop createfile name=create1, filesetname=churn, fd=2
    flowop closefile name=close2, fd=2
    flowop statfile name=stat1, filesetname=churn
    flowop deletefile name=del1, fd=2 }
  thread name=dirs, memsize=1m, instances=2 {
    flowop removedir name=rmdir1, filesetname=leaves
    flowop makedir name=mkdir1, filesetname=leaves }
}
run 3
F
timeout 120 "$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
check_run few $? 3 "$d/out" "$d/err" open1 read1 close1 del1 create1 stat1 rmdir1 mkdir1

# Stopped in the middle (SIGINT) while threads wait: every wait ends, the
# report comes, no worker is left.
sed -i 's/^run 3$/run 60/' "$d/w.f"
"$bin" -f "$d/w.f" >"$d/out2" 2>"$d/err2" &
pid=$!
sleep 1.5
kids=$(pgrep -P $pid | tr '\n' ' ')
kill -INT $pid
t0=$(date +%s%N)
for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
t1=$(date +%s%N)
if kill -0 $pid 2>/dev/null; then
    bad stop_hang "still running 5 s after SIGINT"
    kill -KILL $pid
fi
wait $pid
rc=$?
[ $rc = 130 ] && ok || bad stop_exit "exit $rc, want 130: $(tail -3 "$d/err2")"
echo "stopped $(( (t1 - t0) / 1000000 )) ms after SIGINT"
grep -q "IO Summary:" "$d/out2" && ok || bad stop_report "no report"
left=""
for k in $kids; do kill -0 "$k" 2>/dev/null && left="$left $k"; done
[ -z "$left" ] && ok || bad stop_leftover "workers left:$left"

summary
