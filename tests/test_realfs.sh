#!/usr/bin/env bash
# test_realfs.sh BIN [tmpfs|cached]: caching that means what it says, on a real file system.
# tmpfs: dsync opens with O_DSYNC (strace), and a large fileset's page-cache share is
# measured on a sample; cached: on a loop-mounted ext4 image, cached=false makes a
# run's first reads come from the device and reports ~0% of the fileset in the page
# cache, cached=true keeps them in memory and reports ~100%.
set -u
bin=$(realpath "$1")
part=${2:-all}
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-realfs.XXXXXX)
. "$(dirname "$0")/realfs_checks.sh"
trap realfs_cleanup EXIT

if in_part tmpfs; then
need_strace
# ---- dsync: the write flowop's file is opened with O_DSYNC, not O_SYNC ----
d=$top/dsync
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=fs, path=\$dir, entries=4, dirwidth=4, size=64k, prealloc=100
define process name=p { thread name=t {
  flowop write name=w, filesetname=fs, iosize=4k, dsync, iters=1
  flowop finishoncount name=f, value=4 } }
run 10
F
# LeakSanitizer cannot run under ptrace: leaks are checked by the other runs.
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0" \
    strace -f -qq -y -e trace=open,openat -o "$d/trace" "$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
rc=$?
strace_abs "$d/trace"
expect_rc dsync_exit "$rc" 0 "$d/err"
grep -- "$d/fs/" "$d/trace" | grep -- "O_RDWR" >"$d/opens"
expect_grep dsync_o_dsync "O_DSYNC" "$d/opens"
expect_nogrep dsync_no_o_sync "O_SYNC" "$d/opens"

# ---- a large fileset is measured on an even sample of 1024 files, and says so ----
d=$top/sampled
mkdir -p "$d"
cat >"$d/w.f" <<F
set \$dir=$d
define fileset name=many, path=\$dir, entries=3000, dirwidth=100, size=4k, prealloc=100, cached
define process name=p { thread name=t {
  flowop statfile name=s, filesetname=many
  flowop finishoncount name=f, target=s, value=1 } }
run 10
F
"$bin" -f "$d/w.f" --json "$d/o.json" >"$d/out" 2>"$d/err"
rc=$?
if [ "$rc" = 0 ]; then ok; else bad sampled_exit "exit $rc: $(head -c 600 "$d/err")"; fi
expect_grep sampled_line "fileset many: 100.0% of 11.7 MiB in the page cache (sampled 1024 files)" "$d/out"
expect_grep sampled_json '"files": 1024, "sampled": true' "$d/o.json"
fi

# ---- cached=false / cached=true on a loop-mounted ext4 image ----
files=16 fsize=$((1024 * 1024))
bytes=$((files * fsize))
if in_part cached && loop_mount ext4 "$top" 256M; then
    name=${dev#/dev/}
    sectors_read() { awk -v n="$name" '$3 == n { print $6 }' /proc/diskstats; }
    # run_cached CACHED: one invocation that populates the fileset and reads each
    # file once; the device's bytes read over the whole invocation in $devread.
    run_cached() {
        d=$top/c_$1
        mkdir -p "$d"
        cat >"$d/w.f" <<F
set \$dir=$mnt/$1
define fileset name=bigfileset, path=\$dir, entries=$files, dirwidth=$files, size=$fsize, prealloc=100, cached=$1
define process name=p { thread name=t {
  flowop openfile name=o, filesetname=bigfileset, fd=1
  flowop readwholefile name=r, fd=1, iosize=1m
  flowop closefile name=c, fd=1
  flowop finishoncount name=f, target=r, value=$files } }
run 30
F
        mkdir -p "$mnt/$1"
        local before after
        before=$(sectors_read)
        "$bin" -f "$d/w.f" --json "$d/o.json" >"$d/out" 2>"$d/err"
        rc=$?
        after=$(sectors_read)
        devread=$(((after - before) * 512))
        if [ "$rc" = 0 ]; then ok; else bad "cached_$1_exit" "exit $rc: $(head -c 600 "$d/err")"; fi
        share=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['runs'][0]['page_cache'][0]['share'])" \
            "$d/o.json" 2>/dev/null)
        line_pct=$(sed -n 's/.*fileset bigfileset: \([0-9.]*\)% of 16.0 MiB in the page cache$/\1/p' "$d/out")
        read_bytes=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['runs'][0]['flowops'][1]['bytes'])" \
            "$d/o.json" 2>/dev/null)
    }
    run_cached false
    expect_in cached_false_line "$line_pct" 0 2
    expect_in cached_false_json "$share" 0 0.02
    expect_in cached_false_read "$read_bytes" "$bytes" "$bytes"
    # the device served the run's reads: >= 90% of the fileset's bytes
    expect_in cached_false_device "$devread" $((bytes * 9 / 10)) $((bytes * 4))
    run_cached true
    expect_in cached_true_line "$line_pct" 98 100
    expect_in cached_true_json "$share" 0.98 1
    expect_in cached_true_read "$read_bytes" "$bytes" "$bytes"
    # the page cache served them: < 10% of the fileset's bytes from the device
    expect_in cached_true_device "$devread" 0 $((bytes / 10 - 1))
fi

summary realfs
