#!/usr/bin/env bash
# test_realfs_sysstats.sh BIN [SRC]: the system's figures of a run on a
# loop-mounted ext4 image under /dev/shm: the loop device under $dir in the
# JSON (rates consistent with what the run read), samples at each --interval,
# CPU shares, memory, the text report's device and cpu lines, the HTML charts;
# and each run's meta: variables as they were at its start, the command line,
# version, git commit, file system and mount options.
set -u
bin=$(realpath "$1")
src=${2:-}
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-sysstats.XXXXXX)
. "$(dirname "$0")/realfs_checks.sh"
trap realfs_cleanup EXIT
need losetup mkfs.ext4

# -- on tmpfs: no device, but CPU and memory all the same (one sample: no --interval) --
d=$top/tmpfs && mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d/data
define fileset name=fs, path=\$dir, entries=2, dirwidth=2, size=64k, prealloc=100
define process name=p { thread name=t { flowop read name=rd, filesetname=fs, iosize=4k } }
run 1
F
"$bin" -f "$d/w.f" --runtime 300ms --json "$d/o.json" >"$d/out" 2>"$d/err"
expect_in tmpfs_exit $? 0 0
expect_in tmpfs_devices "$(json "$d/o.json" "len(d['runs'][0]['system']['devices'])")" 0 0
expect_in tmpfs_samples "$(json "$d/o.json" "len(d['runs'][0]['system']['samples'])")" 1 1
expect_in tmpfs_cpu_sum "$(json "$d/o.json" "sum(d['runs'][0]['system']['cpu'].values())")" 99 101
expect_grep tmpfs_fs '"filesystem": "tmpfs"' "$d/o.json"
expect_grep tmpfs_cpu_line ": cpu: user [0-9]*% system [0-9]*% iowait [0-9]*% idle [0-9]*%$" "$d/out"

