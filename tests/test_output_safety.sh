#!/usr/bin/env bash
# test_output_safety.sh FLOWBENCH: outputs and results trees take nothing foreign with
# them (issue 31, points 2 and 4). A FIFO, a symbolic link or a directory at --json,
# --csv, --latency-log, --report or a stats dump is refused at once (exit 2) and the
# foreign file is byte-identical; SIGTERM ends flowbench waiting on a FIFO script; a
# script from a FIFO or a pipe still runs; a resumed results tree with a planted link,
# FIFO, hard link or foreign owner, and a results folder open to all, are refused with
# the path named, exit 2, nothing written in the tree or outside it.
set -u
fb=$1
T=$(mktemp -d /dev/shm/fbout.XXXXXX)
trap 'rm -rf "$T"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mkdir "$T/data" "$T/foreign"
cat > "$T/w.f" <<EOF
define file name=f1,path=$T/data,size=64k,prealloc
define process name=p { thread name=t { flowop read name=rd,filename=f1,iosize=4k } }
run 1
EOF
echo "foreign: not flowbench's" > "$T/foreign/victim"
sum() { sha256sum "$T/foreign/victim" | cut -d' ' -f1; }
want=$(sum)

# refused OPTION PLANT-KIND: flowbench OPTION PATH with a planted thing at PATH.
refused() {
  local opt=$1 kind=$2 at=$T/out-$1-$2
  case $kind in
    fifo) mkfifo "$at" ;;
    link) ln -s "$T/foreign/victim" "$at" ;;
    dir) mkdir "$at" ;;
  esac
  local s0 rc
  s0=$(date +%s)
  timeout -s KILL 20 "$fb" -f "$T/w.f" "$opt" "$at" > "$T/o" 2> "$T/e"
  rc=$?
  expect_eq "$opt-$kind-exit" "$rc" 2
  [ $(($(date +%s) - s0)) -lt 10 ] && ok || bad "$opt-$kind-time" "took $(($(date +%s) - s0)) s"
  grep -q -- "$opt $at" "$T/e" && ok || bad "$opt-$kind-message" "$(cat "$T/e")"
  expect_eq "$opt-$kind-foreign" "$(sum)" "$want"
  case $kind in
    fifo) [ -p "$at" ] && ok || bad "$opt-$kind-kept" "the FIFO is gone" ;;
    link) [ -L "$at" ] && ok || bad "$opt-$kind-kept" "the link is gone" ;;
  esac
  rm -rf "$at"
}
for opt in --json --csv --latency-log; do
  for kind in fifo link dir; do refused "$opt" "$kind"; done
done
refused --report link

# A regular file is replaced whole, by a new file: a hard link to it keeps the old bytes.
echo old > "$T/res.json"
ln "$T/res.json" "$T/foreign/hard"
hard=$(sha256sum < "$T/foreign/hard")
"$fb" -f "$T/w.f" --json "$T/res.json" --csv "$T/res.csv" > /dev/null 2>&1
expect_eq replace-exit $? 0
python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$T/res.json" && ok || bad replace-json "not JSON"
expect_eq replace-hardlink "$(sha256sum < "$T/foreign/hard")" "$hard"
expect_eq replace-leftovers "$(ls -A "$T" | grep -c new-)" 0

# A stats dump at a link: refused with its place, the foreign file as it was.
ln -s "$T/foreign/victim" "$T/dump.txt"
printf '%s\nstats dump "%s"\n' "$(cat "$T/w.f")" "$T/dump.txt" > "$T/dump.f"
timeout -s KILL 20 "$fb" -f "$T/dump.f" > /dev/null 2> "$T/e"
expect_eq dump-exit $? 2
grep -q "symbolic link" "$T/e" && ok || bad dump-message "$(cat "$T/e")"
expect_eq dump-foreign "$(sum)" "$want"
[ -L "$T/dump.txt" ] && ok || bad dump-kept "the link is gone"

# SIGTERM while the script is a FIFO nobody writes: flowbench ends (128 + 15), at once.
# One TERM, to flowbench alone (--foreground): plain timeout also signals its whole
# process group, and under ASan that second TERM can land on LeakSanitizer's exit-time
# tracer (a process of its own in the group), which then never finishes its check
# (3 hangs in 350 tries beside two busy loops; none in 220 with --foreground).
mkfifo "$T/script.fifo"
timeout --foreground -s KILL 10 "$fb" -f "$T/script.fifo" > /dev/null 2>&1 &
pid=$!
sleep 0.5
kill -TERM $pid 2>/dev/null
wait $pid
expect_eq sigterm-fifo-script $? 143
# A script from a FIFO with a writer, and from a pipe, is legitimate: it runs.
cat "$T/w.f" > "$T/script.fifo" &
timeout -s KILL 20 "$fb" -f "$T/script.fifo" > "$T/o" 2>&1
expect_eq fifo-script-runs $? 0
wait
timeout -s KILL 20 "$fb" < "$T/w.f" > "$T/o" 2>&1
expect_eq pipe-script-runs $? 0

