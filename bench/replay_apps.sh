#!/usr/bin/env bash
# bench/replay_apps.sh: real programs recorded and replayed, side by side in one
# run (docs/replay.md, "Fidelity"): tar -x of a tree, git (init, add, commit of
# the tree), a Python sqlite3 program committing with fsync, make -j2 of a small
# generated C project, and dbench on a cut of its client.txt. For each, per
# round (the medians, min..max, are printed at the end):
#  * overhead: the program alone and under flowbench record, in turn (the order
#    reversed each round): wall time recorded / plain (dbench runs for a fixed
#    time: its ops/s plain / recorded);
#  * timed: the trace replayed in mode timed, its run's elapsed time over the
#    original's I/O time (the traced span: the first call's start to the last
#    call's end), and the calls' start error p99 (summary.replay_start_error_ns);
#    with --rt, the same replay again with flowbench replay --rt (its threads
#    at SCHED_FIFO priority: on a loaded machine, other tasks' time slices
#    delay calls by milliseconds);
#  * afap: the trace replayed as fast as possible: its call rate over the
#    original's (calls / traced span), and over the plain run's (calls / its wall
#    time: the program's own computing included; dbench: -1, its system calls are
#    not its ops: see the side by side);
#  * mismatches of both replays;
#  * dbench: its own ops/s on the cut (plain) and flowbench replay of the same
#    loadfile (afap, on the same kind of empty tree): ops/s, and its op count
#    against the loadfile's lines.
# Dependencies (git, python3, make, gcc, dbench, strace) are installed with
# apt-get when missing (as root), else the script stops and says which.
# usage: bench/replay_apps.sh [--rounds N] [--files N] [--dir DIR] [--build DIR] [--only APP] [--rt]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
DIR=/dev/shm/flowbench-bench-apps
ROUNDS=3
FILES=500
ONLY=
RT=0
APPS="tar git sqlite make dbench"
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift 2 ;;
    --files) FILES=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    --rt) RT=1; shift ;;
    *) echo "usage: bench/replay_apps.sh [--rounds N] [--files N] [--dir DIR] [--build DIR] [--only APP] [--rt]" >&2; exit 2 ;;
    esac
done
[ -n "$ONLY" ] && APPS=$ONLY
bin=$(realpath "$BUILD/flowbench")

