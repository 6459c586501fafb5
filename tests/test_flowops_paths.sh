#!/usr/bin/env bash
# test_flowops_paths.sh BIN: the flowops that act on names (rename, setattr, access,
# statmissing, statfs, readdir, openflags, lock, unlock): each run once per pass,
# its system call seen by strace beneath the fileset's root, its effect on disk checked.
set -u
bin=$(realpath "$1")
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_strace
top=$(mktemp -d /dev/shm/flowbench-fopaths.XXXXXX)
trap 'rm -rf "$top"' EXIT

cat >"$top/w.f" <<F
set \$dir=$top
set mode quit alldone
define fileset name=fs, path=\$dir, entries=20, dirwidth=5, size=4k, prealloc=50
define process name=p { thread name=t {
  flowop rename name=mv, filesetname=fs
  flowop setattr name=ch, filesetname=fs, value="chmod"
  flowop setattr name=ut, filesetname=fs
  flowop setattr name=tr, filesetname=fs, value="truncate", iosize=100
  flowop access name=ac, filesetname=fs
  flowop statmissing name=sm, filesetname=fs
  flowop statfs name=sf, filesetname=fs
  flowop readdir name=rd, filesetname=fs
  flowop openflags name=o1, filesetname=fs, value="wronly,append,trunc", fd=1
  flowop lock name=lk, fd=1
  flowop unlock name=ul, fd=1
  flowop lock name=fl, fd=1, value="flock"
  flowop unlock name=fu, fd=1, value="flock"
  flowop closefile name=c1, fd=1
  flowop openflags name=o2, filesetname=fs, value="creat,excl,wronly", fd=2
  flowop closefile name=c2, fd=2
  flowop finishoncount name=f, target=c2, value=4 } }
run 20
F
# LeakSanitizer cannot run under ptrace: leaks are checked by the run without strace below.
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0" strace -ff -o "$top/st" "$bin" -f "$top/w.f" >"$top/out" 2>"$top/err"
expect_eq exit $? 0
for op in mv ch ut tr ac sm sf rd o1 lk ul fl fu c1 o2 c2; do
    expect_eq "ops_$op" "$(ops_of $op "$top/out")" 4
done
# The worker thread's own file (-ff: one per thread, so no call is split by another's): the one that renames.
wst=$(grep -l 'renameat(' "$top"/st.* | head -1)
# calls_of PATTERN: how many of the worker thread's calls match it.
calls_of() { grep -cE "$1" "$wst"; }
expect_eq renameat "$(calls_of 'renameat\([0-9]+, "[0-9]+", [0-9]+, "[0-9]+"\) += 0')" 4
# chmod follows no link at the name: fchmodat2 AT_SYMLINK_NOFOLLOW (0x100; strace 6.1 names it by number), or
# before Linux 6.6 the name's O_PATH descriptor by its /proc entry.
expect_eq fchmodat "$(calls_of '(fchmodat2\([0-9]+, "[0-9]+", 0[0-7]+, AT_SYMLINK_NOFOLLOW\)|syscall_0x1c4\(0x[0-9a-f]+, 0x[0-9a-f]+, 0x[0-9a-f]+, 0x100|chmod\("/proc/self/fd/[0-9]+", 0[0-7]+\)).* = 0')" 4
expect_eq utimensat "$(calls_of 'utimensat\([0-9]+, "[0-9]+", NULL, AT_SYMLINK_NOFOLLOW\) += 0')" 4
expect_eq ftruncate_100 "$(calls_of 'ftruncate\([0-9]+, 100\) += 0')" 4
expect_eq faccessat "$(calls_of 'faccessat2?\([0-9]+, "[0-9]+", R_OK\|W_OK, AT_SYMLINK_NOFOLLOW\) += 0')" 4
expect_eq stat_enoent "$(calls_of 'newfstatat\([0-9]+, "[0-9]+", 0x[0-9a-f]+, AT_SYMLINK_NOFOLLOW\) += -1 ENOENT')" 4
expect_eq fstatfs "$(calls_of 'fstatfs\([0-9]+, \{f_type')" 4
expect_eq getdents_32k "$(calls_of 'getdents64\([0-9]+, .*, 32768\) += [1-9]')" 4
# openflags opens the name in its directory's descriptor (resolved beneath the root once), following no link.
expect_eq open_append_trunc "$(calls_of 'openat\([0-9]+, "[0-9]+", O_WRONLY\|O_TRUNC\|O_APPEND\|O_NOFOLLOW\|O_CLOEXEC\) += [0-9]')" 4
expect_eq open_excl "$(calls_of 'openat\([0-9]+, "[0-9]+", O_WRONLY\|O_CREAT\|O_EXCL\|O_NOFOLLOW\|O_CLOEXEC, 0666\) += [0-9]')" 4
# No path is walked again per op: an openat2 is a directory's first use in the run, at most one per directory.
dirs=$(find "$top/fs" -type d | wc -l)
expect_eq openat2_dirs_only "$(calls_of 'openat2\(.*O_PATH\|O_DIRECTORY')" "$(calls_of 'openat2\(')"
expect_eq openat2_once_per_dir "$(calls_of 'openat2\(' | awk -v d="$dirs" '{ print ($1 <= d) }')" 1
expect_eq fcntl_lock "$(calls_of 'F_SETLKW, \{l_type=F_WRLCK')" 4
expect_eq fcntl_unlock "$(calls_of 'F_SETLKW, \{l_type=F_UNLCK')" 4
expect_eq flock_ex "$(calls_of 'flock\([0-9]+, LOCK_EX\) += 0')" 4
expect_eq flock_un "$(calls_of 'flock\([0-9]+, LOCK_UN\) += 0')" 4
# On disk: 10 files pre-made, 4 more created with excl; renames keep the count.
expect_eq files "$(find "$top/fs" -type f ! -name '.flowbench-fileset' | wc -l)" 14
expect_eq truncated "$(find "$top/fs" -type f -size 100c | wc -l | awk '{ print ($1 >= 1) }')" 1

# The same run without strace (under ASan, LeakSanitizer then looks for leaks).
rm -rf "$top/fs"
"$bin" -f "$top/w.f" >"$top/out" 2>"$top/err"
expect_eq exit_untraced $? 0

# A bad value= is refused with the flowop's name.
sed 's/value="chmod"/value="chown"/' "$top/w.f" >"$top/bad.f"
"$bin" -f "$top/bad.f" >"$top/out" 2>"$top/err"
expect_eq bad_setattr_exit "$([ $? -ne 0 ] && grep -c 'chmod, utimes or truncate' "$top/err")" 1
summary test_flowops_paths
