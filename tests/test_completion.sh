#!/usr/bin/env bash
# test_completion.sh FLOWBENCH SRCDIR: the bash completion (completion/flowbench.bash)
# offers what the option tables hold: a subcommand's own options, the values of an
# option from their table (--ioengine's from the engines', replay's --mode), and each
# subcommand's synopsis names every option its --help lists (both from one table).
set -u
fb=$(readlink -f "$1") src=$2
t=$(mktemp -d /dev/shm/fbcomp.XXXXXX) || exit 1
trap 'rm -rf "$t"' EXIT
. "$(dirname "$0")/lib.sh"
mkdir "$t/bin" && ln -s "$fb" "$t/bin/flowbench"

comp() { # words...: the completions of the last word, sorted, on one line
    PATH="$t/bin:$PATH" bash -c '
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _flowbench; printf "%s\n" "${COMPREPLY[@]}"' _ "$src/completion/flowbench.bash" "$@" | sort | tr '\n' ' '
}

# a subcommand's options are its table's, not flowbench's
expect_eq replay_option "$(comp flowbench replay a.trace --mo)" "--mode "
expect_eq record_option "$(comp flowbench record --r)" "--root "
expect_eq verify_tree_workloads "$(comp flowbench verify-tree --wor)" "--workloads "
expect_eq compare_only_own "$(comp flowbench compare a b --)" "--help --json --threshold "
# replay hands the run's options on: they complete there too
expect_eq replay_classic "$(comp flowbench replay a.trace --ioe)" "--ioengine "
# values from their tables: replay's modes; the engines, as flowbench names them in its error
expect_eq replay_mode_words "$(comp flowbench replay a.trace --mode "")" "afap think timed "
engines=$("$fb" --ioengine nosuch 2>&1 | sed -n "s/.*is not one of //p" | tr -d ',' | tr ' ' '\n' | sort | tr '\n' ' ')
[ -n "$engines" ] && ok || bad engines_named "flowbench --ioengine nosuch named no engine"
expect_eq ioengine_words "$(comp flowbench --ioengine "")" "$engines"
expect_eq clock_words "$(comp flowbench --clock "")" "auto tsc vdso "
# -D: a script's variables for a run, replay's dir=, model's directory
expect_eq replay_dir "$(comp flowbench replay a.trace -D "")" "dir= "
mkdir "$t/adir" && touch "$t/afile"
expect_eq model_dir "$(comp flowbench model a.trace --check -D "$t/a")" "$t/adir "

# the synopsis (usage: up to the line of help) names every option --help lists
for sub in $("$fb" --complete | grep -v '^-'); do
    "$fb" "$sub" --help >"$t/help" 2>&1 || bad "${sub}_help" "exit $?"
    synopsis=$(awk 'NR == 1 || (/^ / && !done) { print; next } { done = 1 }' "$t/help")
    # each option line's first spelling (-f, --json), as the synopsis writes it
    for opt in $(awk 'NR > 1 && /^  -/ { sub(/,$/, "", $1); print $1 }' "$t/help" | grep -vx -- '-h'); do
        grep -qE -- "[[ ]$opt([]=[ ]|$)" <<<"$synopsis" || bad "${sub}_synopsis_$opt" "$opt missing from: $synopsis"
    done
    ok
done

summary
