#!/usr/bin/env bash
# run_cases.sh BIN DIR: checks every script of DIR/valid and DIR/malformed with --check.
#  valid/*.f:     exit 0, and every "#> text" line of the script appears in stdout (in order).
#  malformed/*.f: line 1 is "# expect: LINE:COL: text"; exit 2, and stderr holds
#                 "<file>:LINE:COL: error: " followed (on that line) by text.
set -u
bin=$1 dir=$2
pass=0 fail=0
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

inputs "valid cases in $dir/valid" "$dir"/valid/*.f &&
for f in "$dir"/valid/*.f; do
    timeout 20 "$bin" --check -f "$f" >"$out" 2>"$err"
    rc=$?
    if [ $rc -ne 0 ]; then bad "$f" "exit $rc: $(head -3 "$err")"; continue; fi
    ok=1 from=1
    while IFS= read -r want; do
        n=$(tail -n +"$from" "$out" | grep -nF -- "$want" | head -1 | cut -d: -f1)
        if [ -z "$n" ]; then bad "$f" "stdout lacks '$want' (in order)"; ok=0; break; fi
        from=$((from + n))
    done < <(sed -n 's/^#> //p' "$f")
    [ $ok -eq 1 ] && pass=$((pass + 1))
done

inputs "malformed cases in $dir/malformed" "$dir"/malformed/*.f &&
for f in "$dir"/malformed/*.f; do
    expect=$(head -1 "$f" | sed -n 's/^# expect: //p')
    if [ -z "$expect" ]; then bad "$f" "no '# expect: LINE:COL: text' on line 1"; continue; fi
    loc=${expect%%: *} text=${expect#*: }
    timeout 20 "$bin" --check -f "$f" >"$out" 2>"$err"
    rc=$?
    if [ $rc -ne 2 ]; then bad "$f" "exit $rc, want 2"; continue; fi
    if ! grep -qF -- "$f:$loc: error: " "$err"; then bad "$f" "no error at $loc: $(head -2 "$err")"; continue; fi
    if ! grep -F -- "$f:$loc: error: " "$err" | grep -qF -- "$text"; then bad "$f" "message lacks '$text': $(head -2 "$err")"; continue; fi
    pass=$((pass + 1))
done

summary
