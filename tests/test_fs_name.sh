#!/usr/bin/env bash
# test_fs_name.sh BIN: the file system's name has one source, its mount
# (/proc/self/mountinfo): on a loop-mounted ext3 image under /dev/shm (which
# statfs cannot tell from ext4) a run's results.json, a campaign's tree name and
# its summary.json all say ext3. Skipped (77) when loop devices cannot be had.
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-fsname.XXXXXX)
. "$(dirname "$0")/realfs_checks.sh"
trap realfs_cleanup EXIT
loop_mount ext3 "$top" 64M || { summary fs_name; exit; }
expect_grep mounted_ext3 " $top/mnt ext3 " /proc/mounts

# A run: results.json's meta.
mkdir -p "$top/mnt/run" "$top/w"
cat >"$top/w/tiny.f" <<'F'
set $dir=/tmp
define file name=f, path=$dir, size=64k, prealloc
define process name=p { thread name=t { flowop read name=rd, filename=f, iosize=4k } }
F
"$bin" -D dir="$top/mnt/run" --runtime 1 -f "$top/w/tiny.f" --json "$top/r.json" >"$top/run.out" 2>&1
expect_in run_exit $? 0 0
expect_in json_filesystem "$(json "$top/r.json" "int(d['runs'][0]['meta']['filesystem'] == 'ext3')")" 1 1

# A campaign: the tree's name (HOST-FS-PROFILE-...) and summary.json.
printf 'DEFAULTS {\n    runtime = 1;\n    dir = %s/mnt/camp;\n    stats = %s/stats;\n}\nCONFIG c {\n    personality = tiny;\n    function = generic;\n}\n' \
    "$top" "$top" >"$top/w/p.prof"
mkdir -p "$top/mnt/camp"
"$bin" profile --workloads "$top/w" "$top/w/p.prof" >"$top/camp.out" 2>&1
expect_in campaign_exit $? 0 0
tree=$(ls -d "$top/stats"/*/ 2>/dev/null | head -1)
case $(basename "$tree") in
    "$(hostname)-ext3-p-"*) ok ;;
    *) bad tree_name "the tree is '$(basename "$tree")', want $(hostname)-ext3-p-...: $(tail -3 "$top/camp.out")" ;;
esac
expect_in summary_filesystem "$(json "$tree/summary.json" "int(d['filesystem'] == 'ext3')")" 1 1
summary fs_name && [ "$pass" = 6 ]
