#!/usr/bin/env bash
# test_mpi_replay.sh FLOWBENCH: `flowbench replay` on several MPI ranks of this
# host (-DFLOWBENCH_MPI=ON): one trace replayed by every rank beneath its own
# DIR/rank-NNNN, one trace per rank (TRACE's %r), the op counts summed over
# the ranks, and bad input on one rank (a malformed or missing trace, a tree it
# refuses) the whole job's exit 2, promptly, with nothing laid down.
set -u
fb=$(readlink -f "$1")
t=$(mktemp -d /dev/shm/fbmpirp.XXXXXX) || exit 1
trap 'rm -rf "$t"' EXIT
. "$(dirname "$0")/mpi_env.sh"
tree() { (cd "$1" && find . -type f ! -name .flowbench-replay -printf '%P %s\n' | sort | tr '\n' ' '); }
mismatches() { json "$1" "sum(f['ops'] for f in r['flowops'] if f['name'] == 'mismatch')"; }
# ops_json FILE: the replayed calls of the JSON's last run by kind, as "open=4 read=2 ...".
ops_json() { json "$1" "' '.join(f'{f[\"name\"]}={f[\"ops\"]}' for f in r['flowops'] if f['name'] not in ('replay', 'mismatch'))"; }

# 9 calls (each rank: 9 ops in the JSON): a directory made, a file made in it, written and synced, one laid
# down and read, a stat of a missing name.
cat >"$t/one.trace" <<'T'
# flowbench-trace 1
0.000000 10 10 mkdir d - - - 0755 0 0.00001
0.000050 10 10 open d/f1 - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.00001
0.000100 10 10 write fd:3 - 4096 - - 4096 0.00001
0.000150 10 10 fsync fd:3 - - - - 0 0.00001
0.000200 10 10 close fd:3 - - - - 0 0.00001
0.000300 10 10 open b/g - - O_RDONLY - 3 0.00001
0.000400 10 10 read fd:3 - 8192 - - 8192 0.00001
0.000500 10 10 close fd:3 - - - - 0 0.00001
0.000600 10 10 stat missing - - - - -ENOENT 0.00001
# end
T

# One trace for every rank: each replays it beneath DIR/rank-NNNN; op counts 2 x the trace's.
mkdir "$t/D"
mpi 2 replay "$t/one.trace" -D dir="$t/D" --json "$t/one.json" >"$t/one.out" 2>&1 && ok || bad "one trace on 2 ranks failed: $(tail -5 "$t/one.out")"
for r in 0000 0001; do
    expect_eq "one_tree_$r" "$(tree "$t/D/rank-$r")" "b/g 8192 d/f1 4096 "
done
expect_eq one_nothing_else "$(ls "$t/D" | tr '\n' ' ')" "rank-0000 rank-0001 "
expect_eq one_ranks "$(json "$t/one.json" "r['ranks']")" 2
expect_eq one_ops "$(ops_json "$t/one.json")" "open=4 close=4 read=2 write=2 fsync=2 stat=2 mkdir=2"
expect_eq one_summary_ops "$(json "$t/one.json" "r['summary']['ops'], [k['ops'] for k in r['per_rank']]")" "18 [9, 9]"
expect_eq one_mismatch "$(mismatches "$t/one.json")" 0
grep -q "^replay: 2 ranks, each the trace $t/one.trace beneath $t/D/rank-NNNN; 18 calls in all" "$t/one.out" \
    && ok || bad one_says_ranks "$(grep '^replay' "$t/one.out")"

# One trace per rank: rank r replays t.r.trace (each its own tree), the counts summed.
cp "$t/one.trace" "$t/t.0.trace"
sed 's#d/f1#c/h#; s#write fd:3 - 4096 - - 4096#write fd:3 - 1000 - - 1000#' "$t/one.trace" >"$t/t.1.trace"
mkdir "$t/P"
mpi 2 replay "$t/t.%r.trace" -D dir="$t/P" --json "$t/per.json" >"$t/per.out" 2>&1 && ok || bad "a trace per rank failed: $(tail -5 "$t/per.out")"
expect_eq per_tree_0 "$(tree "$t/P/rank-0000")" "b/g 8192 d/f1 4096 "
expect_eq per_tree_1 "$(tree "$t/P/rank-0001")" "b/g 8192 c/h 1000 "
expect_eq per_ops "$(ops_json "$t/per.json")" "open=4 close=4 read=2 write=2 fsync=2 stat=2 mkdir=2"
expect_eq per_bytes "$(json "$t/per.json" "r['summary']['bytes']")" $((2 * 8192 + 4096 + 1000))
expect_eq per_mismatch "$(mismatches "$t/per.json")" 0

