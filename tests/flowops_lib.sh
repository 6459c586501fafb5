# flowops_lib.sh: what the flowop tests (test_flowops.sh, test_flowop_rates.sh) share:
# reading a run's report lines, counting a tree's files, writing and running one case.
# Sourced after lib.sh; the caller sets $bin and $top.
# Fields of a flowop's report line: NAME <N>ops <r>ops/s <m>mb/s <l>ms/op ...
field_of() { awk -v n="$1" -v f="$2" -v u="$3" '$1 == n { v = $f; sub(u, "", v); print v; exit }' "$4"; }
ops_of() { field_of "$1" 2 ops "$2"; }
rate_of() { field_of "$1" 3 "ops/s" "$2"; }
mbs_of() { field_of "$1" 4 "mb/s" "$2"; }
lat_of() { field_of "$1" 5 "ms/op" "$2"; }
# Ops per second spent in a flowop that waits for events (1000 / its ms/op): its
# rate while the machine ran it. A loaded host may pause the whole VM for half a
# second; a pause at the stop costs ops of the run's rate (the events come after
# the stop) but is no op's latency (the last wait ends without an event).
per_s_waited() { awk -v l="$(lat_of "$1" "$2")" 'BEGIN { if (l + 0 > 0) print 1000 / l }'; }
summary_ops() { awk '{ for (i = 1; i < NF; i++) if ($i == "Summary:") { print $(i + 1); exit } }' "$1"; }
took() { awk '/Run took/ { for (i = 1; i < NF; i++) if ($i == "took") print $(i + 1) }' "$1"; }
# Files of a fileset tree (the marker aside), their total size, and the size of one file.
nfiles() { find "$1" -type f ! -name '.flowbench-fileset' | wc -l; }
nbytes() { find "$1" -type f ! -name '.flowbench-fileset' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }
ndirs() { find "$1" -mindepth 1 -type d | wc -l; }
size_of() { stat -c %s "$1" 2>/dev/null; }

# run NAME: runs $top/NAME/w.f (written by the caller) into out/err; the exit status in $rc.
run() {
    d=$top/$1
    "$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
    rc=$?
}
# run_nofile N NAME: run NAME with at most N descriptors, so a leaked one is an error.
run_nofile() {
    d=$top/$2
    (ulimit -n "$1" && exec "$bin" -f "$d/w.f") >"$d/out" 2>"$d/err"
    rc=$?
}
# new NAME: a fresh directory for a case; the script comes on stdin, $dir set to it.
new() {
    d=$top/$1
    mkdir -p "$d"
    { echo "set \$dir=$d"; cat; } >"$d/w.f"
}
