#!/usr/bin/env bash
# test_replay_usability.sh FLOWBENCH: what a user of record, replay and model
# meets first: --help is usage on stdout with exit 0; a trace of several
# processes is reported per process, each labelled, then totals per call kind;
# --interval lines (with the position in the trace) off a terminal, the status
# line on one; a build without MPI started by mpirun (or with its ranks'
# variables) refuses, exit 2, writing nothing.
set -u
fb=$(readlink -f "$1")
t=$(mktemp -d /dev/shm/fbusab.XXXXXX) || exit 1
trap 'rm -rf "$t"' EXIT
. "$(dirname "$0")/lib.sh"
need mpirun # a build without MPI refuses to run under it

# --help: usage on stdout, nothing on stderr, exit 0; each names its command and options.
for c in record replay model; do
    "$fb" "$c" --help >"$t/help.out" 2>"$t/help.err"
    expect_eq "${c}_help_exit" $? 0
    grep -q "^usage: flowbench $c " "$t/help.out" && ok || bad "${c}_help_usage" "$(head -2 "$t/help.out")"
    expect_eq "${c}_help_no_stderr" "$(wc -c <"$t/help.err")" 0
done
grep -q -- "--interval S" "$t/help.out" && bad model_help_own "model's help shows replay's options" || ok
"$fb" replay --help >"$t/help.out"
grep -q -- "^ *--interval S" "$t/help.out" && ok || bad replay_help_interval "$(cat "$t/help.out")"
# a bad option still says what is wrong, on stderr, with the usage: exit 2
"$fb" replay "$t/none.trace" --speed x >"$t/bad.out" 2>&1
expect_eq replay_bad_exit $? 2
grep -q "^usage: flowbench replay TRACE" "$t/bad.out" && ok || bad replay_bad_usage "$(cat "$t/bad.out")"
# an operand after the options goes on to the run's command line, which refuses it (its parse
# after replay's own in one process): exit 2, said
"$fb" replay "$t/none.trace" -D dir="$t/none" stray >"$t/stray.out" 2>&1
expect_eq replay_stray_exit $? 2
grep -q "unexpected argument 'stray'" "$t/stray.out" && ok || bad replay_stray_said "$(cat "$t/stray.out")"

# Three traced processes, the third with two threads.
cat >"$t/three.trace" <<'T'
# flowbench-trace 1
0.000000 10 10 mkdir d - - - 0755 0 0.00001
0.000050 10 10 open d/f1 - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.00001
0.000100 10 10 write fd:3 - 4096 - - 4096 0.00001
0.000200 10 10 close fd:3 - - - - 0 0.00001
0.000300 11 11 open b/g - - O_RDONLY - 3 0.00001
0.000400 11 11 read fd:3 - 8192 - - 8192 0.00001
0.000450 11 11 read fd:3 - 8192 - - 0 0.00001
0.000500 11 11 close fd:3 - - - - 0 0.00001
0.000600 12 12 stat missing - - - - -ENOENT 0.00001
0.000700 12 13 stat b/g - - - - 0 0.00001
0.000800 12 13 stat d/f1 - - - - 0 0.00001
# end
T
"$fb" replay "$t/three.trace" -D dir="$t/D3" >"$t/three.out" 2>&1
expect_eq three_exit $? 0
# each process's (and thread's) rows under its label, only the kinds it made
expect_eq three_labels "$(grep -o 'process pid[0-9]*, thread t[0-9]*$' "$t/three.out" | tr '\n' ' ')" \
    "process pid10, thread t0 process pid11, thread t1 process pid12, thread t2 process pid12, thread t3 "
block() { awk -v l="process $1, thread $2" 'index($0, l) { on = 1; next } / process |Totals/ { on = 0 } on { print $1, $2 }' "$t/three.out" | tr '\n' ' '; }
expect_eq three_block_10 "$(block pid10 t0)" "open 1ops close 1ops write 1ops mkdir 1ops "
expect_eq three_block_11 "$(block pid11 t1)" "open 1ops close 1ops read 2ops "
expect_eq three_block_13 "$(block pid12 t3)" "stat 2ops "
grep -q "Totals per call kind (4 threads of 3 processes)$" "$t/three.out" && ok || bad three_totals_head "$(grep Totals "$t/three.out")"
expect_eq three_totals "$(awk '$1 ~ /^total:/ { print $1, $2 }' "$t/three.out" | tr '\n' ' ')" \
    "total:open 2ops total:close 2ops total:write 1ops total:mkdir 1ops total:read 2ops total:stat 3ops total:mismatch 0ops "
