# bench/measure.sh: what run.sh and setup.sh share (sourced, not run): how a
# measured command is started, and how rounds are summed up against a target.

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
