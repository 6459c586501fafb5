#!/usr/bin/env bash
# test_mlperf_sources.sh FLOWBENCH: every number an mlperf-* header takes from
# MLPerf Storage's and DLIO's sources is the one published there, as copied
# in tests/mlperf_published.txt (source file and line for each): the header
# quotes it with its cite, the quote is in the source line as published, and
# the variable it sets holds that value once the workload is loaded.
set -u
fb=$(realpath "$1")
here=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
wl=$here/../workloads
table=$here/mlperf_published.txt
T=$(mktemp -d /dev/shm/fbmlpsrc.XXXXXX)
trap 'rm -rf "$T"' EXIT
. "$here/lib.sh"

# header W: W's opening comment as one line, "# " and line breaks gone.
header() {
    awk '!/^#/ { exit } { sub(/^# ?/, ""); printf "%s ", $0 }' "$wl/$1.f" | tr -s ' '
}
trim() { sed 's/^ *//; s/ *$//' <<< "$1"; }

mapfile -t rows < <(grep -v '^#' "$table" | grep .)
inputs "rows of $table" "${rows[@]}" || true
declare -A checks
for row in "${rows[@]}"; do
    IFS='|' read -r w var val said src line <<< "$row"
    w=$(trim "$w") var=$(trim "$var") val=$(trim "$val") said=$(trim "$said") src=$(trim "$src") line=$(trim "$line")
    [ -f "$wl/$w.f" ] || { bad "$w" "no workload $w"; continue; }
    header "$w" > "$T/$w.head"
    grep -qF -- "$said" "$T/$w.head" && ok || bad "${w}_says" "the header does not say '$said' (from $src)"
    if [ "$line" != - ]; then
        quote=${said% (*}
        cite=${said##* (}
        cite=${cite%)}
        [[ "$line" == *"$quote"* ]] && ok || bad "${w}_quote" "'$quote' is not in $src as published: '$line'"
        [[ "$src" == *"$cite" ]] && ok || bad "${w}_cite" "the header cites $cite for $src"
    fi
    [ "$var" != - ] && checks[$w]+="echo \"v $var=\$$var\""$'\n'
    [ "$var" != - ] && echo "v $var=$val" >> "$T/$w.want"
done
# The values the variables hold once each workload is loaded.
for w in "${!checks[@]}"; do
    printf 'load %s\n%s' "$w" "${checks[$w]}" > "$T/$w.load.f"
    "$fb" --check -f "$T/$w.load.f" 2>"$T/$w.err" | grep '^v ' | sort -u > "$T/$w.got"
    sort -u "$T/$w.want" > "$T/$w.want.sorted"
    diff "$T/$w.want.sorted" "$T/$w.got" > "$T/$w.diff" && ok ||
        bad "${w}_values" "loaded values differ from the published ones: $(tr '\n' ' ' < "$T/$w.diff") $(head -2 "$T/$w.err")"
done
# Every mlperf-* workload shipped is held to its sources here.
for f in "$wl"/mlperf-*.f; do
    w=$(basename "$f" .f)
    grep -q "^$w |" "$table" && ok || bad "${w}_listed" "$w has no rows in $table"
done

summary
