#!/usr/bin/env bash
# check_unused.sh ROOT LIB [LAYER...]: every function that a header of the given
# layers (all of include/*/ when none is given) declares and the library LIB
# defines is used somewhere besides its declaration and its definition
# (sources, headers, grammar, tests).
# One pass over the text: every identifier of every file, counted once, instead of
# one grep of the whole tree per function (that took minutes of the suite).
set -u
root=$1 lib=$2
shift 2
[ $# -gt 0 ] || set -- $(cd "$root/include" && ls -d -- */ | tr -d /)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -g --defined-only "$lib" | awk 'NF == 3 && $2 == "T" { print $3 }' | sort -u >"$tmp/defined"
# A word in grep -w's sense is a maximal run of letters, digits and underscores:
# counting the runs equal to f counts what grep -wo f finds.
words() { grep -rhoE --include='*.[chly]' '[A-Za-z0-9_]+' "$@" 2>/dev/null; }
for layer in "$@"; do
  words "$root"/include/"$layer"/*.h | sort -u | sed "s|\$| $layer|"
done | sort -s -k1,1 >"$tmp/declared"
words "$root"/src "$root"/include "$root"/grammar "$root"/tests | sort | uniq -c >"$tmp/uses"
awk 'FILENAME == ARGV[1] { defined[$1] = 1; next }
     FILENAME == ARGV[2] { uses[$2] = $1; next }
     ($1 in defined) { checked++
       if (uses[$1] + 0 <= 2) { print "FAIL: " $1 " (include/" $2 "/) is declared and defined but used nowhere"; bad++ } }
     END { printf "%d functions checked, %d unused\n", checked, bad; exit !(checked > 0 && bad == 0) }' \
  "$tmp/defined" "$tmp/uses" "$tmp/declared"
