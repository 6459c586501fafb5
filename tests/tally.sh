# tally.sh: sourced by tests that count their checks: fb (the flowbench
# binary, from $1), T (a fresh folder under /dev/shm, removed at exit, with
# T/data), and ok / bad NAME WHY / expect_eq NAME GOT WANT.
set -u
fb=$(realpath "$1")
T=$(mktemp -d "/dev/shm/fb${check_tag:-test}.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
expect_eq() { if [ "$2" = "$3" ]; then ok; else bad "$1" "got '$2', want '$3'"; fi; }
mkdir "$T/data"
