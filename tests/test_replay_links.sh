#!/usr/bin/env bash
# test_replay_links.sh BIN: links a program went through without strace's log saying so
# (docs/replay.md, "Links met through"): `stat -L lnk` and `cat lnk2` with lnk -> sub/tgt and
# lnk2 -> dir/file, a link to a link, a stat through a link to a directory; record notes each as "# link NAME TEXT"
# and the replay lays them down as links with the same text, their targets as files of the
# sizes seen. A link whose text leads out of the root is not kept as a link, and a trace that
# says one is refused before anything is laid down; nothing outside DIR is touched.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"
need_strace
need stat cat sh readlink
top=$(mktemp -d /dev/shm/flowbench-links.XXXXXX)
trap 'rm -rf "$top"' EXIT
mismatches() { awk '$1 == "mismatch" { s += $2 } END { print s + 0 }' "$1"; }
# what: the type, size (files) and text (links) of NAME beneath DIR
what() { stat -c '%F %s' "$1/$2" | sed 's/symbolic link.*/link/'; }
# replay NAME: NAME.trace into $top/NAME.B, its text in NAME.out
replay() { "$bin" replay "$top/$1.trace" -D dir="$top/$1.B" >"$top/$1.out" 2>&1; }

# 1. through links to files in other directories: laid down as links, their targets as files
mkdir -p "$top/a.A/sub" "$top/a.A/dir"
printf 'hello world\n' >"$top/a.A/sub/tgt" && printf '0123456789abcdef' >"$top/a.A/dir/file"
ln -s sub/tgt "$top/a.A/lnk" && ln -s dir/file "$top/a.A/lnk2" && ln -s lnk "$top/a.A/lnk3"
(cd "$top/a.A" && "$bin" record -o "$top/a.trace" -- sh -c 'stat -L lnk >/dev/null; cat lnk2 >/dev/null; stat -L lnk3 >/dev/null') \
    2>"$top/a.rec"
expect_rc a_record $? 0 "$top/a.rec"
expect_eq a_noted "$(grep '^# link ' "$top/a.trace" | sort | tr '\n' ';')" \
    "# link lnk sub/tgt;# link lnk2 dir/file;# link lnk3 lnk;"
replay a
expect_rc a_replay $? 0 "$top/a.out"
expect_eq a_no_mismatch "$(mismatches "$top/a.out")" 0
expect_eq a_lnk "$(readlink "$top/a.B/lnk")" sub/tgt
expect_eq a_lnk2 "$(readlink "$top/a.B/lnk2")" dir/file
expect_eq a_lnk3 "$(readlink "$top/a.B/lnk3")" lnk
expect_eq a_tgt "$(what "$top/a.B" sub/tgt)" "regular file 12"
expect_eq a_file "$(what "$top/a.B" dir/file)" "regular file 16"

# 2. a stat through a link to a directory: the link laid down, the file seen beneath its target
mkdir -p "$top/d.A/real" && printf 'abcdefgh' >"$top/d.A/real/f"
ln -s real "$top/d.A/ldir"
(cd "$top/d.A" && "$bin" record -o "$top/d.trace" -- stat -L ldir/f) >/dev/null 2>"$top/d.rec"
expect_rc d_record $? 0 "$top/d.rec"
replay d
expect_rc d_replay $? 0 "$top/d.out"
expect_eq d_ldir "$(readlink "$top/d.B/ldir")" real
expect_eq d_f "$(what "$top/d.B" real/f)" "regular file 8"
expect_eq d_no_mismatch "$(mismatches "$top/d.out")" 0

# 3. links whose text leads out of the root: not kept as links (laid down as what the calls saw)
mkdir -p "$top/h/root" && printf 'outside\n' >"$top/h/outside"
ln -s ../outside "$top/h/root/esc" && ln -s "$top/h/outside" "$top/h/root/abs"
before=$(stat -c '%s %Y %i' "$top/h/outside")
(cd "$top/h/root" && "$bin" record -o "$top/h.trace" -- sh -c 'stat -L esc >/dev/null; stat -L abs >/dev/null') \
    2>"$top/h.rec"
expect_rc h_record $? 0 "$top/h.rec"
expect_eq h_said "$(grep -c '2 links beneath .* lead out of it: not kept as links' "$top/h.rec")" 1
expect_eq h_not_noted "$(grep -c '^# link ' "$top/h.trace")" 0
mkdir "$top/hB" && "$bin" replay "$top/h.trace" -D dir="$top/hB/d" >"$top/h.out" 2>&1
expect_rc h_replay $? 0 "$top/h.out"
expect_eq h_no_links "$(find "$top/hB" -type l | wc -l)" 0
expect_eq h_only_dir "$(ls -A "$top/hB")" d
expect_eq h_outside_untouched "$(stat -c '%s %Y %i' "$top/h/outside")" "$before"

# 4. a trace that says a link leads out (absolute, ../.., or climbing through another link) is refused
for text in /etc/passwd ../../x 'a/../..' ../..; do
    printf '# flowbench-trace 1\n# link d/l %s\n0.0 1 1 stat d/l - - - - 0 0.0\n# end\n' "$text" >"$top/bad.trace"
    rm -rf "$top/bad.B" && mkdir "$top/bad.B"
    "$bin" replay "$top/bad.trace" -D dir="$top/bad.B" >"$top/bad.out" 2>&1
    expect_rc "bad_refused $text" $? 2 "$top/bad.out"
    expect_eq "bad_says $text" "$(grep -c 'bad.trace:2: the link d/l holds .* leads out of the root' "$top/bad.out")" 1
    expect_eq "bad_nothing_laid $text" "$(ls -A "$top/bad.B")" ""
done
# ... and one that stays beneath it is laid down (d/l -> ../f: f a file of the size stat saw)
printf '# flowbench-trace 1\n# link d/l ../f\n0.0 1 1 stat d/l - 5 - - 0 0.0\n# end\n' >"$top/good.trace"
replay good
expect_rc good_replay $? 0 "$top/good.out"
expect_eq good_link "$(readlink "$top/good.B/d/l")" ../f
expect_eq good_f "$(what "$top/good.B" f)" "regular file 5"
summary
