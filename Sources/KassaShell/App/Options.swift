// Options: the command line (DESIGN.md §2), parsed by hand. The global flags work anywhere
// (before `--`); the first other word names the command; everything else — the command's own
// options and words — is left, in order, for the command to read (CommandArguments), so
// `kassa undo '#3'` and `:undo #3` are read by the same code. Usage mistakes are values
// (UsageError) rendered from Locales/.

import KassaCore

public struct Options: Sendable, Equatable {
    /// The command's canonical name (`list`, `undo` …); nil for the session.
    public var command: String?
    /// Words after the command: its arguments and its own options, in order.
    public var words: [String] = []
    public var file: String?
    /// `--ledger DIR`: a folder of device journals, read as one ledger (Devices/).
    public var ledger: String?
    public var language: Language?
    public var today: CivilDate?
    public var dataDirectory: String?
    public var yes = false
    public var json = false
    public var noColor = false
    public var help = false
    public var version = false
    /// With --version: where data, configuration and journal come from.
    public var verbose = false

    public init() {}

    /// Parses `arguments` (without the program name). `commands` are the one-shot command
    /// names; `valueOptions` the command options that take a value (their value is not a word).
    public static func parse(_ arguments: [String], commands: Set<String> = Set(CommandRegistry.commands(for: .oneShot).map { $0.name }),
                             valueOptions: Set<String> = CommandRegistry.valueOptions) throws(UsageError) -> Options {
        var options = Options()
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
            // An empty path (`--file "$UNSET"`) names no file: refused, never the default journal.
            func pathValue() throws(UsageError) -> String {
                let path = try optionValue()
                guard !path.isEmpty else { throw UsageError(key: "usage.empty-path", arguments: ["option": argument]) }
                return path
            }
            switch argument {
            case _ where onlyWords:
                options.words.append(arguments[index])
            case "--":
                onlyWords = true
                options.words.append(argument)
            case "--file", "-f":
                options.file = try pathValue()
            case "--ledger":
                options.ledger = try pathValue()
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
                options.dataDirectory = try pathValue()
            case "--yes", "-y": options.yes = true
            case "--json": options.json = true
            case "--no-color", "--no-colour": options.noColor = true
            case "--help", "-h": options.help = true
            case "--version", "-V": options.version = true
            case "--verbose": options.verbose = true
            default:
                if CommandArguments.isOption(argument) {
                    // The command's own option: it and its value (if it takes one) are its words.
                    options.words.append(arguments[index])
                    if inlineValue == nil, valueOptions.contains(argument), index + 1 < arguments.count {
                        index += 1
                        options.words.append(arguments[index])
                    }
                } else if options.command == nil {
                    let name = argument.lowercased()
                    guard commands.contains(name) else {
                        throw UsageError(key: "usage.unknown-command", arguments: ["command": argument])
                    }
                    options.command = name
                } else {
                    options.words.append(argument)
                }
            }
            index += 1
        }
        if options.command == nil, let stray = options.words.first(where: CommandArguments.isOption) {
            // The session takes no options but the global ones.
            throw UsageError(key: "usage.unknown-option", arguments: ["option": stray.split(separator: "=").first.map(String.init) ?? stray])
        }
        if options.command == "help" {
            options.help = true
            options.command = options.words.first.map { $0.lowercased() }
            options.words = []
        }
        return options
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
