// CompletionScripts+Fish: `kassa completions fish`. fish takes candidates one per line and never
// expands them; __kassa_at finds the command, its verb and the place being completed the way
// the bash and zsh scripts do (skipping options and their values).

import KassaCore

extension CompletionScripts {
    /// The `complete` arguments that offer a word of `kind`; nil: nothing.
    func fishCompletion(_ kind: ArgumentKind) -> String? {
        switch kind {
        case .account: return "-a '(__kassa_ask accounts)'"
        case .category: return "-a '(__kassa_ask categories)'"
        case .file: return "-F"
        case .directory: return "-a '(__fish_complete_directories)'"
        case .currency: return "-a '(__kassa_currencies)'"
        case .configValue: return nil  // by the key before it: fish() writes one line per key
        default: return kind.words.map { "-a '" + $0.joined(separator: " ") + "'" }
        }
    }

    func fish() -> String {
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

        function __kassa_currencies
            printf '%s\\n' \(Currency.allCodes.joined(separator: " "))
        end

        function __kassa_at
            # __kassa_at COMMAND VERB PLACE: the line's command is COMMAND (- for any), its first
            # word VERB (- for any) and the word being completed is its positional word PLACE (0 = the first
            # after the command; N+ = N or later).
            set -l line (commandline -opc)
            set -l command
            set -l words
            set -l i 2
            while test $i -le (count $line)
                if contains -- $line[$i] \(valueOptions.joined(separator: " "))
                    set i (math $i + 1)
                else if not string match -q -- '-*' $line[$i]
                    if test -z "$command"
                        set command $line[$i]
                    else
                        set words $words $line[$i]
                    end
                end
                set i (math $i + 1)
            end
            test -n "$command"; and begin; test $argv[1] = -; or test "$command" = $argv[1]; end; or return 1
            if test $argv[2] != -
                test (count $words) -ge 1; and test $words[1] = $argv[2]; or return 1
            end
            set -l place (string trim -r -c + -- $argv[3])
            if test $place != $argv[3]
                test (count $words) -ge $place
            else
                test (count $words) -eq $place
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
            let name = type.name
            out += "complete -c kassa -n '__fish_use_subcommand' -a \(name) -d \(Self.fishQuoted(catalog.text("command.\(name).summary")))\n"
            for option in type.options {
                let bare = String(option.name.drop { $0 == "-" })
                var line = "complete -c kassa -n '__kassa_at \(name) - 0+' " + (option.name.hasPrefix("--") ? "-l " : "-s ") + bare
                if let kind = option.value {
                    if kind == .file {
                        line += " -r -F"
                    } else {
                        line += " -x"
                        if let completion = fishCompletion(kind) { line += " " + completion }
                    }
                }
                out += line + "\n"
            }
            let surface = type.surface
            if let first = Self.firstWords(surface) {
                out += "complete -c kassa -n '__kassa_at \(name) - 0' -a '\(first.joined(separator: " "))'\n"
            }
            for place in Self.places(surface) {
                let at = "__kassa_at \(name) \(place.verb ?? "-") \(place.position)\(place.repeats ? "+" : "")"
                if place.kind == .configValue {
                    for (key, values) in configChoices {
                        out += "complete -c kassa -n '\(at); and __kassa_previous \(key)' -a '\(values.joined(separator: " "))'\n"
                    }
                } else if let completion = fishCompletion(place.kind) {
                    out += "complete -c kassa -n '\(at)' \(completion)\n"
                }
            }
        }
        out += """
        complete -c kassa -n '__kassa_at - - 1+; and __kassa_previous \(accountFields.joined(separator: " "))' -a '(__kassa_ask accounts)'
        complete -c kassa -n '__kassa_at - - 1+; and __kassa_previous \(categoryFields.joined(separator: " "))' -a '(__kassa_ask categories)'

        """
        return out
    }
}
