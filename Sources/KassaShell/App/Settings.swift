// Settings: the value kassa uses for each configuration key and where it came from, after the
// precedence: command-line flag > environment > config file > built-in default. Two keys have a
// system default rather than a constant: `lang` falls back to LC_ALL / LC_MESSAGES / LANG *below*
// the config file (those describe the whole system; a line in kassa's own file is the more
// specific choice), and `file` to $XDG_DATA_HOME/kassa/journal.kassa.

import KassaCore

public struct Settings: Sendable {
    public enum Source: Sendable, Equatable {
        case option(String)
        case environment(String)
        case config(line: Int)
        case builtIn
    }

    public struct Value: Sendable, Equatable {
        public let value: String
        public let source: Source
    }

    public let config: ConfigFile
    public let values: [ConfigFile.Key: Value]

    public init(options: Options, environment: [String: String], config: ConfigFile, paths: ShellPaths) {
        self.config = config
        func configured(_ key: ConfigFile.Key, default fallback: String) -> Value {
            config.entries[key].map { Value(value: $0.value, source: .config(line: $0.line)) } ?? Value(value: fallback, source: .builtIn)
        }
        var values: [ConfigFile.Key: Value] = [:]
        values[.currency] = configured(.currency, default: Currency.kzt.code)
        values[.baseCurrency] = configured(.baseCurrency, default: values[.currency]!.value)
        values[.account] = configured(.account, default: "cash")
        values[.weekStart] = configured(.weekStart, default: ConfigFile.weekDays[0])

        if let language = options.language {
            values[.lang] = Value(value: language.rawValue, source: .option("--lang"))
        } else if let entry = config.entries[.lang] {
            values[.lang] = Value(value: entry.value, source: .config(line: entry.line))
        } else {
            let (language, variable) = Settings.systemLanguage(environment)
            values[.lang] = Value(value: language.rawValue, source: variable.map(Source.environment) ?? .builtIn)
        }

        if options.noColor {
            values[.color] = Value(value: "never", source: .option("--no-color"))
        } else if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            values[.color] = Value(value: "never", source: .environment("NO_COLOR"))
        } else {
            values[.color] = configured(.color, default: ConfigFile.colorModes[0])
        }

        let fileSource: Source = switch paths.journalSource {
        case .option: .option("--file")
        case .environment: .environment("KASSA_FILE")
        case .config: config.entries[.file].map { .config(line: $0.line) } ?? .builtIn
        case .builtIn: .builtIn
        }
        values[.file] = Value(value: paths.journal, source: fileSource)
        let ledgerSource: Source = switch paths.ledgerSource {
        case .option: .option("--ledger")
        case .environment: .environment("KASSA_LEDGER")
        case .config: config.entries[.ledger].map { .config(line: $0.line) } ?? .builtIn
        case .builtIn: .builtIn
        }
        values[.ledger] = Value(value: paths.ledger ?? "", source: paths.ledger == nil ? .builtIn : ledgerSource)
        values[.device] = configured(.device, default: "")
        values[.deviceID] = configured(.deviceID, default: "")
        values[.deviceMachine] = configured(.deviceMachine, default: "")
        self.values = values
    }

    public subscript(key: ConfigFile.Key) -> Value { values[key]! }

    public var language: Language { Language(rawValue: self[.lang].value) ?? .en }
    public var defaultCurrency: Currency { Currency(code: self[.currency].value) ?? .kzt }
    public var defaultAccount: String { self[.account].value }
    /// What budgets, reports and `balance --in` convert to (config `base-currency`, else `currency`).
    public var baseCurrency: Currency { Currency(code: self[.baseCurrency].value) ?? defaultCurrency }

    /// Colour on standard output: `always`, `never`, or (auto) only on a terminal.
    public func colour(onTerminal: Bool) -> Bool {
        switch self[.color].value {
        case "always": true
        case "never": false
        default: onTerminal
        }
    }

    /// LC_ALL, then LC_MESSAGES, then LANG (the first one set decides; English when it names a
    /// language kassa does not speak), and which variable it was.
    static func systemLanguage(_ environment: [String: String]) -> (Language, String?) {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                return (Language(localeName: value) ?? .en, name)
            }
        }
        return (.en, nil)
    }
}
