#!/usr/bin/env bash
# bench/mdtest.sh: flowbench's metadata phases (bench/mdtest.f: create, stat,
# open+close, remove of N empty files per rank) against a plain C loop doing
# the same calls on the same names (bench/mdtest_loop.c: mdtest itself is not
# packaged in Debian, `apt-cache search mdtest` finds none), in the same run,
# on tmpfs and on an ext4 loop image under /dev/shm, at 1 and 2 ranks (the
# loop: 1 or 2 processes at once, each in its own directory, the rate over
# the slowest). The two sides alternate, the order reversed every round; the
# summary prints per phase the median ratio flowbench / loop of the rates and
# its spread. flowbench's rate is its JSON's: the phase's ops over the
# global interval. Needs the MPI build (--build-mpi, default ./build-mpi).
#
# Twice: files named by serials (%08u, flowbench's default) and by mdtest's
# names (filenames=file.mdtest.%r.%i; the loop's file.mdtest.K.%u).
#
# usage: bench/mdtest.sh [--rounds N] [--nfiles N] [--build-mpi DIR]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build-mpi
ROUNDS=4
NFILES=20000
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift ;;
    --nfiles) NFILES=$2; shift ;;
    --build-mpi) BUILD=$2; shift ;;
    *) echo "usage: bench/mdtest.sh [--rounds N] [--nfiles N] [--build-mpi DIR]" >&2; exit 2 ;;
    esac
    shift
done
fb=$BUILD/flowbench
command -v mpirun >/dev/null || { echo "SKIP: no mpirun"; exit 77; }
[ -x "$fb" ] || { echo "no $fb: build with -DFLOWBENCH_MPI=ON there" >&2; exit 2; }
w=$(mktemp -d /dev/shm/fbmd.XXXXXX)
img="" mnt="" loopdev=""
cleanup() {
    [ -n "$mnt" ] && umount "$mnt" 2>/dev/null
    [ -n "$loopdev" ] && losetup -d "$loopdev" 2>/dev/null
    rm -rf "$w"
}
trap cleanup EXIT
cc -O2 -o "$w/loop" "$HERE/mdtest_loop.c"
sed 's/prealloc=0$/prealloc=0,filenames=file.mdtest.%r.%i/' "$HERE/mdtest.f" > "$w/mdtest-names.f"

# One side: flowbench's rates per phase ("phase rate" lines).
flowbench_side() { # DIR NP
    rm -rf "$1"/*
    local script=$HERE/mdtest.f
    [ "$NAMES" = mdtest ] && script=$w/mdtest-names.f
    mpirun --oversubscribe --allow-run-as-root -np "$2" "$fb" -f "$script" -D dir="$1" -D nfiles="$NFILES" --quiet --json "$w/fb.json" >/dev/null 2>&1
    python3 - "$w/fb.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["runs"]:
    row = r["flowops"][0]
    print(row["name"], row["ops"] / r["seconds"])
PY
}
loop_side() { # DIR NP
    rm -rf "$1"/*
    for ((k = 0; k < $2; k++)); do mkdir -p "$1/$k"; "$w/loop" "$1/$k" "$NFILES" "$([ "$NAMES" = mdtest ] && echo "file.mdtest.$k.%u" || echo '%08u')" > "$w/loop.$k" & done
    wait
    cat "$w"/loop.[0-9]* | awk -v np="$2" '{ if ($3 > t[$1]) t[$1] = $3; n[$1] += $2 } END { for (p in n) print p, n[p] / t[p] }'
    rm -f "$w"/loop.[0-9]*
}

measure() { # LABEL DIR
    for np in 1 2; do
        : > "$w/ratios"
        for ((r = 0; r < ROUNDS; r++)); do
            if ((r % 2 == 0)); then a=$(flowbench_side "$2" "$np"); b=$(loop_side "$2" "$np")
            else b=$(loop_side "$2" "$np"); a=$(flowbench_side "$2" "$np"); fi
            join <(echo "$a" | sort) <(echo "$b" | sort) | awk '{ printf "%s %.3f\n", $1, $2 / $3 }' >> "$w/ratios"
        done
        python3 - "$w/ratios" "$1" "$np" <<'PY'
import statistics, sys
v = {}
for line in open(sys.argv[1]):
    phase, ratio = line.split()
    v.setdefault(phase, []).append(float(ratio))
for phase in ("create", "stat", "open", "remove"):
    x = sorted(v.get(phase, []))
    if x:
        print(f"{sys.argv[2]:<13} np={sys.argv[3]} {phase:<7} flowbench/loop median {statistics.median(x):.3f} "
              f"({x[0]:.3f}..{x[-1]:.3f}, {len(x)} rounds)")
PY
    done
}

mkdir -p "$w/tmpfs"
for NAMES in serial mdtest; do measure "tmpfs/$NAMES" "$w/tmpfs"; done
if truncate -s 1G "$w/ext4.img" && mkfs.ext4 -q "$w/ext4.img" && loopdev=$(losetup -f --show "$w/ext4.img") \
    && mkdir -p "$w/ext4" && mount "$loopdev" "$w/ext4"; then
    mnt=$w/ext4
    for NAMES in serial mdtest; do measure "ext4/$NAMES" "$w/ext4"; done
else
    echo "SKIP (loudly): no ext4 loop image here (mkfs.ext4, losetup, mount as root)"
fi
