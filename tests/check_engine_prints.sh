#!/usr/bin/env bash
# check_engine_prints.sh ROOT LIB: the engine prints no line itself: every line
# of a run goes through the run's writer table (engine.h: struct run_writer),
# and diagnostics through base's diag_printf to the run's error stream
# (e->run->err), never to stdout or stderr named directly. No object of src/engine/ in LIB
# (libfbcore.a) calls a stdio output function, but latlog_file.c, which writes
# the latency log's own file (its records, not lines of the run).
set -u
root=$1 lib=$2
allowed="latlog_file.c"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root/src/engine" && ls -- *.c) >"$tmp/engine"
nm -u "$lib" | awk '/:$/ { obj = substr($1, 1, length($1) - 3); next } NF == 2 && $1 == "U" { print obj, $2 }' >"$tmp/uses"
[ -s "$tmp/uses" ] || { echo "FAIL: no symbols used in $lib"; exit 1; }
awk 'NR == FNR { engine[$1] = 1; next } ($1 in engine)' "$tmp/engine" "$tmp/uses" |
  grep -E ' (__)?v?f?printf(_chk)?$| f?puts(_unlocked)?$| f?putc(_unlocked)?$| putchar$| fwrite(_unlocked)?$| stdout$| stderr$' >"$tmp/prints"
bad=0 checked=$(wc -l <"$tmp/engine")
while read -r obj fn; do
  case " $allowed " in *" $obj "*) continue ;; esac
  echo "FAIL: src/engine/$obj uses $fn: print through the run's writer (e->run->writer) or diag_printf(e->run->err, ...)"
  bad=$((bad + 1))
done <"$tmp/prints"
echo "$checked engine files checked, $bad printing outside the run's writer"
[ "$checked" -gt 0 ] && [ $bad = 0 ]
