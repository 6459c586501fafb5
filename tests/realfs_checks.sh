# realfs_checks.sh: the counters, checks and clean-up the real-file-system tests
# share (sourced by the test_realfs*.sh scripts, which set pass=0 fail=0 and top).
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
expect_grep() { if grep -q -- "$2" "$3"; then ok; else bad "$1" "no '$2' in $3: $(head -c 800 "$3")"; fi; }
expect_nogrep() { if grep -q -- "$2" "$3"; then bad "$1" "'$2' in $3: $(grep -m2 -- "$2" "$3")"; else ok; fi; }
# realfs_cleanup (the EXIT trap): the loop devices and mounts undone (lib.sh's
# loop_cleanup), $top removed.
realfs_cleanup() {
    loop_cleanup
    rm -rf "$top"
}
json_serve
