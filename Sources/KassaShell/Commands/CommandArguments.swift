// CommandArguments: the words after a command's name, split into positional words and the
// command's own options, the same way for `:list --from 2026-03-01` and `kassa list --from
// 2026-03-01`. An option the command does not take, one missing its value, or an empty file or
// folder name, is a usage error.

import KassaCore

public struct CommandArguments {
    /// The canonical name of the command being read.
    public let name: String
    public let form: CommandForm
    /// Positional words, in order (options removed; everything after `--` kept as words).
    public private(set) var words: [String] = []
    /// Values of options given (`--from` → "2026-03-01"); the last one given wins.
    public private(set) var values: [String: String] = [:]
    public private(set) var flags: Set<String> = []
    /// The session's words (list filters, field names, account verbs) in every language.
    public let vocabulary: CommandWords

    public init(name: String, form: CommandForm, words raw: [String], options: [CommandOption],
                vocabulary: CommandWords) throws(UsageError) {
        self.name = name
        self.form = form
        self.vocabulary = vocabulary
        var index = 0
        var onlyWords = false
        while index < raw.count {
            let word = raw[index]
            index += 1
            if onlyWords || !CommandArguments.isOption(word) {
                words.append(word)
                continue
            }
            if word == "--" { onlyWords = true; continue }
            var name = word
            var inline: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(key: "usage.unknown-option", arguments: ["option": name])
            }
            if option.takesValue {
                if let inline {
                    values[name] = inline
                } else {
                    guard index < raw.count else { throw UsageError(key: "usage.missing-value", arguments: ["option": name]) }
                    values[name] = raw[index]
                    index += 1
                }
                // An empty file or folder (`--prefix "$UNSET"`) names no place: it is refused,
                // never read as "the default place".
                if option.value == .file || option.value == .directory, values[name]?.isEmpty == true {
                    throw UsageError(key: "usage.empty-path", arguments: ["option": name])
                }
            } else {
                guard inline == nil else { throw UsageError(key: "usage.unknown-option", arguments: ["option": word]) }
                flags.insert(name)
            }
        }
    }

    /// "--from", "-x"; not "-500" (an amount) and not "-".
    public static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        return !(word.dropFirst().first?.isNumber ?? false)
    }

    /// The usage mistake "this command does not take these words", with its usage line.
    public func unexpected(_ words: [String]? = nil) -> UsageError {
        UsageError(key: "usage.unexpected", arguments: [
            "command": form.prefix + name, "value": (words ?? self.words).joined(separator: " "),
        ])
    }

    /// The canonical name of the declared verb the first word names (in any language the
    /// surface's group gives it), nil when there is no word or the first is no declared verb:
    /// a reader switches over this, so a verb its command does not declare is never taken.
    public func verb(of surface: CommandSurface) -> String? {
        words.first.flatMap { surface.verb(for: $0, vocabulary: vocabulary)?.name }
    }

    /// Fails when any positional word was given to a command that takes none.
    public func expectNoWords() throws(UsageError) {
        guard words.isEmpty else { throw unexpected() }
    }

    /// A date option's value (`--from 2026-03-01`), checked.
    public func date(_ option: String) throws(UsageError) -> CivilDate? {
        guard let text = values[option] else { return nil }
        guard let date = CivilDate(iso: text) else {
            throw UsageError(key: "usage.bad-option-date", arguments: ["option": option, "value": text])
        }
        // A date an option records (a rate's, a budget's start, an opening balance's) or filters
        // by lies in the range kassa supports everywhere.
        guard date.isSupported else {
            throw UsageError(key: "usage.option-date-bounds", arguments: ["option": option, "value": text])
        }
        return date
    }
}
