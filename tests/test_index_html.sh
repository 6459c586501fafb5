#!/usr/bin/env bash
# test_index_html.sh BIN: a results tree's index.html (`flowbench index TREE`)
# over hand-made trees (tests/campaign/make_tree.py): a 2x2 sweep with repeats
# and a 1-variable sweep. The page is self-contained, links every point to its
# run, and headless Chromium (Debian's chromium, installed if missing) draws its
# charts with no script error. Exit 77 (skipped) only when Chromium cannot be had.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-index.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
count() { grep -o -- "$1" "$2" | wc -l; }

python3 "$here/campaign/make_tree.py" "$top/two" "nthreads=1,4;iosize=4k,64k" 3
python3 "$here/campaign/make_tree.py" "$top/one" "nthreads=1,2,8" 1
mkdir -p "$top/one/cfg/nthreads=2/report" && echo '<html></html>' >"$top/one/cfg/nthreads=2/report/index.html"

# ---- the page as written ------------------------------------------------------
for t in two one; do
    out=$("$bin" index "$top/$t" 2>&1)
    expect_eq "index_$t" "$?:$out" "0:wrote $top/$t/index.html"
    page=$top/$t/index.html
    [ -s "$page" ] && [ ! -e "$page.tmp" ] && ok || bad "page_$t" "no $page, or its .tmp left"
    # Self-contained: no URL but the SVG namespace, no external script or style.
    others=$(grep -Eo '(https?:)?//[A-Za-z0-9.-]+' "$page" | grep -v '^http://www.w3.org$' | sort -u | tr '\n' ' ')
    expect_eq "self_contained_$t" "$others" ""
    grep -Eq '<(script|link|img)[^>]* (src|href)=' "$page" && bad "self_contained_$t" "fetches something" || ok
done
expect_eq rows_two "$(count '<tr class="ok">' "$top/two/index.html")" 4
expect_eq rows_one "$(count '<tr class="ok">' "$top/one/index.html")" 3
grep -q '<td class="n" title="mean of 3, ±95% confidence interval">15,000 ±745.3</td>' "$top/two/index.html" && ok ||
    bad ci_cell "no mean ± ci95 cell for ops/s of the 64k point"
grep -q 'loop0: 12.5 read MB/s 3 write MB/s 0.5 await ms 40 util %' "$top/two/index.html" && ok || bad devices "no device figures"
grep -q 'Campaign fixture &lt;sweep&gt;</h1>' "$top/two/index.html" && ok || bad escaped "the profile's name is not escaped"
# Links: the repeat's results.json, the point's run report when there is one.
grep -q '<a href="cfg/nthreads=4,iosize=64k/repeat-1/results.json">' "$top/two/index.html" && ok || bad link_repeat "no link to repeat-1"
grep -q '<a href="cfg/nthreads=2/report/index.html">report</a>' "$top/one/index.html" && ok || bad link_report "no link to the report"
grep -q '<a href="cfg/nthreads=8/results.json">' "$top/one/index.html" && ok || bad link_results "no link to results.json"
while IFS= read -r l; do
    f=${l%%:*} h=${l#*href=\"}; h=${h%\"}
    [ -e "$(dirname "$f")/$h" ] || bad link_target "$f links to $h, which is not there"
done < <(grep -o 'href="[^"]*"' "$top/two/index.html" "$top/one/index.html")
out=$("$bin" index "$top/nope" 2>&1)
expect_eq index_bad_input "$?" 2
grep -q "cannot read $top/nope" <<<"$out" && ok || bad index_message "$out"

# ---- in Chromium -----------------------------------------------------------------
browser=$(command -v chromium || true)
if [ -z "$browser" ] && [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1
    browser=$(command -v chromium || true)
fi
if [ -z "$browser" ]; then
    echo "SKIPPED: Chromium (Debian's chromium package) cannot be installed: index.html was not loaded in a browser"
    echo "$pass passed, $fail failed"
    [ $fail = 0 ] && exit 77
    exit 1
fi
# dump TREE: the DOM once the page's script ran, and Chromium's log.
dump() {
    timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$top/profile-$1" \
        --enable-logging=stderr --v=0 --dump-dom "file://$top/$1/index.html" >"$top/$1.dom" 2>"$top/$1.log"
}
for t in two one; do
    dump "$t" || bad "chromium_$t" "exit $?: $(tail -3 "$top/$t.log")"
    grep -i 'uncaught' "$top/$t.log" && bad "script_error_$t" "the page's script failed" || ok
done
# two: a chart per figure (ops/s, MB/s, p99, and the file system's device: read MB/s,
# write MB/s, util %) per swept variable, each a line per value of the other (2 points
# each, 4 per chart), with error bars where repeats differ; and two heat maps (2x2).
expect_eq drawn_two "$(grep -o 'data-drawn="[0-9]*">drawn [0-9]* charts' "$top/two.dom")" 'data-drawn="14">drawn 14 charts'
expect_eq charts_two "$(count '<svg class="chart"' "$top/two.dom")" 14
expect_eq points_two "$(count '<circle class="pt"' "$top/two.dom")" 48
expect_eq lines_two "$(count '<path class="line"' "$top/two.dom")" 24
expect_eq errbars_two "$(count '<line class="err"' "$top/two.dom")" 72
expect_eq cells_two "$(count '<rect class="cell"' "$top/two.dom")" 8
grep -q 'ops/s against iosize' "$top/two.dom" && grep -q 'cfg: ops/s, nthreads x iosize' "$top/two.dom" &&
    grep -q 'device util % against nthreads' "$top/two.dom" && ok ||
    bad titles_two "chart titles missing"
# one: six charts (three of the workload, three of its device) of 3 points, no error
# bar (no repeats), no heat map.
expect_eq drawn_one "$(grep -o 'data-drawn="[0-9]*">drawn [0-9]* charts' "$top/one.dom")" 'data-drawn="6">drawn 6 charts'
expect_eq points_one "$(count '<circle class="pt"' "$top/one.dom")" 18
expect_eq errbars_one "$(count '<line class="err"' "$top/one.dom")" 0
expect_eq cells_one "$(count '<rect class="cell"' "$top/one.dom")" 0
# The points are where their figures say: on the ops/s chart of nthreads, 1, 2 and 8
# evenly apart left to right, rising (a higher figure is drawn higher up).
python3 - "$top/one.dom" <<'PY' && ok || bad geometry_one "points not placed by their figures"
import re, sys
dom = open(sys.argv[1]).read()
svg = re.search(r'<svg class="chart"[^>]*data-figure="ops_per_s".*?</svg>', dom, re.S).group(0)
pts = [(float(x), float(y)) for x, y in re.findall(r'<circle class="pt" cx="([0-9.]+)" cy="([0-9.]+)"', svg)]
assert len(pts) == 3, pts
assert pts[0][0] < pts[1][0] < pts[2][0] and abs((pts[1][0] - pts[0][0]) - (pts[2][0] - pts[1][0])) < 1, pts
assert pts[0][1] > pts[1][1] > pts[2][1], pts
PY
# A page whose script fails is caught: the same page with a broken script.
sed 's/var host = document/no_such_function(); var host = document/' "$top/one/index.html" >"$top/one/broken.html"
timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$top/profile-broken" --enable-logging=stderr \
    --v=0 --dump-dom "file://$top/one/broken.html" >"$top/broken.dom" 2>"$top/broken.log"
grep -q 'Uncaught ReferenceError' "$top/broken.log" && ! grep -q 'data-drawn="' "$top/broken.dom" && ok ||
    bad broken_detected "a script error would go unnoticed"

summary
