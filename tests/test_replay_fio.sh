#!/usr/bin/env bash
# test_replay_fio.sh BIN: fio's own iologs replayed in time: a v3 log written by the
# fio in Debian (its times microseconds since the run began) takes the log's span in
# timed mode, within 5%; a v2 log's wait lines (microseconds after the wait before,
# under 100 skipped) time the calls after them; a v3 log with a wait is refused.
set -u
bin=$(realpath "$1")
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need fio
top=$(mktemp -d /dev/shm/flowbench-fio.XXXXXX)
trap 'rm -rf "$top"' EXIT

# took FILE: the run's wall time, from the text report
took() { awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$1"; }
# within A B PCT: whether A is within PCT percent of B
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= p / 100 * b) }'; }

# 1.5 s of 4 KiB random reads, paced (rate_iops) so the log is not all one burst
fio --name=j --filename="$top/f" --size=4m --rw=randread --bs=4k --rate_iops=2000 --time_based --runtime=1500ms \
    --write_iolog="$top/log.v3" --ioengine=psync >/dev/null 2>&1
expect_eq fio_log_written "$(head -1 "$top/log.v3")" "fio version 3 iolog"
span_us=$(awk 'NR > 1 { t = $1 } END { print t }' "$top/log.v3")
span=$(awk -v us="$span_us" 'BEGIN { printf "%.3f", us / 1e6 }')
calls=$(awk 'NR > 1 && $3 != "add"' "$top/log.v3" | wc -l)
"$bin" replay "$top/log.v3" -D dir="$top/R3" --mode timed >"$top/out" 2>&1
expect_eq v3_exit $? 0
within "$(took "$top/out")" "$span" 5 && ok || bad v3_takes_its_span "took $(took "$top/out") s, the log spans $span s"
expect_eq v3_calls "$(grep -o "[0-9]* calls (0 left out)" "$top/out" | cut -d' ' -f1)" "$calls"
expect_eq v3_no_mismatch "$(awk '$1 == "mismatch" { print $2 }' "$top/out")" 0ops

# v2: waits of 0.3 s and 0.5 s (and one of 50 us, skipped as fio skips it) before the reads
cat >"$top/log.v2" <<'L'
fio version 2 iolog
/x/f add
/x/f open
/x/f read 0 4096
/x/f wait 300000 0
/x/f read 4096 4096
/x/f wait 50 0
/x/f wait 500000
/x/f read 8192 4096
/x/f close
L
"$bin" replay "$top/log.v2" -D dir="$top/R2" --mode timed >"$top/out" 2>&1
expect_eq v2_exit $? 0
within "$(took "$top/out")" 0.8 5 && ok || bad v2_waits_time_it "took $(took "$top/out") s, the waits add up to 0.8 s"
"$bin" replay "$top/log.v2" -D dir="$top/R2a" >"$top/out" 2>&1
expect_eq v2_afap_exit $? 0
awk -v t="$(took "$top/out")" 'BEGIN { exit !(t < 0.3) }' && ok || bad v2_afap_ignores_waits "took $(took "$top/out") s"

# fio refuses a wait in a v3 log (its times say when each call is): so does flowbench
printf 'fio version 3 iolog\n0 /x/f add\n10 /x/f open\n20 /x/f wait 1000 0\n' >"$top/bad.v3"
"$bin" replay "$top/bad.v3" -D dir="$top/RB" >"$top/out" 2>&1
expect_eq v3_wait_refused $? 2
expect_eq v3_wait_line "$(grep -c 'bad.v3:4: a version 3 iolog has no wait' "$top/out")" 1
summary replay_fio
