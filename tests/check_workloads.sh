#!/usr/bin/env bash
# check_workloads.sh BIN DIR: every shipped workload passes --check unchanged and
# without a warning (no attribute its flowop does not use), and has a one-line
# summary and usage text (shown by `load`).
set -u
bin=$1 dir=$2
pass=0 fail=0
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
inputs "workloads in $dir" "$dir"/*.f &&
for f in "$dir"/*.f; do
    name=$(basename "$f" .f)
    if ! msg=$(timeout 20 "$bin" --check -f "$f" 2>&1 >/dev/null); then
        echo "FAIL $name: --check: $msg"; fail=$((fail + 1)); continue
    fi
    if printf '%s\n' "$msg" | grep -q 'warning:'; then
        echo "FAIL $name: --check warns: $msg"; fail=$((fail + 1)); continue
    fi
    if ! head -1 "$f" | grep -q '^# [^ ]'; then
        echo "FAIL $name: line 1 is not a '# summary' comment"; fail=$((fail + 1)); continue
    fi
    if ! grep -q '^usage "' "$f"; then
        echo "FAIL $name: no usage text"; fail=$((fail + 1)); continue
    fi
    pass=$((pass + 1))
done
summary
