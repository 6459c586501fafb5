#!/usr/bin/env bash
# bench/replay_apps.sh: real programs recorded and replayed, side by side in one
# run (docs/replay.md, "Fidelity"): a bash script of redirections (>, >>, 2>&1,
# exec 3>), a pipe and child shells; a program whose stdout the caller's shell
# redirects into the tree (flowbench record -- sh -c '...' > out.log); tar -x of a
# tree, ten times; git (init, add, commit of the tree, a symbolic link in it,
# status and log into the tree); the sqlite3 CLI committing 2,000 transactions in
# WAL and in DELETE journal mode; make -j2 of a
# small generated C project, its output redirected into the tree; a Python
# program that writes, fsyncs and renames; and dbench on a cut of its client.txt.
# For each, per round (the medians, min..max, are printed at the end):
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
#  * mismatches of both replays, and whether each replay left the tree the
#    recorded run left (every name, its type, a file's or link's size, a link's
#    text: find -printf, flowbench's own lock and manifest aside);
#  * dbench: its own ops/s on the cut (plain) and flowbench replay of the same
#    loadfile (afap, on the same kind of empty tree): ops/s, and its op count
#    against the loadfile's lines.
# Dependencies (git, python3, make, gcc, dbench, sqlite3, strace) are installed with
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
APPS="bash redir tar git sqlite_wal sqlite_delete make pyfsync dbench"
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
    for cmd in strace:strace git:git python3:python3 make:make gcc:gcc dbench:dbench bc:bc sqlite3:sqlite3; do
        command -v "${cmd%%:*}" >/dev/null || missing+=("${cmd#*:}")
    done
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
# sqlite3's input: 2000 transactions of 10 rows each, each committed (sqlite's default
# synchronous=FULL: the journal's or the WAL's fsync, and the database's, per commit)
for mode in wal delete; do
    awk -v mode="$mode" 'BEGIN { print "pragma journal_mode=" mode ";"
        print "create table t (k integer primary key, v text);"
        for (i = 1; i <= 2000; i++) {
            print "begin;"
            for (k = 1; k <= 10; k++) printf "insert into t (v) values (%c%0" 100 + (i * 7 + k) % 300 "d%c);\n", 39, 0, 39
            print "commit;"
        } }' >"$IN/$mode.sql"
done
# a bash script: >, >>, 2>&1, exec 3> and 3>&-, a pipe, a subshell and a child shell
cat >"$IN/script.sh" <<'SH'
echo start > log.txt
for i in $(seq 1 2000); do echo "line $i" >> log.txt; done
ls -l no-such-file >> log.txt 2>&1 || true
exec 3> fd3.txt
for i in $(seq 1 2000); do echo "via fd 3: $i" >&3; done
exec 3>&-
for k in $(seq 1 20); do
    cat log.txt | sort -r | uniq > "sorted.$k.txt"
    ( cd sub && echo "child $k" > "c.$k.txt"; bash -c "echo grandchild >> c.$k.txt; cat ../fd3.txt >> c.$k.txt" )
done
wc -c < log.txt > count.txt
SH
# Python: 300 files written, each fsynced and renamed over one of 50 names, then the directory fsynced
cat >"$IN/fsync.py" <<'PY'
import os
for i in range(300):
    tmp = "d/tmp.%d" % (i % 7)
    with open(tmp, "wb") as f:
        f.write(b"x" * (100 + (i * 37) % 4000))
        f.flush()
        os.fsync(f.fileno())
    os.rename(tmp, "d/f%d" % (i % 50))
d = os.open("d", os.O_RDONLY)
os.fsync(d)
os.close(d)
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

# ---- each program: how its directory is prepared (untimed), the command, and the file beneath
# the tree the caller's shell sends its stdout to (out_APP; none: /dev/null, a stand-in at replay) ----
prep_bash() { mkdir "$1/sub" && cp "$IN/script.sh" "$1/"; }
cmd_bash="bash script.sh"
prep_redir() { head -c 20000 /dev/zero | tr '\0' y | fold -w 99 >"$1/in.txt"; }
cmd_redir="sh -c 'echo hi; for i in \$(seq 1 50); do ls -l; cat in.txt; done; echo done >&2'"
out_redir=out.log
prep_tar() { :; }
cmd_tar="for i in \$(seq 1 10); do mkdir t\$i && tar -C t\$i -xf $IN/t.tar; done"
prep_git() { cp -a "$IN/tree/." "$1/" && ln -s d1/f1 "$1/lnk" && ln -s d2 "$1/dlnk"; }
cmd_git="git init -q && git add -A && git -c user.name=b -c user.email=b@b commit -q -m m && git status --short > status.txt && git log -p --stat > log.txt"
prep_sqlite_wal() { :; }
cmd_sqlite_wal="sqlite3 t.db < $IN/wal.sql > /dev/null"
prep_sqlite_delete() { :; }
cmd_sqlite_delete="sqlite3 t.db < $IN/delete.sql > /dev/null"
prep_make() { cp -a "$IN/proj/." "$1/"; }
cmd_make="make -j2 > make.log 2>&1"
prep_pyfsync() { mkdir "$1/d"; }
cmd_pyfsync="python3 $IN/fsync.py"
prep_dbench() { :; }
cmd_dbench="dbench -c $IN/cut.txt -D . -t $DBENCH_T 1 >$DIR/dbench.out 2>&1"

