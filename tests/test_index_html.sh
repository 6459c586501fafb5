#!/usr/bin/env bash
# test_index_html.sh BIN: a results tree's index.html (`flowbench index TREE`)
# over hand-made trees (tests/campaign/make_tree.py): a 2x2 sweep with repeats,
# a 1-variable sweep and a noisy one whose error bars reach below zero. The page
# is self-contained and scriptless (static SVG, the run report's way), links
# every point to its run, and in headless Chromium's DOM (Debian's chromium)
# its charts place points on an even, linear or log2 x axis and cut error bars
# at the x axis. Skipped (77) without Chromium.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-index.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
browser=$(chromium_path)
[ -n "$browser" ] || skip "Chromium (Debian's chromium package) is not installed"
count() { grep -o -- "$1" "$2" | wc -l; }

python3 "$here/campaign/make_tree.py" "$top/two" "nthreads=1,4;iosize=4k,64k" 3
python3 "$here/campaign/make_tree.py" "$top/one" "nthreads=1,2,8" 1
python3 "$here/campaign/make_tree.py" "$top/noisy" "nthreads=1,2,16" 2 9000
mkdir -p "$top/one/cfg/nthreads=2/report" && echo '<html></html>' >"$top/one/cfg/nthreads=2/report/index.html"

# ---- an open-loop point: its latencies from the intended start in columns of their own ----
python3 - "$top/one/summary.json" "$top/open" <<'PY'
import json, os, sys
d = json.load(open(sys.argv[1]))
os.makedirs(sys.argv[2], exist_ok=True)
d["points"][0]["total"]["p99_intended_ms"] = {"mean": 12.5, "stddev": 0, "ci95": 0, "n": 1, "values": [12.5]}
json.dump(d, open(os.path.join(sys.argv[2], "summary.json"), "w"))
PY
"$bin" index "$top/open" >/dev/null 2>&1 || bad index_open "exit $?"
grep -q '<th class="n">p50 intended ms</th><th class="n">p99 intended ms</th>' "$top/open/index.html" && ok ||
    bad intended_columns "no columns for the latencies from the intended start"
expect_eq intended_cell "$(grep -c '<td class="n">12.5[0]*</td><td>' "$top/open/index.html")" 1

# ---- the page as written ------------------------------------------------------
for t in two one noisy; do
    out=$("$bin" index "$top/$t" 2>&1)
    expect_eq "index_$t" "$?:$out" "0:wrote $top/$t/index.html"
    page=$top/$t/index.html
    [ -s "$page" ] && [ ! -e "$page.tmp" ] && ok || bad "page_$t" "no $page, or its .tmp left"
    # Self-contained: no URL but the SVG namespace, no external script or style.
    others=$(grep -Eo '(https?:)?//[A-Za-z0-9.-]+' "$page" | grep -v '^http://www.w3.org$' | sort -u | tr '\n' ' ')
    expect_eq "self_contained_$t" "$others" ""
    grep -Eq '<(script|link|img)[^>]* (src|href)=' "$page" && bad "self_contained_$t" "fetches something" || ok
    grep -q '<script' "$page" && bad "scriptless_$t" "the page has a script: its charts are not static SVG" || ok
done
expect_eq rows_two "$(count '<tr class="ok">' "$top/two/index.html")" 4
expect_eq rows_one "$(count '<tr class="ok">' "$top/one/index.html")" 3
grep -q '<td class="n" title="mean of 3, ±95% confidence interval">15,000 ±745.3</td>' "$top/two/index.html" && ok ||
    bad ci_cell "no mean ± ci95 cell for ops/s of the 64k point"
grep -q 'loop0: 12.5 read MiB/s 3 write MiB/s 0.5 await ms 40 util %' "$top/two/index.html" && ok || bad devices "no device figures"
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
# dump TREE: the DOM once the page's script ran, and Chromium's log.
dump() {
    timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$top/profile-$1" \
        --enable-logging=stderr --v=0 --dump-dom "file://$top/$1/index.html" >"$top/$1.dom" 2>"$top/$1.log"
}
for t in two one noisy; do
    dump "$t" || bad "chromium_$t" "exit $?: $(tail -3 "$top/$t.log")"
    grep -E 'Uncaught|CONSOLE' "$top/$t.log" && bad "page_error_$t" "the page logged to the console" || ok
done
# two: a chart per figure (ops/s, MB/s, p99, and the file system's device: read MB/s,
# write MB/s, util %) per swept variable, each a line per value of the other (2 points
# each, 4 per chart), with error bars where repeats differ; and two heat maps (2x2).
expect_eq drawn_two "$(grep -o 'data-drawn="[0-9]*">[0-9]* charts' "$top/two.dom")" 'data-drawn="14">14 charts'
expect_eq charts_two "$(count '<svg [^>]*class="chart"' "$top/two.dom")" 14
expect_eq points_two "$(count '<circle class="pt"' "$top/two.dom")" 48
expect_eq lines_two "$(count '<path class="line"' "$top/two.dom")" 24
expect_eq errbars_two "$(count '<line class="err"' "$top/two.dom")" 72
expect_eq cells_two "$(count '<rect class="cell"' "$top/two.dom")" 8
grep -q 'ops/s against iosize' "$top/two.dom" && grep -q 'cfg: ops/s, nthreads x iosize' "$top/two.dom" &&
    grep -q 'device util % against nthreads' "$top/two.dom" && ok ||
    bad titles_two "chart titles missing"