# Ranks replaying traces of different shapes (rank 0: three processes, one of two
# threads; rank 1: one process, other kinds of call): every rank's calls merged,
# one row per kind, the per-rank rows each with its own trace's count.
cat >"$t/s.0.trace" <<'T'
# flowbench-trace 1
0.000000 10 10 mkdir d - - - 0755 0 0.00001
0.000050 10 10 open d/f1 - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.00001
0.000100 10 10 write fd:3 - 4096 - - 4096 0.00001
0.000200 10 10 close fd:3 - - - - 0 0.00001
0.000300 11 11 open b/g - - O_RDONLY - 3 0.00001
0.000400 11 11 read fd:3 - 8192 - - 8192 0.00001
0.000500 11 11 close fd:3 - - - - 0 0.00001
0.000600 12 12 stat missing - - - - -ENOENT 0.00001
0.000700 12 13 stat b/g - - - - 0 0.00001
# end
T
cat >"$t/s.1.trace" <<'T'
# flowbench-trace 1
0.000000 20 20 open c - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.00001
0.000100 20 20 fsync fd:3 - - - - 0 0.00001
0.000150 20 20 ftruncate fd:3 - 100 - - 0 0.00001
0.000200 20 20 close fd:3 - - - - 0 0.00001
0.000300 20 20 unlink c - - - - 0 0.00001
# end
T
mkdir "$t/S"
mpi 2 replay "$t/s.%r.trace" -D dir="$t/S" --json "$t/shape.json" >"$t/shape.out" 2>&1 && ok || bad "traces of two shapes failed: $(tail -5 "$t/shape.out")"
expect_eq shape_summary_ops "$(json "$t/shape.json" "r['summary']['ops'], [k['ops'] for k in r['per_rank']]")" "14 [9, 5]"
expect_eq shape_ops "$(ops_json "$t/shape.json")" "open=3 close=3 read=1 write=1 fsync=1 stat=2 unlink=1 mkdir=1 ftruncate=1"
expect_eq shape_mismatch "$(mismatches "$t/shape.json")" 0
grep -qE "^[0-9.]+: rank +1 .* ops/s" "$t/shape.out" && ok || bad shape_rank_rows "$(grep rank "$t/shape.out")"
expect_eq shape_text_ops "$(awk '/IO Summary/ { print $4 }' "$t/shape.out")" 14

# fresh: an empty $t/B to replay beneath and an empty $t/out beside it.
fresh() { rm -rf "$t/B" "$t/out" && mkdir "$t/B" "$t/out"; }
# bad_case NAME NP WANT ARGS...: the job exits 2 within 20 s, WANT in its
# output, nothing laid down beneath $t/B nor in $t/out.
bad_case() {
    local name=$1 np=$2 want=$3
    shift 3
    local t0=$SECONDS
    mpi "$np" "$@" >"$t/$name.out" 2>&1
    expect_eq "${name}_exit" $? 2
    expect_eq "${name}_prompt" "$((SECONDS - t0 < 20))" 1
    grep -qF -- "$want" "$t/$name.out" && ok || bad "${name}_message" "$(grep -v "^[-]*$" "$t/$name.out" | head -3)"
    expect_eq "${name}_nothing_written" "$(find "$t/B" "$t/out" -mindepth 1 ! -name rank-0001 | wc -l)" 0
}
# A malformed trace on rank 1 alone: its file:line, named; rank 0 neither lays down nor runs.
sed 's/ stat missing/ frobnicate missing/' "$t/t.1.trace" >"$t/m.1.trace"
cp "$t/t.0.trace" "$t/m.0.trace"
fresh
bad_case malformed 2 "$t/m.1.trace:10: unknown call 'frobnicate' (rank 1 of 2, host $(hostname))" replay "$t/m.%r.trace" -D dir="$t/B"
# A rank whose trace is missing: named, with its trace.
fresh
bad_case missing 3 "$t/t.2.trace: No such file or directory (rank 2 of 3, host $(hostname))" replay "$t/t.%r.trace" -D dir="$t/B"
# A link where rank 1's directory goes: refused before rank 0 lays anything down.
fresh
ln -s "$t/out" "$t/B/rank-0001"
bad_case link 2 "$t/B/rank-0001 is not a directory (a link?): not replaying there (rank 1 of 2" \
    replay "$t/one.trace" -D dir="$t/B"
# A malformed script is every rank's exit 2 with its file:line:col.
printf 'set $dir=%s/B\nflowop nonsense\n' "$t" >"$t/bad.f"
fresh
bad_case script 2 "bad.f:2:1: error:" -f "$t/bad.f"

# A tree one rank refuses between two runs (made writable by others): bad input
# on that rank alone, and the job's status is 2 on every rank, not 1.
cat >"$t/kept.f" <<F
set \$dir=$t/K
define fileset name=in,path=\$dir,entries=4,dirwidth=4,size=4k,prealloc=100
define process name=p { thread name=t { flowop statfile name=st,filesetname=in } }
run 1
system "chmod g+w \$dir/rank-0001/in"
run 1
F
mkdir "$t/K"
mpi 2 -f "$t/kept.f" >"$t/kept.out" 2>&1
expect_eq kept_exit $? 2
grep -q "rank 1 (host $(hostname)): fileset 'in': .* other users may write to" "$t/kept.out" && ok || bad kept_message "$(grep error "$t/kept.out")"

summary test_mpi_replay
