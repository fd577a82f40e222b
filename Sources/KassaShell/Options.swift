// Options: the command line (DESIGN.md §2), parsed by hand: global flags anywhere, then an
// optional subcommand and its words. Usage mistakes are values (UsageError) rendered from Locales/.

import KassaCore
import KassaStore

public struct Options: Sendable, Equatable {
    public enum Subcommand: String, Sendable, CaseIterable {
        case session, parse, add, list, undo, redo, balance, history, check, repair, `import`, grammar, help
    }

    public var subcommand: Subcommand = .session
    /// Words after the subcommand: entry text for parse/add, filters for list, ...
    public var words: [String] = []
    public var file: String?
    public var language: Language?
    public var today: CivilDate?
    public var dataDirectory: String?
    public var yes = false
    public var json = false
    public var explain = false
    public var noColor = false
    /// `kassa list` / `kassa balance` filters. The category is kept as typed ("groceries",
    /// "продукты") until the grammar turns it into a slug.
    public var filter = TransactionFilter()
    public var categoryName: String?
    public var help = false
    public var version = false
    /// `kassa import --allow-duplicates`: import lines already in the journal too.
    public var allowDuplicates = false

    public init() {}

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var sawSubcommand = false
        var index = 0
        var onlyWords = false
        func value(_ flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(key: "usage.missing-value", arguments: ["option": flag]) }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inlineValue: String?
            if !onlyWords, argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func optionValue() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                return try value(argument)
            }
            switch argument {
            case _ where onlyWords:
                options.words.append(argument)
            case "--":
                onlyWords = true
            case "--file", "-f":
                options.file = try optionValue()
            case "--lang":
                let text = try optionValue()
                guard let language = Language(rawValue: text.lowercased()) else {
                    throw UsageError(key: "usage.bad-language", arguments: ["value": text])
                }
                options.language = language
            case "--today":
                let text = try optionValue()
                guard let date = CivilDate(iso: text) else {
                    throw UsageError(key: "usage.bad-date", arguments: ["value": text])
                }
                guard date.isSupported else { throw UsageError(key: "store.today-out-of-range", arguments: ["value": text]) }
                options.today = date
            case "--data-dir":
                options.dataDirectory = try optionValue()
            case "--from", "--to":
                let text = try optionValue()
                guard let date = CivilDate(iso: text) else {
                    throw UsageError(key: "usage.bad-date", arguments: ["value": text])
                }
                if argument == "--from" { options.filter.from = date } else { options.filter.to = date }
            case "--category": options.categoryName = try optionValue()
            case "--account": options.filter.account = try optionValue().lowercased()
            case "--text": options.filter.text = try optionValue()
            case "--type":
                let text = try optionValue()
                guard let type = TransactionType(rawValue: text.lowercased()) else {
                    throw UsageError(key: "usage.bad-type", arguments: ["value": text])
                }
                options.filter.type = type
            case "--yes", "-y": options.yes = true
            case "--json": options.json = true
            case "--explain": options.explain = true
            case "--allow-duplicates": options.allowDuplicates = true
            case "--no-color", "--no-colour": options.noColor = true
            case "--help", "-h": options.help = true
            case "--version", "-V": options.version = true
            default:
                if argument.hasPrefix("-") && argument.count > 1 && !Options.looksNumeric(argument) {
                    throw UsageError(key: "usage.unknown-option", arguments: ["option": argument])
                }
                if !sawSubcommand && options.words.isEmpty {
                    guard let subcommand = Subcommand(rawValue: argument), subcommand != .session else {
                        throw UsageError(key: "usage.unknown-command", arguments: ["command": argument])
                    }
                    options.subcommand = subcommand
                    sawSubcommand = true
                } else {
                    options.words.append(argument)
                }
            }
            index += 1
        }
        if options.subcommand == .help {
            options.help = true
        }
        return options
    }

    /// "-500" is an entry word, not an option.
    static func looksNumeric(_ word: String) -> Bool {
        word.dropFirst().first.map { $0.isNumber } ?? false
    }
}

public struct UsageError: LocalizableError, Equatable {
    public let key: String
    public let arguments: [String: String]

    public init(key: String, arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    public var messageKey: String { key }
    public var messageArguments: [String: String] { arguments }
}
