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
        bad "$name" "--check: $msg"; continue
    fi
    if printf '%s\n' "$msg" | grep -q 'warning:'; then
        bad "$name" "--check warns: $msg"; continue
    fi
    if ! head -1 "$f" | grep -q '^# [^ ]'; then
        bad "$name" "line 1 is not a '# summary' comment"; continue
    fi
    if ! grep -q '^usage "' "$f"; then
        bad "$name" "no usage text"; continue
    fi
    ok
done
summary
