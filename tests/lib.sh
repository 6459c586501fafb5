# lib.sh: the bookkeeping of a test script's checks, sourced by each:
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# ok counts a check that held; bad NAME [WHY] prints and counts one that did not.
pass=${pass:-0} fail=${fail:-0}
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1${2+: $2}"; fail=$((fail + 1)); }
# expect_eq NAME GOT WANT: one check that GOT is WANT.
expect_eq() { if [ "$2" = "$3" ]; then ok; else bad "$1" "got '$2', want '$3'"; fi; }
# expect_rc NAME GOT WANT [FILE]: one check that exit status GOT is WANT; a
# failure shows the head of FILE (the command's stderr, mostly).
expect_rc() {
  if [ "$2" = "$3" ]; then ok; else bad "$1" "exit $2, want $3${4:+: $(head -c 800 "$4" 2>/dev/null)}"; fi
}
# expect_in NAME VALUE LOW HIGH: one check that LOW <= VALUE <= HIGH (numbers, decimals allowed).
expect_in() {
  if [ -n "$2" ] && awk -v v="$2" -v l="$3" -v h="$4" 'BEGIN { exit !(v + 0 >= l + 0 && v + 0 <= h + 0) }'; then
    ok
  else
    bad "$1" "got '$2', want $3..$4"
  fi
}
# FB_SLACK: how far a case's whole-machine timing bounds stretch in this build. 1 in the
# release build, where ctest runs such a case alone (RUN_SERIAL) and its timings are the
# figures checked; 3 in a sanitizer build, where it runs beside others for the memory and
# thread errors its code paths may show (tests/CMakeLists.txt sets it, docs/testing.md).
FB_SLACK=${FB_SLACK:-1}
# slack BASE MARGIN: BASE plus MARGIN x FB_SLACK (a bound on a time: 2 s plus 1 s of margin).
slack() { awk -v b="$1" -v m="$2" -v s="$FB_SLACK" 'BEGIN { print b + m * s }'; }
# expect_near NAME VALUE TARGET PCT: one check that VALUE is within PCT percent of TARGET,
# the margin stretched by FB_SLACK (a rate or a time the whole machine's load can move).
expect_near() {
  local m
  m=$(awk -v t="$3" -v p="$4" -v s="$FB_SLACK" 'BEGIN { print t * p * s / 100 }')
  expect_in "$1" "$2" "$(awk -v t="$3" -v m="$m" 'BEGIN { print t - m }')" "$(awk -v t="$3" -v m="$m" 'BEGIN { print t + m }')"
}
# check NAME COMMAND...: one check that COMMAND succeeds; a failure shows what it printed.
check() {
  local name=$1 out
  shift
  if out=$("$@" 2>&1); then ok; else bad "$name" "exit $?: $(head -c 800 <<<"$out")"; fi
}
# skip WHY: this case cannot run here (a tool or a permission is missing): says why and
# exits 77, which ctest reports as skipped (SKIP_RETURN_CODE 77, tests/CMakeLists.txt);
# exits 1 instead when a check already failed. A case runs whole or not at all: a part
# that needs what the rest does not is a case of its own (a PART argument, in_part).
skip() {
  echo "SKIP: $1"
  if [ "$fail" -gt 0 ]; then summary; exit 1; fi
  exit 77
}
# need TOOL...: skips the case unless every TOOL is on PATH (tests/all.sh installs them all).
need() {
  local t
  for t in "$@"; do command -v "$t" >/dev/null || skip "$t is not installed"; done
}
# need_strace: strace is installed and may trace here (ptrace can be forbidden).
need_strace() {
  need strace
  strace -qq -o /dev/null true 2>/dev/null || skip "ptrace is not permitted here (strace true fails)"
}
# chromium_path: headless Chromium's path (Debian's chromium, which tests/all.sh installs),
# or nothing when it is not installed.
chromium_path() { command -v chromium || true; }
# The loop devices and mounts of a script; loop_cleanup (in its EXIT trap) unmounts and
# detaches them. A script may add mounts of its own to $mounts.
mounts=() devs=()
loop_cleanup() {
  local i d
  # the last mounted first: a mount may lie inside an earlier one
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount_settled "${mounts[i]}"; done
  for d in "${devs[@]}"; do losetup -d "$d"; done
  mounts=() devs=()
}
# umount_settled MNT: MNT unmounted. A process SIGKILLed just before may hold a file there
# until its write in flight ends (a loaded machine, a loop device): busy is tried again for
# 10 s, and then the mount is detached lazily (said on stderr) rather than left behind.
umount_settled() {
  local mnt=$1 _
  for _ in $(seq 50); do
    mountpoint -q "$mnt" || return 0
    umount "$mnt" 2>/dev/null && return 0
    sleep 0.2
  done
  mountpoint -q "$mnt" || return 0
  echo "loop_cleanup: $mnt still busy after 10 s ($(fuser -m "$mnt" 2>&1 | tr -s ' ')); detached lazily" >&2
  umount -l "$mnt"
}
# loop_attach FILE [LOSETUP-OPTION...]: FILE on a new loop device, named in $dev (the
# caller detaches it, or adds it to $devs); skips the case when losetup is not permitted.
loop_attach() {
  local file=$1 out
  shift
  out=$(losetup -f --show "$@" "$file" 2>&1) || skip "losetup is not permitted: $out"
  dev=$out
}
# mkfs_mount TYPE DEV MNT [MKFS-OPTION...]: a fresh TYPE file system (mkfs.TYPE) on DEV,
# mounted at MNT (the caller unmounts it, or adds it to $mounts); 1 after a failed check.
mkfs_mount() {
  local type=$1 dev=$2 mnt=$3 opts=(-q -F)
  shift 3
  [ "$type" = xfs ] && opts=(-q -f)
  if ! "mkfs.$type" "${opts[@]}" "$@" "$dev" >"$mnt.mkfs" 2>&1 </dev/null; then
    bad "${type}_mkfs" "$(cat "$mnt.mkfs")"
    return 1
  fi
  mount "$dev" "$mnt" 2>"$mnt.mount" || { bad "${type}_mount" "$(cat "$mnt.mount")"; return 1; }
}
# loop_mount TYPE DIR SIZE [LOSETUP-OPTION...]: a fresh TYPE file system on a loop device
# over DIR/img of SIZE, mounted at DIR/mnt; sets $dev and $mnt, and loop_cleanup undoes
# both. Skips the case without the tools or the permission; 1 after a failed check.
loop_mount() {
  local type=$1 dir=$2 size=$3
  shift 3
  need losetup "mkfs.$type"
  mkdir -p "$dir/mnt"
  truncate -s "$size" "$dir/img" || skip "no room for a $size image in $dir"
  loop_attach "$dir/img" "$@"
  devs+=("$dev")
  mkfs_mount "$type" "$dev" "$dir/mnt" || return 1
  mounts+=("$dir/mnt")
  mnt=$dir/mnt
}
# loop_mount_image NAME IMG MNT: the file system in the image IMG (one made before, a cut
# disk's) mounted at MNT through a new loop device ($dev); 1 after a failed check NAME.
# loop_umount MNT undoes both at once, loop_cleanup whatever is left.
loop_mount_image() {
  local name=$1 img=$2 mnt=$3
  loop_attach "$img"
  devs+=("$dev")
  mount "$dev" "$mnt" 2>"$mnt.mount" || { bad "$name" "$(cat "$mnt.mount")"; return 1; }
  mounts+=("$mnt")
}
loop_umount() {
  local mnt=$1 src x keep=()
  src=$(findmnt -n -o SOURCE --mountpoint "$mnt") && umount_settled "$mnt" || return 1
  for x in "${mounts[@]}"; do [ "$x" = "$mnt" ] || keep+=("$x"); done
  mounts=("${keep[@]}") keep=()
  losetup -d "$src" || return 1
  for x in "${devs[@]}"; do [ "$x" = "$src" ] || keep+=("$x"); done
  devs=("${keep[@]}")
}
# small_mount DIR SIZE [TYPE]: a fresh TYPE (tmpfs, or ramfs) of SIZE at DIR (made when
# missing), for a file system that fills; loop_cleanup (in the EXIT trap) unmounts it.
# Skips the case when mounting is not permitted (not root).
small_mount() {
  local dir=$1 size=$2 type=${3:-tmpfs} out
  mkdir -p "$dir" || skip "cannot make $dir"
  out=$(mount -t "$type" -o "size=$size" "flowbench-$type" "$dir" 2>&1) || skip "cannot mount a $type here: $out"
  mounts+=("$dir")
}
# ops_of FLOWOP FILE: the op count of FLOWOP in the text report FILE.
ops_of() { awk -v n="$1" '$1 == n { sub("ops", "", $2); print $2; exit }' "$2"; }
# pycheck NAME ARG...: runs a Python check program (stdin) with ARG... and tests/ on its
# PYTHONPATH; it checks with check.py's check and ends with sys.exit(summary()). Its failures
# are printed and its counts added to the script's; a program that died, or checked
# nothing, is one failure more (NAME).
lib_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
pycheck() {
  local name=$1 out rc line p="" f=""
  shift
  out=$(PYTHONPATH="$lib_dir${PYTHONPATH:+:$PYTHONPATH}" python3 - "$@" 2>&1)
  rc=$?
  while IFS= read -r line; do
    case $line in
    "FAIL "*) echo "$line" ;;
    *" passed, "*" failed") read -r p _ f _ <<<"$line" ;;
    esac
  done <<<"$out"
  pass=$((pass + ${p:-0})) fail=$((fail + ${f:-0}))
  [ "$rc" -eq 0 ] || [ "${f:-0}" -gt 0 ] || bad "$name" "the check program failed: $(tail -n 3 <<<"$out")"
}
# in_part NAME: whether the script's $part (its PART argument: all, one part, or parts
# separated by commas) includes NAME.
in_part() { [ "${part:-all}" = all ] || [[ ",$part," == *",$1,"* ]]; }
# summary [NAME]: the counts, last in a script; fails when a check failed or
# when none ran (a script that checked nothing proves nothing).
summary() {
  echo "${1:+$1: }$pass passed, $fail failed"
  if [ $((pass + fail)) -eq 0 ]; then echo "FAIL: no check ran"; return 1; fi
  [ "$fail" -eq 0 ]
}
# inputs WHAT ITEM...: before a loop over ITEM... (a glob, a list): fails and
# counts a failure when there is none (an unmatched glob stays as written).
inputs() {
  local what=$1
  shift
  if [ $# -gt 0 ] && { [ $# -gt 1 ] || [ -n "$1" ]; } && [[ "$1" != *"*"* ]]; then return 0; fi
  bad "$what" "the list of inputs is empty"
  return 1
}
# side_by_side NAME...: runs the functions case_NAME side by side, for cases that
# wait far more than they compute: each in a subshell of its own counting its own
# checks; then, in the order named, prints what each printed and adds its counts
# (a case that did not finish is a failure; one that skipped, exit 77, skips the script).
side_by_side() {
  local c p f dir skipped=""
  dir=$(mktemp -d /dev/shm/flowbench-cases.XXXXXX) || { bad side_by_side "no scratch directory"; return; }
  for c in "$@"; do
    { ( pass=0 fail=0; "case_$c"; echo "$pass $fail" >"$dir/$c.count" ); echo $? >"$dir/$c.rc"; } >"$dir/$c.log" 2>&1 &
  done
  wait
  for c in "$@"; do
    cat "$dir/$c.log"
    if [ "$(cat "$dir/$c.rc" 2>/dev/null)" = 77 ]; then
      skipped+=" case_$c"
    elif read -r p f <"$dir/$c.count" 2>/dev/null; then
      pass=$((pass + p)) fail=$((fail + f))
    else
      bad "case_$c" "it did not finish"
    fi
  done
  rm -rf "$dir"
  [ -z "$skipped" ] || skip "${skipped# } could not run here"
}
# strace_abs TRACE: in a trace taken with `strace -y`, writes each name opened,
# made, stat'ed or removed beneath a directory descriptor as one absolute path
# (the descriptor's, which -y shows, joined to the name): flowbench reaches a
# tree's files by name beneath their directory, never by a path from /.
strace_abs() {
    sed -i -E '/(openat|mkdirat|unlinkat|newfstatat|statx|renameat2?|faccessat2?)\(/ s#\(([0-9]+)<(/[^>]*)>, "([^"/][^"]*)"#(\1, "\2/\3"#' "$1"
}
# json FILE EXPR: prints EXPR, a Python expression over the JSON document FILE (as d,
# also j) and its last run (r, when it has runs), as print(EXPR) would; nothing and
# status 1 when either fails (why, on stderr). After json_serve, one python3 answers
# every call, one call at a time (side_by_side's jobs take turns): its start costs 0.1 to
# 0.2 s on a loaded machine, and a script asks dozens of these.
json_py='
import json, shutil, sys
def answer(path, expr):
    try:
        with open(path) as f:
            d = json.load(f)
        g = {"json": json, "sys": sys, "d": d, "j": d}
        if isinstance(d, dict) and d.get("runs"):
            g["r"] = d["runs"][-1]
        # as print(EXPR) would: "a, b" is two values, printed with a space between
        return " ".join(map(str, eval("(lambda *a: a)(" + expr + "\n)", g))) + "\n", ""
    except Exception as e:
        return "", "json %s: %s: %s: %s\n" % (path, expr, type(e).__name__, e)
if len(sys.argv) == 3:
    out, err = answer(sys.argv[1], sys.argv[2])
    sys.stdout.write(out)
    sys.stderr.write(err)
    sys.exit(1 if err else 0)
for line in sys.stdin:
    out, err = answer(*line.rstrip("\n").split("\x1f", 1))
    err = "".join("\x1d" + l + "\n" for l in err.splitlines())
    sys.stdout.write(out + err + "\x1e\n")
    sys.stdout.flush()
shutil.rmtree(sys.argv[1], ignore_errors=True) # the lock and its directory, once the script is gone
'
json() {
  [ -n "${json_q:-}" ] || { python3 -c "$json_py" "$1" "$2"; return; }
  local line out="" err="" lock
  exec {lock}>>"$json_lock"
  flock "$lock"
  printf '%s\x1f%s\n' "$1" "$2" >&"$json_q"
  # the whole answer read before any is printed: a reader that stops early (grep -q)
  # must not leave the rest to the next call
  while IFS= read -r line <&"$json_a"; do
    case $line in
    $'\x1e') break ;;
    $'\x1d'*) err+=${line#?}$'\n' ;;
    *) out+=$line$'\n' ;;
    esac
  done
  exec {lock}>&-
  printf '%s' "$out"
  [ -z "$err" ] || { printf '%s' "$err" >&2; return 1; }
}
# json_serve: starts the python3 that answers json; it ends with the script (when the
# request pipe closes) and removes its lock. Without it, json starts a python3 a call.
json_serve() {
  local dir
  dir=$(mktemp -d /dev/shm/flowbench-json.XXXXXX) || return 0
  if mkfifo "$dir/q" "$dir/a"; then
    python3 -c "$json_py" "$dir" <"$dir/q" >"$dir/a" 2>/dev/null &
    disown $!
    exec {json_q}>"$dir/q" {json_a}<"$dir/a"
    rm -f "$dir/q" "$dir/a"
    json_lock=$dir/lock
  else
    rm -rf "$dir"
  fi
}
