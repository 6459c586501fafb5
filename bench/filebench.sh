#!/usr/bin/env bash
# bench/filebench.sh: flowbench against classic FileBench on its own
# personalities (varmail, fileserver, webserver, webproxy, randomread), the
# same script for both, in the same rounds, the order reversed every round.
#
# Each workload is FileBench's own .f file, found beside the `filebench` on
# PATH (PREFIX/share/filebench/workloads), with the same changes for both
# sides: $dir on the bench's file system, the run `run SECS`, and the sizes
# below made smaller so that a round stays short. Each side has its own
# directory (flowbench never touches a tree it did not make). FileBench runs
# as `setarch x86_64 -R filebench -f W.f` (it hangs with ASLR on).
#
# Both print the classic "IO Summary: N ops X ops/s ... Y ms/op" line; the
# figures are its ops/s and ms/op. Per workload: the ratio flowbench/FileBench
# of ops/s, round by round (median, min..max), and of ms/op (lower is faster).
# FileBench gives no CPU per op, so none is compared.
#
# FileBench is not part of this project and is not built by it: without a
# `filebench` on PATH the script says so and measures nothing.
#
# usage: bench/filebench.sh [--rounds N] [--secs S] [--dir DIR] [--build DIR] [--full] [--boost] [WORKLOAD...]
#   --boost   every measured command (both sides alike) in a session of its own whose
#             autogroup has nice -10 (root only; see bench/run.sh --help)
#   --full    FileBench's own sizes throughout: a 5 GiB randomread file (512 MiB otherwise)
#             and varmail's 1000 files (10,000 otherwise: with 1000, FileBench's varmail
#             often stops early, "could not obtain a file", and prints no summary; so does
#             its fileserver or webproxy with fewer files than its own 10,000). A side that
#             prints no IO Summary leaves its round out, and says so.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BUILD=$ROOT/build
ROUNDS=3
SECS=5
BASE_DIR=""
FULL=0
BOOST=0
WORKLOADS=()
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift ;;
    --secs) SECS=$2; shift ;;
    --dir) BASE_DIR=$2; shift ;;
    --build) BUILD=$2; shift ;;
    --full) FULL=1 ;;
    --boost) BOOST=1 ;;
    varmail|fileserver|webserver|webproxy|randomread) WORKLOADS+=("$1") ;;
    -h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/filebench.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ ${#WORKLOADS[@]} -gt 0 ] || WORKLOADS=(varmail fileserver webserver webproxy randomread)
FB=$(realpath "$BUILD/flowbench")

CLASSIC=${FILEBENCH:-$(command -v filebench || true)}   # FILEBENCH=path: a build not on PATH
if [ -z "$CLASSIC" ]; then
    echo "bench/filebench.sh: SKIPPED, nothing measured: no classic \`filebench\` on PATH and no FILEBENCH=path." >&2
    echo "  Build FileBench outside this project (see docs/performance.md) and put it on PATH." >&2
    exit 0
fi
CLASSIC_WL=$(dirname "$(dirname "$(readlink -f "$CLASSIC")")")/share/filebench/workloads
[ -d "$CLASSIC_WL" ] || { echo "bench/filebench.sh: no workloads beside $CLASSIC ($CLASSIC_WL)" >&2; exit 1; }
command -v setarch >/dev/null || { echo "bench/filebench.sh: setarch is needed (util-linux)" >&2; exit 1; }

# shellcheck source=bench/measure.sh
. "$HERE/measure.sh"

WORK=$(mktemp -d /tmp/flowbench-vsfb.XXXXXX)
[ -n "$BASE_DIR" ] || BASE_DIR=$(mktemp -d /dev/shm/flowbench-vsfb.XXXXXX)
DIR=$(mktemp -d "$BASE_DIR/vsfb.XXXXXX")
trap 'rm -rf "$WORK" "$DIR"; rmdir "$BASE_DIR" 2>/dev/null || true' EXIT

# script WORKLOAD SIDE: FileBench's script with this bench's changes, for SIDE's directory.
script() {
    local out=$WORK/$1-$2.f small=()
    [ $FULL = 1 ] || small=(-e 's|^set \$filesize=5g$|set $filesize=512m|')
    # FileBench's varmail stops early ("could not obtain a file") when 1000 files turn over fast
    [ "$1" != varmail ] || small+=(-e 's|^set \$nfiles=1000$|set $nfiles=10000|')
    mkdir -p "$DIR/$2-$1"
    sed -e "s|^set \$dir=.*|set \$dir=$DIR/$2-$1|" -e '/^run\b/d' "${small[@]}" "$CLASSIC_WL/$1.f" >"$out"
    echo "run $SECS" >>"$out"
    echo "$out"
}

# rates LIST: "median (min..max)" of a list of rates, or "-" when it has none
rates() {
    # shellcheck disable=SC2086
    [ -n "$(figures "$1" | tr -d ' ')" ] || { echo -; return; }
    awk '{ printf "%.0f (%.0f..%.0f)", $1, $2, $3 }' <<<"$(summary $(figures "$1"))"
}

# summary_of LOG: "ops/s ms/op" from the IO Summary line.
summary_of() {
    awk '/IO Summary:/ { for (i = 1; i <= NF; i++) { if ($i == "ops/s") r = $(i - 1); if ($i ~ /ms\/op$/) { l = $i; sub(/ms\/op$/, "", l) } } }
         END { if (r == "") exit 1; print r, l }' "$1"
}

# side WORKLOAD SIDE: runs it; prints "ops/s ms/op".
side() {
    local f log=$WORK/$1-$2.log
    f=$(script "$1" "$2")
    case $2 in
    flowbench) measured timeout $((SECS + 300)) "$FB" -f "$f" >"$log" 2>&1 || true ;;
    filebench) measured timeout $((SECS + 300)) setarch x86_64 -R "$CLASSIC" -f "$f" >"$log" 2>&1 || true ;;
    esac
    summary_of "$log" && return
    echo "bench/filebench.sh: $2 on $1 printed no IO Summary (the round is left out):" >&2
    tail -4 "$log" >&2
    echo "- -"
}

