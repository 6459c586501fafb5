#!/usr/bin/env bash
# test_engine.sh BIN [PART]: runs that check their effects on disk against what was reported.
set -u
bin=$(realpath "$1")
part=${2:-all} # main (all but what follows) or enospc (a full file system: a small tmpfs, root)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-engine.XXXXXX)
trap 'loop_cleanup; rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if in_part main; then
# 300 x (createfile, writewholefile 8 KiB, closefile) ended by finishoncount:
# exactly 300 files and 2,457,600 bytes on disk, and 300 ops reported.
d=$top/count
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=1000, dirwidth=100, size=8k
define process name=p { thread name=t {
  flowop createfile name=c1, filesetname=fs, fd=1
  flowop writewholefile name=w1, fd=1, iosize=8k
  flowop closefile name=cl1, fd=1
  flowop finishoncount name=f1, target=c1, value=300 } }
run 60
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq count_exit $? 0
expect_eq count_files "$(find "$d/fs" -type f ! -name '.flowbench-fileset' | wc -l)" 300
expect_eq count_bytes "$(find "$d/fs" -type f ! -name '.flowbench-fileset' -printf '%s\n' | awk '{s+=$1} END {print s}')" 2457600
expect_eq count_reported "$(ops_of c1 "$d/out")" 300
expect_eq write_reported "$(ops_of w1 "$d/out")" 300
grep -q "IO Summary:" "$d/out" && ok || bad count_summary "no IO Summary: $(tail -3 "$d/out") $(cat "$d/err")"

# 1000 appends of 4 KiB to one file: 4,096,000 bytes on disk and reported.
d=$top/append
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define file name=log, path=\$dir, size=0, prealloc
define process name=p { thread name=t {
  flowop appendfile name=a1, filename=log, iosize=4k
  flowop finishoncount name=f1, target=a1, value=1000 } }
run 60
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq append_exit $? 0
expect_eq append_size "$(stat -c %s "$d/log/00000001/00000001" 2>/dev/null)" 4096000
mb=$(awk '$1 == "a1" { print $4 }' "$d/out")
expect_eq append_ops "$(ops_of a1 "$d/out")" 1000

# A timed run lasts its time and reports ops; no worker is left behind.
d=$top/timed
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=20, dirwidth=10, size=16k, prealloc
define process name=p, instances=2 { thread name=t, instances=2 {
  flowop openfile name=o1, filesetname=fs, fd=1
  flowop readwholefile name=r1, fd=1, iosize=4k
  flowop closefile name=c1, fd=1 } }
