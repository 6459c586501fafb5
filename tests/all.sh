#!/usr/bin/env bash
# all.sh: the whole test suite from a fresh clone on Debian 12 as root: installs the
# build dependencies, runs ctest on a release build and an ASan+UBSan build, the MPI
# test on an MPI build, and the engine's tests on a ThreadSanitizer build.
set -euo pipefail
cd "$(dirname "$0")/.."
deps="build-essential cmake flex bison pkg-config libedit-dev libaio-dev liburing-dev libhwloc-dev libjson-c-dev python3 strace e2fsprogs xfsprogs libfuse3-dev fuse3 dbench git"
missing=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' $deps 2>/dev/null | awk '$1 != "ii" {print $2}'; \
          for d in $deps; do dpkg-query -W "$d" >/dev/null 2>&1 || echo "$d"; done)
if [ -n "$missing" ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $deps >/dev/null
fi
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"
# The MPI build (one workload over many ranks) and its tests, under mpirun on this host.
mpideps="openmpi-bin libopenmpi-dev"
if [ "$(dpkg-query -W -f='${db:Status-Abbrev}\n' $mpideps 2>/dev/null | grep -c '^ii')" != 2 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $mpideps >/dev/null
fi
cmake -S . -B build-mpi -DCMAKE_BUILD_TYPE=Release -DFLOWBENCH_MPI=ON >/dev/null
cmake --build build-mpi -j "$jobs" --target flowbench
ctest --test-dir build-mpi --output-on-failure -R '^mpi'
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DFLOWBENCH_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs" \
      -E '^(bench_smoke|layers|header_cycles|engine_prints|unused_functions|bool_params)$'
# (timings mean nothing under ASan; the checks of the source's structure read the
# same text and symbols in every build, and ran on the release build above)
# The engine's tests again under ThreadSanitizer (threads and processes sharing state).
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DFLOWBENCH_TSAN=ON >/dev/null
cmake --build build-tsan -j "$jobs"
TSAN_OPTIONS=halt_on_error=1:exitcode=66 \
    ctest --test-dir build-tsan --output-on-failure -j "$jobs" -R 'engine_effects|faults|flowop_effects|fileset|realfs_io|ioengines|placement|latency_log|openloop|^journal$|accel_steps|io_batching'
