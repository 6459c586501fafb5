#!/usr/bin/env bash
# test_flowop_rates.sh BIN: the flowops that wait or hold a rate (block/wakeup, semaphores,
# hog, delay, eventlimit, iopslimit, opslimit, bwlimit): counts, and rates within 5-10%.
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-rates.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
. "$(dirname "${BASH_SOURCE[0]}")/flowops_lib.sh"

# The cases wait far more than they compute, so they run side by side (side_by_side,
# lib.sh). Serial in ctest, so that no other test takes the cores a wait ends on.
# ---- block / wakeup across processes ----
# ping-pong between two processes: 200 rounds, no stall
case_pingpong() {
new pingpong <<'F'
define process name=a { thread name=t {
  flowop block name=ba
  flowop wakeup name=wa, target=bb
  flowop finishoncount name=f1, target=ba, value=200 } }
define process name=b { thread name=t {
  flowop wakeup name=wb, target=ba
  flowop block name=bb } }
run 20
F
run pingpong
expect_rc pingpong_exit "$rc" 0 "$d/err"
expect_eq pingpong_blocks "$(ops_of ba "$d/out")" 200
expect_eq pingpong_wakeups "$(ops_of wa "$d/out")" 200
expect_in pingpong_peer "$(ops_of wb "$d/out")" 200 201
expect_in pingpong_time "$(took "$d/out")" 0 5
}


# a wakeup sent before the block is remembered
case_wake_first() {
new wake_first <<'F'
define process name=waker { thread name=t {
  flowop wakeup name=wk, target=blk
  flowop block name=never } }
define process name=sleeper { thread name=t {
  flowop delay name=d1, value=1
  flowop block name=blk
  flowop finishoncount name=f1, target=blk, value=1 } }
run 6
F
run wake_first
expect_rc wake_first_exit "$rc" 0 "$d/err"
expect_eq wake_first_blocks "$(ops_of blk "$d/out")" 1
expect_eq wake_first_wakeups "$(ops_of wk "$d/out")" 1
expect_in wake_first_time "$(took "$d/out")" 0.9 "$(slack 0.9 2.1)"
}


# one wakeup reaches every instance of the target
case_wake_all() {
new wake_all <<'F'
define process name=waker { thread name=t {
  flowop wakeup name=wk, target=blk
  flowop block name=never } }
define process name=sleeper, instances=3 { thread name=t {
  flowop block name=blk
  flowop delay name=d1, value=10 } }
run 2
F
run wake_all
expect_rc wake_all_exit "$rc" 0 "$d/err"
expect_eq wake_all_wakeups "$(ops_of wk "$d/out")" 3
expect_eq wake_all_blocks "$(ops_of blk "$d/out")" 3
}


# ---- semblock / sempost across processes ----
# blocking posts of 1 to a semblock of 10 (highwater 1): 50 blocks take 500 or 501 posts
case_sem() {
new sem <<'F'
define process name=poster { thread name=t {
  flowop sempost name=sp, target=sb, value=1, blocking } }
define process name=blocker { thread name=t {
  flowop semblock name=sb, value=10
  flowop finishoncount name=f1, target=sb, value=50 } }
run 20
F
run sem
expect_rc sem_exit "$rc" 0 "$d/err"
expect_eq sem_blocks "$(ops_of sb "$d/out")" 50
expect_in sem_posts "$(ops_of sp "$d/out")" 500 501
}


# non-blocking posts paced at 500/s for 2 s: blocks = posts / 10 within one
case_sem_paced() {
new sem_paced <<'F'
eventgen rate=500
define process name=poster { thread name=t {
  flowop sempost name=sp, target=sb, value=1
  flowop eventlimit name=ev } }
define process name=blocker { thread name=t { flowop semblock name=sb, value=10 } }
run 2
F
run sem_paced
expect_rc sem_paced_exit "$rc" 0 "$d/err"
sp=$(ops_of sp "$d/out") sb=$(ops_of sb "$d/out") ev=$(ops_of ev "$d/out")
# each post waits for one event, and the events come at 500 per second waited
# (per second of the run they may not: see per_s_waited)
expect_in sem_paced_posts "$sp" "${ev:-x}" $((${ev:-0} + 1))
expect_near sem_paced_rate "$(per_s_waited ev "$d/out")" 500 10
expect_in sem_paced_posts_max "$sp" 1 1100
expect_in sem_paced_blocks "$sb" $((${sp:-0} / 10 - 1)) $((${sp:-0} / 10))
}


# ---- hog: one op per loop, latency grows with value ----
case_hog() {
new hog <<'F'
define process name=p { thread name=t, memsize=64k {
  flowop hog name=h1, value=20000
  flowop hog name=h2, value=2000000
  flowop finishoncount name=f1, target=h2, value=20 } }
run 30
F
run hog
expect_rc hog_exit "$rc" 0 "$d/err"
expect_eq hog_ops "$(ops_of h1 "$d/out")" 20
expect_eq hog_ops2 "$(ops_of h2 "$d/out")" 20
# the fastest op of each: a preemption on a loaded machine inflates a mean, not a minimum
min_of() { field_of "$1" 6 "ms" "$2" | tr -d "["; }
awk -v a="$(min_of h1 "$d/out")" -v b="$(min_of h2 "$d/out")" 'BEGIN { exit !(b > 0.01 && b > 10 * a) }' \
    && ok || bad hog_latency "fastest h1 $(min_of h1 "$d/out") ms, h2 $(min_of h2 "$d/out") ms"
expect_eq hog_summary "$(summary_ops "$d/out")" 0
}


