#!/usr/bin/env bash
# test_replay.sh BIN [PART]: flowbench replay: a small trace of flowbench's own format
# replayed beneath DIR (files, sizes, the cross-thread order), a slice of dbench's
# client.txt replayed line for line, and bad input refused with file:line, exit 2.
set -u
bin=$(realpath "$1")
part=${2:-all} # main (all but --rt) or rt (--rt: real-time priority, where this user may take it)
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt is not installed (Debian's dbench)"
top=$(mktemp -d /dev/shm/flowbench-replay.XXXXXX)
trap 'rm -rf "$top"' EXIT
# two calls 0.6 s apart, for the modes and --rt; start_err JSON: the timed start error's figures judged
printf '# flowbench-trace 1\n0.0 1 1 mkdir m1 - - - 0755 0 0.0\n0.6 1 1 mkdir m2 - - - 0755 0 0.0\n# end\n' >"$top/gap.trace"
start_err() { python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["runs"][0]["summary"].get("replay_start_error_ns")
print("absent" if s is None else "sane" if 0 <= s["min"] <= s["p50"] <= s["p99"] <= s["max"] < 250e6 else "insane %s" % s)' "$1"; }

if in_part main; then
cat >"$top/t.trace" <<'T'
# flowbench-trace 1
0.000000 10 10 open a/f1 - - O_WRONLY|O_CREAT|O_TRUNC 0644 3 0.00001
0.000100 10 10 write fd:3 - 4096 - - 4096 0.00001
0.000200 10 10 close fd:3 - - - - 0 0.00001
0.000300 10 10 open b/g - - O_RDONLY - 3 0.00001
0.000400 10 10 read fd:3 - 8192 - - 8192 0.00001
0.000500 10 10 close fd:3 - - - - 0 0.00001
0.000600 10 11 stat missing - - - - -ENOENT 0.00001
0.000700 10 11 rename a/f1 - - - - 0 0.00001 a/f2
# end
T
mkdir "$top/B" "$top/outside"
"$bin" replay "$top/t.trace" -D dir="$top/B" >"$top/out" 2>"$top/err"
expect_eq own_exit $? 0
expect_eq own_tree "$(cd "$top/B" && find . -type f ! -name .flowbench-replay -printf '%P %s\n' | sort | tr '\n' ' ')" "a/f2 4096 b/g 8192 "
expect_eq own_mismatch "$(awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$top/out")" 0
expect_eq own_waits "$(grep -c '1 cross-thread waits' "$top/out")" 1
expect_eq nothing_outside "$(find "$top/outside" | wc -l)" 1
mkdir "$top/K"
"$bin" replay "$top/t.trace" -D dir="$top/K" --check >"$top/out" 2>&1
expect_eq check_exit $? 0
expect_eq check_touches_nothing "$(ls -A "$top/K" | wc -l)" 0

# link (git stores each object under a temporary name, links it to its own and
# unlinks the first): the second name exists for the calls after it.
cat >"$top/link.trace" <<'T'
# flowbench-trace 1
0.000000 10 10 open o/tmp_1 - - O_WRONLY|O_CREAT|O_EXCL 0444 3 0.00001
0.000100 10 10 write fd:3 - 100 - - 100 0.00001
0.000200 10 10 close fd:3 - - - - 0 0.00001
0.000300 10 10 link o/tmp_1 - - - - 0 0.00001 o/ab
0.000400 10 10 unlink o/tmp_1 - - - - 0 0.00001
0.000500 10 10 stat o/ab - 100 - - 0 0.00001
# end
T
mkdir "$top/L"
"$bin" replay "$top/link.trace" -D dir="$top/L" >"$top/out" 2>&1
expect_eq link_exit $? 0
expect_eq link_tree "$(cd "$top/L" && find . -type f ! -name .flowbench-replay -printf '%P %s\n' | tr '\n' ' ')" "o/ab 100 "
expect_eq link_mismatch "$(awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$top/out")" 0

