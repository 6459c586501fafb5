# powercut_stack.sh: the power-cut stack the crash tests build, sourced after
# realfs_checks.sh with $pc_tool set to flowbench-powercut: an image served by the
# tool under DIR, a loop device on DIR/pc/disk, a file system on it at DIR/fs; the
# cut; and the teardown, in the only order that works (file system, loop, FUSE).
stacks=()
# pc_why_not: why this machine cannot build the stack (empty when it can).
pc_why_not() {
    [ "$(id -u)" = 0 ] || { echo "not root"; return; }
    [ -c /dev/fuse ] || { echo "no /dev/fuse"; return; }
    [ -x "$pc_tool" ] || { echo "no $pc_tool"; return; }
    command -v fusermount3 >/dev/null || { echo "no fusermount3 (Debian: fuse3)"; return; }
    command -v losetup >/dev/null || echo "no losetup"
}
# pc_up DIR SIZE [OPTION...]: DIR/img of SIZE served at DIR/pc (the tool given the
# options) on a new loop device (lib.sh's loop_attach), written to DIR/dev (the daemon's
# pid in DIR/pid); 1 after saying why when the tool does not mount.
pc_up() {
    local d=$1 i
    mkdir -p "$d/pc" "$d/fs"
    [ -e "$d/img" ] || truncate -s "$2" "$d/img"
    "$pc_tool" -f "${@:3}" "$d/img" "$d/pc" 2>"$d/pc.err" &
    echo $! >"$d/pid"
    stacks+=("$d")
    for i in $(seq 50); do mountpoint -q "$d/pc" && break; sleep 0.1; done
    mountpoint -q "$d/pc" || { echo "flowbench-powercut did not mount: $(cat "$d/pc.err")"; return 1; }
    loop_attach "$d/pc/disk" && echo "$dev" >"$d/dev"
}
pc_dev() { cat "$1/dev"; }
pc_status() { awk -v k="$2" '$1 == k { print $2 }' "$1/pc/control"; }
pc_cut() { echo cut >"$1/pc/control"; }
# mounted DIR: DIR is a mount point (read from /proc/mounts: after a cut, a file system
# that shut itself down answers stat with EIO, which mountpoint(1) takes for "no").
mounted() { awk -v m="$1" '$2 == m { found = 1 } END { exit !found }' /proc/mounts; }
# pc_down DIR: unmounts DIR/fs, detaches the loop device, unmounts the tool and waits for
# it; returns the tool's exit status, or 1 after saying what stayed busy.
pc_down() {
    local d=$1 i
    if mounted "$d/fs" && ! umount "$d/fs" 2>"$d/umount.err"; then
        echo "pc_down: umount $d/fs: $(cat "$d/umount.err")"
        return 1
    fi
    [ -s "$d/dev" ] && losetup -d "$(cat "$d/dev")" && : >"$d/dev"
    # The loop device lets go of its backing file a moment after the detach.
    for i in $(seq 50); do
        mounted "$d/pc" || break
        fusermount3 -u "$d/pc" 2>"$d/fusermount.err" && break
        sleep 0.1
    done
    mounted "$d/pc" && { echo "pc_down: $d/pc stays busy: $(cat "$d/fusermount.err")"; return 1; }
    [ -s "$d/pid" ] || return 0
    wait "$(cat "$d/pid")"
    local rc=$?
    : >"$d/pid"
    return $rc
}
pc_cleanup() {
    local d
    for d in "${stacks[@]}"; do pc_down "$d" 2>/dev/null; done
}
