#!/usr/bin/env bash
# check_layers.sh ROOT: every #include of src/ and include/ stays within what its
# layer may include (the table below, as each folder's README states it), so the
# layers depend one way: language -> model -> engine -> I/O, reports read results;
# and a system header wrapped by one layer (libaio) is included by that layer alone.
set -u
root=${1:-.}
# layer: the layers (or single headers) it may include besides itself.
declare -A may=(
  [base]=""
  [lang]="base"
  [model]="base lang flowops/flowop.h io/ioengine.h"
  [results]="base flowops/flowop.h"
  [fileset]="base lang model"
  [io]="base"
  [sysstat]="base results"
  [place]="base lang model"
  [dist]="base"
  [engine]="base lang model results fileset io sysstat place dist flowops/flowop.h"
  [flowops]="base lang model results fileset io engine"
  [report]="base lang model results flowops/flowop.h"
  [campaign]="base lang results report sysstat"
  [cli]="base lang model results fileset io sysstat place flowops engine report campaign dist"
)
# system headers only one layer may include: the rest see its wrapper.
declare -A owner=(
  [libaio.h]=io
  [liburing.h]=io
  [json-c/json.h]=campaign
  [hwloc.h]=place
  [hwloc/glibc-sched.h]=place
  [mpi.h]=dist
)
bad=0 checked=0
for dir in "$root"/src/*/ "$root"/include/*/; do
  layer=$(basename "$dir")
  if [ -z "${may[$layer]+set}" ]; then
    echo "FAIL: $dir is no known layer (add it to tests/check_layers.sh and give it a README)"; bad=$((bad + 1)); continue
  fi
  case "$dir" in */src/*) [ -f "$dir/README.md" ] || { echo "FAIL: ${dir#$root/} has no README.md"; bad=$((bad + 1)); } ;; esac
  for f in "$dir"*.[ch]; do
    [ -e "$f" ] || continue
    while IFS= read -r inc; do
      checked=$((checked + 1))
      dep=${inc%%/*}
      [ "$inc" = "$dep" ] && continue          # generated parser.h / lexer.h
      [ "$dep" = "$layer" ] && continue
      ok=0
      for a in ${may[$layer]}; do [ "$a" = "$dep" ] || [ "$a" = "$inc" ] && ok=1; done
      [ $ok = 1 ] || { echo "FAIL: ${f#$root/} includes $inc: layer $layer may include only: ${may[$layer]:-nothing}"; bad=$((bad + 1)); }
    done < <(sed -n 's/^#include "\(.*\)"/\1/p' "$f")
    while IFS= read -r sys; do
      [ -n "${owner[$sys]+set}" ] && [ "${owner[$sys]}" != "$layer" ] && {
        echo "FAIL: ${f#$root/} includes <$sys>: only layer ${owner[$sys]} may"; bad=$((bad + 1)); }
    done < <(sed -n 's/^#include <\(.*\)>/\1/p' "$f")
  done
done
echo "$checked includes checked, $bad outside their layer"
[ "$checked" -gt 0 ] && [ $bad = 0 ]