# The modes: a 0.6 s gap between two calls is kept by think and timed (halved by --speed 2),
# not by afap; the JSON's variables say which mode ran.
for mode in afap think timed; do
    rm -rf "$top/G" && mkdir "$top/G"
    "$bin" replay "$top/gap.trace" -D dir="$top/G" --mode $mode --speed 2 --json "$top/$mode.json" >"$top/out" 2>&1
    expect_eq "mode_${mode}_exit" $? 0
    took=$(awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$top/out")
    kept=$(awk -v t="$took" 'BEGIN { print (t >= 0.29) ? "kept" : "not kept" }')
    expect_eq "mode_${mode}_gap" "$kept" "$([ $mode = afap ] && echo 'not kept' || echo kept)"
    expect_eq "mode_${mode}_json" "$(grep -q "\"replay_mode\": \"$mode\"" "$top/$mode.json" && echo named)" named
done

# Timed mode's start error (each call's start minus its intended start): in the text
# and the JSON of a timed replay only, one per call, p50 <= p99 <= max, and sane: a
# call is never early, nor later than the whole run (the 0.3 s gap was slept, not added).
expect_eq start_error_timed_json "$(start_err "$top/timed.json")" sane
expect_eq start_error_afap_json "$(start_err "$top/afap.json")" absent
rm -rf "$top/G" && mkdir "$top/G"
"$bin" replay "$top/gap.trace" -D dir="$top/G" --mode timed >"$top/out" 2>&1
expect_eq start_error_text "$(grep -c 'replay start error (from the intended start): 2 calls p50 ' "$top/out")" 1

head -2000 /usr/share/dbench/client.txt >"$top/client.txt"
mkdir "$top/D"
"$bin" replay "$top/client.txt" -D dir="$top/D" >"$top/out" 2>"$top/err"
expect_eq dbench_exit $? 0
expect_eq dbench_ops "$(awk '/IO Summary/ { print $4 }' "$top/out")" 2000
expect_eq dbench_mismatch "$(awk '$1 == "mismatch" { print $2 }' "$top/out")" 0ops

# bad_input NAME WANT: replaying $top/bad.trace fails with exit 2 and WANT in its message.
bad_input() {
    "$bin" replay "$top/bad.trace" -D dir="$top/B" >"$top/out" 2>"$top/err"
    expect_eq "$1_exit" $? 2
    expect_eq "$1_msg" "$(grep -c "$2" "$top/err")" 1
}
head -4 "$top/t.trace" >"$top/bad.trace"
bad_input truncated "bad.trace:5: no '# end' line"
sed 's/ stat / frobnicate /' "$top/t.trace" >"$top/bad.trace"
bad_input unknown_call "bad.trace:8: unknown call 'frobnicate'"
sed 's#b/g#../outside/x#' "$top/t.trace" >"$top/bad.trace"
bad_input escaping "bad.trace:5: the path escapes the root"
printf 'NTCreateX "\\\\a" 0x0 0x2 7 NT_STATUS_OK\nClose 9 NT_STATUS_OK\n' >"$top/bad.trace"
bad_input bad_handle "bad.trace:2: descriptor (handle) 9 was never opened"
expect_eq still_nothing_outside "$(find "$top/outside" | wc -l)" 1
fi

# --rt: the replaying threads pace at SCHED_FIFO priority (a case of its own: where this user may take it)
if in_part rt; then
    chrt -f 10 true 2>/dev/null || skip "replay --rt: this user may not take real-time priority (chrt -f fails)"
    rm -rf "$top/G" && mkdir "$top/G"
    "$bin" replay "$top/gap.trace" -D dir="$top/G" --mode timed --rt --json "$top/rt.json" >"$top/out" 2>&1
    expect_eq rt_exit $? 0
    expect_eq rt_start_error "$(start_err "$top/rt.json")" sane
fi

summary test_replay
