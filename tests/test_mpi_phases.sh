#!/usr/bin/env bash
# test_mpi_phases.sh FLOWBENCH: engine_run's phases over 2 MPI ranks each make one
# agreement: with FLOWBENCH_DIST_TALLY set, every rank counts the collective calls of
# each phase (made, set, started, finish: 1 each, finish's a gather of every rank's
# part, writers and figures and nothing after it; measured: none but its vote's
# rounds), for an ordinary run, one whose ranks share a tree, `create files` (one,
# created), and a replay whose ranks make different kinds of call (their union found
# in finish's one agreement, not in a call of its own), the replay command's own two
# agreements (replay-loaded, replay-laid) one call each.
set -u
fb=$(readlink -f "$1")
t=$(mktemp -d /dev/shm/fbmpiph.XXXXXX) || exit 1
trap 'rm -rf "$t"' EXIT
. "$(dirname "$0")/mpi_env.sh"

# calls OUT RANK: that rank's phases and their calls, as "made=1 set=1 ...".
calls() { sed -n "s/^flowbench: dist tally: rank $2: \([a-z-]*\): \([0-9]*\) collective calls.*/\1=\2/p" "$1" | tr '\n' ' '; }
# kinds OUT RANK PHASE: the calls of that phase by kind.
kinds() { sed -n "s/^flowbench: dist tally: rank $2: $3: [0-9]* collective calls (\([^)]*\)).*/\1/p" "$1"; }
# phases NAME OUT [BEFORE]: on each of the 2 ranks, the calls of every phase, exactly.
phases() {
    local r
    for r in 0 1; do
        expect_eq "${1}_rank$r" "$(calls "$2" $r)" "${3-}made=1 set=1 started=1 measured=0 finish=1 "
        expect_eq "${1}_finish_rank$r" "$(kinds "$2" $r finish)" "agree 0, broadcast 0, gather 1, reduce 0"
    done
}

cat >"$t/stat.f" <<F
set \$dir=$t/D
define fileset name=in,path=\$dir,entries=16,dirwidth=4,size=4k,prealloc=100
define process name=p { thread name=t { flowop statfile name=st,filesetname=in } }
run 1
F
mkdir "$t/D"
FLOWBENCH_DIST_TALLY=1 mpi 2 -f "$t/stat.f" --json "$t/run.json" >"$t/run.out" 2>&1
expect_rc run_exit $? 0 "$t/run.out"
phases run "$t/run.out"
# the figures merged in that one gather: the run's ops are its ranks' ops, each rank's own
expect_eq run_merged "$(json "$t/run.json" "r['summary']['ops'] == sum(k['ops'] for k in r['per_rank']) > 0")" True

# One tree for both ranks (--mpi-shared): set's one agreement still, rank 0's tree
# coming before it as two broadcasts (its header, its bitmap), no agreement of their own.
rm -rf "$t/D" && mkdir "$t/D"
FLOWBENCH_DIST_TALLY=1 mpi 2 -f "$t/stat.f" --mpi-shared >"$t/shared.out" 2>&1
expect_rc shared_exit $? 0 "$t/shared.out"
for r in 0 1; do
    expect_eq "shared_set_rank$r" "$(sed -n "s/^flowbench: dist tally: rank $r: set: \([^;]*\);.*/\1/p" "$t/shared.out")" \
        "3 collective calls (agree 0, broadcast 2, gather 1, reduce 0)"
done

# `create files` with the tree shared: rank 0's tree reaching every rank as two broadcasts,
# then the one agreement (none before the broadcasts: they wait for rank 0's making).
cat >"$t/create.f" <<F
set \$dir=$t/C
define fileset name=in,path=\$dir,entries=16,dirwidth=4,size=4k,prealloc=100
define process name=p { thread name=t { flowop statfile name=st,filesetname=in } }
create files
quit
F
mkdir "$t/C"
FLOWBENCH_DIST_TALLY=1 mpi 2 -f "$t/create.f" --mpi-shared >"$t/create.out" 2>&1
expect_rc create_exit $? 0 "$t/create.out"
for r in 0 1; do
    expect_eq "create_rank$r" "$(calls "$t/create.out" $r)" "created=3 "
    expect_eq "create_kinds_rank$r" "$(kinds "$t/create.out" $r created)" "agree 1, broadcast 2, gather 0, reduce 0"
done
expect_eq create_files_made "$(find "$t/C/in" -type f -name '0*' | wc -l)" 16

# Each rank its own trace, of other kinds of call: the rows of every kind either made.
cat >"$t/s.0.trace" <<'T'
# flowbench-trace 1
0.000000 10 10 mkdir d - - - 0755 0 0.00001
0.000050 10 10 open d/f1 - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.00001
0.000100 10 10 write fd:3 - 4096 - - 4096 0.00001
0.000200 10 10 close fd:3 - - - - 0 0.00001
0.000300 11 11 stat missing - - - - -ENOENT 0.00001
# end
T
cat >"$t/s.1.trace" <<'T'
# flowbench-trace 1
0.000000 20 20 open c - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.00001
0.000100 20 20 fsync fd:3 - - - - 0 0.00001
0.000200 20 20 close fd:3 - - - - 0 0.00001
# end
T
mkdir "$t/S"
FLOWBENCH_DIST_TALLY=1 mpi 2 replay "$t/s.%r.trace" -D dir="$t/S" --json "$t/s.json" >"$t/replay.out" 2>&1
expect_rc replay_exit $? 0 "$t/replay.out"
phases replay "$t/replay.out" "replay-loaded=1 replay-laid=1 "
for r in 0 1; do
    expect_eq "replay_loaded_kinds_rank$r" "$(kinds "$t/replay.out" $r replay-loaded)" "agree 0, broadcast 0, gather 0, reduce 1"
done
expect_eq replay_calls_summed "$(grep -c '; 8 calls in all$' "$t/replay.out")" 1 # rank 0's words
expect_eq replay_rows "$(json "$t/s.json" "' '.join(f'{f[\"name\"]}={f[\"ops\"]}' for f in r['flowops'] if f['name'] != 'replay')")" \
    "open=2 close=2 write=1 fsync=1 stat=1 mkdir=1 mismatch=0"
expect_eq replay_ranks "$(json "$t/s.json" "[k['ops'] for k in r['per_rank']]")" "[5, 3]"

# Without the variable, nothing is said.
mpi 2 -f "$t/stat.f" >"$t/quiet.out" 2>&1
expect_rc quiet_exit $? 0 "$t/quiet.out"
expect_eq quiet_no_tally "$(grep -c "dist tally" "$t/quiet.out")" 0

summary test_mpi_phases