# nthreads 1, 4 spans a factor of 4: linear; iosize 4k, 64k a factor of 16: log2.
expect_eq xscale_two "$(grep -o 'data-var="[a-z]*" data-figure="ops_per_s" data-xscale="[a-z0-9]*"' "$top/two.dom" | tr '\n' ' ')" \
    'data-var="nthreads" data-figure="ops_per_s" data-xscale="linear" data-var="iosize" data-figure="ops_per_s" data-xscale="log2" '
# one: six charts (three of the workload, three of its device) of 3 points, no error
# bar (no repeats), no heat map.
expect_eq drawn_one "$(grep -o 'data-drawn="[0-9]*">[0-9]* charts' "$top/one.dom")" 'data-drawn="6">6 charts'
expect_eq points_one "$(count '<circle class="pt"' "$top/one.dom")" 18
expect_eq errbars_one "$(count '<line class="err"' "$top/one.dom")" 0
expect_eq cells_one "$(count '<rect class="cell"' "$top/one.dom")" 0
# geometry.py DOM VAR FIG VALUES...: the chart's dots sit over its x labels, in
# order, at distances proportional to log2 of the values (nthreads 1, 2, 8: the
# gap from 2 to 8 twice that from 1 to 2), higher figures higher up, and no error
# bar goes below the x axis (the grid line at 0); a bar cut there has no bottom cap.
cat >"$top/geometry.py" <<'PY'
import math, re, sys
dom, var, fig, values = sys.argv[1], sys.argv[2], sys.argv[3], [float(v) for v in sys.argv[4:]]
svg = re.search(r'<svg [^>]*data-var="%s" data-figure="%s".*?</svg>' % (var, fig), open(dom).read(), re.S).group(0)
axis = float(re.search(r'<line class="axis" x1="[0-9.]+" x2="[0-9.]+" y1="([0-9.]+)"', svg).group(1))
bars = [(float(a), float(b), float(c), float(d)) for a, b, c, d in
        re.findall(r'<line class="err" x1="([0-9.]+)" x2="([0-9.]+)" y1="([0-9.]+)" y2="([0-9.]+)"', svg)]
assert all(max(y1, y2) <= axis + 0.05 for _, _, y1, y2 in bars), (axis, bars)
caps_at_axis = [b for b in bars if b[0] != b[1] and abs(b[2] - axis) < 0.05]
assert not caps_at_axis, caps_at_axis
assert 'data-xscale="log2"' in svg, "not a log2 axis"
labels = [(float(x), t) for x, t in re.findall(r'<text class="xlabel" x="([0-9.]+)"[^>]*>([^<]*)</text>', svg)]
assert [float(t) for _, t in labels] == values, labels
xs = [x for x, _ in labels]
for (a, va), (b, vb) in zip(zip(xs, values), list(zip(xs, values))[1:]):
    want = (math.log2(vb) - math.log2(va)) / (math.log2(values[-1]) - math.log2(values[0])) * (xs[-1] - xs[0])
    assert abs((b - a) - want) < 1, (xs, values)
pts = [(float(x), float(y)) for x, y in re.findall(r'<circle class="pt" cx="([0-9.]+)" cy="([0-9.]+)"', svg)]
assert sorted(p[0] for p in pts) == sorted(xs) or len(pts) % len(xs) == 0, (pts, xs)
assert all(any(abs(p[0] - x) < 0.2 for x in xs) for p in pts), (pts, xs)
print(len(bars), sum(1 for b in bars if b[0] == b[1] and abs(max(b[2], b[3]) - axis) < 0.05))
PY
python3 "$top/geometry.py" "$top/one.dom" nthreads ops_per_s 1 2 8 >"$top/geo_one.out" 2>&1 && ok ||
    bad geometry_one "points not on a log2 axis: $(tail -2 "$top/geo_one.out")"
python3 - "$top/one.dom" <<'PY' && ok || bad rising_one "a higher figure is not drawn higher up"
import re, sys
svg = re.search(r'<svg [^>]*data-figure="ops_per_s".*?</svg>', open(sys.argv[1]).read(), re.S).group(0)
ys = [float(y) for y in re.findall(r'<circle class="pt" cx="[0-9.]+" cy="([0-9.]+)"', svg)]
assert len(ys) == 3 and ys[0] > ys[1] > ys[2], ys
PY
# noisy: 2 repeats 9000 ops/s apart, so every ops/s interval reaches below 0: all
# three bars cut at the axis (two lines each, no bottom cap).
if out=$(python3 "$top/geometry.py" "$top/noisy.dom" nthreads ops_per_s 1 2 16 2>&1); then
    expect_eq errbars_cut "$out" "6 3"
else
    bad geometry_noisy "$(tail -2 <<<"$out")"
fi

summary