F
start=$(date +%s.%N)
"$bin" -f "$d/w.f" --runtime 2 >"$d/out" 2>"$d/err"
expect_eq timed_exit $? 0
end=$(date +%s.%N)
# the run's own length (set-up on a loaded machine may take seconds of wall time)
took=$(awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$d/out")
awk -v s="$start" -v e="$end" -v t="${took:-0}" -v h="$(slack 2 1)" 'BEGIN { exit !(t >= 2 && t <= h && e - s >= 2) }' && ok ||
    bad timed_length "run took '$took' s, $(echo "$end - $start" | bc) s in all"
r=$(ops_of r1 "$d/out")
[ "${r:-0}" -gt 0 ] && ok || bad timed_ops "no reads reported: $(cat "$d/out" "$d/err")"
# --runtime with a unit: 400ms lasts 0.4 s, not a whole second (nor 400 of them)
"$bin" -f "$d/w.f" --runtime 400ms >"$d/out_ms" 2>"$d/err"
expect_eq timed_ms_exit $? 0
took=$(awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$d/out_ms")
awk -v t="${took:-0}" -v h="$(slack 0.4 0.5)" 'BEGIN { exit !(t >= 0.4 && t < h) }' && ok || bad timed_ms_length "run took '$took' s"
sleep 0.2
pgrep -f "$d/w.f" >/dev/null && bad timed_leftover "worker processes left behind" || ok

# Deletion is confined: a same-named directory flowbench did not make is refused and kept.
d=$top/confine
mkdir -p "$d/fs"
echo precious >"$d/fs/keep.txt"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=5, dirwidth=5, size=1k, prealloc
define process name=p { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 1
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq confine_exit $? 1
grep -q "not made by flowbench" "$d/err" && ok || bad confine_message "$(cat "$d/err")"
expect_eq confine_kept "$(cat "$d/fs/keep.txt" 2>/dev/null)" precious

# SIGINT during a run: results so far, exit 130, no worker left.
d=$top/sigint
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=4k, prealloc
define process name=p, instances=2 { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 30
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err" &
pid=$!
sleep 1.5
kill -INT $pid
t0=$(date +%s%N)
wait $pid
expect_eq sigint_exit $? 130
t1=$(date +%s%N)
[ $(( (t1 - t0) / 1000000 )) -lt "$(slack 0 1000)" ] && ok || bad sigint_fast "took $(( (t1 - t0) / 1000000 )) ms to stop"
grep -q "IO Summary:" "$d/out" && ok || bad sigint_report "no report: $(cat "$d/out")"
sleep 0.2
pgrep -f "$d/w.f" >/dev/null && bad sigint_leftover "worker left behind" || ok

# A worker killed with SIGKILL ends the run with an error naming it, exit 1.
d=$top/killed
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=10, dirwidth=10, size=4k, prealloc
define process name=victim { thread name=t { flowop statfile name=s1, filesetname=fs } }
run 30
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err" &
pid=$!
sleep 1.5
pkill -KILL -P $pid
t0=$(date +%s%N)
wait $pid
expect_eq killed_exit $? 1
t1=$(date +%s%N)
[ $(( (t1 - t0) / 1000000 )) -lt "$(slack 0 1000)" ] && ok || bad killed_fast "noticed after $(( (t1 - t0) / 1000000 )) ms"
grep -q "victim.*killed by signal 9" "$d/err" && ok || bad killed_message "$(cat "$d/err")"

fi

# A full file system (root only: a 2 MiB tmpfs): the error names the flowop, the file and ENOSPC.
if in_part enospc; then
    small_mount "$top/small" 2m
    d=$top/small
    cat >"$top/full.f" <<F
set \$dir=$d
define file name=big, path=\$dir, size=0, prealloc
define process name=p { thread name=t { flowop appendfile name=grow, filename=big, iosize=64k } }
run 30
F
    "$bin" -f "$top/full.f" >"$top/full.out" 2>"$top/full.err"
    expect_eq enospc_exit $? 1
    grep -q "grow.*big.*No space left on device" "$top/full.err" && ok || bad enospc_message "$(cat "$top/full.err")"
fi

if in_part main; then
# psrun reports every period, then once more at the end; interval reports count only their period.
d=$top/psrun
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
psrun -1 3
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq psrun_exit $? 0
expect_eq psrun_reports "$(grep -c 'Per-Operation Breakdown' "$d/out")" 3
# one delay of 1 s per period, give or take the one in flight at each edge
n=$(awk '$1 == "d1" { sub("ops", "", $2); n = $2 } END { print n }' "$d/out")
[ "${n:-0}" -ge 2 ] && [ "${n:-0}" -le 3 ] && ok || bad psrun_final_ops "got '$n' delays in 3 s"
n=$(awk '$1 == "d1" { sub("ops", "", $2); print $2; exit }' "$d/out")
[ "${n:-9}" -le 1 ] && ok || bad psrun_interval_ops "first 1-s interval has '$n' delays"

# A fileset whose tree cannot fit in memory is refused before anything is allocated or written.
d=$top/memory
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=vast, path=\$dir, entries=4000000000, dirwidth=1000, size=0
define process name=p { thread name=t { flowop statfile name=s1, filesetname=vast } }
run 2
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq memory_exit $? 1
grep -q "need about .* MiB of memory .*vast alone has 4000000000 entries" "$d/err" && ok || bad memory_message "$(cat "$d/err")"

# A second Ctrl-C ends flowbench at once, workers included.
d=$top/twice
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define process name=p, instances=2 { thread name=t { flowop hog name=h, value=1000 } }
run 30
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err" &
pid=$!
sleep 1.5
kill -INT $pid; kill -INT $pid
wait $pid
expect_eq twice_exit $? 130
sleep 0.2
pgrep -f "$d/w.f" >/dev/null && bad twice_leftover "worker left behind" || ok

# A fileset larger than the free space is refused before anything is written, with the figures.
d=$top/space
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define file name=huge, path=\$dir, size=100t, prealloc
define process name=p { thread name=t { flowop read name=r1, filename=huge, iosize=1m } }
run 2
F
"$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
expect_eq space_exit $? 1
grep -q "needs 104857600.0 MiB pre-allocated.*MiB free" "$d/err" && ok || bad space_message "$(cat "$d/err")"
[ ! -e "$d/huge" ] && ok || bad space_nothing_written "$d/huge exists"
fi

summary
