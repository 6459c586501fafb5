#!/usr/bin/env bash
# test_tree_safety.sh BIN [PART]: nothing planted in a fileset tree leads flowbench outside it.
# A reused tree holding a symlink, a hard link, a FIFO, a device, or owned by another
# user is refused before anything is written (exit 2, the path named); a tree kept
# between runs is checked again; a link planted while a run goes on is never followed
# (a clear error naming it, never strerror's "Too many levels"); a reuse of a tree of
# another shape is rebuilt. Foreign files are compared by sha256 before and after.
set -u
bin=$(realpath "$1")
part=${2:-all} # main (all but what follows) or root (a device planted, a tree given to another user)
# A run that blocks (the old code opened a planted FIFO and waited) fails, not hangs.
fb() { timeout 60 "$bin" "$@"; }
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-tree.XXXXXX)
cleanup() { [ -n "${KEEP:-}" ] || rm -rf "$top"; }
trap cleanup EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# A directory of 20 foreign files named as the tree's files are.
foreign() {
    mkdir -p "$1"
    for i in $(seq -w 1 20); do echo "precious $i" >"$1/000000$i"; done
}
digest() { (cd "$1" && sha256sum -- * | sha256sum); }
# script DIR EXTRA-ATTRS LENGTH: a reuse fileset of 20 files of 4 KiB that every op writes, deletes and makes.
script() {
    cat >"$1/w.f" <<F
set \$dir=$1/t
define fileset name=fs, path=\$dir, entries=20, dirwidth=20, size=4k, prealloc, reuse$2
define process name=p { thread name=t {
  flowop createfile name=c, filesetname=fs, fd=1
  flowop writewholefile name=w, fd=1, iosize=4k
  flowop closefile name=cl, fd=1
  flowop deletefile name=d, filesetname=fs
  flowop openfile name=o, filesetname=fs, fd=1
  flowop writewholefile name=w2, fd=1, iosize=4k
  flowop closefile name=cl2, fd=1
  flowop statfile name=s, filesetname=fs } }
run $3
F
    mkdir -p "$1/t"
}
# first NAME DIR: the first run, which makes the tree.
first() {
    fb -f "$2/w.f" >"$2/out0" 2>&1
    expect_eq "$1_first_run" $? 0
}
# refused NAME DIR PATTERN: the run exits 2 with a message matching PATTERN and writes nothing.
refused() {
    local before after
    before=$(cd "$2/t/fs" && find . -printf '%p %s %T@\n' | sort | md5sum)
    fb -f "$2/w.f" >"$2/out" 2>&1
    expect_eq "$1_exit" $? 2
    grep -q -- "$3" "$2/out" && ok || bad "$1_message" "$(tail -3 "$2/out")"
    grep -q "Too many levels" "$2/out" && bad "$1_strerror" "$(tail -2 "$2/out")" || ok
    after=$(cd "$2/t/fs" && find . -printf '%p %s %T@\n' | sort | md5sum)
    expect_eq "$1_nothing_written" "$after" "$before"
}

if in_part root; then
    [ "$(id -u)" = 0 ] || skip "a device planted and a tree given to another user need root"
    kinds=device
fi
if in_part main; then
kinds="fifo socket filelink${kinds:+ $kinds}"
# A directory of the tree replaced by a symlink to a foreign directory (the issue's case).
d=$top/dirlink
mkdir -p "$d"
script "$d" "" 1
first dirlink "$d"
foreign "$d/foreign"
sum=$(digest "$d/foreign")
mv "$d/t/fs/00000001" "$d/aside"
ln -s "$d/foreign" "$d/t/fs/00000001"
refused dirlink "$d" "fs/00000001 is a symbolic link where flowbench made a directory"
expect_eq dirlink_foreign_intact "$(digest "$d/foreign")" "$sum"

# A file of the tree replaced by a hard link to a foreign file on the same file system.
d=$top/hardlink
mkdir -p "$d"
script "$d" "" 1
first hardlink "$d"
echo hello >"$d/victim"
f=$(find "$d/t/fs" -type f -name '000000*' | head -1)
rm "$f" && ln "$d/victim" "$f"
refused hardlink "$d" "is a file with 2 links"
expect_eq hardlink_victim_intact "$(cat "$d/victim")" hello

fi

# A FIFO, a device or a socket where a file was, a symlink where a file was.
for kind in ${kinds:-}; do
    d=$top/$kind
    mkdir -p "$d"
    script "$d" "" 1
    first "$kind" "$d"
    f=$(find "$d/t/fs" -type f -name '000000*' | head -1)
    rm "$f"
    case $kind in
    fifo) mkfifo "$f"; want="is a FIFO where flowbench made a file" ;;
    device) mknod "$f" c 1 3
        want="is a character device where flowbench made a file" ;;
    socket) python3 -c "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$f"
        want="is a socket where flowbench made a file" ;;
    filelink) echo hello >"$d/victim"; ln -s "$d/victim" "$f"; want="is a symbolic link where flowbench made a file" ;;
    esac
    refused "$kind" "$d" "$want"
    [ "$kind" != filelink ] || expect_eq filelink_victim_intact "$(cat "$d/victim")" hello