loop_mount ext4 "$top/ext4" 256M || { summary realfs_sysstats; exit; }
name=${dev#/dev/}

# Two runs: nthreads changes between them; iosize is overridden with -D.
d=$top/run && mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$mnt
set \$nthreads=2
set \$iosize=64k
define fileset name=fs, path=\$dir, entries=8, dirwidth=8, size=4m, prealloc=100, cached=false
define process name=p { thread name=t, instances=\$nthreads {
  flowop read name=rd, filesetname=fs, iosize=\$iosize, random, directio
  flowop write name=wr, filesetname=fs, iosize=4k, random
  flowop fsync name=fs1, filesetname=fs } }
run 3
set \$nthreads=1
run 2
F
"$bin" -f "$d/w.f" --interval 1 -D iosize=32k --json "$d/o.json" --report "$d/rep" >"$d/out" 2>"$d/err"
expect_in run_exit $? 0 0
r0="d['runs'][0]"
dv="[x for x in $r0['system']['devices'] if x['name']=='$name'][0]"
expect_in loop_named "$(json "$d/o.json" "len([x for x in $r0['system']['devices'] if x['name']=='$name' and x['path']=='$mnt' and x['holds'] is None])")" 1 1
expect_in loop_reads "$(json "$d/o.json" "$dv['reads_per_s']")" 1 1e9
expect_in loop_read_mb "$(json "$d/o.json" "$dv['read_mb_per_s']")" 0.001 1e9
# directio reads all reach the device: its read MB/s is the flowop's, within a generous factor
flow_mb=$(json "$d/o.json" "[o['mb_per_s'] for o in $r0['flowops'] if o['name']=='rd'][0]")
expect_in loop_read_mb_vs_flowop "$(json "$d/o.json" "$dv['read_mb_per_s'] / $flow_mb")" 0.5 4
expect_in loop_writes "$(json "$d/o.json" "$dv['writes_per_s']")" 1 1e9
expect_in loop_util "$(json "$d/o.json" "$dv['util_pct']")" 0 100
expect_in loop_depth "$(json "$d/o.json" "$dv['queue_depth']")" 0 1e6
expect_in loop_req_kb "$(json "$d/o.json" "$dv['avg_request_kb']")" 0.5 100000
expect_in loop_await "$(json "$d/o.json" "$dv['await_ms']")" 0 1e6
expect_in interval_s "$(json "$d/o.json" "$r0['system']['interval_s']")" 1 1
expect_in samples "$(json "$d/o.json" "len($r0['system']['samples'])")" 2 4
expect_in samples_t_rise "$(json "$d/o.json" "int(all(a['t'] < b['t'] for a, b in zip($r0['system']['samples'], $r0['system']['samples'][1:])))")" 1 1
expect_in samples_loop "$(json "$d/o.json" "min(len([x for x in s['devices'] if x['name']=='$name']) for s in $r0['system']['samples'])")" 1 1
expect_in samples_util "$(json "$d/o.json" "max(x['util_pct'] for s in $r0['system']['samples'] for x in s['devices'])")" 0 100
expect_in cpu_sum "$(json "$d/o.json" "sum($r0['system']['cpu'].values())")" 99 101
expect_in cpu_sum_samples "$(json "$d/o.json" "int(all(99 <= sum(s['cpu'].values()) <= 101 for s in $r0['system']['samples']))")" 1 1
expect_in memory_keys "$(json "$d/o.json" "len(set($r0['system']['memory']) & {'dirty_kb', 'writeback_kb', 'cached_kb'})")" 3 3
expect_in memory_cached "$(json "$d/o.json" "$r0['system']['memory']['cached_kb']")" 1 1e12
expect_grep text_device "^[0-9.]*: device $name (under $mnt): [0-9]* r/s [0-9]* w/s [0-9.]* MiB/s read [0-9.]* MiB/s write, [0-9.]* KiB/req, await [0-9.]* ms, depth [0-9.]*, util [0-9]*%$" "$d/out"
expect_grep text_cpu "^[0-9.]*: cpu: user [0-9]*% system [0-9]*% iowait [0-9]*% idle [0-9]*%$" "$d/out"
expect_in text_device_after_summary "$(grep -A1 'IO Summary' "$d/out" | grep -c ": device $name ")" 2 2
expect_grep html_devices "Block devices over time" "$d/rep/index.html"
expect_grep html_device_name "<b>$name</b> under" "$d/rep/index.html"
expect_grep html_util "utilisation % (right)" "$d/rep/index.html"

# -- meta: each run's own variables, the command line, where it ran --
m0="$r0['meta']" m1="d['runs'][1]['meta']"
expect_in meta_override "$(json "$d/o.json" "int($m0['variables']['iosize'] == '32768')")" 1 1
expect_in meta_run1_nthreads "$(json "$d/o.json" "$m0['variables']['nthreads']")" 2 2
expect_in meta_run2_nthreads "$(json "$d/o.json" "$m1['variables']['nthreads']")" 1 1
expect_in meta_dir "$(json "$d/o.json" "int($m0['variables']['dir'] == '$mnt' and $m0['dir'] == '$mnt')")" 1 1
expect_in meta_command_line "$(json "$d/o.json" "int($m0['command_line'][1:] == ['-f', '$d/w.f', '--interval', '1', '-D', 'iosize=32k', '--json', '$d/o.json', '--report', '$d/rep'])")" 1 1
expect_in meta_version "$(json "$d/o.json" "int('flowbench ' + $m0['version'] == '$("$bin" --version)')")" 1 1
# The commit the binary was built from: one of the source's commits (not
# necessarily HEAD: a commit since the build is not in the binary), or null
# when the source is no git checkout.
commit=$(json "$d/o.json" "$m0['git_commit']")
if [ -n "$src" ] && git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    if [[ "$commit" =~ ^[0-9a-f]{7,}$ ]] && git -C "$src" cat-file -e "$commit^{commit}" 2>/dev/null; then ok; else bad meta_git_commit "got '$commit', want a commit of $src"; fi
else
    expect_in meta_git_commit_null "$(json "$d/o.json" "int($m0['git_commit'] is None)")" 1 1
fi
expect_in meta_host "$(json "$d/o.json" "int($m0['host'] == '$(hostname)' and $m0['kernel'].startswith('Linux'))")" 1 1
expect_in meta_fs "$(json "$d/o.json" "int($m0['filesystem'] == 'ext4')")" 1 1
want_opts=$(awk -v m="$mnt" '$5 == m { print $6 }' /proc/self/mountinfo)
expect_in meta_mount_options "$(json "$d/o.json" "int($m0['mount_options'] == '$want_opts' and '$want_opts'.startswith('rw'))")" 1 1
expect_in meta_device_model "$(json "$d/o.json" "int('device_model' in $m0)")" 1 1

summary realfs_sysstats
