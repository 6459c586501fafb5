#!/usr/bin/env bash
# bench/run.sh: flowbench against the bare system-call floor (bench/floor.c),
# fio where it has the same operation, and classic FileBench on the read, on
# tmpfs by default.
#
# For each operation the sides run in turn, the order reversed every round
# (flowbench, floor, fio, FileBench, then FileBench, fio, floor, flowbench,
# ...), so a change in the machine's load hits both sides of a ratio alike.
# Each round gives the ratios flowbench/floor, fio/floor and FileBench/floor;
# the summary prints their median and spread (min..max) over the rounds.
#
# Classic FileBench (a `filebench` on PATH, or FILEBENCH=path) runs the read
# only: read.f's file, thread and flowop in its own language (it has no
# `cached`; on tmpfs the file is in memory anyway), on a file of its own, as
# `setarch x86_64 -R filebench -f` (it hangs with ASLR on), for whole seconds
# (`run` takes no fraction: --secs rounded up); its figure is the ops/s of its
# IO Summary line. It prints no CPU per op. Without it the script says so
# loudly and goes on (CI machines lack it); bench/filebench.sh compares it
# with flowbench on its own personalities.
#
#   throughput   passes per second (a pass: one read; one append and its fsync;
#                one open and its close; one delete, create and close; one
#                varmail session of 13 flowops)
#   CPU          user + system CPU per pass. flowbench's is the whole
#                invocation less its set-up (the same script with `create
#                files` only: median over the rounds), so making filesets does
#                not count as CPU per op; the floor's is its loop's.
#
# The floor works on flowbench's files: before each floor run the set-up
# invocation makes them afresh (create, varmail) or checks them (the others),
# so both sides start from the same tree.
#
# usage: bench/run.sh [--quick] [--rounds N] [--secs S] [--dir DIR]
#                     [--build DIR] [--no-fio] [--no-filebench] [--boost] [--fb-opt OPT] [OP...]
#   OP        read write append open stat create varmail uring1 uring32 (default: all)
#             uring1, uring32: the read on io_uring at iodepth 1 and 32, fio alike,
#             on a loop-mounted ext4 image in /dev/shm (root; else on --dir):
#             tmpfs cannot read without blocking, so io_uring hands each of its
#             reads to a kernel worker thread (io-wq) and times that instead
#   --quick   2 rounds of 0.5 s, a 256 MiB read file, 2000-file trees; fio only
#             if it is already installed (this is what ctest runs)
#   --no-filebench  leave classic FileBench out even where it is installed
#   --dir     where the files go (default /dev/shm/flowbench-bench, tmpfs)
#   --build   the CMake build directory holding flowbench (default ./build)
#   --fb-opt  an option for every measured flowbench run, e.g. --fb-opt
#             "--clock vdso" (repeatable)
#   --boost   run every measured command (all three sides alike) in a session
#             of its own whose autogroup has nice -10 (root only): with
#             autogroup scheduling, the Linux default, `nice` acts only within
#             a session, so a niced background job elsewhere still takes a
#             full core and adds its noise to every figure
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
DIR=/dev/shm/flowbench-bench
ROUNDS=10
SECS=2
QUICK=0
USE_FIO=1
USE_CLASSIC=1
BOOST=0
READSIZE=1g
NFILES=10000
VARMAIL_THREADS=16
OPS=()
FB_OPTS=()

while [ $# -gt 0 ]; do
    case $1 in
    --quick) QUICK=1; ROUNDS=2; SECS=0.5; READSIZE=256m; NFILES=2000 ;;
    --rounds) ROUNDS=$2; shift ;;
    --secs) SECS=$2; shift ;;
    --dir) DIR=$2; shift ;;
    --build) BUILD=$2; shift ;;
    --no-fio) USE_FIO=0 ;;
    --no-filebench) USE_CLASSIC=0 ;;
    --boost) BOOST=1 ;;
    --fb-opt) read -r -a more <<<"$2"; FB_OPTS+=("${more[@]}"); shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    read|write|append|open|stat|create|varmail|uring1|uring32) OPS+=("$1") ;;
    *) echo "bench/run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ ${#OPS[@]} -gt 0 ] || OPS=(read write append open stat create varmail uring1 uring32)

