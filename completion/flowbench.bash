# flowbench.bash: bash completion for flowbench: its options and what their
# arguments are (read from `flowbench --help`, which its option table prints),
# workload names for -f, profile names for `flowbench profile`, and for -D the
# variables of the script given with -f.

# The folders flowbench searches: $FLOWBENCH_WORKLOADS, then the installed one
# beside the executable (PREFIX/bin/flowbench -> PREFIX/share/flowbench/workloads).
_flowbench_dirs()
{
    local IFS=: d bin
    for d in $FLOWBENCH_WORKLOADS; do [[ -d $d ]] && printf '%s\n' "$d"; done
    bin=$(type -P "$1" 2>/dev/null) || return
    bin=$(readlink -f -- "$bin")
    d=${bin%/*/*}/share/flowbench/workloads
    [[ -d $d ]] && printf '%s\n' "$d"
}

# Workload names as `list workloads` gives them (first word of each line).
_flowbench_workloads()
{
    printf 'list workloads\n' | "$1" 2>/dev/null | while read -r name _; do printf '%s\n' "$name"; done
}

_flowbench_profiles()
{
    local d f
    while read -r d; do
        for f in "$d"/*.prof; do [[ -f $f ]] && { f=${f##*/}; printf '%s\n' "${f%.prof}"; }; done
    done < <(_flowbench_dirs "$1")
}

# The $variables the -f script sets or uses: the names -D can override.
_flowbench_vars()
{
    local script=$1 i
    for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
        [[ ${COMP_WORDS[i]} == -f || ${COMP_WORDS[i]} == --file ]] && script=${COMP_WORDS[i + 1]}
    done
    [[ -z $script ]] && return
    if [[ ! -f $script ]]; then
        local d
        while read -r d; do [[ -f $d/$script.f ]] && { script=$d/$script.f; break; }; done < <(_flowbench_dirs "$2")
    fi
    [[ -f $script ]] || return
    grep -oE '\$\{?[A-Za-z_][A-Za-z0-9_]*' -- "$script" | sed 's/^\$[{]\{0,1\}//' | sort -u | sed 's/$/=/'
}

# The name --help gives the argument of option $2 ("--json FILE": FILE), if any.
_flowbench_arg()
{
    "$1" --help 2>/dev/null | sed -n "s/^ *\(-., \)\{0,1\}$2 \([^ ]*\) .*/\2/p" | head -n 1
}

_flowbench()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} bin=${COMP_WORDS[0]}
    compopt +o nospace 2>/dev/null
    if [[ ${COMP_WORDS[1]} == profile && $COMP_CWORD -eq 2 ]]; then
        COMPREPLY=($(compgen -W "$(_flowbench_profiles "$bin")" -- "$cur") $(compgen -f -X '!*.prof' -- "$cur"))
        return
    fi
    case $prev in
    -f | --file)
        COMPREPLY=($(compgen -W "$(_flowbench_workloads "$bin")" -- "$cur") $(compgen -f -X '!*.f' -- "$cur") $(compgen -d -- "$cur"))
        return ;;
    -D)
        compopt -o nospace 2>/dev/null
        COMPREPLY=($(compgen -W "$(_flowbench_vars "" "$bin")" -- "$cur"))
        return ;;
    --ioengine) COMPREPLY=($(compgen -W "psync libaio io_uring mmap" -- "$cur")); return ;;
    --clock) COMPREPLY=($(compgen -W "auto tsc vdso" -- "$cur")); return ;;
    esac
    # Any other option's argument, by its name in --help (the option table): DIR, FILE, a|b.
    if [[ $prev == --* ]]; then
        local arg
        arg=$(_flowbench_arg "$bin" "$prev")
        case $arg in
        DIR) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        FILE) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        *'|'*) COMPREPLY=($(compgen -W "${arg//|/ }" -- "$cur")); return ;;
        esac
    fi
    if [[ $COMP_CWORD -eq 1 && $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$("$bin" --help 2>/dev/null | sed -n 's/^ *flowbench \([a-z][a-z0-9-]*\) .*/\1/p')" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -W "$("$bin" --help 2>/dev/null | grep -oE -- '(^|[ ,])--?[A-Za-z][A-Za-z-]*' | tr -d ' ,' | sort -u)" -- "$cur"))
}
complete -F _flowbench flowbench
