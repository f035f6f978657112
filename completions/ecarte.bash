# SPDX-License-Identifier: MIT
# ecarte.bash - bash completion for ecarte: subcommands, each one's
# options (read from `ecarte SUB --help`), law and rule ids after
# `ecarte law`, sitting ids from the ledger (`--db FILE`, default
# ecarte.db) after --sitting, profiles after --laws, formats after
# --format, files elsewhere.  Installed by `make install` into
# share/bash-completion/completions/ecarte.

_ecarte()
{
    local cur prev sub db i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$(ecarte complete subcommands 2>/dev/null) --help --version" -- "$cur"))
        return
    fi
    sub=${COMP_WORDS[1]}
    db=ecarte.db
    for ((i = 2; i < COMP_CWORD; i++)); do
        if [ "${COMP_WORDS[i]}" = "--db" ]; then
            db=${COMP_WORDS[i+1]}
        fi
    done
    case $prev in
    --db|--log|--origin|-o|--output|--since|--until)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    --sitting)
        COMPREPLY=($(compgen -W "$(ecarte complete sittings --db "$db" 2>/dev/null | cut -f1)" -- "$cur"))
        return ;;
    --laws)
        COMPREPLY=($(compgen -W "london meyers1889 polish" -- "$cur"))
        return ;;
    --format)
        COMPREPLY=($(compgen -W "duel chouette pool gallery" -- "$cur"))
        return ;;
    --sql)
        COMPREPLY=($(compgen -W "postgres" -- "$cur"))
        return ;;
    esac
    case $sub in
    law)
        if [[ $cur != -* ]]; then
            # L43 and 43 alike name a law
            COMPREPLY=($(compgen -W "$(ecarte complete laws 2>/dev/null | sed 'p;s/^L\([0-9]\)/\1/' | sort -u)" -- "$cur"))
            return
        fi ;;
    help)
        COMPREPLY=($(compgen -W "$(ecarte complete subcommands 2>/dev/null)" -- "$cur"))
        return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(ecarte "$sub" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _ecarte ecarte
