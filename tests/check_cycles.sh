#!/usr/bin/env bash
# check_cycles.sh ROOT LIB [LAYER...]: no header's inline code calls a function defined in a
# source file that includes the header, or that reaches (through the functions
# and objects the files use of each other) a file including the header, other
# than its own x.c: that would be an include cycle (the header depends on a
# file that depends on it, directly or through others). Each header is compiled
# alone with its inline functions kept; what they call is matched with what each
# object of the library LIB (libfbcore.a) defines and with what each source file
# includes.
# Within each LAYER given, the source files use each other one way: no loop of
# files each using what the next defines.
set -u
root=$1 lib=$2
shift 2
cc=${CC:-cc}
abs=$(cd "$root" && pwd -P)
flags=(-std=gnu17 -D_GNU_SOURCE -I"$abs/include" -I"$(cd "$(dirname "$lib")" && pwd -P)")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# "engine_worker.c op_fail": the functions each object defines.
nm -g --defined-only "$lib" | awk '/:$/ { obj = substr($1, 1, length($1) - 3); next } NF == 3 && $2 == "T" { print obj, $3 }' >"$tmp/defs"
[ -s "$tmp/defs" ] || { echo "FAIL: no functions defined in $lib"; exit 1; }
# "engine_worker.c engine/worker.h": the headers each source file includes, directly or not.
# The build wrote them down when it compiled LIB (CMake's x.c.o.d beside each object);
# where it did not (another generator), one compiler run for all the sources says them.
incs_from_build() {
  local d
  d=$(dirname "$lib")/CMakeFiles
  [ -d "$d" ] || return 1
  # (a source removed since leaves its old list behind: only today's sources count)
  find "$d" -path '*/src/*/*.c.o.d' -print0 | xargs -0 -r cat | tr ' \\' '\n\n' |
    awk -v inc="$abs/include/" '
      NR == FNR { source[$0] = 1; next }
      /\.o:$/ { src = ""; next }
      $0 in source { src = $0; sub(/.*\//, "", src); next }
      src != "" && index($0, inc) == 1 { print src, substr($0, length(inc) + 1) }' <(ls "$abs"/src/*/*.c) - | sort -u >"$tmp/incs"
  [ -s "$tmp/incs" ]
}
incs_from_compiler() {
  "$cc" "${flags[@]}" -MM "$root"/src/*/*.c 2>/dev/null | tr ' \\' '\n\n' |
    awk -v inc="$root/include/" '/\.o:$/ { src = substr($0, 1, length($0) - 3) ".c"; next }
      index($0, inc) == 1 { print src, substr($0, length(inc) + 1) }' | sort -u >"$tmp/incs"
}
incs_from_build || incs_from_compiler
# "report_html.c report_html_charts.c": the first uses a function or object the second defines.
nm -g --defined-only "$lib" | awk '/:$/ { obj = substr($1, 1, length($1) - 3); next } NF == 3 { print obj, $3 }' >"$tmp/syms"
nm -u "$lib" | awk '/:$/ { obj = substr($1, 1, length($1) - 3); next } NF == 2 && $1 == "U" { print obj, $2 }' >"$tmp/uses"
awk 'NR == FNR { def[$2] = $1; next } ($2 in def) && def[$2] != $1 { print $1, def[$2] }' "$tmp/syms" "$tmp/uses" | sort -u >"$tmp/edges"
[ -s "$tmp/edges" ] || { echo "FAIL: no calls between the objects of $lib"; exit 1; }
# The circles, found in one pass once every header's calls are known (one process per
# header and call, as before, took minutes): for each function a header's inline code
# calls, each file defining it, other than the header's own x.c, must neither include
# the header nor reach, through the files it uses, one that does; the first such file
# on the way is named.
bad=0 checked=0
# Each header alone in a file of its own, all compiled by one compiler run (one process
# a header took half a minute); a header whose object is missing did not compile alone
# and is compiled again by itself for its message.
mkdir "$tmp/h"
for h in "$root"/include/*/*.h; do
  checked=$((checked + 1))
  printf '#include "%s"\n' "${h#"$root"/include/}" >"$tmp/h/h$checked.c"
  echo "h$checked ${h#"$root"/include/}" >>"$tmp/h/names"
done
(cd "$tmp/h" && "$cc" "${flags[@]}" -fkeep-inline-functions -O0 -c h*.c 2>/dev/null)
while read -r n rel; do
  [ -e "$tmp/h/$n.o" ] && continue
  printf '#include "%s"\n' "$rel" | "$cc" "${flags[@]}" -fkeep-inline-functions -O0 -x c -c - -o "$tmp/h.o" 2>"$tmp/err"
  echo "FAIL: $rel does not compile on its own: $(head -2 "$tmp/err")"; bad=$((bad + 1))
done <"$tmp/h/names"
# "engine/worker.h worker_stop": the functions each header's inline code calls.
(cd "$tmp/h" && nm -u -A h*.o) | awk -v names="$tmp/h/names" '
  BEGIN { while ((getline l < names) > 0) { split(l, f, " "); rel[f[1] ".o"] = f[2] } }
  { split($1, o, ":"); print rel[o[1]], $NF }' | sort -u >"$tmp/calls"
awk 'FILENAME == ARGV[1] { definers[$2] = definers[$2] " " $1; next }
     FILENAME == ARGV[2] { includes[$1 " " $2] = 1; next }
     FILENAME == ARGV[3] { next_of[$1] = next_of[$1] " " $2; next }
     function own(src, rel,   h) { h = rel; sub(/.*\//, "", h); sub(/\.h$/, "", h); return src == h ".c" }
     # reach(start): start and every file it uses, directly or through others, in
     # breadth-first order, into order[1..n]; returns n.
     function reach(start,   n, i, j, k, to, seen) {
       delete order; seen[start] = 1; order[n = 1] = start
       for (i = 1; i <= n; i++) { k = split(next_of[order[i]], to, " ")
         for (j = 1; j <= k; j++) if (!(to[j] in seen)) { seen[to[j]] = 1; order[++n] = to[j] } }
       return n }
     { rel = $1; fn = $2; k = split(definers[fn], srcs, " ")
       for (s = 1; s <= k; s++) { src = srcs[s]
         if (own(src, rel)) continue
         if ((src " " rel) in includes) { print "FAIL: " rel ": inline code calls " fn ", defined in " src ", which includes " rel; bad++; continue }
         n = reach(src)
         for (i = 1; i <= n; i++) { via = order[i]
           if (own(via, rel)) continue
           if ((via " " rel) in includes) { print "FAIL: " rel ": inline code calls " fn ", defined in " src ", which reaches " via ", which includes " rel; bad++; break } } } }
  ' "$tmp/defs" "$tmp/incs" "$tmp/edges" "$tmp/calls" >"$tmp/found"
cat "$tmp/found"
bad=$((bad + $(wc -l <"$tmp/found")))
layers=0
for layer in "$@"; do
  [ -d "$root/src/$layer" ] || { echo "FAIL: no layer src/$layer"; bad=$((bad + 1)); continue; }
  layers=$((layers + 1))
  (cd "$root/src/$layer" && ls -- *.c) >"$tmp/files"
  awk 'NR == FNR { in_layer[$1] = 1; next } ($1 in in_layer) && ($2 in in_layer)' "$tmp/files" "$tmp/edges" >"$tmp/layer_edges"
  if ! tsort "$tmp/layer_edges" >/dev/null 2>"$tmp/loop"; then
    echo "FAIL: src/$layer: files that use each other: $(sed -n 's/^tsort: \([^ ]*\.c\)$/\1/p' "$tmp/loop" | tr '\n' ' ')"
    bad=$((bad + 1))
  fi
done
echo "$checked headers checked, $layers layers checked, $bad cycles or headers not compiling alone"
[ "$checked" -gt 0 ] && [ "$layers" = $# ] && [ $bad = 0 ]