echo "flowbench: $FB"
echo "filebench: $CLASSIC ($(setarch x86_64 -R "$CLASSIC" -h 2>&1 | grep -m1 -io 'filebench version [0-9a-z.-]*' || echo 'version unknown'))"
echo "workloads: $CLASSIC_WL$([ $FULL = 1 ] || echo ', smaller sizes (see --help)')"
echo "files in $DIR; $ROUNDS rounds of $SECS s per side; $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)$([ $BOOST = 1 ] && echo '; boosted')"
declare -A RATE LAT
for ((round = 0; round < ROUNDS; round++)); do
    order=(flowbench filebench)
    [ $((round % 2)) = 0 ] || order=(filebench flowbench)
    for w in "${WORKLOADS[@]}"; do
        for s in "${order[@]}"; do
            read -r rate lat < <(side "$w" "$s")
            RATE[$w,$s]="${RATE[$w,$s]:-} $rate"
            LAT[$w,$s]="${LAT[$w,$s]:-} $lat"
            echo "$w round $((round + 1)): $s $rate ops/s $lat ms/op"
        done
    done
done

# ratio_list A B: the element-wise ratios of two lists of numbers ("-": a round left out)
ratio_list() {
    paste <(tr ' ' '\n' <<<"$1" | sed '/^$/d') <(tr ' ' '\n' <<<"$2" | sed '/^$/d') |
        awk '$1 != "-" && $2 != "-" && $2 > 0 { printf "%f ", $1 / $2 }'
}
# figures LIST: the numbers of a list, without the rounds left out
figures() { tr ' ' '\n' <<<"$1" | grep -v '^-*$' | tr '\n' ' '; }
echo
printf '%-11s %-26s %-26s %-26s %s\n' workload "flowbench ops/s" "filebench ops/s" "ops/s flowbench/filebench" "ms/op flowbench/filebench"
for w in "${WORKLOADS[@]}"; do
    # shellcheck disable=SC2086
    printf '%-11s %-26s %-26s %-26s %s\n' "$w" \
        "$(rates "${RATE[$w,flowbench]}")" "$(rates "${RATE[$w,filebench]}")" \
        "$(fmt "$(summary $(ratio_list "${RATE[$w,flowbench]}" "${RATE[$w,filebench]}"))")" \
        "$(fmt "$(summary $(ratio_list "${LAT[$w,flowbench]}" "${LAT[$w,filebench]}"))")"
done