# A side's length as flowbench's --runtime and fio's runtime= take it (milliseconds:
# --secs may be a fraction); the floor takes seconds.
RUNLEN=$(awk -v s="$SECS" 'BEGIN { if (s + 0 < 0.001) exit 1; printf "%dms", s * 1000 }') ||
    { echo "bench/run.sh: --secs '$SECS' is not a length in seconds (0.001 or more)" >&2; exit 2; }
FB=$BUILD/flowbench
[ -x "$FB" ] || { echo "bench/run.sh: no $FB; build first (cmake --build build)" >&2; exit 2; }

# The floor: a plain cc build next to flowbench, redone when floor.c changes.
FLOOR=$BUILD/bench-floor
if [ ! -x "$FLOOR" ] || [ "$HERE/floor.c" -nt "$FLOOR" ]; then
    ${CC:-cc} -O2 -std=c17 -Wall -Wextra -pthread -o "$FLOOR" "$HERE/floor.c" -luring -laio
fi

# fio: installed here if missing (not in --quick, which must not touch the system).
if [ $USE_FIO = 1 ] && ! command -v fio >/dev/null; then
    if [ $QUICK = 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "installing fio (apt-get install fio)..." >&2
        apt-get install -y fio >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y fio >/dev/null 2>&1; } || true
    fi
    command -v fio >/dev/null || { echo "bench/run.sh: fio is not installed; going on without it" >&2; USE_FIO=0; }
fi

# Classic FileBench: a side of the read's rounds when it is installed.
CLASSIC=""
if [[ " ${OPS[*]} " == *" read "* ]] && [ $USE_CLASSIC = 1 ]; then
    CLASSIC=${FILEBENCH:-$(command -v filebench || true)}
    if [ -z "$CLASSIC" ] || ! command -v setarch >/dev/null; then
        why="no \`filebench\` on PATH and no FILEBENCH=path"
        command -v setarch >/dev/null || why="no setarch (util-linux) to run it without ASLR"
        CLASSIC=""
        echo "bench/run.sh: classic FileBench SKIPPED: $why." >&2
        echo "  The read is measured without it; build FileBench outside this project (docs/performance.md) to add it." >&2
    fi
fi

mkdir -p "$DIR"
WORK=$(mktemp -d)
URING_MNT="" URING_DEV="" URING_IMG=""
BASE_DIR=$DIR
cleanup() {
    if [ -n "$URING_MNT" ]; then
        umount "$URING_MNT" 2>/dev/null || true
        rmdir "$URING_MNT" 2>/dev/null || true
    fi
    [ -z "$URING_DEV" ] || losetup -d "$URING_DEV" 2>/dev/null || true
    [ -z "$URING_IMG" ] || rm -f "$URING_IMG"
    DIR=$BASE_DIR
    rm -rf "$WORK"
    # only what this script (or the flowbench runs it starts) created
    rm -rf "$DIR"/readfile "$DIR"/classic-read "$DIR"/writefile "$DIR"/appendfile "$DIR"/statset "$DIR"/createset \
        "$DIR"/bigfileset "$DIR"/floor-append "$DIR"/fio-*
    rmdir "$DIR" 2>/dev/null || true # only if nothing else is in it
}
trap cleanup EXIT

TIMEFORMAT='%3R %3U %3S'

# uring_fs: the ext4 file system the io_uring reads use (see --help), mounted
# on a fresh directory; prints nothing and leaves URING_MNT empty when it
# cannot (not root, no losetup or mkfs.ext4, no loop device).
uring_fs() {
    [ "$(id -u)" = 0 ] && command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || return 0
    local img mnt
    img=$(mktemp /dev/shm/flowbench-bench-ext4.XXXXXX) || return 0
    URING_IMG=$img
    truncate -s "$(( $(numfmt --from=iec "${READSIZE^^}") / 1048576 + 256 ))M" "$img" 2>/dev/null || return 0
    URING_DEV=$(losetup -f --show "$img" 2>/dev/null) || { URING_DEV=""; return 0; }
    mnt=$(mktemp -d /tmp/flowbench-bench-ext4.XXXXXX)
    if mkfs.ext4 -q -F "$URING_DEV" >/dev/null 2>&1 && mount "$URING_DEV" "$mnt" 2>/dev/null; then
        URING_MNT=$mnt
    else
        rmdir "$mnt"
    fi
}

# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"

# ---- the three sides of each operation ----

fb_args() {
    local w=$HERE/workloads
    case $1 in
    read) echo "$w/read.f -D filesize=$READSIZE" ;;
    uring*) echo "$w/read.f -D filesize=$READSIZE --ioengine io_uring --iodepth ${1#uring}" ;;
    write) echo "$w/write.f -D filesize=$READSIZE" ;;
    append) echo "$w/append.f" ;;
    open) echo "$w/openclose.f -D nfiles=$NFILES" ;;
    stat) echo "$w/stat.f -D nfiles=$NFILES" ;;
    create) echo "$w/createdelete.f -D nfiles=$NFILES" ;;
    varmail) echo "$ROOT/workloads/varmail.f -D nthreads=$VARMAIL_THREADS" ;;
    esac
}

# The first file of a flowbench tree (the file of a `define file`).
first_file() {
    find "$DIR/$1" -type f ! -name .flowbench-fileset | head -n 1
}

# flowbench: prints "passes/s cpu_seconds passes" (passes: ops of the first flowop).
run_fb() {
    local op=$1 log=$WORK/fb.log tf=$WORK/fb.time
    # shellcheck disable=SC2046
    { time measured "$FB" ${FB_OPTS[@]+"${FB_OPTS[@]}"} --runtime "$RUNLEN" -D dir="$DIR" -f $(fb_args "$op") >"$log" 2>&1; } 2>"$tf" || {
        echo "bench/run.sh: flowbench failed on $op:" >&2
        cat "$log" >&2
        exit 1
    }
    awk -v t="$(cat "$tf")" '
        /Per-Operation Breakdown/ { on = 1; next }
        on && !done { ops = $2; rate = $3; sub(/ops$/, "", ops); sub(/ops\/s$/, "", rate); done = 1 }
        END { split(t, a, " "); if (!done) exit 1; print rate, a[2] + a[3], ops }' "$log"
}

# flowbench's set-up alone (filesets made, no run): prints its CPU seconds.
setup_cpu() {
    local op=$1 tf=$WORK/setup.time args
    args=$(fb_args "$op")
    local script=${args%% *}
    local defs=${args#"$script"}
    # shellcheck disable=SC2086
    { time (printf 'load %s\ncreate files\n' "$script" | measured "$FB" -D dir="$DIR" $defs >/dev/null 2>&1); } 2>"$tf"
    awk '{ print $2 + $3 }' "$tf"
}

# floor: prints "passes/s cpu_seconds_per_pass".
run_floor() {
    local op=$1 out
    case $op in
    # uring1: the same read on io_uring at depth 1 (its request's own buffer, no memsize slice);
    # uring32 is measured against fio, and against the psync read's floor
    uring1) out=$(measured "$FLOOR" uring -s "$SECS" -b 8k "$(first_file readfile)") ;;
    read|uring*) out=$(measured "$FLOOR" read -s "$SECS" -b 8k -m 5m "$(first_file readfile)") ;;
    write) out=$(measured "$FLOOR" write -s "$SECS" -b 8k -m 5m "$(first_file writefile)") ;;
    append) out=$(measured "$FLOOR" append -s "$SECS" -b 1k -m 5m "$DIR/floor-append"); rm -f "$DIR/floor-append" ;;
    open) out=$(measured "$FLOOR" open -s "$SECS" "$DIR/statset") ;;
    stat) out=$(measured "$FLOOR" stat -s "$SECS" "$DIR/statset") ;;
    create) out=$(measured "$FLOOR" create -s "$SECS" "$DIR/createset") ;;
    varmail) out=$(measured "$FLOOR" varmail -s "$SECS" -t "$VARMAIL_THREADS" -m 10m "$DIR/bigfileset") ;;
    esac
    echo "$out" | awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } print v["passes_s"], v["cpu_us_pass"] / 1e6 }'
}

