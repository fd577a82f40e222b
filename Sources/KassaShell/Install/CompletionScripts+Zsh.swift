// CompletionScripts+Zsh: `kassa completions zsh`. compadd quotes what it inserts; names from
// the journal arrive NUL-ended and are never evaluated.

import KassaCore

extension CompletionScripts {
    /// What zsh runs to complete a word of `kind`; nil: nothing.
    func zshCompletion(_ kind: ArgumentKind) -> String? {
        switch kind {
        case .account: return "_kassa_ask accounts"
        case .category: return "_kassa_ask categories"
        case .file: return "_files"
        case .directory: return "_files -/"
        case .currency: return "_kassa_currencies"
        case .configValue:
            let keys = configChoices.map { "(\($0.0)) compadd -- \($0.1.joined(separator: " ")) ;;" }
            return "case ${words[CURRENT - 1]} in " + keys.joined(separator: " ") + " esac"
        default: return kind.words.map { "compadd -- " + $0.joined(separator: " ") }
        }
    }

    func zsh() -> String {
        var out = """
        #compdef kassa
        # zsh completion for kassa: made by `kassa completions zsh` (kassa \(KassaApp.version)).
        # Install: kassa completions zsh > ~/.local/share/zsh/site-functions/_kassa (a folder in $fpath),
        # or add to ~/.zshrc after compinit: eval "$(kassa completions zsh)"

        _kassa_ask() {
            # Accounts or categories of the journal in use, from kassa itself.
            local i
            local -a passed candidates
            for ((i = 2; i < CURRENT; i++)); do
                case ${words[i]} in
                    (\(alternatives(Self.passedOn))) passed+=(${words[i]} ${words[i + 1]}); ((i++)) ;;
                esac
            done
            # Each name ends with a NUL (a name may hold a line break); compadd quotes what it inserts.
            candidates=(${(0)"$(${words[1]} $passed completions --null $1 2>/dev/null)"})
            compadd -a candidates
        }

        _kassa_currencies() {
            compadd -- \(Currency.allCodes.joined(separator: " "))
        }

        _kassa() {
            local command="" verb="" i position=0
            local -a options
            for ((i = 2; i < CURRENT; i++)); do
                case ${words[i]} in
                    (\(alternatives(valueOptions))) ((i++)) ;;
                    (-*) ;;
                    (*)
                        if [[ -z $command ]]; then
                            command=${words[i]}
                        else
                            (( position == 0 )) && verb=${words[i]}
                            ((position++))
                        fi ;;
                esac
            done
            case ${words[CURRENT - 1]} in
                (--file|-f|--data-dir) _files; return ;;
                (--lang) compadd -- \(Language.allCases.map(\.rawValue).joined(separator: " ")); return ;;
            esac
            # The value of a command's option, by its kind.
            case $command:${words[CURRENT - 1]} in

        """
        for type in commands {
            for option in type.options {
                guard let kind = option.value, let completion = zshCompletion(kind) else { continue }
                out += "        (\(type.name):\(option.name)) \(completion); return ;;\n"
            }
        }
        out += """
            esac
            case ${words[CURRENT - 1]} in
                (\(alternatives(valueOptions))) return ;;
            esac
            if [[ -z $command ]]; then
                if [[ $PREFIX == -* ]]; then
                    compadd -- \(Self.globalOptions.joined(separator: " "))
                else
                    local -a commands
                    commands=(

        """
        for type in commands {
            out += "                    \(Self.zshQuoted(type.name + ":" + catalog.text("command.\(type.name).summary")))\n"
        }
        out += """
                    )
                    _describe command commands
                fi
                return
            fi
            case $command in

        """
        for type in commands where !type.options.isEmpty {
            out += "        (\(type.name)) options=(\(type.options.map(\.name).joined(separator: " "))) ;;\n"
        }
        out += """
            esac
            if [[ $PREFIX == -* ]]; then
                compadd -- $options \(Self.globalOptions.joined(separator: " "))
                return
            fi
            # The command's verbs first, then the words after them by their kind.
            case $command in

        """
        for type in commands {
            let surface = type.surface
            let first = Self.firstWords(surface)
            let all = Self.places(surface)
            let places = all.filter { place in all.contains { $0.verb == place.verb && zshCompletion($0.kind) != nil } }
            guard first != nil || !places.isEmpty else { continue }
            out += "        (\(type.name))\n"
            if let first {
                out += "            if (( position == 0 )); then compadd -- \(first.joined(separator: " ")); return; fi\n"
            }
            if !places.isEmpty {
                out += "            case $verb:$position in\n"
                for place in places {
                    let pattern = (place.verb == nil && place.position == 0) ? "*:0"
                        : (place.verb ?? "*") + ":" + (place.repeats ? "*" : String(place.position))
                    out += "                (\(pattern)) \(zshCompletion(place.kind).map { $0 + " " } ?? "");;\n"
                }
                out += "            esac\n"
            }
            out += "            ;;\n"
        }
        out += """
                (*)
                    case ${words[CURRENT - 1]} in
                        (\(alternatives(accountFields))) _kassa_ask accounts ;;
                        (\(alternatives(categoryFields))) _kassa_ask categories ;;
                    esac ;;
            esac
        }

        if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
            _kassa "$@"
        else
            compdef _kassa kassa
        fi

        """
        return out
    }
}
