#!/usr/bin/env bash
# check_error_channels.sh ROOT: a public function that can fail reports through a
# caller-owned struct diag (base/diag.h), never a char buffer and its length or a
# `const char **why`: one convention, so a caller can place, wrap or print any error.
set -u
root=$1
hits=$(grep -rnE '(char \*(why|err|msg|errbuf|error)[a-z]*, *size_t)|(const char \*\*(why|err|msg))' "$root/include")
n=$(find "$root/include" -name '*.h' | wc -l)
echo "$n headers checked"
[ "$n" -gt 0 ] || { echo "FAIL: no headers under $root/include"; exit 1; }
[ -z "$hits" ] && exit 0
echo "$hits" | sed 's/^/FAIL: an error channel beside struct diag: /'
exit 1