# fio on the same operation: prints "passes/s cpu_seconds_per_pass", or nothing
# where fio has no such operation (open/close, varmail).
fio_json() {
    python3 -c '
import json, sys
d = json.load(sys.stdin)
ios = sum(j[k]["total_ios"] for j in d["jobs"] for k in ("read", "write"))
ms = sum(j["job_runtime"] for j in d["jobs"])
cpu = sum((j["usr_cpu"] + j["sys_cpu"]) / 100.0 * j["job_runtime"] / 1000.0 for j in d["jobs"])
print(ios, ms / 1000.0, cpu)'
}

run_fio() {
    local op=$1 common="--output-format=json --ioengine=psync --time_based --runtime=$RUNLEN"
    local a b
    case $op in
    read) a=$(measured fio --name=fbread --filename="$(first_file readfile)" --rw=randread --bs=8k --size="$READSIZE" \
                --norandommap --invalidate=0 $common | fio_json) ;;
    write) a=$(measured fio --name=fbwrite --filename="$(first_file writefile)" --rw=randwrite --bs=8k --size="$READSIZE" \
                 --norandommap $common | fio_json) ;;
    uring*) a=$(measured fio --name=fburing --filename="$(first_file readfile)" --rw=randread --bs=8k --size="$READSIZE" \
                  --norandommap --invalidate=0 --output-format=json --time_based --runtime="$RUNLEN" --ioengine=io_uring \
                  --iodepth="${op#uring}" | fio_json) ;;
    append) a=$(measured fio --name=fbappend --filename="$DIR/fio-append" --rw=write --bs=1k --size=64g --fsync=1 \
                  --file_append=1 --fallocate=none $common | fio_json)
            rm -f "$DIR/fio-append" ;;
    stat) mkdir -p "$DIR/fio-stat"
          a=$(measured fio --name=fbstat --directory="$DIR/fio-stat" --ioengine=filestat --nrfiles="$NFILES" --filesize=4k \
                --openfiles=1 --time_based --runtime="$RUNLEN" --output-format=json | fio_json) ;;
    create) mkdir -p "$DIR/fio-create"
            a=$(measured fio --name=fbcreate --directory="$DIR/fio-create" --ioengine=filecreate --nrfiles="$NFILES" \
                  --filesize=4k --openfiles=1 --output-format=json | fio_json)
            b=$(measured fio --name=fbcreate --directory="$DIR/fio-create" --ioengine=filedelete --nrfiles="$NFILES" \
                  --filesize=4k --openfiles=1 --output-format=json | fio_json)
            rm -rf "$DIR/fio-create"
            # a pass: one create and one delete of the same file
            a=$(echo "$a $b" | awk '{ print $1, $2 + $5, $3 + $6 }') ;;
    *) return 0 ;;
    esac
    echo "$a" | awk '$1 > 0 && $2 > 0 { print $1 / $2, $3 / $1 }'
}

# classic FileBench on the read: prints its ops/s, or nothing (and why, on
# stderr) when it printed no IO Summary.
run_classic() {
    local f=$WORK/classic-read.f log=$WORK/classic.log secs
    secs=$(awk -v s="$SECS" 'BEGIN { n = int(s); print n < s ? n + 1 : n }')
    mkdir -p "$DIR/classic-read"
    cat >"$f" <<EOF
set \$dir=$DIR/classic-read
define file name=readfile,path=\$dir,size=$READSIZE,prealloc,reuse,paralloc
define process name=reader,instances=1
{
  thread name=readthread,memsize=5m,instances=1
  {
    flowop read name=read1,filename=readfile,iosize=8k,random
  }
}
run $secs
EOF
    measured timeout $((secs + 120)) setarch x86_64 -R "$CLASSIC" -f "$f" >"$log" 2>&1 || true
    awk '/IO Summary:/ { for (i = 2; i <= NF; i++) if ($i == "ops/s") r = $(i - 1) } END { if (r == "") exit 1; print r }' "$log" || {
        echo "bench/run.sh: classic FileBench printed no IO Summary (its round is left out):" >&2
        tail -4 "$log" >&2
    }
}

# ---- statistics ----


