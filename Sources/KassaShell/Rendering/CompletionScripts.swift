// CompletionScripts: the bash, zsh and fish scripts `kassa completions SHELL` prints. Commands,
// their options and the global options come from the command registry at the time the script is
// printed (so they cannot drift from what kassa accepts); account names and categories are asked
// of kassa itself when Tab is pressed (`kassa completions accounts|categories`), passing on any
// --file, --data-dir or --lang already on the line, so they follow the journal being used.

import KassaCore

struct CompletionScripts {
    let catalog: Catalog
    let words: CommandWords

    static let shells = ["bash", "zsh", "fish"]
    /// Global options (Options.parse), and which of them take a value.
    static let globalOptions = ["--file", "-f", "--lang", "--today", "--data-dir", "--yes", "-y", "--json", "--no-color",
                                "--help", "-h", "--version", "-V", "--verbose"]
    static let globalValueOptions = ["--file", "-f", "--lang", "--today", "--data-dir"]
    /// Options whose value the callback passes on to `kassa completions accounts|categories`.
    static let passedOn = ["--file", "-f", "--data-dir", "--lang"]

    var commands: [any Command.Type] { CommandRegistry.commands(for: .oneShot) }
    var valueOptions: [String] { Self.globalValueOptions + CommandRegistry.valueOptions.sorted() }
    /// Field words that take an account or a category after them (`edit #3 category groceries`).
    var accountFields: [String] { words.words("field", "account") }
    var categoryFields: [String] { words.words("field", "category") }

    /// The config keys with a fixed set of values, and those values (`config set color never`).
    var configChoices: [(String, String)] {
        [ConfigFile.Key.lang, .weekStart, .color].map { ($0.rawValue, ConfigCommand.values($0).split(separator: ",").map { $0.trimmingSpaces }.joined(separator: " ")) }
    }

    /// Fixed words a command takes first (`grammar check|test`, `config get KEY` …).
    func subwords(_ name: String) -> [String]? {
        switch name {
        case "help": commands.map { $0.name }
        case "grammar": ["check", "test"]
        case "config": ["list", "get", "set"]
        case "completions": Self.shells + CompletionsCommand.lists
        case "account": ["add", "rename"]
        default: nil
        }
    }

    func script(_ shell: String) -> String {
        switch shell {
        case "zsh": zsh()
        case "fish": fish()
        default: bash()
        }
    }

    private func alternatives(_ items: [String]) -> String { items.joined(separator: "|") }

