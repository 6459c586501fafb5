# lib.sh: the bookkeeping of a test script's checks, sourced by each:
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# ok counts a check that held; bad NAME [WHY] prints and counts one that did not.
pass=${pass:-0} fail=${fail:-0}
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1${2+: $2}"; fail=$((fail + 1)); }
