#!/usr/bin/env bash
# bench/setup.sh: what happens around the ops: how fast a large fileset is
# ready and how much memory it takes, whether pre-allocation uses every core,
# and the dead time before the first op and after the last one.
#
#   fileset    10 million entries, nothing pre-allocated (bench/workloads/
#              bigfileset.f), directory widths 1000 and 20: seconds from the
#              start of flowbench to "Running", and the largest resident set
#              (GNU time; the master and its worker alike). With --huge, also
#              100 million entries when MemAvailable allows (about 2.5 GB).
#   prealloc   100,000 files of 16 KiB (bench/workloads/prealloc.f) made with
#              `create files`, paralloc on and off in turn: elapsed, CPU
#              (user + system) and CPU / elapsed, i.e. cores in use.
#   deadtime   a 1-second run of 8 KiB reads on an existing file, traced with
#              strace (only execve, write and pread64 stop the process, so
#              the rest runs at full speed): from exec to the first op, from
#              the "Running" line to the first op, from the last op to the
#              report. strace adds some microseconds to each traced call.
#
# usage: bench/setup.sh [--rounds N] [--dir DIR] [--build DIR] [--huge] [--boost] [PART...]
#   PART     fileset prealloc deadtime (default: all)
#   --boost  run each measured command in a session of its own whose autogroup
#            has nice -10 (root only). With autogroup scheduling (the Linux
#            default) `nice` acts only within a session, so a niced background
#            job in another session still takes a full core; this lets the
#            measurement have the cores the machine has. It affects only the
#            processes this script starts.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
DIR=/dev/shm/flowbench-bench
ROUNDS=3
HUGE=0
BOOST=0
PARTS=()

while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift ;;
    --dir) DIR=$2; shift ;;
    --build) BUILD=$2; shift ;;
    --huge) HUGE=1 ;;
    --boost) BOOST=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    fileset|prealloc|deadtime) PARTS+=("$1") ;;
    *) echo "bench/setup.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ ${#PARTS[@]} -gt 0 ] || PARTS=(fileset prealloc deadtime)
