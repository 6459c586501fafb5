#!/usr/bin/env bash
# check_layers.sh ROOT: every #include of src/ and include/ stays within what its
# layer may include, as the "May include:" paragraph of src/LAYER/README.md
# says it (read here, so the two cannot drift), and a system header wrapped by
# one layer (libaio) is included by that layer alone. In that paragraph `x/`
# is the layer x, `x/y.h` one header of it, `y.h` (no slash) a header
# generated into the build directory, and "every other layer" all of them.
set -u
root=${1:-.}
# may_include README: the layers, headers and generated headers, one a line.
may_include() {
  awk '/^May include:/ { on = 1 } on && /^$/ { exit } on { print }' "$1" >"$tmp/para"
  [ -s "$tmp/para" ] || return 1
  if grep -q "every other layer" "$tmp/para"; then
    for d in "$root"/src/*/; do echo "$(basename "$d")/"; done
  fi
  grep -o '`[^`]*`' "$tmp/para" | tr -d '`'
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
declare -A may=()
bad=0 checked=0
for readme in "$root"/src/*/README.md; do
  layer=$(basename "$(dirname "$readme")")
  if ! list=$(may_include "$readme"); then
    echo "FAIL: ${readme#$root/} has no \"May include:\" paragraph"; bad=$((bad + 1)); continue
  fi
  may[$layer]=$(echo $list)
done
# system headers only one layer may include: the rest see its wrapper.
declare -A owner=(
  [libaio.h]=io
  [liburing.h]=io
  [json-c/json.h]=campaign
  [hwloc.h]=place
  [hwloc/glibc-sched.h]=place
  [mpi.h]=dist
  [fuse.h]=powercut
)
# Every include line of every file, read at once ("FILE:#include ..."): a process or
# two per file took seconds.
grep -H '^#include [<"]' "$root"/src/*/*.[ch] "$root"/include/*/*.[ch] >"$tmp/includes"
for dir in "$root"/src/*/ "$root"/include/*/; do
  layer=$(basename "$dir")
  if [ -z "${may[$layer]+set}" ]; then
    echo "FAIL: $dir is no known layer (give src/$layer a README.md with a \"May include:\" paragraph)"; bad=$((bad + 1)); continue
  fi
  case "$dir" in */src/*) [ -f "$dir/README.md" ] || { echo "FAIL: ${dir#$root/} has no README.md"; bad=$((bad + 1)); } ;; esac
done
while IFS= read -r line; do
  f=${line%%:#include *} what=${line#*:#include }
  layer=${f%/*} layer=${layer##*/}
  [ -n "${may[$layer]+set}" ] || continue # named above
  case $what in
  \"*\"*)
    inc=${what#\"} inc=${inc%%\"*}
    checked=$((checked + 1))
    dep=${inc%%/*}/
    [ "$dep" = "$layer/" ] && continue
    ok=0
    for a in ${may[$layer]}; do [ "$a" = "$dep" ] || [ "$a" = "$inc" ] && ok=1; done
    [ $ok = 1 ] || { echo "FAIL: ${f#$root/} includes $inc: layer $layer may include only: ${may[$layer]:-nothing}"; bad=$((bad + 1)); }
    ;;
  \<*\>*)
    sys=${what#<} sys=${sys%%>*}
    [ -n "${owner[$sys]+set}" ] && [ "${owner[$sys]}" != "$layer" ] && {
      echo "FAIL: ${f#$root/} includes <$sys>: only layer ${owner[$sys]} may"; bad=$((bad + 1)); }
    ;;
  esac
done <"$tmp/includes"
while read -r where inc; do
  while IFS= read -r line; do
    f=${line%%:#include *} hit=${line#*:#include \"} hit=${hit%%\"*}
    case $f in "$root/$where" | "$root/$where"/*) ;; *) continue ;; esac
    case $hit in "$inc"*) echo "FAIL: ${f#$root/} includes $hit: $where may never include $inc"; bad=$((bad + 1)) ;; esac
  done < <(grep '^[^:]*:#include "' "$tmp/includes")
done <<'EOF_FORBID'
src/model flowops/
include/model flowops/
src/results flowops/
include/results flowops/
src/report flowops/
include/report flowops/
include/engine/engine.h lang/
src/cli/cmd_verify_tree.c engine/journal.h
src/cli/cmd_verify_tree.c engine/worker.h
EOF_FORBID
echo "$checked includes checked, $bad outside their layer"
[ "$checked" -gt 0 ] && [ $bad = 0 ]