# ---- Results trees under profile --resume ----
cat > "$T/tiny.f" <<'EOF'
set $dir=/tmp
set $nthreads=1
define file name=f1,path=$dir,size=64k,prealloc
define process name=rw { thread name=t,instances=$nthreads { flowop read name=rd,filename=f1,iosize=4k } }
EOF
printf 'DEFAULTS {\n    runtime = 1;\n    dir = %s/data;\n    stats = %s/stats;\n}\nCONFIG rw {\n    personality = tiny;\n    function = generic;\n    nthreads = 1, 2;\n}\n' \
  "$T" "$T" > "$T/c.prof"
"$fb" profile --workloads "$T" c > "$T/o" 2>&1 && ok || bad profile-run "$(cat "$T/o")"
base=$(ls -d "$T"/stats/*/ | head -1)
base=${base%/}
[ -s "$base/rw/nthreads=2/results.json" ] && ok || bad profile-tree "no point 2 in $base"
rm -f "$base/rw/nthreads=2/results.json"  # point 2 is left to run: a resume writes there

mkdir "$T/foreign/point"
for f in thisrun.f results.csv stats.rw.out results.json.part; do echo "foreign $f" > "$T/foreign/point/$f"; done
fsum() { (cd "$T/foreign" && find . -type f -exec sha256sum {} + | sort); }
fwant=$(fsum)
# listing TREE: every entry with its kind, size and time: "nothing written".
listing() { (cd "$1" && find . -printf '%p %y %s %T@\n' | sort); }

# resume CASE PLANT-COMMAND WANTED-IN-MESSAGE [--resume=TREE or --resume]
resume() {
  local name=$1 plant=$2 msg=$3 how=${4:-tree}
  local tree=$T/stats/${base##*/}-$name
  cp -a "$base" "$tree"
  (cd "$tree/rw/nthreads=2" && eval "$plant")
  local before rc
  before=$(listing "$tree")
  if [ "$how" = latest ]; then
    timeout -s KILL 60 "$fb" profile --workloads "$T" c --resume > "$T/o" 2> "$T/e"
  else
    timeout -s KILL 60 "$fb" profile --workloads "$T" c --resume="$tree" > "$T/o" 2> "$T/e"
  fi
  rc=$?
  expect_eq "resume-$name-exit" "$rc" 2
  grep -qF -- "$msg" "$T/e" && ok || bad "resume-$name-message" "want '$msg': $(cat "$T/e")"
  expect_eq "resume-$name-foreign" "$(fsum)" "$fwant"
  expect_eq "resume-$name-unwritten" "$(listing "$tree")" "$before"
  rm -rf "$tree"
}
resume point-link 'cd .. && rm -rf nthreads=2 && ln -s "$T/foreign/point" nthreads=2' "rw/nthreads=2 is a symbolic link"
for f in thisrun.f results.csv stats.rw.out results.json.part; do
  resume "link-$f" "rm -f $f && ln -s \"\$T/foreign/point/$f\" $f" "rw/nthreads=2/$f is a symbolic link"
done
resume link-report 'rm -rf report && ln -s "$T/foreign/point" report' "rw/nthreads=2/report is a symbolic link"
resume fifo-csv 'rm -f results.csv && mkfifo results.csv' "rw/nthreads=2/results.csv is not a folder or a regular file"
resume hardlink-csv 'rm -f results.csv && ln "$T/foreign/point/results.csv" results.csv' \
  "rw/nthreads=2/results.csv is a regular file with more than one link"
resume foreign-owner 'chown -R 65534 ../..' "belongs to another user"
# plain --resume picks the latest tree by its name: a link planted with the latest name is refused
resume latest-link 'ln -s "$T/foreign/point" "$T/stats/${base##*/}-zz"' "-zz: a symbolic link" latest
rm -f "$T/stats/${base##*/}-zz"
# a results folder anybody may write into (no sticky bit): refused before any tree is looked at
chmod 0777 "$T/stats"
timeout -s KILL 60 "$fb" profile --workloads "$T" c --resume > "$T/o" 2> "$T/e"
expect_eq open-root-exit $? 2
grep -q "may be written by anybody" "$T/e" && ok || bad open-root-message "$(cat "$T/e")"
chmod 0755 "$T/stats"
# and the untouched tree still resumes: point 2 runs, the rest is kept
timeout -s KILL 60 "$fb" profile --workloads "$T" c --resume="$base" > "$T/o" 2>&1
expect_eq resume-clean-exit $? 0
[ -s "$base/rw/nthreads=2/results.json" ] && ok || bad resume-clean "point 2 did not run: $(cat "$T/o")"
expect_eq resume-clean-foreign "$(fsum)" "$fwant"

summary output_safety
