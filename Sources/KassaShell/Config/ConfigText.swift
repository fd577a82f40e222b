// ConfigText: how settings are said — where a value comes from ("default", "--file",
// "~/.config/kassa/config:3"), what a key takes, and the config file's unusable lines as
// warnings. `config list`, `--version --verbose`, the start-up warnings and the shell
// completions all say them the same way.

import KassaCore

enum ConfigText {
    /// What a key takes, in words, for warnings about the file.
    static func expected(_ key: ConfigFile.Key, catalog: Catalog) -> String {
        switch valueKind(key) {
        case "choice": values(key)
        default: catalog.text("config.expected." + valueKind(key))
        }
    }

    /// Which bad-value message fits the key: a currency, one of a list, any text.
    static func valueKind(_ key: ConfigFile.Key) -> String {
        switch key {
        case .currency, .baseCurrency: "currency"
        case .lang, .weekStart, .color: "choice"
        case .account, .file, .ledger, .device, .deviceID, .deviceMachine: "text"
        }
    }

    /// The values a choice key takes.
    static func values(_ key: ConfigFile.Key) -> String {
        switch key {
        case .lang: Language.allCases.map(\.rawValue).joined(separator: ", ")
        case .weekStart: ConfigFile.weekDays.joined(separator: ", ")
        case .color: ConfigFile.colorModes.joined(separator: ", ")
        default: ""
        }
    }

    /// "default", "--file", "KASSA_FILE", "/home/a/.config/kassa/config:3".
    static func describe(_ source: Settings.Source, path: String, catalog: Catalog) -> String {
        switch source {
        case .option(let flag): catalog.text("config.source.option", ["option": flag])
        case .environment(let variable): catalog.text("config.source.environment", ["variable": variable])
        case .config(let line): "\(path):\(line)"
        case .builtIn: catalog.text("config.source.default")
        }
    }

    /// The config file's unusable lines as warnings: file:line and what is wrong.
    static func describe(_ problems: [ConfigFile.Problem], path: String, catalog: Catalog) -> [String] {
        problems.map { problem in
            // The file's own words are shown escaped: a value holding ESC cannot recolour the screen.
            let location = TerminalSafety.visible(path) + ":\(problem.line)"
            switch problem.kind {
            case .unknownKey(let key):
                return catalog.text("config.warning.unknown-key", [
                    "location": location, "key": TerminalSafety.visible(key), "keys": ConfigFile.Key.allCases.map(\.rawValue).joined(separator: ", "),
                ])
            case .badValue(let key, let value):
                let expected = ConfigFile.Key(rawValue: key).map { ConfigText.expected($0, catalog: catalog) } ?? ""
                return catalog.text("config.warning.bad-value", ["location": location, "key": TerminalSafety.visible(key), "value": TerminalSafety.visible(value), "expected": expected])
            case .badLine:
                return catalog.text("config.warning.bad-line", ["location": location])
            }
        }
    }
}
