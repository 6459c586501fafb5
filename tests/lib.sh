# lib.sh: the bookkeeping of a test script's checks, sourced by each:
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# ok counts a check that held; bad NAME [WHY] prints and counts one that did not.
pass=${pass:-0} fail=${fail:-0}
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1${2+: $2}"; fail=$((fail + 1)); }
# expect_eq NAME GOT WANT: one check that GOT is WANT.
expect_eq() { if [ "$2" = "$3" ]; then ok; else bad "$1" "got '$2', want '$3'"; fi; }
# ops_of FLOWOP FILE: the op count of FLOWOP in the text report FILE.
ops_of() { awk -v n="$1" '$1 == n { sub("ops", "", $2); print $2; exit }' "$2"; }
# in_part NAME: whether the script's $part (its PART argument: one part, or all) includes NAME.
in_part() { [ "${part:-all}" = all ] || [ "$part" = "$1" ]; }
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
# (a case that did not finish is a failure).
side_by_side() {
  local c p f dir
  dir=$(mktemp -d /dev/shm/flowbench-cases.XXXXXX) || { bad side_by_side "no scratch directory"; return; }
  for c in "$@"; do
    ( pass=0 fail=0; "case_$c"; echo "$pass $fail" >"$dir/$c.count" ) >"$dir/$c.log" 2>&1 &
  done
  wait
  for c in "$@"; do
    cat "$dir/$c.log"
    if read -r p f <"$dir/$c.count" 2>/dev/null; then
      pass=$((pass + p)) fail=$((fail + f))
    else
      bad "case_$c" "it did not finish"
    fi
  done
  rm -rf "$dir"
}
# chromium_path: headless Chromium's path (Debian's chromium, installed as
# root when missing), or nothing when it cannot be had.
chromium_path() {
  local b
  b=$(command -v chromium || true)
  if [ -z "$b" ] && [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1
    b=$(command -v chromium || true)
  fi
  echo "$b"
}

# strace_abs TRACE: in a trace taken with `strace -y`, writes each name opened,
# made, stat'ed or removed beneath a directory descriptor as one absolute path
# (the descriptor's, which -y shows, joined to the name): flowbench reaches a
# tree's files by name beneath their directory, never by a path from /.
strace_abs() {
    sed -i -E '/(openat|mkdirat|unlinkat|newfstatat|statx|renameat2?|faccessat2?)\(/ s#\(([0-9]+)<(/[^>]*)>, "([^"/][^"]*)"#(\1, "\2/\3"#' "$1"
}
