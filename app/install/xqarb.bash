# Bash completion for xqarb. The options of each command are read from `xqarb COMMAND --help`
# when completing, so this file never falls behind the program.
_xqarb()
{
    local cur=${COMP_WORDS[COMP_CWORD]}
    local commands="adjudicate forbidden watch replay convert validate rules perft"
    local command="" word
    for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
        case $word in
            -*) ;;
            *) command=$word; break ;;
        esac
    done
    if [ -z "$command" ]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--help --version --verbose --quiet --color" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        fi
        return
    fi
    if [ "$command" = rules ] && [ "$COMP_CWORD" -eq 2 ]; then
        COMPREPLY=($(compgen -W "list show check" -- "$cur"))
        return
    fi
    if [[ $cur == -* ]]; then
        local options
        options=$("${COMP_WORDS[0]}" "$command" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u)
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _xqarb xqarb