echo "flowbench: $FB"
echo "floor:     $FLOOR"
[ $USE_FIO = 1 ] && echo "fio:       $(fio --version)"
if [ -n "$CLASSIC" ]; then
    echo "FileBench: $CLASSIC, read only ($(setarch x86_64 -R "$CLASSIC" -h 2>&1 | grep -m1 -io 'filebench version [0-9a-z.-]*' || echo 'version unknown'))"
elif [[ " ${OPS[*]} " == *" read "* ]]; then
    echo "FileBench: SKIPPED (not installed here, or --no-filebench)"
fi
[ ${#FB_OPTS[@]} -gt 0 ] && echo "flowbench options: ${FB_OPTS[*]}"
echo "files in $DIR; $ROUNDS rounds of ${SECS} s per side; $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)$([ $BOOST = 1 ] && echo '; boosted')"
echo

declare -A RESULT
for op in "${OPS[@]}"; do
    DIR=$BASE_DIR
    case $op in
    uring*) [ -n "$URING_MNT" ] || uring_fs
            if [ -n "$URING_MNT" ]; then
                DIR=$URING_MNT/bench
                mkdir -p "$DIR"
                echo "$op: on ext4 ($URING_DEV, the image $URING_IMG), cached"
            else
                echo "$op: on $DIR (no loop-mounted ext4 here: needs root, losetup, mkfs.ext4); on tmpfs io_uring's reads go through io-wq"
            fi ;;
    esac
    r_fio=() c_fio=() r_vs=() fl_rate=() fl_cpu=() setups=() fb_runs=() r_cl=() r_vcl=()
    for ((round = 1; round <= ROUNDS; round++)); do
        if ((round % 2)); then order="fb floor fio classic"; else order="classic fio floor fb"; fi
        fb="" floor="" fio="" classic=""
        for side in $order; do
            case $side in
            fb) fb=$(run_fb "$op") ;;
            floor) setups+=("$(setup_cpu "$op")")
                   floor=$(run_floor "$op") ;;
            fio) [ $USE_FIO = 1 ] && fio=$(run_fio "$op") ;;
            classic) [ -n "$CLASSIC" ] && [ "$op" = read ] && classic=$(run_classic) ;;
            esac
        done
        fb_runs+=("$fb")
        read -r fb_rate fb_cpu_s fb_passes <<<"$fb"
        read -r floor_rate floor_cpu <<<"$floor"
        fl_rate+=("$floor_rate")
        fl_cpu+=("$floor_cpu")
        line="flowbench $fb_rate/s  floor $floor_rate/s ($(awk -v c="$floor_cpu" 'BEGIN { printf "%.2f", c * 1e6 }') us CPU)"
        if [ -n "$fio" ]; then
            read -r fio_rate fio_cpu <<<"$fio"
            r_fio+=("$(awk -v a="$fio_rate" -v b="$floor_rate" 'BEGIN { print a / b }')")
            r_vs+=("$(awk -v a="$fb_rate" -v b="$fio_rate" 'BEGIN { print a / b }')")
            c_fio+=("$(awk -v a="$fio_cpu" -v b="$floor_cpu" 'BEGIN { print a / b }')")
            line+="  fio $(awk -v r="$fio_rate" 'BEGIN { printf "%.0f", r }')/s"
        fi
        if [ -n "$classic" ]; then
            r_cl+=("$(awk -v a="$classic" -v b="$floor_rate" 'BEGIN { print a / b }')")
            r_vcl+=("$(awk -v a="$fb_rate" -v b="$classic" 'BEGIN { print a / b }')")
            line+="  FileBench $(awk -v r="$classic" 'BEGIN { printf "%.0f", r }')/s"
        fi
        echo "$op round $round: $line"
    done
    # flowbench's CPU per pass, less the median set-up
    setup=$(summary "${setups[@]}" | cut -d' ' -f1)
    r_fb=() c_fb=() fb_cpu=()
    for ((k = 0; k < ROUNDS; k++)); do
        read -r fb_rate fb_cpu_s fb_passes <<<"${fb_runs[k]}"
        floor_rate=${fl_rate[k]} floor_cpu=${fl_cpu[k]}
        fbc=$(awk -v c="$fb_cpu_s" -v s="$setup" -v n="$fb_passes" 'BEGIN { print (c - s) / n }')
        r_fb+=("$(awk -v a="$fb_rate" -v b="$floor_rate" 'BEGIN { print a / b }')")
        c_fb+=("$(awk -v a="$fbc" -v b="$floor_cpu" 'BEGIN { print a / b }')")
        fb_cpu+=("$(awk -v c="$fbc" 'BEGIN { print c * 1e6 }')")
    done
    fl_us=()
    for c in "${fl_cpu[@]}"; do fl_us+=("$(awk -v c="$c" 'BEGIN { print c * 1e6 }')"); done
    RESULT[$op]="$(summary "${r_fb[@]}")|$(summary "${c_fb[@]}")|$(summary "${r_fio[@]+"${r_fio[@]}"}")|$(summary "${c_fio[@]+"${c_fio[@]}"}")|$(summary "${fl_rate[@]}")|$(summary "${fl_us[@]}")|$(summary "${fb_cpu[@]}")|$setup|$(summary "${r_vs[@]+"${r_vs[@]}"}")|$(summary "${r_cl[@]+"${r_cl[@]}"}")|$(summary "${r_vcl[@]+"${r_vcl[@]}"}")"
