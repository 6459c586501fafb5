#!/usr/bin/env bash
# bench/mpi.sh: what MPI costs between the barriers (issue 16): on this host,
# 8 KiB random reads of a cached file on tmpfs, two MPI ranks of one thread
# each (mpirun -np 2) against one rank of two threads, the same workload
# otherwise. The two sides alternate, the order reversed every round; each
# round gives the ratio of ops/s (the JSON summary's: over two ranks, over the
# global interval from the earliest start to the latest stop), and the summary
# prints its median and spread (min..max). Target: the median >= 0.95.
# A third side, the control: the same two one-thread processes started side
# by side without mpirun (each in the rank directory it has under mpirun);
# 2 ranks / those two is what the MPI layer itself costs, apart from what
# two processes cost against two threads.
#
# It uses the MPI build (-DFLOWBENCH_MPI=ON) in --build-mpi, configured and
# built there when it holds no flowbench; without mpirun (Debian's
# openmpi-bin) or MPI's headers it says so and exits 77 (skipped).
#
# usage: bench/mpi.sh [--rounds N] [--secs S] [--dir DIR] [--build-mpi DIR] [--boost]
#   --dir        where the files go (default: a new folder under /dev/shm, removed after)
#   --build-mpi  the MPI build directory (default ./build-mpi)
#   --boost      each measured command in a session of its own with nice -10
#                (root only; see bench/run.sh)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build-mpi
DIR=""
ROUNDS=6
SECS=3
BOOST=0

while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift ;;
    --secs) SECS=$2; shift ;;
    --dir) DIR=$2; shift ;;
    --build-mpi) BUILD=$2; shift ;;
    --boost) BOOST=1 ;;
    *) echo "usage: bench/mpi.sh [--rounds N] [--secs S] [--dir DIR] [--build-mpi DIR] [--boost]" >&2; exit 2 ;;
    esac
    shift
done

. "$HERE/measure.sh"

skip() { echo "SKIPPED: bench/mpi.sh: $*" >&2; exit 77; }
command -v mpirun >/dev/null || skip "no mpirun (install Debian's openmpi-bin libopenmpi-dev)"
if [ ! -x "$BUILD/flowbench" ]; then
    command -v mpicc >/dev/null || skip "no MPI build in $BUILD and no mpicc to make one"
    echo "building the MPI flavour in $BUILD"
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DFLOWBENCH_MPI=ON >/dev/null
    cmake --build "$BUILD" -j2 --target flowbench >/dev/null
fi
FB=$BUILD/flowbench

TMP=$(mktemp -d /dev/shm/fbmpibench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
[ -n "$DIR" ] || DIR=$TMP/files
mkdir -p "$DIR" "$TMP/ompi"
# OpenMPI's shared-memory segments and session folders in our own folder.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_plm_rsh_agent= \
    OMPI_MCA_btl_vader_backing_directory="$TMP/ompi" OMPI_MCA_orte_tmpdir_base="$TMP/ompi"

# workload THREADS: 8 KiB random reads of a cached 64 MiB file per rank, THREADS threads.
workload() {
    cat <<F
set \$dir=$DIR
define file name=readfile,path=\$dir,size=64m,prealloc,reuse,cached
define process name=reader {
  thread name=readthread,memsize=5m,instances=$1 {
    flowop read name=read1,filename=readfile,iosize=8k,random
  }
}
run $SECS
F
}
workload 2 >"$TMP/one.f"
workload 1 >"$TMP/two.f"

# side NAME: one measured run; prints its ops/s.
side() {
    local out=$TMP/$1.json
    case $1 in
    one) measured "$FB" --quiet -f "$TMP/one.f" --json "$out" >"$TMP/$1.log" 2>&1 ;;
    two) measured mpirun --oversubscribe --allow-run-as-root -np 2 "$FB" --quiet -f "$TMP/two.f" --json "$out" >"$TMP/$1.log" 2>&1 ;;
    procs) measured bash -c '"$1" --quiet -f "$2" -D dir="$3/rank-0000" --json "$4.0" & p=$!
                             "$1" --quiet -f "$2" -D dir="$3/rank-0001" --json "$4.1"; r=$?; wait $p && exit $r' \
               procs "$FB" "$TMP/two.f" "$DIR" "$out" >"$TMP/$1.log" 2>&1 ;;
    esac || { echo "bench/mpi.sh: the $1 side failed: $(tail -3 "$TMP/$1.log")" >&2; exit 1; }
    local files=("$out")
    [ "$1" != procs ] || files=("$out.0" "$out.1")
    python3 -c "import json,sys; print(sum(json.load(open(f))['runs'][-1]['summary']['ops_per_s'] for f in sys.argv[1:]))" "${files[@]}"
}

side one >/dev/null # the files, made and cached once
side two >/dev/null
side procs >/dev/null
ratios=() layer=()
printf '%-6s %14s %14s %14s %8s %8s\n' round "1 rank x 2" "2 ranks x 1" "2 processes" ratio layer
for ((r = 1; r <= ROUNDS; r++)); do
    if ((r % 2)); then a=$(side one); b=$(side two); c=$(side procs); else c=$(side procs); b=$(side two); a=$(side one); fi
    ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", (a > 0 ? b / a : 0) }')
    lr=$(awk -v c="$c" -v b="$b" 'BEGIN { printf "%.3f", (c > 0 ? b / c : 0) }')
    ratios+=("$ratio") layer+=("$lr")
    printf '%-6s %14.0f %14.0f %14.0f %8s %8s\n' "$r" "$a" "$b" "$c" "$ratio" "$lr"
done
s=$(summary "${ratios[@]}")
l=$(summary "${layer[@]}")
echo "ops/s of 2 ranks x 1 thread / the same 2 processes without MPI (the MPI layer): $(fmt "$l")"
echo "ops/s of 2 ranks x 1 thread / 1 rank x 2 threads: $(fmt "$s")"
verdict "MPI ranks against threads (>= 0.95)" "${s%% *}" ">=" 0.95
