#!/usr/bin/env bash
# test_install.sh BIN BUILD_DIR: flowbench installed like a tool: the man pages list
# every command, attribute and flowop; `cmake --install` under any prefix and the
# .deb of `cpack -G DEB` (unpacked with dpkg -x) run shipped workloads found beside
# the executable; the bash completion offers options, workloads and -D names.
set -u
bin=$1 build=$2
pass=0 fail=0
tmp=$(mktemp -d /tmp/flowbench-install.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
unset FLOWBENCH_WORKLOADS

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# --- man pages: generated at build time, complete, and valid roff
man1=$build/man/flowbench.1 man5=$build/man/flowbench-workloads.5
[ -s "$man1" ] && [ -s "$man5" ] && ok || bad man_built "no $man1 or $man5"
"$bin" --man 5 | cmp -s - "$man5" && ok || bad man5_current "$man5 differs from --man 5"
"$bin" --doc-tables >"$tmp/tables"
flowops=$(sed -n '/^### Flowop types/,/^### Custom/p' "$tmp/tables" | sed -n 's/^| `\([a-z]*\)` |.*/\1/p')
attrs=$(sed -n '/^### Attributes/,/^### Flowop types/p' "$tmp/tables" | sed -n 's/^| `\([^`]*\)`.*/\1/p' | sort -u)
[ "$(echo "$flowops" | wc -w)" -gt 30 ] && [ "$(echo "$attrs" | wc -w)" -gt 40 ] && ok ||
    bad man_tables "too few flowops/attributes read from --doc-tables: $(echo $flowops | wc -w)/$(echo $attrs | wc -w)"
missing=""
for f in $flowops; do grep -qx ".B $f" "$man5" || missing="$missing flowop:$f"; done
for a in $attrs; do grep -qE "^\.B ${a//-/\\\\-}( |$)" "$man5" || missing="$missing attr:$a"; done
while IFS= read -r c; do grep -qF -- "$c" "$man5" || missing="$missing cmd:$c"; done \
    < <(sed -n '/^### Commands/,/^### Attributes/p' "$tmp/tables" | sed -n 's/^| `\([a-z]*\).*/\1/p' | sort -u | sed 's/^/.B /')
[ -z "$missing" ] && ok || bad man5_complete "missing from flowbench-workloads(5):$missing"
missing=""
for o in $("$bin" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do grep -qF -- "${o//-/\\-}" "$man1" || missing="$missing $o"; done
[ -z "$missing" ] && ok || bad man1_options "options missing from flowbench(1):$missing"
for m in "$man1" "$man5"; do
    warn=$(groff -man -ww -z "$m" 2>&1)
    [ -z "$warn" ] && ok || bad "roff_${m##*.}" "$warn"
done
# what the build machine's tree is called is nobody's business on another machine
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
for text in "$man1" "$man5" <("$bin" --help); do
    grep -qF -- "$src" "$text" && bad no_build_path "$src named in $(basename "$text")" || ok
done
"$bin" --man 7 >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "sections 1" "$tmp/err" && ok || bad man_bad_section "exit $rc: $(cat "$tmp/err")"

# An installed tree at ROOT (its flowbench in ROOT/bin): it finds its own workloads.
check_tree() { # name, root
    local name=$1 root=$2 rc
    for f in bin/flowbench share/flowbench/workloads/varmail.f share/man/man1/flowbench.1 \
             share/man/man5/flowbench-workloads.5 share/bash-completion/completions/flowbench \
             share/doc/flowbench/README.md share/doc/flowbench/language.md; do
        [ -e "$root/$f" ] || { bad "${name}_files" "no $f"; return; }
    done
    ok
    "$root/bin/flowbench" --check -f "$root/share/flowbench/workloads/varmail.f" >"$tmp/out" 2>&1 && ok ||
        bad "${name}_check" "$(head -3 "$tmp/out")"
    # A workload only the installed folder has: found by load and -f NAME with no option.
    printf 'define process name=p { thread name=t { flowop hog name=h, value=10 } }\n' \
        >"$root/share/flowbench/workloads/only_installed.f"
    printf 'load only_installed\nlist processes\n' | "$root/bin/flowbench" --check >"$tmp/out" 2>&1
    rc=$?
    [ $rc -eq 0 ] && grep -q "process p" "$tmp/out" && ok || bad "${name}_load" "exit $rc: $(head -3 "$tmp/out")"
    "$root/bin/flowbench" --check -f only_installed >"$tmp/out" 2>&1 && ok || bad "${name}_f_name" "$(head -3 "$tmp/out")"
    rm -f "$root/share/flowbench/workloads/only_installed.f"
}

# --- cmake --install under one prefix, then moved elsewhere: nothing depends on the prefix
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 && ok || bad install "$(tail -3 "$tmp/install.log")"
mv "$tmp/prefix" "$tmp/moved"
check_tree installed "$tmp/moved"
# flowbench-powercut, where it is built (libfuse3 found), is installed beside flowbench.
if [ -x "$build/flowbench-powercut" ]; then
    "$tmp/moved/bin/flowbench-powercut" --version >"$tmp/out" 2>&1 && grep -q "^flowbench-powercut " "$tmp/out" && ok ||
        bad installed_powercut "$(head -3 "$tmp/out")"
fi

# --- bash completion (the installed script, the installed flowbench on PATH)
cat >"$tmp/script.f" <<'EOF'
set $alpha = 1
define file name=f, path=$dir, size=$beta
EOF
comp() { # words...: prints the completions of the last word
    PATH="$tmp/moved/bin:$PATH" bash -c '
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _flowbench; printf "%s\n" "${COMPREPLY[@]}"' _ "$tmp/moved/share/bash-completion/completions/flowbench" "$@"
}
comp flowbench --lat | grep -qx -- --lathist && ok || bad complete_option "$(comp flowbench --lat)"
comp flowbench -f varm | grep -qx varmail && ok || bad complete_workload "$(comp flowbench -f varm)"
[ "$(comp flowbench -f "$tmp/script.f" -D "" | sort | tr '\n' ' ')" = "alpha= beta= dir= " ] && ok ||
    bad complete_d_names "$(comp flowbench -f "$tmp/script.f" -D "" | tr '\n' ' ')"
comp flowbench pro | grep -qx profile && ok || bad complete_subcommand "$(comp flowbench pro)"
# an option's argument by its name in --help (the option table): a|b words, DIR directories only
[ "$(comp flowbench --latency-log-format "" | sort | tr '\n' ' ')" = "bin csv " ] && ok ||
    bad complete_arg_words "$(comp flowbench --latency-log-format "" | tr '\n' ' ')"
mkdir "$tmp/adir" && touch "$tmp/afile"
[ "$(comp flowbench --report "$tmp/a" | tr '\n' ' ')" = "$tmp/adir " ] && ok ||
    bad complete_arg_dir "$(comp flowbench --report "$tmp/a" | tr '\n' ' ')"
prof=$(ls "$tmp/moved/share/flowbench/workloads/"*.prof 2>/dev/null | head -1)
if [ -n "$prof" ]; then
    p=$(basename "$prof" .prof)
    comp flowbench profile "${p:0:3}" | grep -qx "$p" && ok || bad complete_profile "$(comp flowbench profile "${p:0:3}")"
fi

# --- cpack -G DEB, unpacked into a scratch root with dpkg -x
if cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1; then
    deb=$(ls "$tmp/pkg"/*.deb 2>/dev/null | head -1)
    if [ -n "$deb" ] && dpkg -x "$deb" "$tmp/root"; then
        ok
        check_tree deb "$tmp/root/usr"
        dpkg-deb -f "$deb" Package | grep -qx flowbench && ok || bad deb_name "$(dpkg-deb -f "$deb")"
    else
        bad deb_unpack "no .deb in $tmp/pkg: $(ls "$tmp/pkg")"
    fi
else
    bad cpack "$(tail -5 "$tmp/cpack.log")"
fi

summary
