#!/usr/bin/env bash
# check_bool_params.sh ROOT LAYER...: no function that a header of the given
# layers declares (inline or not) takes a bool parameter: a reader of
# f(x, true, false) cannot know what true means, an enum or a flag names it.
# Returning a bool is fine.
set -u
root=$1
shift
bad=0 checked=0
for layer in "$@"; do
  for h in "$root"/include/"$layer"/*.h; do
    [ -f "$h" ] || { echo "FAIL: no headers in include/$layer"; bad=$((bad + 1)); continue; }
    checked=$((checked + 1))
    # Comments and preprocessor lines out, one declaration per line (split at ; { }),
    # then a "bool" right before a parameter's end, with or without a name.
    found=$(perl -0777 -pe 's{/\*.*?\*/}{ }gs; s{//[^\n]*}{}g; s{^[ \t]*#[^\n]*}{}mg; s{\n}{ }g' "$h" |
            tr ';{}' '\n\n\n' | grep -E '\(.*[(,][[:space:]]*(const[[:space:]]+)?bool([[:space:]]+[A-Za-z_][A-Za-z_0-9]*)?[[:space:]]*[,)]' |
            sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]\+/ /g')
    [ -n "$found" ] || continue
    while IFS= read -r d; do echo "FAIL: ${h#"$root"/}: bool parameter in: $d"; bad=$((bad + 1)); done <<<"$found"
  done
done
echo "$checked headers checked, $bad declarations with a bool parameter"
[ "$checked" -gt 0 ] && [ $bad = 0 ]