# apt package of each command needed
need() {
    local missing=() cmd
    for cmd in strace:strace git:git python3:python3 make:make gcc:gcc dbench:dbench bc:bc; do
        command -v "${cmd%%:*}" >/dev/null || missing+=("${cmd#*:}")
    done
    python3 -c 'import sqlite3' 2>/dev/null || missing+=(python3)
    [ ${#missing[@]} = 0 ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "installing ${missing[*]} (apt-get)" >&2
        apt-get install -y -qq "${missing[@]}" >/dev/null
        return 0
    fi
    echo "bench/replay_apps.sh: missing ${missing[*]} (apt-get install ${missing[*]})" >&2
    exit 2
}
need
rm -rf "$DIR" && mkdir -p "$DIR/in/tree" "$DIR/in/proj"
trap 'rm -rf "$DIR"' EXIT
IN=$DIR/in

# ---- the inputs, made once ----
for i in $(seq 1 "$FILES"); do
    mkdir -p "$IN/tree/d$((i % 20))"
    head -c $(((i % 64) * 128 + 1)) /dev/urandom >"$IN/tree/d$((i % 20))/f$i"
done
tar -C "$IN/tree" -cf "$IN/t.tar" .
cat >"$IN/db.py" <<'PY'
# 200 transactions of 10 rows each, each committed (sqlite's default
# synchronous=FULL: an fsync of the journal and of the database per commit)
import sqlite3
db = sqlite3.connect("t.db")
db.execute("create table t (k integer primary key, v text)")
db.commit()
for i in range(200):
    db.executemany("insert into t (v) values (?)", [("x" * 200,)] * 10)
    db.commit()
db.close()
PY
for i in $(seq 1 16); do
    { echo "int f$i(int x);"; echo "int f$i(int x) { int s = 0; for (int k = 0; k < x; k++) s += k * $i; return s; }"; } >"$IN/proj/f$i.c"
done
{ echo '#include <stdio.h>'; for i in $(seq 1 16); do echo "int f$i(int x);"; done
  echo 'int main(void) { long s = 0;'; for i in $(seq 1 16); do echo "s += f$i(10);"; done
  echo 'printf("%ld\n", s); return 0; }'; } >"$IN/proj/main.c"
cat >"$IN/proj/Makefile" <<'MK'
OBJS = $(patsubst %.c,%.o,$(wildcard *.c))
prog: $(OBJS)
	$(CC) -o $@ $(OBJS)
%.o: %.c
	$(CC) -O1 -c -o $@ $<
MK
# the first 30000 lines of client.txt, then a Close of every handle still open
# (dbench loops over its loadfile: handles left open would fill its table)
head -30000 /usr/share/dbench/client.txt | awk '{ print }
    $1 == "NTCreateX" && $NF == "NT_STATUS_OK" { open[$(NF - 1)] = 1 }
    $1 == "Close" { delete open[$2] }
    END { for (h in open) print "Close " h " NT_STATUS_OK" }' >"$IN/cut.txt"
DBENCH_T=3

# ---- each program: how its directory is prepared (untimed) and the command ----
prep_tar() { :; }
cmd_tar="tar -xf $IN/t.tar"
prep_git() { cp -a "$IN/tree/." "$1/"; }
cmd_git="git init -q && git add -A && git -c user.name=b -c user.email=b@b commit -q -m m"
prep_sqlite() { :; }
cmd_sqlite="python3 $IN/db.py"
prep_make() { cp -a "$IN/proj/." "$1/"; }
cmd_make="make -s -j2 >/dev/null"
prep_dbench() { :; }
cmd_dbench="dbench -c $IN/cut.txt -D . -t $DBENCH_T 1 >$DIR/dbench.out 2>&1"

now() { date +%s.%N; }
fresh() { rm -rf "$1" && mkdir "$1" && "prep_$2" "$1"; }
# dbench's own ops/s: its table's op counts over its time limit.
dbench_rate() { awk -v t="$DBENCH_T" '$1 ~ /^[A-Z][A-Za-z]+$/ && NF == 4 && $2 ~ /^[0-9]+$/ { s += $2 } END { print s / t }' "$DIR/dbench.out"; }
# plain APP / recorded APP: the wall time of one run (dbench: its ops/s).
plain() {
    fresh "$DIR/P" "$1"
    local cmd="cmd_$1" t0 t1
    t0=$(now); (cd "$DIR/P" && bash -c "${!cmd}"); t1=$(now)
    [ "$1" = dbench ] && { dbench_rate; return; }
    echo "$t1 - $t0" | bc
}
recorded() {
    fresh "$DIR/A" "$1"
    local cmd="cmd_$1" t0 t1
    t0=$(now)
    (cd "$DIR/A" && "$bin" record -o "$DIR/$1.trace" --root "$DIR/A" -- bash -c "${!cmd}" >"$DIR/record.out" 2>&1) ||
        { echo "bench/replay_apps.sh: $1: flowbench record failed:" >&2; cat "$DIR/record.out" >&2; exit 1; }
    t1=$(now)
    [ "$1" = dbench ] && { dbench_rate; return; }
    echo "$t1 - $t0" | bc
}
took() { awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$1"; }
mismatches() { awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$1"; }
# replay TRACE MODE [OPTION...]: "elapsed mismatches p99_start_error_ms calls ops_per_s"
replay() {
    local trace=$1 mode=$2
    shift 2
    rm -rf "$DIR/B" && mkdir "$DIR/B"
    "$bin" replay "$trace" -D dir="$DIR/B" --mode "$mode" --json "$DIR/r.json" "$@" >"$DIR/out" 2>&1 ||
        { echo "bench/replay_apps.sh: replay of $trace ($mode) failed:" >&2; tail -5 "$DIR/out" >&2; exit 1; }
    local p99
    p99=$(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["runs"][0]["summary"]
e = s.get("replay_start_error_ns")
print("%.4f %s %s" % (e["p99"] / 1e6 if e else -1, s["ops"], s["ops_per_s"]))' "$DIR/r.json")
    echo "$(took "$DIR/out") $(mismatches "$DIR/out") $p99"
}
# The traced span: the first call's start (time 0) to the last call's end.
span() { grep -v '^#' "$1" | awk '{ e = $1 + $11; if (e > m) m = e } END { printf "%.6f", m }'; }

med() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.3f (%.3f..%.3f)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
if [ "$RT" = 1 ] && ! chrt -f 10 true 2>/dev/null; then
    echo "bench/replay_apps.sh: --rt: this user may not take real-time priority (chrt -f fails)" >&2
    exit 2
fi
declare -A OV TI P99 P99RT AF AFP MIS
dbench_own=() dbench_fb=() dbench_count=() dbench_ratio=()
lines=$(wc -l <"$IN/cut.txt")
for r in $(seq 1 "$ROUNDS"); do
    for app in $APPS; do
        if [ $((r % 2)) = 1 ]; then p=$(plain "$app"); q=$(recorded "$app"); else q=$(recorded "$app"); p=$(plain "$app"); fi
        if [ "$app" = dbench ]; then ov=$(echo "$p / $q" | bc -l); else ov=$(echo "$q / $p" | bc -l); fi
        tr=$DIR/$app.trace
        sp=$(span "$tr")
        read -r tt tm p99 calls _ <<<"$(replay "$tr" timed)"
        read -r at am _ _ _ <<<"$(replay "$tr" afap)"
        p99rt=-1
        [ "$RT" = 1 ] && read -r _ _ p99rt _ _ <<<"$(replay "$tr" timed --rt)"
        OV[$app]+="$ov " TI[$app]+="$(echo "$tt / $sp" | bc -l) " P99[$app]+="$p99 " P99RT[$app]+="$p99rt "
        AF[$app]+="$(echo "$sp / $at" | bc -l) " MIS[$app]+="$((tm + am)) "
        # afap's rate over the plain run's: the same calls over each one's wall time (dbench:
        # its syscalls are not its ops: the side by side below compares its loadfile's ops)
        afp=-1
        [ "$app" = dbench ] || afp=$(echo "$p / $at" | bc -l)
        AFP[$app]+="$afp "
        printf 'round %d %-6s: %6d calls, traced span %.3fs; overhead x%.2f; timed %.3f of the span, start error p99 %.3fms%s; afap %.2fx the traced rate, %.2fx the plain run'"'"'s; mismatches %d\n' \
            "$r" "$app" "$calls" "$sp" "$ov" "$(echo "$tt / $sp" | bc -l)" "$p99" \
            "$([ "$p99rt" != -1 ] && printf ' (%.3fms at real-time priority)' "$p99rt")" "$(echo "$sp / $at" | bc -l)" "$afp" $((tm + am))
    done
    if [[ " $APPS " == *" dbench "* ]]; then
        # dbench side by side: its own ops/s (the last plain run) and flowbench replaying its loadfile
        own=$(plain dbench)
        read -r ft fm _ fcalls fops <<<"$(replay "$IN/cut.txt" afap)"
        dbench_own+=("$own") dbench_fb+=("$fops") dbench_ratio+=("$(echo "$fops / $own" | bc -l)")
        dbench_count+=("$fcalls/$lines lines, $fm mismatches")
        printf 'round %d dbench side by side: dbench %.0f ops/s; flowbench replay %s: %.0f ops/s (%s ops of %s lines, %s mismatches)\n' \
            "$r" "$own" "$(basename "$IN/cut.txt")" "$fops" "$fcalls" "$lines" "$fm"
    fi
done
echo
echo "medians of $ROUNDS rounds (min..max):"
printf '%-7s %-24s %-24s %-26s %-24s %-24s %s\n' app "overhead (x)" "timed/span (1 = exact)" "start err p99 ms" "afap/traced rate" "afap/plain rate" mismatches
for app in $APPS; do
    # shellcheck disable=SC2086
    printf '%-7s %-24s %-24s %-26s %-24s %-24s %s\n' "$app" "$(med ${OV[$app]})" "$(med ${TI[$app]})" \
        "$(med ${P99[$app]})" "$(med ${AF[$app]})" "$(med ${AFP[$app]})" "$(echo ${MIS[$app]})"
    [ "$RT" = 1 ] && printf '%-7s start error p99 at real-time priority: %s ms\n' "" "$(med ${P99RT[$app]})"
done
if [ ${#dbench_own[@]} -gt 0 ]; then
    echo "dbench ops/s: $(med "${dbench_own[@]}"); flowbench replay of its loadfile: $(med "${dbench_fb[@]}") ops/s;" \
        "flowbench / dbench: $(med "${dbench_ratio[@]}") ($(printf '%s; ' "${dbench_count[@]}"))"
fi
