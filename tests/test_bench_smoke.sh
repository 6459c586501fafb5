#!/usr/bin/env bash
# test_bench_smoke.sh BUILD_DIR: one quick round of bench/run.sh (flowbench, the
# floor, classic FileBench when installed) in a directory of its own, so that two
# checkouts' suites running at once do not meet in one fixed directory.
set -u
parent=/dev/shm
[ -d "$parent" ] || parent=${TMPDIR:-/tmp}
d=$(mktemp -d "$parent/flowbench-bench.XXXXXX") || exit 1
trap 'rm -rf "$d"' EXIT
"$(dirname "${BASH_SOURCE[0]}")/../bench/run.sh" --quick --rounds 1 --no-fio --build "$1" --dir "$d"
