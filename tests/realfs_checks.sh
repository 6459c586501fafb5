# realfs_checks.sh: the counters, checks and clean-up the real-file-system tests
# share (sourced by the test_realfs*.sh scripts, which set pass=0 fail=0 and top).
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# expect_in NAME VALUE LOW HIGH: LOW <= VALUE <= HIGH (numbers, decimals allowed)
expect_in() {
    if [ -n "$2" ] && awk -v v="$2" -v l="$3" -v h="$4" 'BEGIN { exit !(v + 0 >= l + 0 && v + 0 <= h + 0) }'; then
        ok
    else
        bad "$1" "got '$2', want $3..$4"
    fi
}
expect_grep() { if grep -q -- "$2" "$3"; then ok; else bad "$1" "no '$2' in $3: $(head -c 800 "$3")"; fi; }
expect_nogrep() { if grep -q -- "$2" "$3"; then bad "$1" "'$2' in $3: $(grep -m2 -- "$2" "$3")"; else ok; fi; }
# The loop devices and mounts a test makes go in these; realfs_cleanup (the
# EXIT trap) unmounts, detaches and removes $top.
mounts=() devs=()
realfs_cleanup() {
    for m in "${mounts[@]}"; do mountpoint -q "$m" && umount "$m"; done
    for d in "${devs[@]}"; do losetup -d "$d"; done
    rm -rf "$top"
}
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1" 2>/dev/null; }
