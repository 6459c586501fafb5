#!/usr/bin/env bash
# test_workloads_run.sh BIN WORKLOADS SHRINK [NAME...]: every shipped workload, the
# interactive way (load, set $dir to a fresh directory on tmpfs, shrink, run 1),
# ends with an IO Summary of more than 0 ops; each runs 300 ms (--runtime, over the
# `run 1`): long enough for every personality's first pass. O_DIRECT workloads run under /tmp,
# since tmpfs may refuse O_DIRECT. FLOWBENCH_OPTS adds options to every
# invocation (e.g. "--ioengine io_uring --iodepth 8").
set -u
bin=$1 dir=$2 shrink=$3
shift 3
pass=0 fail=0
length=300ms
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
top=$(mktemp -d /dev/shm/flowbench-wl.XXXXXX)
disk=$(mktemp -d /tmp/flowbench-wl.XXXXXX)
trap 'rm -rf "$top" "$disk"' EXIT
names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(cd "$dir" && ls *.f 2>/dev/null | sed 's/\.f$//'))
inputs "workloads in $dir" "${names[@]}" &&
for name in "${names[@]}"; do
    sets=$(sed -n "s/^$name: //p" "$shrink")
    [ -n "$sets" ] || sets=$(sed -n 's/^default: //p' "$shrink")
    base=$top
    case $name in *direct*) base=$disk ;; esac
    mkdir -p "$base/$name"
    input="load $name"$'\n'"set \$dir=$base/$name"$'\n'"${sets//; /$'\n'}"$'\n'"run 1"$'\n'
    out=$(printf '%s' "$input" | timeout 60 "$bin" --runtime "$length" ${FLOWBENCH_OPTS:-} --workloads "$dir" 2>&1)
    rc=$?
    ops=$(printf '%s\n' "$out" | sed -n 's/.*IO Summary: *\([0-9]*\) ops.*/\1/p' | tail -1)
    if [ $rc -eq 0 ] && [ "${ops:-0}" -gt 0 ]; then
        ok
    else
        bad "$name" "exit $rc, IO Summary ops '${ops}'"
        printf '%s\n' "$out" | tail -5 | sed 's/^/    /'
    fi
    rm -rf "${base:?}/$name"
done
summary