done

# A tree owned by another user.
if in_part root; then
    d=$top/owner
    mkdir -p "$d"
    script "$d" "" 1
    first owner "$d"
    chown -R 65534 "$d/t/fs"
    refused owner "$d" "owned by uid 65534, not by this user"
fi

if in_part main; then
# A tree kept between two runs of one script, changed in between (a `system` command).
d=$top/kept
mkdir -p "$d"
foreign "$d/foreign"
sum=$(digest "$d/foreign")
script "$d" "" 1
cat >>"$d/w.f" <<F
system "mv $d/t/fs/00000001 $d/aside && ln -s $d/foreign $d/t/fs/00000001"
run 1
F
fb -f "$d/w.f" >"$d/out" 2>&1
expect_eq kept_exit $? 2
grep -q "fs/00000001 is a symbolic link where flowbench made a directory" "$d/out" && ok \
    || bad kept_message "$(tail -3 "$d/out")"
expect_eq kept_runs "$(grep -c 'IO Summary:' "$d/out")" 1
expect_eq kept_foreign_intact "$(digest "$d/foreign")" "$sum"

# reuse of a tree of another shape (dirwidth 20, then 2: files where directories go): made anew.
d=$top/shape
mkdir -p "$d"
script "$d" "" 1
first shape "$d"
sed -i 's/dirwidth=20/dirwidth=2/' "$d/w.f"
fb -f "$d/w.f" >"$d/out" 2>&1
expect_eq shape_exit $? 0
grep -q "made in another shape" "$d/out" && ok || bad shape_message "$(tail -3 "$d/out")"
grep -q "Not a directory" "$d/out" && bad shape_not_a_directory "$(grep 'Not a directory' "$d/out")" || ok

# While a run goes on: a loop plants a symlink to a foreign file where a file of
# the tree is (renamed over it, again and again: the run deletes and makes it),
# or swaps a directory for a symlink to a foreign directory (renameat2 EXCHANGE, so
# the tree never lacks the name). Nothing foreign changes; an error names the link.
# The loop starts before the run (python is slow to start on a loaded machine),
# says GO.ready once it can act, then waits for GO.
swap_loop() {   # swap_loop MODE LINK-TARGET TREE-NAME SECONDS GO, every 20 ms
    python3 - "$@" <<'PY'
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
mode, target, name, secs, go = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
open(go + ".ready", "w").close()
limit = time.time() + 60
while not os.path.exists(go) and time.time() < limit:
    time.sleep(0.01)
end = time.time() + secs
tmp = name + ".planted"
if mode == "dir":
    os.symlink(target, tmp)
while time.time() < end:
    if mode == "dir":
        libc.renameat2(-100, tmp.encode(), -100, name.encode(), 2)   # AT_FDCWD, RENAME_EXCHANGE
    else:
        os.symlink(target, tmp)
        os.rename(tmp, name)
    time.sleep(0.02)
PY
}
for what in file dir; do
    d=$top/midrun_$what
    mkdir -p "$d"
    foreign "$d/foreign"
    sum=$(digest "$d/foreign")
    script "$d" "" 3
    # the file case neither deletes nor makes files: the planted link stays until an op meets it
    [ "$what" = dir ] && sed -i 's/prealloc, reuse/prealloc=50/' "$d/w.f" \
        || sed -i 's/, reuse//; /createfile\|name=w,\|name=cl,\|deletefile/d' "$d/w.f"
    if [ "$what" = file ]; then
        swap_loop file "$d/foreign/00000003" "$d/t/fs/00000001/00000001" 2 "$d/go" &
    else
        swap_loop dir "$d/foreign" "$d/t/fs/00000001" 2 "$d/go" &
    fi
    loop=$!
    for _ in $(seq 600); do [ -e "$d/go.ready" ] && break; sleep 0.1; done
    fb -f "$d/w.f" >"$d/out" 2>&1 &
    pid=$!
    for _ in $(seq 300); do grep -q "Running" "$d/out" && break; sleep 0.1; done
    touch "$d/go"
    wait $loop
    wait $pid
    rc=$?
    expect_eq "midrun_${what}_foreign_intact" "$(digest "$d/foreign")" "$sum"
    grep -q "Too many levels" "$d/out" && bad "midrun_${what}_strerror" "$(grep error "$d/out")" || ok
    if [ $rc -ne 0 ]; then
        expect_eq "midrun_${what}_exit" $rc 1
        grep -q "is a symbolic link where flowbench made" "$d/out" && ok \
            || bad "midrun_${what}_message" "$(grep error "$d/out")"
    fi
    [ "$what" = dir ] || expect_eq midrun_file_exit $rc 1
done
fi

summary
