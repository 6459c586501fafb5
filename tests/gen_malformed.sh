#!/usr/bin/env bash
# gen_malformed.sh BIN [N]: generates the inputs that are too big or too binary to
# keep in tests/cases, checks them with tests/run_cases.py BIN DIR, removes DIR
# and exits with the runner's status.
#
# DIR is a fresh mktemp directory under /tmp laid out like tests/cases:
#   DIR/malformed/*.f  each must be refused (exit 2, within the runner's 20 s,
#                      no crash) with the error at the exact "# expect:" place;
#   DIR/valid/*.f      one near-the-limits script that must still be accepted
#                      (the runner also needs at least one file there: with an
#                      empty valid/ its unmatched glob counts as a failure).
set -u
bin=${1:?usage: gen_malformed.sh BIN [N]}
n=${2:-150000} # definitions in the many_* scripts
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/flowbench-gen.XXXXXX) || exit 2
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/valid" "$dir/malformed"
m=$dir/malformed

# chars N C: the single character C, N times.
chars() { head -c "$1" /dev/zero | tr '\0' "$2"; }
# repeat N TEXT: TEXT, N times.
repeat() { yes -- "$2" | head -n "$1" | tr -d '\n'; }

# Binary bytes without any NUL: the first byte is the first bad character.
{ printf '# expect: 2:1: unexpected character byte 0x80\n'
  for i in $(seq 128 255); do printf "\\$(printf '%03o' "$i")"; done
  printf '\n'; } >"$m/binary_bytes.f"

# Binary bytes starting with a NUL (a ramp 0x00..0xff, then the same again).
{ printf '# expect: 2:1: unexpected NUL byte\n'
  for r in 1 2; do for i in $(seq 0 255); do printf "\\$(printf '%03o' "$i")"; done; done; } >"$m/binary_nul.f"

# A NUL byte in the middle of a line (inside a quoted string).
printf '# expect: 3:9: unexpected NUL byte\nset $a = 1\necho "ab\0cd"\nset $b = 2\n' >"$m/nul_in_line.f"

# A 1 MiB word (the limit of a word is 64 KiB).
{ printf '# expect: 2:10: word too long\nset $w = '; chars 1048576 a; printf '\n'; } >"$m/long_word.f"

# A 1 MiB quoted string: a string is located at its opening quote.
{ printf '# expect: 2:6: quoted string too long\necho "'; chars 1048576 a; printf '"\n'; } >"$m/long_string.f"

# 10,000 nested '{': a process body holds threads, so the second '{' is wrong.
{ printf "# expect: 2:24: unexpected '{', expected 'thread'\\ndefine process name=p "; chars 10000 '{'; printf '\n'; } \
    >"$m/nested_braces.f"

# 10,000 nested '(' around an unset variable. flowbench refuses the nesting
# where its parser's stack (10,000 entries) fills up: at the 9,995th '('.
{ printf '# expect: 2:10004: nested too deeply\nset $a = '; chars 10000 '('; printf '$nope'
  chars 10000 ')'; printf '\n'; } >"$m/nested_parens.f"

# A 200,000-term sum (a left-deep expression tree): the limit is 1000 nested
# operators, so the 1001st '+' is refused (column 10 + 2 * 1000 + 1).
pre='set $a = 1'
{ printf '# expect: 2:%d: expression has more than 1000 operators\n' $(( ${#pre} + 2 * 1000 + 1 ))
  printf '%s' "$pre"; repeat 200000 '+1'; printf ' + $nope\n'; } >"$m/long_sum.f"

# A 100,000-row randtable: the parser stops at row 1001 (its limit is 1000 rows).
pre='set $r = randvar(type=tabular, randtable={'
{ printf '# expect: 2:%d: too many rows\n' $(( ${#pre} + 1 + 1000 * 8 ))
  printf '%s' "$pre"; repeat 99999 '{1,1,2},'; printf '{1,1,2}})\n'; } >"$m/randtable_100k_rows.f"

# A line of 1 MiB commas after an attribute: the second comma is wrong.
{ printf "# expect: 2:23: unexpected ','\\ndefine fileset name=a"; chars 1048576 ','; printf '\n'; } >"$m/commas.f"

# 200,000 good lines, then a bad one: line counting at scale.
{ printf "# expect: 200002:1: unknown command 'sett'\\n"; yes 'set $a = 1' | head -n 200000; printf 'sett $b = 2\n'; } \
    >"$m/many_lines.f"

# 40 composites, each using the one before: a use nested 33 deep is refused.
# Line k+1 defines c<k>; the use at depth 32 is 'flowop c8' inside c9 (line 10).
{ printf '# expect: 10:25: composite flowops nested more than 32 deep\n'
  printf 'define flowop name=c1 { flowop hog name=h, value=1 }\n'
  for k in $(seq 2 40); do printf 'define flowop name=c%d { flowop c%d name=u }\n' "$k" $((k - 1)); done
  printf 'define process name=p { thread name=t { flowop c40 name=top } }\n'; } >"$m/deep_composites.f"

# Many definitions, then an error on the last line: checking must stay fast
# (a table searched linearly for every new name takes minutes with 150,000).
{ printf '# expect: %d:10: variable $nope is not set\n' $((n + 2))
  seq 1 "$n" | sed 's/.*/set $v& = &/'; printf 'set $x = $nope\n'; } >"$m/many_variables.f"
{ printf '# expect: %d:10: variable $nope is not set\n' $((n + 2))
  seq 1 "$n" | sed 's#.*#define fileset name=f&, path=/tmp/fbgen, entries=1, dirwidth=1#'
  printf 'set $x = $nope\n'; } >"$m/many_filesets.f"
{ printf '# expect: %d:10: variable $nope is not set\n' $((n + 4))
  printf 'define process name=p {\n'; seq 1 "$n" | sed 's/.*/thread name=t& { flowop hog name=h, value=1 }/'
  printf '}\nset $x = $nope\n'; } >"$m/many_threads.f"
{ printf '# expect: %d:10: variable $nope is not set\n' $((n + 2))
  seq 1 "$n" | sed 's/.*/define process name=p& { thread name=t { flowop hog name=h, value=1 } }/'
  printf 'set $x = $nope\n'; } >"$m/many_processes.f"
{ printf '# expect: %d:10: variable $nope is not set\n' $((n + 2))
  seq 1 "$n" | sed 's/.*/define flowop name=c& { flowop hog name=h, value=1 }/'
  printf 'set $x = $nope\n'; } >"$m/many_composites.f"

# Near the limits but valid: a 64 KiB string (echoed whole) and word, 5,000
# nested '(', a randtable of 100 rows, and a sum of 1000 operators.
{ printf '# inputs at the documented limits are accepted\n'
  printf 'set $s = "'; chars 65533 s; printf 'END"\n'
  printf 'set $w = '; chars 65536 w; printf '\n'
  printf 'set $d = '; chars 5000 '('; printf '7'; chars 5000 ')'; printf '\n'
  printf 'set $n = 1'; repeat 1000 '+1'; printf '\n'
  printf 'set $r = randvar(randtable={'; repeat 99 '{1, 1k, 1k}, '; printf '{1, 1k, 1k}})\n'
  printf 'echo "d=$d n=$n r=$r"\n'
  printf 'echo "$s|tail"\n'
  printf '#> d=7 n=1001 r=tabular random var\n'
  printf '#> sEND|tail\n'; } >"$dir/valid/limits_ok.f"

python3 "$here/run_cases.py" "$bin" "$dir"
