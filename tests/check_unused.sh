#!/usr/bin/env bash
# check_unused.sh ROOT LIB [LAYER...]: every function that a header of the given
# layers (all of include/*/ when none is given) declares and the library LIB
# defines is used somewhere besides its declaration and its definition
# (sources, headers, grammar, tests).
set -u
root=$1 lib=$2
shift 2
[ $# -gt 0 ] || set -- $(cd "$root/include" && ls -d -- */ | tr -d /)
bad=0 checked=0
for f in $(nm -g --defined-only "$lib" | awk 'NF == 3 && $2 == "T" { print $3 }' | sort -u); do
  for layer in "$@"; do
    grep -qw -- "$f" "$root"/include/"$layer"/*.h 2>/dev/null || continue
    checked=$((checked + 1))
    n=$(grep -rwo --include='*.[chly]' -e "$f" "$root"/src "$root"/include "$root"/grammar "$root"/tests | wc -l)
    [ "$n" -gt 2 ] || { echo "FAIL: $f (include/$layer/) is declared and defined but used nowhere"; bad=$((bad + 1)); }
  done
done
echo "$checked functions checked, $bad unused"
[ "$checked" -gt 0 ] && [ $bad = 0 ]
