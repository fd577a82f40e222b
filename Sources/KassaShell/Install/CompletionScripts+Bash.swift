// CompletionScripts+Bash: `kassa completions bash`. Candidates are matched against the word
// typed as plain text and never evaluated; names from the journal are quoted with printf %q.

import KassaCore

extension CompletionScripts {
    /// What bash runs to complete a word of `kind` (the word typed is "$cur"); nil: nothing.
    func bashCompletion(_ kind: ArgumentKind) -> String? {
        switch kind {
        case .account: return "_kassa_ask accounts \"$cur\""
        case .category: return "_kassa_ask categories \"$cur\""
        case .file: return "_kassa_files \"$cur\""
        case .directory: return "_kassa_files \"$cur\" -d"
        case .currency: return "_kassa_currencies \"$cur\""
        case .configValue:
            let keys = configChoices.map { "\($0.0)) _kassa_words \"$cur\" \($0.1.joined(separator: " ")) ;;" }
            return "case \"$prev\" in " + keys.joined(separator: " ") + " esac"
        default: return kind.words.map { "_kassa_words \"$cur\" " + $0.joined(separator: " ") }
        }
    }

    /// A bash case pattern for a place: "rename:1", "remind:*" (every later position).
    private func bashPattern(_ place: Place) -> String {
        (place.verb ?? "*") + ":" + (place.repeats ? "*" : String(place.position))
    }

    func bash() -> String {
        var out = """
        # bash completion for kassa: made by `kassa completions bash` (kassa \(KassaApp.version)).
        # Install: kassa completions bash > ~/.local/share/bash-completion/completions/kassa
        # or add to ~/.bashrc: eval "$(kassa completions bash)"

        # Nothing here evaluates a word it did not write: candidates (account names come from
        # imported files and may hold `$(…)`, backticks, globs, quotes, line breaks) are matched
        # against the word typed as plain text, and quoted for the line with printf %q.
        _kassa_words() {
            local cur=$1 word
            shift
            COMPREPLY=()
            for word in "$@"; do
                [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
            done
        }

        _kassa_currencies() {
            _kassa_words "$1" \(Currency.allCodes.joined(separator: " "))
        }

        _kassa_ask() {
            # Accounts or categories of the journal in use, from kassa itself, each ended by a NUL.
            local i word passed=()
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    \(alternatives(Self.passedOn))) passed+=("${COMP_WORDS[i]}" "${COMP_WORDS[i + 1]}"); ((i++)) ;;
                esac
            done
            COMPREPLY=()
            while IFS= read -r -d '' word; do
                [[ $word == "$2"* ]] || continue
                printf -v word '%q' "$word"
                COMPREPLY+=("$word")
            done < <("${COMP_WORDS[0]}" "${passed[@]}" completions --null "$1" 2>/dev/null)
        }

        _kassa_files() {
            # Files (folders only with -d).
            local word
            COMPREPLY=()
            compopt -o filenames 2>/dev/null
            while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen "${2:--f}" -- "$1")
        }

        _kassa() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"
            local command="" verb="" i position=0
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    \(alternatives(valueOptions))) ((i++)) ;;
                    -*) ;;
                    *)
                        if [[ -z $command ]]; then
                            command="${COMP_WORDS[i]}"
                        else
                            [[ $position -eq 0 ]] && verb="${COMP_WORDS[i]}"
                            ((position++))
                        fi ;;
                esac
            done
            case "$prev" in
                --file|-f|--data-dir) _kassa_files "$cur"; return ;;
                --lang) _kassa_words "$cur" \(Language.allCases.map(\.rawValue).joined(separator: " ")); return ;;
            esac
            # The value of a command's option, by its kind.
            case "$command:$prev" in

        """
        for type in commands {
            for option in type.options {
                guard let kind = option.value, let completion = bashCompletion(kind) else { continue }
                out += "        \(type.name):\(option.name)) \(completion); return ;;\n"
            }
        }
        out += """
            esac
            case "$prev" in
                \(alternatives(valueOptions))) return ;;
            esac
            if [[ -z $command ]]; then
                if [[ $cur == -* ]]; then
                    _kassa_words "$cur" \(Self.globalOptions.joined(separator: " "))
                else
                    _kassa_words "$cur" \(commands.map { $0.name }.joined(separator: " "))
                fi
                return
            fi
            local options=()
            case "$command" in

        """
        for type in commands where !type.options.isEmpty {
            out += "        \(type.name)) options=(\(type.options.map(\.name).joined(separator: " "))) ;;\n"
        }
        out += """
            esac
            if [[ $cur == -* ]]; then
                _kassa_words "$cur" "${options[@]}" \(Self.globalOptions.joined(separator: " "))
                return
            fi
            # The command's verbs first, then the words after them by their kind.
            case "$command" in

        """
        for type in commands {
            let surface = type.surface
            let first = Self.firstWords(surface)
            // A verb's places when any completes: the others as no-ops, so a repeating place
            // ("remind:*") never answers for an earlier one.
            let all = Self.places(surface)
            let places = all.filter { place in all.contains { $0.verb == place.verb && bashCompletion($0.kind) != nil } }
                .map { ($0, bashCompletion($0.kind) ?? "") }
            guard first != nil || !places.isEmpty else { continue }
            out += "        \(type.name))\n"
            if let first {
                out += "            if [[ $position -eq 0 ]]; then _kassa_words \"$cur\" \(first.joined(separator: " ")); return; fi\n"
            }
            if !places.isEmpty {
                out += "            case \"$verb:$position\" in\n"
                for (place, completion) in places {
                    // A place without a verb is any first word's: the verb's own come first.
                    let pattern = place.verb == nil && place.position == 0 ? "*:0" : bashPattern(place)
                    out += "                \(pattern)) \(completion)\(completion.isEmpty ? "" : " ");;\n"
                }
                out += "            esac\n"
            }
            out += "            ;;\n"
        }
        out += """
                *)
                    case "$prev" in
                        \(alternatives(accountFields))) _kassa_ask accounts "$cur" ;;
                        \(alternatives(categoryFields))) _kassa_ask categories "$cur" ;;
                    esac ;;
            esac
        }

        complete -F _kassa kassa

        """
        return out
    }
}