expect_eq three_io_summary "$(awk '/IO Summary/ { print $4 }' "$t/three.out")" 11
# a one-process trace keeps the plain block (what scripts read)
head -5 "$t/three.trace" >"$t/one.trace" && echo "# end" >>"$t/one.trace"
"$fb" replay "$t/one.trace" -D dir="$t/D1" >"$t/one.out" 2>&1
expect_eq one_exit $? 0
expect_eq one_plain "$(grep -c -e 'process pid' -e Totals -e '^total:' "$t/one.out")" 0
expect_eq one_mismatch_row "$(ops_of mismatch "$t/one.out")" 0

# Off a terminal: --interval lines as an ordinary run prints them, with the
# position in the trace; the last says every call was made.
{
    echo "# flowbench-trace 1"
    for i in $(seq 0 249); do printf '%d.%02d0000 10 10 stat gone - - - - -ENOENT 0.00001\n' $((i / 100)) $((i % 100)); done
    echo "# end"
} >"$t/long.trace"
"$fb" replay "$t/long.trace" -D dir="$t/DL" --mode timed --interval 1 >"$t/long.out" 2>&1
expect_eq long_exit $? 0
n=$(grep -cE '^[0-9.]+: interval [0-9.]+s: [0-9]+ ops/s .*  call [0-9]+ of 250 \([0-9]+%\)  0 mismatches$' "$t/long.out")
expect_eq long_interval_lines "$((n >= 2))" 1
expect_eq long_interval_last "$(grep ': interval' "$t/long.out" | tail -1 | grep -o 'call [0-9]* of [0-9]*')" "call 250 of 250"
# looping with --runtime: the pass and the call within it, never a share past 100%
"$fb" replay "$t/one.trace" -D dir="$t/DR" --runtime 2 --interval 1 >"$t/loop.out" 2>&1
expect_eq loop_exit $? 0
n=$(grep -cE ': interval [0-9.]+s: .*  pass [0-9]+, call [0-9]+ of [0-9]+  [0-9]+ mismatch' "$t/loop.out")
expect_eq loop_interval_pass "$((n >= 1))" 1
grep ': interval' "$t/loop.out" | grep -q '[0-9]\{3,\}%' && bad loop_share "$(grep ': interval' "$t/loop.out")" || ok
# and a status line on a terminal: position, ops/s and mismatches, redrawn in place
"$(dirname "${BASH_SOURCE[0]}")/on_pty.py" "$fb" replay "$t/long.trace" -D dir="$t/DP" --mode timed >"$t/pty.raw" 2>&1
python3 - "$t/pty.raw" <<'PY' >"$t/pty.out" 2>&1
import re, sys
out = open(sys.argv[1], errors="replace", newline="").read()  # the \r kept
lines = re.findall(r"\r\x1b\[Krun 1: \d+ s  (\d+) ops/s .*?  call (\d+) of 250 \(\d+%\)  (\d+) mismatch", out)
print("status", len(lines), all(int(c) > 0 and m == "0" for _, c, m in lines))
PY
expect_eq status_line "$(grep -o 'status [0-9]* True' "$t/pty.out" | awk '{ print ($2 >= 1) }')" 1

# A build without MPI under a launcher: refused before anything, exit 2, DIR not made.
OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_RANK=0 "$fb" replay "$t/one.trace" -D dir="$t/DM" >"$t/env.out" 2>&1
expect_eq env_exit $? 2
grep -q "built without MPI" "$t/env.out" && ok || bad env_message "$(cat "$t/env.out")"
expect_eq env_nothing "$(ls -d "$t/DM" 2>/dev/null)" ""
for v in PMI_SIZE=4 PMIX_RANK=1 SLURM_STEP_NUM_TASKS=2; do
    env "$v" "$fb" replay "$t/one.trace" -D dir="$t/DM" >/dev/null 2>&1
    expect_eq "env_${v%%=*}" $? 2
done
# one rank alone (mpirun -np 1, or an sbatch shell) is not several
PMIX_RANK=0 OMPI_COMM_WORLD_SIZE=1 "$fb" replay "$t/one.trace" -D dir="$t/D1" --over >/dev/null 2>&1
expect_eq env_one_rank $? 0
mkdir -p "$t/shm"
OMPI_MCA_btl_vader_backing_directory="$t/shm" OMPI_MCA_orte_tmpdir_base="$t/shm" \
    timeout 60 mpirun --oversubscribe --allow-run-as-root -np 2 "$fb" replay "$t/one.trace" -D dir="$t/DM" >"$t/mpirun.out" 2>&1
expect_eq mpirun_exit $? 2
expect_eq mpirun_both_ranks "$(grep -c "built without MPI" "$t/mpirun.out")" 2
expect_eq mpirun_nothing "$(ls -d "$t/DM" 2>/dev/null)" ""

summary test_replay_usability
