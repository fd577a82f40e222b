// CompletionScripts: the bash, zsh and fish scripts `kassa completions SHELL` prints, made from
// the commands' declarations (CommandSurface and options) at the time the script is printed, so
// every verb and option a command takes is completed and none it refuses: the command names;
// each command's options and the values of their kinds; its verbs; the words after a verb by
// their kind. Account names and categories are asked of kassa itself when Tab is pressed
// (`kassa completions accounts|categories`), passing on any --file, --data-dir or --lang already
// on the line, so they follow the journal being used: no name from a journal is ever written
// into a script. Each shell's text is in its own file (CompletionScripts+Bash, +Zsh, +Fish).

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
    var configChoices: [(String, [String])] {
        [ConfigFile.Key.lang, .weekStart, .color].map {
            ($0.rawValue, ConfigText.values($0).split(separator: ",").map { $0.trimmingSpaces })
        }
    }

    /// One place after a command's name that Tab completes: positional word `position` (0 = the
    /// first word after the command), after `verb` (nil: the command's own words, no verb);
    /// `repeats`: every later position too.
    struct Place {
        let verb: String?
        let position: Int
        let repeats: Bool
        let kind: ArgumentKind
    }

    /// The words Tab offers as a command's first word: its verbs and the fixed words of its
    /// first positional place; nil when that place is no list of words (a file, an account …).
    static func firstWords(_ surface: CommandSurface) -> [String]? {
        let ownWords = surface.arguments.first?.kind.words
        if surface.verbs.isEmpty { return ownWords }
        return surface.verbNames + (ownWords ?? [])
    }

    /// The places after the first word: each verb's arguments, then the command's own (after a
    /// first word that is no verb); the first word's own place when it is no list of words.
    static func places(_ surface: CommandSurface) -> [Place] {
        var places: [Place] = []
        for verb in surface.verbs {
            for (index, slot) in verb.arguments.enumerated() {
                places.append(Place(verb: verb.name, position: index + 1, repeats: slot.repeats, kind: slot.kind))
            }
        }
        for (index, slot) in surface.arguments.enumerated() where index > 0 || firstWords(surface) == nil {
            places.append(Place(verb: nil, position: index, repeats: slot.repeats, kind: slot.kind))
        }
        return places
    }

    func script(_ shell: String) -> String {
        switch shell {
        case "zsh": zsh()
        case "fish": fish()
        default: bash()
        }
    }

    func alternatives(_ items: [String]) -> String { items.joined(separator: "|") }

    /// A zsh word in single quotes ("name:description" for _describe; colons in the
    /// description are fine, only the first one separates).
    static func zshQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