# ---- delay: value=1 in a 3 s run: 2 or 3 ops ----
case_delay() {
new delay <<'F'
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
run 3
F
run delay
expect_rc delay_exit "$rc" 0 "$d/err"
expect_in delay_ops "$(ops_of d1 "$d/out")" 2 3
expect_in delay_latency "$(lat_of d1 "$d/out")" 995 "$(slack 995 105)"
}


# ---- eventlimit: rate 200 for 3 s: 200 ops/s within 5% ----
case_eventlimit() {
new eventlimit <<'F'
eventgen rate=200
define process name=p { thread name=t { flowop eventlimit name=ev } }
run 3
F
run eventlimit
expect_rc eventlimit_exit "$rc" 0 "$d/err"
expect_near eventlimit_rate "$(per_s_waited ev "$d/out")" 200 5
expect_in eventlimit_rate_max "$(rate_of ev "$d/out")" 1 210
}


# without a generator it is a no-op and counts nothing
case_eventlimit_off() {
new eventlimit_off <<'F'
define file name=f, path=$dir, size=4k, prealloc
define process name=p { thread name=t {
  flowop eventlimit name=ev
  flowop statfile name=s1, filesetname=f
  flowop finishoncount name=f1, target=s1, value=100 } }
run 10
F
run eventlimit_off
expect_rc eventlimit_off_exit "$rc" 0 "$d/err"
expect_eq eventlimit_off_ops "$(ops_of ev "$d/out")" 0
}


# ---- iopslimit / opslimit / bwlimit cap their target's rate (within 10%) ----
case_iopslimit() {
new iopslimit <<'F'
eventgen rate=100
define file name=f, path=$dir, size=1m, prealloc
define process name=p { thread name=t {
  flowop read name=r1, filename=f, iosize=4k, random
  flowop iopslimit name=lim, target=r1 } }
run 3
F
run iopslimit
expect_rc iopslimit_exit "$rc" 0 "$d/err"
expect_near iopslimit_rate "$(rate_of r1 "$d/out")" 100 10
}


case_opslimit() {
new opslimit <<'F'
eventgen rate=100
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop statfile name=s1, filesetname=fs
  flowop statfile name=s2, filesetname=fs
  flowop opslimit name=lim } }
run 3
F
run opslimit
expect_rc opslimit_exit "$rc" 0 "$d/err"
# without target every I/O op counts: s1 + s2 together at 100/s
expect_near opslimit_rate "$(awk -v a="$(rate_of s1 "$d/out")" -v b="$(rate_of s2 "$d/out")" 'BEGIN { print a + b }')" 100 10
}


# with a target only the target is charged: s1 at 100/s, and s2 with it
case_opslimit_target() {
new opslimit_target <<'F'
eventgen rate=100
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=1k, prealloc
define process name=p { thread name=t {
  flowop statfile name=s1, filesetname=fs
  flowop statfile name=s2, filesetname=fs, iters=3
  flowop opslimit name=lim, target=s1 } }
run 3
F
run opslimit_target
expect_rc opslimit_target_exit "$rc" 0 "$d/err"
expect_near opslimit_target_rate "$(rate_of s1 "$d/out")" 100 10
expect_near opslimit_target_s2 "$(rate_of s2 "$d/out")" 300 10
}


case_bwlimit() {
new bwlimit <<'F'
eventgen rate=10
define file name=f, path=$dir, size=4m, prealloc
define process name=p { thread name=t {
  flowop read name=r1, filename=f, iosize=256k, random
  flowop bwlimit name=lim, target=r1 } }
run 3
F
run bwlimit
expect_rc bwlimit_exit "$rc" 0 "$d/err"
expect_near bwlimit_mbs "$(mbs_of r1 "$d/out")" 10 10
}


# without target a limiter charges its own thread's I/O: two limited processes
# share the rate (100/s in all), not rate/2
case_iopslimit_procs() {
new iopslimit_procs <<'F'
eventgen rate=100
define fileset name=fs, path=$dir, entries=10, dirwidth=10, size=64k, prealloc
define process name=p, instances=2 { thread name=t {
  flowop read name=r1, filesetname=fs, iosize=4k, random
  flowop statfile name=s1, filesetname=fs
  flowop iopslimit name=lim } }
run 3
F
run iopslimit_procs
expect_rc iopslimit_procs_exit "$rc" 0 "$d/err"
expect_near iopslimit_procs_rate "$(rate_of r1 "$d/out")" 100 10
expect_near iopslimit_procs_stats "$(rate_of s1 "$d/out")" 100 10
}


case_bwlimit_threads() {
new bwlimit_threads <<'F'
eventgen rate=10
define fileset name=fs, path=$dir, entries=4, dirwidth=10, size=0, prealloc
define process name=p { thread name=t, instances=2 {
  flowop appendfile name=a1, filesetname=fs, iosize=128k
  flowop bwlimit name=lim } }
run 3
F
run bwlimit_threads
expect_rc bwlimit_threads_exit "$rc" 0 "$d/err"
expect_near bwlimit_threads_mbs "$(mbs_of a1 "$d/out")" 10 10
}

side_by_side pingpong wake_first wake_all sem sem_paced hog delay eventlimit eventlimit_off iopslimit opslimit opslimit_target bwlimit iopslimit_procs bwlimit_threads
summary
