# flowbench.bash: bash completion for flowbench: its subcommands, the options of
# flowbench or of the subcommand being typed and what their arguments are (read
# from `flowbench --complete[=COMMAND]`, which prints their option tables), workload
# names for -f, profile names for `flowbench profile`, and for -D the variables of
# the script given with -f.

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

# The option table of flowbench (with its subcommands' names) or of subcommand $2:
# a line a spelling, "--json FILE", "-D NAME=VALUE", "--clock auto|tsc|vdso", "--quiet".
_flowbench_table()
{
    "$1" --complete${2:+=$2} 2>/dev/null
}

_flowbench()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} bin=${COMP_WORDS[0]} sub= table i
    compopt +o nospace 2>/dev/null
    table=$(_flowbench_table "$bin")
    # a subcommand's own table once its name is typed
    if ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[1]} != -* ]] && grep -qx -- "${COMP_WORDS[1]}" <<<"$table"; then
        sub=${COMP_WORDS[1]}
        table=$(_flowbench_table "$bin" "$sub")
    fi
    if [[ $sub == profile && $COMP_CWORD -eq 2 ]]; then
        COMPREPLY=($(compgen -W "$(_flowbench_profiles "$bin")" -- "$cur") $(compgen -f -X '!*.prof' -- "$cur"))
        return
    fi
    # record's command, after "--": bash's own completion
    for ((i = 2; i < COMP_CWORD; i++)); do
        [[ $sub == record && ${COMP_WORDS[i]} == -- ]] && { compopt -o default 2>/dev/null; COMPREPLY=(); return; }
    done
    case $prev in
    -f | --file)
        COMPREPLY=($(compgen -W "$(_flowbench_workloads "$bin")" -- "$cur") $(compgen -f -X '!*.f' -- "$cur") $(compgen -d -- "$cur"))
        return ;;
    esac
    # An option's argument, by what its row says of it: a|b values, NAME=VALUE, DIR, FILE, W.f.
    if [[ $prev == -* ]]; then
        local arg
        arg=$(awk -v o="$prev" '$1 == o { print $2; exit }' <<<"$table")
        case $arg in
        '') ;;
        NAME=VALUE)
            compopt -o nospace 2>/dev/null
            COMPREPLY=($(compgen -W "$(_flowbench_vars "" "$bin")" -- "$cur"))
            return ;;
        *=*) # dir=DIR: the name, then what follows it
            if [[ $cur == *=* ]]; then
                [[ ${arg#*=} == DIR ]] && COMPREPLY=($(compgen -P "${cur%%=*}=" -d -- "${cur#*=}"))
            else
                compopt -o nospace 2>/dev/null
                COMPREPLY=($(compgen -W "${arg%%=*}=" -- "$cur"))
            fi
            return ;;
        *'|'*) COMPREPLY=($(compgen -W "${arg//|/ }" -- "$cur")); return ;;
        DIR) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        FILE | F | *.*) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        *) COMPREPLY=(); return ;; # a number, a length: nothing to offer
        esac
    fi
    if [[ $COMP_CWORD -eq 1 && $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$(grep -v '^-' <<<"$table")" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -W "$(grep '^-' <<<"$table" | awk '{ print $1 }' | sort -u)" -- "$cur"))
}
complete -F _flowbench flowbench