FB=$BUILD/flowbench
[ -x "$FB" ] || { echo "bench/setup.sh: no $FB; build first" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "bench/setup.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
mkdir -p "$DIR"
WORK=$(mktemp -d)
cleanup() {
    rm -rf "$WORK" "$DIR"/bigset "$DIR"/preset "$DIR"/readfile
    rmdir "$DIR" 2>/dev/null || true # only if nothing else is in it
}
trap cleanup EXIT

# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"

# "0.962 (0.951..0.970)": median and spread of the arguments
spread() { fmt "$(summary "$@")"; }
# the target line, indented under its part
target() { printf '  %s\n' "$(verdict "$@")"; }

echo "flowbench: $FB; files in $DIR; $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)$([ $BOOST = 1 ] && echo '; boosted')"

fileset_part() {
    local sizes=("10000000 1000" "10000000 20")
    local avail
    avail=$(awk '/MemAvailable/ { print int($2 / 1048576) }' /proc/meminfo)
    if [ $HUGE = 1 ]; then
        if [ "$avail" -ge 6 ]; then sizes+=("100000000 1000"); else echo "  (--huge skipped: ${avail} GiB available)"; fi
    fi
    echo
    echo "fileset: entries, width: seconds to Running, max RSS (MiB), over $ROUNDS rounds: median (min..max)"
    for s in "${sizes[@]}"; do
        read -r n width <<<"$s"
        local ready=() rss=()
        for ((r = 1; r <= ROUNDS; r++)); do
            rm -rf "$DIR/bigset"
            measured /usr/bin/time -f 'maxrss %M' "$FB" --runtime 1 -D dir="$DIR" -D nfiles="$n" -D dirwidth="$width" \
                -f "$HERE/workloads/bigfileset.f" >"$WORK/big.out" 2>&1 || { cat "$WORK/big.out" >&2; exit 1; }
            ready+=("$(awk -F: '/Running/ { print $1; exit }' "$WORK/big.out")")
            rss+=("$(awk '/^maxrss/ { print $2 / 1024 }' "$WORK/big.out")")
        done
        rm -rf "$DIR/bigset"
        printf '  %9d entries, width %4d: ready %s s, RSS %s MiB\n' "$n" "$width" "$(spread "${ready[@]}")" \
            "$(spread "${rss[@]}")"
        if [ "$n" = 10000000 ] && [ "$width" = 1000 ]; then
            target "10 million entries ready in under 10 s" "$(summary "${ready[@]}" | cut -d' ' -f1)" "<" 10
            target "10 million entries in under 1.5 GB (1430 MiB) resident" "$(summary "${rss[@]}" | cut -d' ' -f1)" "<" 1430
        fi
    done
}

prealloc_part() {
    echo
    echo "prealloc: 100,000 files of 16 KiB; elapsed s, CPU s, cores (CPU / elapsed), over $ROUNDS rounds"
    local p el=() cpu=() cores=()
    declare -A E C K
    for ((r = 1; r <= ROUNDS; r++)); do
        for p in 1 0; do
            rm -rf "$DIR/preset"
            printf 'load %s\ncreate files\n' "$HERE/workloads/prealloc.f" >"$WORK/pre.cmd"
            measured /usr/bin/time -f 'time %e %U %S' "$FB" -D dir="$DIR" -D paralloc=$p <"$WORK/pre.cmd" \
                >"$WORK/pre.out" 2>&1 || { cat "$WORK/pre.out" >&2; exit 1; }
            read -r e u s <<<"$(awk '/^time/ { print $2, $3, $4 }' "$WORK/pre.out")"
            E[$p]+="$e " C[$p]+="$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') "
            K[$p]+="$(awk -v u="$u" -v s="$s" -v e="$e" 'BEGIN { print (u + s) / e }') "
        done
    done
    rm -rf "$DIR/preset"
    for p in 1 0; do
        # shellcheck disable=SC2086
        printf '  paralloc=%d: elapsed %s, CPU %s, cores %s\n' $p "$(spread ${E[$p]})" "$(spread ${C[$p]})" \
            "$(spread ${K[$p]})"
    done
    # shellcheck disable=SC2086
    target "paralloc uses every core (at least 0.9 x $(nproc))" "$(summary ${K[1]} | cut -d' ' -f1)" ">=" \
        "$(awk -v n="$(nproc)" 'BEGIN { print 0.9 * n }')"
}

deadtime_part() {
    command -v strace >/dev/null || { echo "deadtime: needs strace"; return; }
    echo
    echo "deadtime: ms, over $ROUNDS rounds: median (min..max)"
    local exec_first=() run_first=() last_report=() start=() after=()
    # the file first, so that the runs below only check it
    "$FB" --runtime 1 -D dir="$DIR" -D filesize=64m -f "$HERE/workloads/read.f" >/dev/null 2>&1
    for ((r = 1; r <= ROUNDS; r++)); do
        measured strace -f -ttt --seccomp-bpf -e trace=execve,write,pread64 -o "$WORK/st.out" \
            "$FB" --runtime 1 -D dir="$DIR" -D filesize=64m -f "$HERE/workloads/read.f" >"$WORK/dt.out" 2>&1
        # the master is the pid of execve; ops are the pread64 calls of other pids
        read -r a b c <<<"$(awk '
            /execve\(/ && !t_exec { t_exec = $2; master = $1 }
            $1 == master && /write\(1, ".*Running/ { t_run = $2 }
            $1 != master && /pread64\(/ { if (!t_first) t_first = $2; t_last = $2 }
            $1 == master && /write\(1, .*(Run took|IO Summary)/ { t_report = $2 }
            END { printf "%.3f %.3f %.3f\n", (t_first - t_exec) * 1e3, (t_first - t_run) * 1e3, (t_report - t_last) * 1e3 }' \
            "$WORK/st.out")"
        exec_first+=("$a") run_first+=("$b") last_report+=("$c")
    done
    echo "  exec to first op:            $(spread "${exec_first[@]}")"
    echo "  Running line to first op:    $(spread "${run_first[@]}")"
    echo "  last op to report:           $(spread "${last_report[@]}")"
    # untraced, from flowbench's own stamps (seconds since it started): the
    # "Running" line, and the "Run took" line less Running and the run's length
    for ((r = 1; r <= ROUNDS; r++)); do
        measured "$FB" --runtime 1 -D dir="$DIR" -D filesize=64m -f "$HERE/workloads/read.f" >"$WORK/dt.out" 2>&1
        start+=("$(awk -F: '/Running/ { printf "%.3f", $1 * 1e3; exit }' "$WORK/dt.out")")
        after+=("$(awk '/Running/ { run = $1 + 0 } /Run took/ { printf "%.3f", ($1 - run - $4) * 1e3 }' "$WORK/dt.out")")
    done
    echo "  untraced, start to Running:  $(spread "${start[@]}")"
    echo "  untraced, Running + length to report: $(spread "${after[@]}")"
    target "dead time before the first op under 100 ms" "$(summary "${exec_first[@]}" | cut -d' ' -f1)" "<" 100
    target "dead time after the last op under 100 ms" "$(summary "${last_report[@]}" | cut -d' ' -f1)" "<" 100
}

for part in "${PARTS[@]}"; do
    "${part}_part"
done