    // MARK: - bash

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
            local word
            COMPREPLY=()
            compopt -o filenames 2>/dev/null
            while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -f -- "$1")
        }

        _kassa() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"
            local command="" i position=0
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    \(alternatives(valueOptions))) ((i++)) ;;
                    -*) ;;
                    *) if [[ -z $command ]]; then command="${COMP_WORDS[i]}"; else ((position++)); fi ;;
                esac
            done
            case "$prev" in
                --file|-f|--data-dir) _kassa_files "$cur"; return ;;
                --lang) _kassa_words "$cur" \(Language.allCases.map(\.rawValue).joined(separator: " ")); return ;;
                --account) _kassa_ask accounts "$cur"; return ;;
                --category) _kassa_ask categories "$cur"; return ;;
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
            out += "            \(type.name)) options=(\(type.options.map(\.name).joined(separator: " "))) ;;\n"
        }
        out += """
            esac
            if [[ $cur == -* ]]; then
                _kassa_words "$cur" "${options[@]}" \(Self.globalOptions.joined(separator: " "))
                return
            fi
            case "$command" in

        """
        for type in commands {
            guard let subwords = subwords(type.name) else { continue }
            out += "            \(type.name)) [[ $position -eq 0 ]] && _kassa_words \"$cur\" \(subwords.joined(separator: " "))"
            if type.name == "config" {
                out += "\n                [[ $position -eq 1 && $prev != list ]] && _kassa_words \"$cur\" \(ConfigFile.Key.allCases.map(\.rawValue).joined(separator: " "))"
                for (key, values) in configChoices {
                    out += "\n                [[ $position -eq 2 && $prev == \(key) ]] && _kassa_words \"$cur\" \(values)"
                }
            }
            if type.name == "account" {
                out += "\n                [[ $position -ge 1 && ${COMP_WORDS[COMP_CWORD - position]} == rename ]] && _kassa_ask accounts \"$cur\""
            }
            out += " ;;\n"
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

    // MARK: - zsh

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

        _kassa() {
            local command="" i position=0
            local -a options
            for ((i = 2; i < CURRENT; i++)); do
                case ${words[i]} in
                    (\(alternatives(valueOptions))) ((i++)) ;;
                    (-*) ;;
                    (*) if [[ -z $command ]]; then command=${words[i]}; else ((position++)); fi ;;
                esac
            done
            case ${words[CURRENT - 1]} in
                (--file|-f|--data-dir) _files; return ;;
                (--lang) compadd \(Language.allCases.map(\.rawValue).joined(separator: " ")); return ;;
                (--account) _kassa_ask accounts; return ;;
                (--category) _kassa_ask categories; return ;;
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
            case $command in

        """
        for type in commands {
            guard let subwords = subwords(type.name) else { continue }
            out += "        (\(type.name)) (( position == 0 )) && compadd -- \(subwords.joined(separator: " "))"
            if type.name == "config" {
                out += "\n            (( position == 1 )) && [[ ${words[CURRENT - 1]} != list ]] && compadd -- \(ConfigFile.Key.allCases.map(\.rawValue).joined(separator: " "))"
                for (key, values) in configChoices {
                    out += "\n            (( position == 2 )) && [[ ${words[CURRENT - 1]} == \(key) ]] && compadd -- \(values)"
                }
            }
            if type.name == "account" {
                out += "\n            (( position >= 1 )) && [[ ${words[CURRENT - position]} == rename ]] && _kassa_ask accounts"
            }
            out += " ;;\n"
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

    // MARK: - fish

    func fish() -> String {
        let names = commands.map { $0.name }.joined(separator: " ")
        var out = """
        # fish completion for kassa: made by `kassa completions fish` (kassa \(KassaApp.version)).
        # Install: kassa completions fish > ~/.config/fish/completions/kassa.fish

        function __kassa_ask
            # Accounts or categories of the journal in use, from kassa itself.
            set -l line (commandline -opc)
            set -l passed
            set -l i 2
            while test $i -lt (count $line)
                if contains -- $line[$i] \(Self.passedOn.joined(separator: " "))
                    set passed $passed $line[$i] $line[(math $i + 1)]
                    set i (math $i + 1)
                end
                set i (math $i + 1)
            end
            # Each name ends with a NUL; fish takes candidates one per line and never expands them,
            # so a name holding a line break, a carriage return or a tab (which fish reads as a
            # description) is left out.
            for name in ($line[1] $passed completions --null $argv[1] 2>/dev/null | string split0)
                string match -q -r '[\\n\\t\\r]' -- $name; or printf '%s\\n' $name
            end
        end

        function __kassa_previous
            set -l line (commandline -opc)
            contains -- $line[-1] $argv
        end

        complete -c kassa -f
        complete -c kassa -s f -l file -r -F
        complete -c kassa -l lang -x -a '\(Language.allCases.map(\.rawValue).joined(separator: " "))'
        complete -c kassa -l today -x
        complete -c kassa -l data-dir -x -a '(__fish_complete_directories)'
        complete -c kassa -s y -l yes
        complete -c kassa -l json
        complete -c kassa -l no-color
        complete -c kassa -s h -l help
        complete -c kassa -s V -l version
        complete -c kassa -l verbose

        """
        for type in commands {
            out += "complete -c kassa -n '__fish_use_subcommand' -a \(type.name) -d \(Self.fishQuoted(catalog.text("command.\(type.name).summary")))\n"
            for option in type.options {
                let name = String(option.name.drop { $0 == "-" })
                var line = "complete -c kassa -n '__fish_seen_subcommand_from \(type.name)' -l \(name)"
                if option.takesValue { line += " -x" }
                if name == "account" { line += " -a '(__kassa_ask accounts)'" }
                if name == "category" { line += " -a '(__kassa_ask categories)'" }
                out += line + "\n"
            }
            if let subwords = subwords(type.name) {
                out += "complete -c kassa -n '__fish_seen_subcommand_from \(type.name); and __kassa_previous \(type.name)' -a '\(subwords.joined(separator: " "))'\n"
            }
        }
        out += """
        complete -c kassa -n '__fish_seen_subcommand_from config; and __fish_seen_subcommand_from get set; and __kassa_previous get set' -a '\(ConfigFile.Key.allCases.map(\.rawValue).joined(separator: " "))'
        complete -c kassa -n '__fish_seen_subcommand_from rename' -a '(__kassa_ask accounts)'

        """
        for (key, values) in configChoices {
            out += "complete -c kassa -n '__fish_seen_subcommand_from config; and __fish_seen_subcommand_from set; and __kassa_previous \(key)' -a '\(values)'\n"
        }
        out += """
        complete -c kassa -n '__fish_seen_subcommand_from \(names); and __kassa_previous \(accountFields.joined(separator: " "))' -a '(__kassa_ask accounts)'
        complete -c kassa -n '__fish_seen_subcommand_from \(names); and __kassa_previous \(categoryFields.joined(separator: " "))' -a '(__kassa_ask categories)'

        """
        return out
    }

    /// A zsh word in single quotes ("name:description" for _describe; colons in the
    /// description are fine, only the first one separates).
    static func zshQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
