#!/usr/bin/env bash
# test_floor_calls.sh BIN SRC: bench/floor.c names the files of its metadata
# ops as flowbench's workers do (same calls, same kind of dirfd and name, same
# flags), so that bench/run.sh and bench/ledger compare like with like: for
# stat, open+close, create+delete and varmail, the call shapes of flowbench's
# busiest worker under strace -f must equal those of the floor's loop.
set -u
bin=$(realpath "$1")
src=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_strace
need cc
top=$(mktemp -d /dev/shm/flowbench-floorcalls.XXXXXX)
trap 'rm -rf "$top"' EXIT

floor=$top/floor
cc -O2 -std=c17 -pthread -o "$floor" "$src/bench/floor.c" -luring -laio 2>"$top/cc.err" ||
    { bad "floor builds" "$(head -c 800 "$top/cc.err")"; summary; exit 1; }

# shapes TRACE: the name calls of the busiest thread (of flowbench's, only
# the workers, which name themselves: the set-up's calls are no ops), each as
# CALL(dirfd kind, name kind, flags), those making at least a tenth of its
# calls: sorted, on one line. A dirfd is AT_FDCWD or FD; a name is NAME (a
# leaf) or PATH (it has a slash).
shapes() {
    awk '
        /prctl\(PR_SET_NAME/ { worker[$1] = 1; named = 1; next }
        $2 ~ /^(openat|newfstatat|unlinkat|unlink|open|stat|lstat)\(/ {
            line = $0; sub(/^[0-9]+ +/, "", line); sub(/ += .*$/, "", line)
            call = line; sub(/\(.*/, "", call)
            args = line; sub(/^[^(]*\(/, "", args); sub(/\)$/, "", args)
            gsub(/\{[^}]*\}/, "{}", args)
            n = split(args, a, /, /)
            out = call "("
            for (i = 1; i <= n; i++) {
                v = a[i]
                if (v ~ /^[0-9]+$/ && i == 1) v = "FD"
                else if (v ~ /^".*"$/) v = index(v, "/") ? "PATH" : "NAME"
                else if (v == "{}") continue
                out = out (i > 1 ? "," : "") v
            }
            shape[$1, out ")"]++; total[$1]++
        }
        END {
            for (t in total) if ((!named || worker[t]) && total[t] > best) { best = total[t]; tid = t }
            for (k in shape) { split(k, p, SUBSEP); if (p[1] == tid && shape[k] * 10 >= best) print p[2] }
        }' "$1" | sort | paste -sd ' '
}

# case NAME SCRIPT SET FLOOR_OP [-D...]: flowbench's worker against the floor on the same tree.
case_of() {
    local name=$1 script=$2 set=$3 op=$4 d=$top/$1
    shift 4
    mkdir -p "$d/fb" "$d/fl"
    strace -f -qq -e trace=openat,newfstatat,unlinkat,unlink,open,stat,lstat,prctl -o "$d/fb.trace" \
        "$bin" -f "$script" -D dir="$d/fb" "$@" --runtime 300ms --quiet >"$d/fb.out" 2>&1 ||
        bad "$name: flowbench runs" "$(head -c 800 "$d/fb.out")"
    printf 'load %s\ncreate files\n' "$script" | "$bin" -D dir="$d/fl" "$@" >"$d/setup.out" 2>&1 ||
        bad "$name: flowbench makes the floor's files" "$(head -c 800 "$d/setup.out")"
    strace -f -qq -e trace=openat,newfstatat,unlinkat,unlink,open,stat,lstat,prctl -o "$d/fl.trace" \
        "$floor" "$op" -t 1 -n 2000 "$d/fl/$set" >"$d/fl.out" 2>&1 ||
        bad "$name: the floor runs" "$(head -c 800 "$d/fl.out")"
    local want got
    want=$(shapes "$d/fb.trace")
    got=$(shapes "$d/fl.trace")
    [ -n "$want" ] || bad "$name: flowbench's worker made name calls" "none in $d/fb.trace"
    expect_eq "$name: the floor's calls are flowbench's" "$got" "$want"
}

w=$src/bench/workloads
case_of stat "$w/stat.f" statset stat -D nfiles=500
case_of open "$w/openclose.f" statset open -D nfiles=500
case_of create "$w/createdelete.f" createset create -D nfiles=500
case_of varmail "$src/workloads/varmail.f" bigfileset varmail -D nfiles=200 -D nthreads=1
summary
