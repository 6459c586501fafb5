# bench/measure.sh: what the bench scripts share (sourced, not run): how a
# measured command is started, how rounds are summed up against a target, and
# the options and set-up of the read benches.

# Runs "$@", boosted when BOOST=1: in a session of its own whose autogroup has
# nice -10 (root only; see --boost in either script).
measured() {
    if [ "${BOOST:-0}" = 1 ]; then
        setsid --wait bash -c 'echo -10 > /proc/self/autogroup && exec "$@"' measured "$@"
    else
        "$@"
    fi
}

# "median min max" of the arguments; "- - -" without any
summary() {
    [ $# -gt 0 ] || { echo "- - -"; return; }
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "- - -"; exit }
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.3f %.3f %.3f\n", m, v[1], v[NR] }'
}

fmt() { # "median min max" -> "0.962 (0.951..0.970)"
    awk '{ if ($1 == "-") print "-"; else printf "%.3f (%.3f..%.3f)\n", $1, $2, $3 }' <<<"$1"
}

# verdict WHAT MEDIAN OP LIMIT, OP one of < >=: "target: WHAT: met|NOT met (median M)"
verdict() {
    awk -v what="$1" -v v="$2" -v op="$3" -v lim="$4" 'BEGIN {
        ok = op == "<" ? v < lim : v >= lim
        printf "target: %s: %s (median %s)\n", what, (ok ? "met" : "NOT met"), v }'
}

# read_bench_setup NAME EXTRA "$@": the options of the read benches
# (latlog.sh, choose.sh): --rounds, --secs, --dir, --build, --boost, --help,
# and the flag EXTRA when not empty (it sets EXTRA_SET=1); then checks $FB,
# makes DIR, and a fresh WORK directory, removing both (only what the runs
# made) on exit. ROUNDS, SECS, DIR, BUILD and BOOST hold the defaults.
read_bench_setup() {
    local name=$1 extra=$2
    shift 2
    EXTRA_SET=0
    while [ $# -gt 0 ]; do
        case $1 in
        --rounds) ROUNDS=$2; shift ;;
        --secs) SECS=$2; shift ;;
        --dir) DIR=$2; shift ;;
        --build) BUILD=$2; shift ;;
        --boost) BOOST=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) [ -n "$extra" ] && [ "$1" = "$extra" ] || { echo "bench/$name: unknown argument '$1' (see --help)" >&2; exit 2; }
           EXTRA_SET=1 ;;
        esac
        shift
    done
    FB=$BUILD/flowbench
    [ -x "$FB" ] || { echo "bench/$name: no $FB; build first (cmake --build build)" >&2; exit 2; }
    mkdir -p "$DIR"
    WORK=$(mktemp -d)
    trap read_bench_cleanup EXIT
}

read_bench_cleanup() {
    rm -rf "$WORK" "$DIR"/readfile # only what the runs created
    rmdir "$DIR" 2>/dev/null || true
}
