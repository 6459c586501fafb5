#!/usr/bin/env bash
# all.sh: the whole test suite from a fresh clone on Debian 12 as root: installs the
# build dependencies, runs ctest on a release build (with the MPI tests, on the
# flowbench-mpi it builds beside flowbench) and an ASan+UBSan build, and the engine's
# tests on a ThreadSanitizer build.
# Each stage prints its wall time and the load average, so a CI log shows where the
# time goes (docs/testing.md: what runs, and how long it takes).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
# ctest counts half cores: each test's PROCESSORS (tests/CMakeLists.txt) says how many
# it keeps busy, so tests that mostly wait run two to a core.
slots=$((2 * jobs))
# stage NAME CMD...: CMD, then its wall time.
stage() {
    local name=$1 t=$SECONDS
    shift
    echo "== $name"
    "$@"
    echo "== $name: $((SECONDS - t)) s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
}
# Everything the builds and the tests use, installed at once (one apt-get update); the
# tests install nothing themselves, and a tool missing skips its case (exit 77, lib.sh's
# need). MPI for flowbench-mpi and mpirun, chromium for the HTML tests, strace for the
# system-call checks, mount (losetup), e2fsprogs and xfsprogs for the loop-device file
# systems, fuse3 for flowbench-powercut, dbench, git and tar for the recorded programs,
# fio for its iologs, valgrind (callgrind) for the instruction ledger.
deps="build-essential cmake flex bison pkg-config libedit-dev libaio-dev liburing-dev libhwloc-dev libjson-c-dev python3 strace mount bonnie++ e2fsprogs xfsprogs libfuse3-dev fuse3 dbench fio git tar valgrind openmpi-bin libopenmpi-dev chromium"
install_missing() {
    local missing
    missing=$(for d in $deps; do
        [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$d" 2>/dev/null)" = "ii " ] || echo "$d"
    done)
    [ -n "$missing" ] || { echo "all installed"; return 0; }
    echo "installing:" $missing
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
}
# Every build of the suite turns warnings into errors (a user's build does not: a newer
# compiler's new warning must not stop an install).
werror=-DCMAKE_COMPILE_WARNING_AS_ERROR=ON
release_build() {
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release $werror >/dev/null
    cmake --build build -j "$jobs"
    # MPI is installed above, so its tests must be there: never skipped unseen
    [ -x build/flowbench-mpi ] || { echo "FAIL: no build/flowbench-mpi: CMake did not find MPI"; return 1; }
}
# The other two builds, one after the other, at the lowest priority while the release
# tests run: many of those tests wait on timed runs, sleeps and child processes and leave
# the cores idle, and nice 19 gives the cores back to a test that wants them.
other_builds() {
    cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DFLOWBENCH_SANITIZE=ON $werror >/dev/null
    cmake --build build-asan -j "$jobs"
    cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DFLOWBENCH_TSAN=ON $werror >/dev/null
    # only what the TSan tests below run: flowbench and the fileset unit test
    cmake --build build-tsan -j "$jobs" --target flowbench test_fileset
}
wait_builds() {
    local rc=0
    wait "$builds" || rc=$?
    builds=
    [ $rc = 0 ] || { tail -40 build/other-builds.log; echo "FAIL: the ASan or TSan build (build/other-builds.log)"; return $rc; }
}

suite=$SECONDS
stage "dependencies" install_missing
stage "release build" release_build
# In a process group of its own (set -m), so that a failing stage ends the whole build with it.
set -m
other_builds >build/other-builds.log 2>&1 </dev/null &
builds=$!
set +m
trap '[ -z "$builds" ] || kill -- "-$builds" 2>/dev/null || true' EXIT
renice -n 19 -p "$builds" >/dev/null
# Each stage runs what its build checks best (the labels in tests/CMakeLists.txt): the
# functional tests only under ASan+UBSan below, the rest here.
stage "release tests" ctest --test-dir build --output-on-failure -j "$slots" -LE '^functional$'
stage "ASan and TSan builds (the rest of them)" wait_builds
# Every test but the release ones (the checks of the source's structure read the same
# text and symbols in every build, install_package the same install rules; timings mean
# nothing under ASan, and MPI is not in this build).
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    stage "ASan+UBSan tests" ctest --test-dir build-asan --output-on-failure -j "$slots" -LE '^release$'
# The engine's tests again under ThreadSanitizer (threads and processes sharing state:
# each flowop, the engines, faults, rates, the open loop, the journal, contention).
TSAN_OPTIONS=halt_on_error=1:exitcode=66 \
    stage "TSan tests" ctest --test-dir build-tsan --output-on-failure -j "$slots" -L '^engine$'
echo "== whole suite: $((SECONDS - suite)) s"
