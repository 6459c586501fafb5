#!/usr/bin/env bash
# test_model.sh BIN: flowbench model's fidelity on small recordings of real
# programs (tar -x of a tree, git init/add/commit/gc, a Python sqlite3 program
# committing with fsync, in DELETE and WAL journal modes, make -j2 of a small C
# project, dbench's client.txt): the model, run without its pace, gives each
# kind of call's share within 3 percentage points of the trace's (sqlite's: 1)
# and the p50/p90/p99 of read and write sizes and of file sizes (the files there
# before, and those the program created) within 10%; run at its pace for 5 s
# (git, sqlite), the trace's calls per second within 5%, the whole 5 s (git's
# trace deletes more files than it creates) (tests/check_model_fidelity.py).
# `flowbench model --check` prints its own table (checked against the same
# figures) and exits 1 on a failed run, never crashing. A program that is not
# installed is skipped, loudly.
set -u
bin=$(realpath "$1")
here=$(dirname "${BASH_SOURCE[0]}")
. "$here/lib.sh"
need strace python3 tar git make cc
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt is not installed (Debian's dbench)"
top=$(mktemp -d /dev/shm/flowbench-model.XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$top"' EXIT # KEEP=1: left for a look
py=$(python3 -c 'import sys; print(sys.executable)') # the interpreter itself, past any shim

# paced NAME: runs NAME's model as written (at its pace) for 5 s; sets pace_args to "--pace 5 LOG" for the
# check (not a subshell: its ok and bad count).
paced() {
    local name=$1
    mkdir -p "$top/$name.paced"
    "$bin" -f "$top/$name.f.paced" -D dir="$top/$name.paced" --runtime 5 --latency-log "$top/$name.paced.csv" \
        >"$top/$name.paced.out" 2>&1
    expect_eq "${name}_paced_exit" $? 0
    # the whole run: no fileset ran dry (a trace that deletes more than it creates refills)
    if grep -q "stopped early" "$top/$name.paced.out"; then
        bad "${name}_paced_whole"
        grep "stopped early" "$top/$name.paced.out"
    else
        ok "${name}_paced_whole"
    fi
    pace_args="--pace 5 $top/$name.paced.csv"
}

# fidelity NAME TRACE [KNOWN] [PP] [PACE]: models TRACE, runs the model for two seconds, checks the
# figures against the trace as the model read it (--own: in flowbench's format, whatever it came in):
# shares within PP points (3), and with PACE=pace the pace of a 5 s run.
fidelity() {
    local name=$1 trace=$2 known=${3:-none} pp=${4:-3} pace=${5:-}
    "$bin" model "$trace" -o "$top/$name.f" --own "$top/$name.own" 2>"$top/$name.err"
    expect_rc "${name}_model_exit" $? 0 "$top/$name.err"
    mkdir -p "$top/$name.run"
    cp "$top/$name.f" "$top/$name.f.paced"
    # the figures are the mix's and the sizes', not the pace's: as many picks as two seconds hold
    sed -i 's/, rate=[0-9]*//; /^eventgen rate=/d' "$top/$name.f"
    "$bin" -f "$top/$name.f" -D dir="$top/$name.run" --runtime 2 --latency-log "$top/$name.csv" >"$top/$name.out" 2>&1
    local rc=$?
    expect_eq "${name}_run_exit" $rc 0
    [ $rc -eq 0 ] || { grep -i error "$top/$name.out"; return; }
    pace_args=""
    [ -z "$pace" ] || paced "$name"
    # shellcheck disable=SC2086 # pace_args: two words or none
    "$py" "$here/check_model_fidelity.py" "$top/$name.own" "$top/$name.csv" "$top/$name.run" --known "$known" \
        --pp "$pp" $pace_args >"$top/$name.fid"
    expect_eq "${name}_fidelity" $? 0
    sed "s/^/$name: /" "$top/$name.fid" | grep -v ' ok$' # the figures off, and the known gaps, loudly
}
# record NAME CMD...: records CMD run in $top/NAME (its root) into $top/NAME.trace.
record() {
    local name=$1
    shift
    (cd "$top/$name" && "$bin" record -o "$top/$name.trace" -- "$@") >"$top/$name.rec" 2>&1
    expect_eq "${name}_record_exit" $? 0
}

mkdir -p "$top/src"
for i in $(seq 1 200); do
    mkdir -p "$top/src/d$((i % 5))/e$((i % 3))"
    head -c $((i * 53)) /dev/urandom >"$top/src/d$((i % 5))/e$((i % 3))/f$i"
done

# Each program's case in a function of its own, run side by side (lib.sh): most of
# their time is the models' timed runs, 2 s unpaced and 5 s at the trace's pace.
case_tar() {
    tar -C "$top/src" -cf "$top/t.tar" . && mkdir "$top/tar"
    record tar tar -xf "$top/t.tar"
    # files tar writes in two chunks (split where its 10 KiB record ends) keep their sizes
    fidelity tar "$top/tar.trace"
}

case_git() {
    cp -r "$top/src" "$top/git"
    # gc packs the loose objects and removes them: the trace deletes more files than it creates
    record git sh -c 'git init -q . && git add . && git -c user.name=m -c user.email=m@x commit -qm tree &&
        git gc -q --prune=now'
    fidelity git "$top/git.trace" none 3 pace
}

# sqlite_app DIR [PRAGMA]: a Python program in DIR committing 150 rows with fsync (synchronous=FULL),
# in the journal mode PRAGMA sets (DELETE, sqlite's own, without one).
sqlite_app() {
    local pragma=""
    [ -z "${2:-}" ] || pragma="db.execute(\"PRAGMA $2\")"
    mkdir "$1"
    cat >"$1/app.py" <<PY
import sqlite3
db = sqlite3.connect("app.db")
$pragma
db.execute("PRAGMA synchronous=FULL")
db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)")
for i in range(150):
    db.execute("INSERT INTO t (v) VALUES (?)", ("x" * (i * 7 % 900),))
    db.commit()
db.close()
PY
}

case_sqlite() {
    "$py" -c 'import sqlite3' 2>/dev/null || { bad sqlite_module "Python's sqlite3 module is missing"; return; }
    sqlite_app "$top/sqlite"
    record sqlite "$py" app.py
    # a database's page-sized writes stay page-sized; its shares within 1 point
    fidelity sqlite "$top/sqlite.trace" none 1 pace
}

case_wal() {
    "$py" -c 'import sqlite3' 2>/dev/null || { bad wal_module "Python's sqlite3 module is missing"; return; }
    sqlite_app "$top/wal" journal_mode=WAL
    record wal "$py" app.py
    fidelity wal "$top/wal.trace" none 1 pace
    # the product's own check: its table, every figure ok, and a failed run said with exit 1
    "$bin" model "$top/wal.trace" --check -D "$top" >"$top/wal.check" 2>&1
    expect_rc check_exit $? 0 "$top/wal.check"
    for line in "share write" "write       p50 trace 4096 model 4096" "pace "; do
        if grep -q "^$line" "$top/wal.check"; then ok "check_line_${line// /_}"; else bad "check_line_${line// /_}"; fi
    done
    "$bin" model "$top/wal.trace" --check -D "$top/nonexistent" >"$top/wal.nodir" 2>&1
    expect_eq check_nodir_exit $? 1
    grep -q "cannot make a directory in $top/nonexistent" "$top/wal.nodir" && ok check_nodir_said || bad check_nodir_said
}

case_make() {
    mkdir "$top/make"
    for i in $(seq 1 14); do
        printf '#include <stdio.h>\nint f%d(int x) { return x * %d; }\n' $i $i >"$top/make/f$i.c"
    done
    printf 'int main(void) { return 0; }\n' >"$top/make/main.c"
    printf 'OBJ = main.o $(patsubst %%.c,%%.o,$(wildcard f*.c))\napp: $(OBJ)\n\tcc -o app $(OBJ)\n%%.o: %%.c\n\tcc -c -o $@ $<\n' >"$top/make/Makefile"
    record make make -s -j2
    # .o files are written in many small chunks of unlike sizes, their last past a hole, app with holes
    fidelity make "$top/make.trace"
}

case_dbench() {
    head -3000 /usr/share/dbench/client.txt >"$top/client.txt"
    # dbench writes its files at offsets, leaving holes, and rewrites them
    fidelity dbench "$top/client.txt"
}

# a trace that creates nothing and deletes a file there before: the model runs (no composite of the
# creates' is named), and --check says the created files are not compared rather than dividing by none
case_rm() {
    mkdir "$top/rm" && echo hello >"$top/rm/a" && for i in 1 2 3; do echo $i >"$top/rm/f$i"; done
    # sleep: a child that closes the descriptors it inherited, calls the model does not make
    # (one of the trace's 35: --check holds a short trace's shares to one call, not to 1 point)
    record rm sh -c 'cat a f1 f2 >/dev/null; sleep 0.01; rm f3'
    "$bin" model "$top/rm.trace" --check --runtime 1 -D "$top" >"$top/rm.check" 2>&1
    expect_rc check_nocreate_exit $? 0 "$top/rm.check"
    grep -q "^size(made)  not compared: the trace has 0 such files" "$top/rm.check" && ok check_nocreate_made ||
        bad check_nocreate_made
}

side_by_side tar git sqlite wal make dbench rm
summary test_model