done

echo
echo "load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ratios over $ROUNDS rounds: median (min..max); throughput in passes/s, CPU per pass"
printf '%-8s %-26s %-26s %-26s %-26s %-26s %-11s %-9s %s\n' op "flowbench/floor passes/s" "flowbench/floor CPU" \
    "fio/floor passes/s" "fio/floor CPU" "FileBench/floor passes/s" "floor /s" "floor CPU us" "flowbench CPU us"
for op in "${OPS[@]}"; do
    IFS='|' read -r rfb cfb rfio cfio flr flc fbc setup rvs rcl rvcl <<<"${RESULT[$op]}"
    printf '%-8s %-26s %-26s %-26s %-26s %-26s %-11s %-9s %s\n' "$op" "$(fmt "$rfb")" "$(fmt "$cfb")" "$(fmt "$rfio")" \
        "$(fmt "$cfio")" "$(fmt "$rcl")" "$(cut -d' ' -f1 <<<"$flr" | awk '{ printf "%.0f", $1 }')" \
        "$(cut -d' ' -f1 <<<"$flc")" "$(cut -d' ' -f1 <<<"$fbc")"
done

# The targets of docs/performance.md that these operations measure.
echo
for op in "${OPS[@]}"; do
    IFS='|' read -r rfb cfb rfio cfio flr flc fbc setup rvs rcl rvcl <<<"${RESULT[$op]}"
    case $op in
    uring*) if [ "${rvs%% *}" != - ]; then
                verdict "8 KiB random reads on io_uring at iodepth ${op#uring}: ops/s at least fio's (flowbench/fio per round: $(fmt "$rvs"))" \
                        "${rvs%% *}" ">=" 1.0
            else
                echo "target: io_uring iodepth ${op#uring} against fio: fio is not installed here"
            fi ;;
    read) verdict "8 KiB random reads at least 0.95 of the floor" "${rfb%% *}" ">=" 0.95
          verdict "8 KiB random reads at least 0.99 of the floor (issue 42, on an idle machine)" "${rfb%% *}" ">=" 0.99
          [ "${rvs%% *}" = - ] || echo "against fio: flowbench/fio passes/s per round $(fmt "$rvs")"
          if [ "${rvcl%% *}" != - ]; then
              echo "against classic FileBench: flowbench/FileBench passes/s per round $(fmt "$rvcl")"
          else
              echo "against classic FileBench: not measured (not installed here, or no round gave an IO Summary)"
          fi ;;
    varmail) echo "target: varmail, 16 threads: against classic FileBench see bench/filebench.sh; the harness's CPU per session" \
                  "is $(cut -d' ' -f1 <<<"$cfb") times the floor's ($(cut -d' ' -f1 <<<"$fbc") us against" \
                  "$(cut -d' ' -f1 <<<"$flc") us)" ;;
    esac
done