now() { date +%s.%N; }
fresh() { rm -rf "$1" && mkdir "$1" && "prep_$2" "$1"; }
# dbench's own ops/s: its table's op counts over its time limit.
dbench_rate() { awk -v t="$DBENCH_T" '$1 ~ /^[A-Z][A-Za-z]+$/ && NF == 4 && $2 ~ /^[0-9]+$/ { s += $2 } END { print s / t }' "$DIR/dbench.out"; }
# plain APP / recorded APP: the wall time of one run (dbench: its ops/s).
plain() {
    fresh "$DIR/P" "$1"
    local cmd="cmd_$1" out="out_$1" t0 t1
    t0=$(now); (cd "$DIR/P" && bash -c "${!cmd}" </dev/null >"${!out:-/dev/null}" 2>"$DIR/plain.err"); t1=$(now)
    [ "$1" = dbench ] && { dbench_rate; return; }
    echo "$t1 - $t0" | bc
}
recorded() {
    fresh "$DIR/A" "$1"
    local cmd="cmd_$1" out="out_$1" t0 t1
    t0=$(now)
    (cd "$DIR/A" && "$bin" record -o "$DIR/$1.trace" --root "$DIR/A" -- bash -c "${!cmd}" </dev/null \
        >"${!out:-/dev/null}" 2>"$DIR/record.out") ||
        { echo "bench/replay_apps.sh: $1: flowbench record failed:" >&2; cat "$DIR/record.out" >&2; exit 1; }
    t1=$(now)
    tree "$DIR/A" >"$DIR/A.tree"
    [ "$1" = dbench ] && { dbench_rate; return; }
    echo "$t1 - $t0" | bc
}
# A tree as find sees it: each name, its type, a file's or link's size, a link's text (a directory's
# size is its file system's own business; flowbench's lock and manifest are not the program's).
tree() {
    (cd "$1" && find . -mindepth 1 ! -name '.flowbench*' -printf '%P\t%y\t%s\t%l\n') |
        awk -F '\t' 'BEGIN { OFS = "\t" } $2 == "d" { $3 = "-" } { print }' | LC_ALL=C sort
}
took() { awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$1"; }
mismatches() { awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$1"; }
# replay TRACE MODE [OPTION...]: "elapsed mismatches p99_start_error_ms calls ops_per_s same_tree"
# (same_tree: 1 when the replay left the tree the recorded run left, else 0, the first differences
# on standard error)
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
    local same=1
    if [ "$trace" != "$IN/cut.txt" ] && ! tree "$DIR/B" | cmp -s - "$DIR/A.tree"; then
        same=0
        echo "bench/replay_apps.sh: $(basename "$trace") ($mode): the replayed tree differs from the recorded one:" >&2
        tree "$DIR/B" | diff "$DIR/A.tree" - | head -6 >&2
    fi
    echo "$(took "$DIR/out") $(mismatches "$DIR/out") $p99 $same"
}
# The traced span: the first call's start (time 0) to the last call's end.
span() { grep -v '^#' "$1" | awk '{ e = $1 + $11; if (e > m) m = e } END { printf "%.6f", m }'; }

med() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.3f (%.3f..%.3f)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
if [ "$RT" = 1 ] && ! chrt -f 10 true 2>/dev/null; then
    echo "bench/replay_apps.sh: --rt: this user may not take real-time priority (chrt -f fails)" >&2
    exit 2
fi
declare -A OV TI TIRT P99 P99RT AF AFP MIS SAME REPLAYS CALLS
dbench_own=() dbench_fb=() dbench_count=() dbench_ratio=()
lines=$(wc -l <"$IN/cut.txt")
for r in $(seq 1 "$ROUNDS"); do
    for app in $APPS; do
        if [ $((r % 2)) = 1 ]; then p=$(plain "$app"); q=$(recorded "$app"); else q=$(recorded "$app"); p=$(plain "$app"); fi
        if [ "$app" = dbench ]; then ov=$(echo "$p / $q" | bc -l); else ov=$(echo "$q / $p" | bc -l); fi
        tr=$DIR/$app.trace
        sp=$(span "$tr")
        read -r tt tm p99 calls _ ts <<<"$(replay "$tr" timed)"
        read -r at am _ _ _ as <<<"$(replay "$tr" afap)"
        p99rt=-1 rtt=-1 rtm=0 rts=0
        [ "$RT" = 1 ] && read -r rtt rtm p99rt _ _ rts <<<"$(replay "$tr" timed --rt)"
        OV[$app]+="$ov " TI[$app]+="$(echo "$tt / $sp" | bc -l) " P99[$app]+="$p99 " P99RT[$app]+="$p99rt "
        TIRT[$app]+="$(echo "$rtt / $sp" | bc -l) " CALLS[$app]+="$calls "
        AF[$app]+="$(echo "$sp / $at" | bc -l) " MIS[$app]+="$((tm + am + rtm)) "
        SAME[$app]=$((${SAME[$app]:-0} + ts + as + rts)) REPLAYS[$app]=$((${REPLAYS[$app]:-0} + 2 + RT))
        # afap's rate over the plain run's: the same calls over each one's wall time (dbench:
        # its syscalls are not its ops: the side by side below compares its loadfile's ops)
        afp=-1
        [ "$app" = dbench ] || afp=$(echo "$p / $at" | bc -l)
        AFP[$app]+="$afp "
        printf 'round %d %-13s: %6d calls, traced span %.3fs; overhead x%.2f; timed %.4f of the span, start error p99 %.3fms%s; afap %.2fx the traced rate, %.2fx the plain run'"'"'s; mismatches %d; same tree %d of %d\n' \
            "$r" "$app" "$calls" "$sp" "$ov" "$(echo "$tt / $sp" | bc -l)" "$p99" \
            "$([ "$p99rt" != -1 ] && printf ' (--rt: %.4f of the span, p99 %.3fms)' "$(echo "$rtt / $sp" | bc -l)" "$p99rt")" \
            "$(echo "$sp / $at" | bc -l)" "$afp" $((tm + am + rtm)) $((ts + as + rts)) $((2 + RT))
    done
    if [[ " $APPS " == *" dbench "* ]]; then
        # dbench side by side: its own ops/s (the last plain run) and flowbench replaying its loadfile
        own=$(plain dbench)
        read -r ft fm _ fcalls fops _ <<<"$(replay "$IN/cut.txt" afap)"
        dbench_own+=("$own") dbench_fb+=("$fops") dbench_ratio+=("$(echo "$fops / $own" | bc -l)")
        dbench_count+=("$fcalls/$lines lines, $fm mismatches")
        printf 'round %d dbench side by side: dbench %.0f ops/s; flowbench replay %s: %.0f ops/s (%s ops of %s lines, %s mismatches)\n' \
            "$r" "$own" "$(basename "$IN/cut.txt")" "$fops" "$fcalls" "$lines" "$fm"
    fi
done
echo
echo "medians of $ROUNDS rounds (min..max), as a Markdown table (docs/replay.md says what each column is):"
echo "| program | calls | overhead (x) | timed/span | timed/span, --rt | start error p99, ms | p99 with --rt, ms | afap/traced | afap/plain | mismatches | same tree |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
dash() { [ "$RT" = 1 ] && med "$@" || printf -- -; }
for app in $APPS; do
    # shellcheck disable=SC2086
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s of %s |\n' "$app" \
        "$(printf '%s\n' ${CALLS[$app]} | sort -n | sed -n '1p;$p' | paste -sd/ | sed 's#/#..#')" \
        "$(med ${OV[$app]})" "$(med ${TI[$app]})" "$(dash ${TIRT[$app]})" "$(med ${P99[$app]})" "$(dash ${P99RT[$app]})" \
        "$(med ${AF[$app]})" "$([ "$app" = dbench ] && echo "see below" || med ${AFP[$app]})" \
        "$(echo ${MIS[$app]} | tr ' ' '+')" "${SAME[$app]}" "${REPLAYS[$app]}"
done
if [ ${#dbench_own[@]} -gt 0 ]; then
    echo "dbench ops/s: $(med "${dbench_own[@]}"); flowbench replay of its loadfile: $(med "${dbench_fb[@]}") ops/s;" \
        "flowbench / dbench: $(med "${dbench_ratio[@]}") ($(printf '%s; ' "${dbench_count[@]}"))"
fi
