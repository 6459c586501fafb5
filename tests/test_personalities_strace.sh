#!/usr/bin/env bash
# test_personalities_strace.sh BIN WORKLOADS: the personalities that pick a
# file per operation (swbuild, eda, vda, genomics), run shrunk as a user would
# under strace -f, touch the files their headers describe: each op kind's
# system calls are counted per distinct file of the fileset, in the worker
# threads only (those that named themselves: population writes are not ops);
# then openclose, its warning and its errors on small scripts.
set -u
bin=$(realpath "$1")
wl=$(realpath "$2")
pass=0 fail=0
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_strace
top=$(mktemp -d /dev/shm/flowbench-pstrace.XXXXXX)
trap 'rm -rf "$top"' EXIT

# expect_ge NAME GOT MIN
expect_ge() { if [ -n "$2" ] && [ "$2" -ge "$3" ]; then ok; else bad "$1" "got '$2', want >= $3"; fi; }

# trace NAME WORKLOAD SECONDS -D...: runs it under strace -y into $top/NAME/{trace,io,out};
# io has one line per read or write of a worker thread on a file of the tree:
# TID CALL PATH BYTES (BYTES the call's result).
trace() {
    local name=$1 w=$2 secs=$3
    shift 3
    d=$top/$name
    mkdir -p "$d/tree"
    strace -f -qq -y -e trace=openat,pread64,pwrite64,read,write,prctl -o "$d/trace" \
        "$bin" -f "$wl/$w.f" -D dir="$d/tree" "$@" --runtime "$secs" --quiet >"$d/out" 2>&1
    awk -v root="$d/tree/" '
        /prctl\(PR_SET_NAME/ { worker[$1] = 1; next }
        $2 ~ /^(pread64|pwrite64|read|write)\(/ && index($0, "<" root) {
            call = $2; sub(/\(.*/, "", call)
            p = substr($0, index($0, "<" root) + 1); sub(/>.*/, "", p)
            r = $NF
            if (worker[$1] && r ~ /^[0-9]+$/) print $1, call, p, r
        }' "$d/trace" >"$d/io"
}
# distinct FILE CALL [TID]: distinct files CALL touched (by TID, else by any worker)
distinct() { awk -v c="$2" -v t="${3:-}" '$2 == c && (t == "" || $1 == t) { f[$3] = 1 } END { print length(f) }' "$1"; }
bytes() { awk -v c="$2" '$2 == c { s += $4 } END { print s + 0 }' "$1"; }
# whole FILE CALL: files CALL moved bytes of that are not a positive multiple of the
# file's size (a whole-file op moves exactly its file's size each time)
whole_misfits() {
    awk -v c="$2" '$2 == c { s[$3] += $4 } END { for (p in s) print s[p], p }' "$1" | while read -r n p; do
        sz=$(stat -c %s "$p")
        if [ "$sz" -eq 0 ] || [ $((n % sz)) -ne 0 ]; then echo "$p:$n/$sz"; fi
    done | wc -l
}
sizes_of() { awk -v c="$2" '$2 == c { print $3 }' "$1" | sort -u | xargs -r stat -c %s | sort -u | wc -l; }
workers() { awk '{ print $1 }' "$1" | sort -u; }

# swbuild: readwholefile reads whole small files, each its own size; writewholefile
# writes whole ones; both pick a file per op.
trace swbuild swbuild 2 -D nfiles=200 -D procs=1 -D oprate=200
io=$top/swbuild/io
expect_ge "swbuild: readwholefile reads distinct files" "$(distinct "$io" pread64)" 20
expect_ge "swbuild: writewholefile writes distinct files" "$(distinct "$io" pwrite64)" 10
expect_ge "swbuild: files read have different sizes (4k/32k/128k buckets)" "$(sizes_of "$io" pread64)" 2
expect_eq "swbuild: each file read is read whole, its own size" "$(whole_misfits "$io" pread64)" 0
expect_eq "swbuild: each file written is written whole, its own size" "$(whole_misfits "$io" pwrite64)" 0
expect_ge "swbuild: writewholefile writes bytes" "$(bytes "$io" pwrite64)" 4096
grep -q 'warning: flowop' "$top/swbuild/out" && bad "swbuild: no one-file warning" "$(grep warning "$top/swbuild/out")" || ok

# eda: random reads and writes, each on a design file picked for it.
trace eda eda 2 -D nfiles=200 -D procs=1 -D oprate=200
io=$top/eda/io
expect_ge "eda: reads hit distinct files" "$(distinct "$io" pread64)" 20
expect_ge "eda: writes hit distinct files" "$(distinct "$io" pwrite64)" 15

# vda: each stream writes one recording (fd=1); playback reads recordings picked per read.
trace vda vda 2 -D streams=2 -D filesize=4m -D oprate=50
io=$top/vda/io
nw=0
for t in $(workers "$io"); do
    nw=$((nw + 1))
    expect_eq "vda: stream $t writes one recording" "$(distinct "$io" pwrite64 "$t")" 1
    expect_ge "vda: stream $t plays back more than its own recording" "$(distinct "$io" pread64 "$t")" 2
done
expect_eq "vda: streams traced" "$nw" 2

# genomics: input reads and result writes go through the files, a file per task.
trace genomics genomics 2 -D nfiles=20 -D procs=1 -D oprate=30 -D filesize=256k -D iosize=64k -D blocks=4
io=$top/genomics/io
expect_ge "genomics: input reads hit distinct files" "$(distinct "$io" pread64)" 8
expect_ge "genomics: result writes hit distinct files" "$(distinct "$io" pwrite64)" 3

# openclose on a small script: a fileset of files of two sizes, one appended to
# through slot 0 (it grows); readwholefile openclose reads each file its own
# size, writewholefile openclose writes each file's own size (not slot 0's:
# even on the grown file it writes its nominal size).
d=$top/small
mkdir -p "$d/tree"
cat >"$d/w.f" <<EOF
define fileset name=small,path=$d/tree,size=buckets(4k:50,16k:50),entries=8,prealloc,dirwidth=100
define process name=p
{
  thread name=t
  {
    flowop appendfile name=grow,filesetname=small,iosize=64k
    flowop readwholefile name=rw,filesetname=small,openclose,iosize=16k
    flowop writewholefile name=ww,filesetname=small,openclose,iosize=16k
    flowop finishoncount name=stop,target=rw,value=16
  }
}
run 10
EOF
strace -f -qq -y -e trace=pread64,pwrite64,write,prctl -o "$d/trace" "$bin" -f "$d/w.f" >"$d/out" 2>&1
awk -v root="$d/tree/" '/prctl\(PR_SET_NAME/ { w[$1] = 1; next }
    w[$1] && index($0, "<" root) { c = $2; sub(/\(.*/, "", c); p = substr($0, index($0, "<" root) + 1); sub(/>.*/, "", p); print $1, c, p, $NF }' \
    "$d/trace" >"$d/io"
grown=$(awk '$2 == "write" { print $3 }' "$d/io" | sort -u)
expect_eq "small: the appends go to one file (slot 0)" "$(printf '%s\n' "$grown" | grep -c .)" 1
awk -v g="$grown" '$3 != g' "$d/io" >"$d/io.others"
# one rotor for both: rw and ww take every other file of the 8
expect_eq "small: readwholefile reads a file per op, in turn" "$(distinct "$d/io.others" pread64)" 4
expect_eq "small: writewholefile writes a file per op, in turn" "$(distinct "$d/io" pwrite64)" 4
expect_eq "small: every file read whole at its own size" "$(whole_misfits "$d/io.others" pread64)" 0
expect_eq "small: every file written whole at its own size" "$(whole_misfits "$d/io.others" pwrite64)" 0
expect_eq "small: reads of 4k and 16k files" "$(sizes_of "$d/io.others" pread64)" 2
grep -q 'warning: flowop appendfile .grow.' "$d/out" && ok || bad "small: the slot-0 append is warned about" "$(cat "$d/out")"
grep -Eq "w.f:[0-9]+:[0-9]+: warning: flowop appendfile 'grow'" "$d/out" && ok || bad "small: the warning has file:line:col" "$(grep warning "$d/out")"
grep -q "warning: flowop readwholefile" "$d/out" && bad "small: no warning for openclose" || ok

# --check: the warning, and no warning for a file, an fd=, or a slot 0 an openfile rebinds.
c=$top/check
mkdir -p "$c"
cat >"$c/w.f" <<EOF
define fileset name=many,path=$c,size=4k,entries=10,dirwidth=100
define file name=one,path=$c,size=4k
define process name=p
{
  thread name=t
  {
    flowop read name=keeps,filesetname=many,iosize=4k
    flowop read name=single,filename=one,iosize=4k,fd=3
    flowop read name=slot2,filesetname=many,iosize=4k,fd=2
  }
  thread name=u
  {
    flowop openfile name=o,filesetname=many
    flowop read name=rebound,filesetname=many,iosize=4k
    flowop closefile name=c
  }
}
run 1
EOF
"$bin" --check -f "$c/w.f" >"$c/out" 2>"$c/err"
expect_eq "check: exit 0 with a warning" "$?" 0
expect_eq "check: one warning" "$(grep -c 'warning: flowop' "$c/err")" 1
grep -Eq "w.f:7:5: warning: flowop read 'keeps' opens one file of fileset 'many' \(10 files\)" "$c/err" && ok \
    || bad "check: the warning names the flowop at its place" "$(cat "$c/err")"
sed 's/name=keeps,filesetname=many,/name=keeps,filesetname=many,openclose,fd=1,/' "$c/w.f" >"$c/bad.f"
"$bin" --check -f "$c/bad.f" >"$c/out" 2>"$c/err"
expect_eq "check: openclose with fd= is an error" "$?" 2
grep -Eq "bad.f:7:[0-9]+: error: .*openclose opens a file of its own; it takes no fd=" "$c/err" && ok \
    || bad "check: the openclose error says why" "$(cat "$c/err")"

summary personalities_strace
