// ManualPage: `kassa manual` — a roff man page (man(7) macros) made from the command registry and
// the catalog: every command's usage line (CommandUsage), `command.NAME.summary`, `help.NAME`, the global
// options, the journal format, files, environment, exit status and examples. The English page
// when the interface is English, the Russian one when it is Russian. Text is escaped for roff
// (backslashes, leading dots and quotes, hyphens of options), so `groff -man -ww` stays quiet.

import KassaCore

struct ManualPage {
    let catalog: Catalog
    let version: String

    /// A global option: its spellings and the metavariable of its value (a `manual.metavar.*` key).
    struct GlobalOption {
        let key: String
        let spellings: [String]
        let metavar: String?
    }

    static let globalOptions = [
        GlobalOption(key: "file", spellings: ["--file", "-f"], metavar: "path"),
        GlobalOption(key: "ledger", spellings: ["--ledger"], metavar: "directory"),
        GlobalOption(key: "lang", spellings: ["--lang"], metavar: "lang"),
        GlobalOption(key: "today", spellings: ["--today"], metavar: "date"),
        GlobalOption(key: "yes", spellings: ["--yes", "-y"], metavar: nil),
        GlobalOption(key: "json", spellings: ["--json"], metavar: nil),
        GlobalOption(key: "no-color", spellings: ["--no-color"], metavar: nil),
        GlobalOption(key: "data-dir", spellings: ["--data-dir"], metavar: "directory"),
        GlobalOption(key: "help", spellings: ["--help", "-h"], metavar: nil),
        GlobalOption(key: "version", spellings: ["--version", "-V"], metavar: nil),
        GlobalOption(key: "verbose", spellings: ["--verbose"], metavar: nil),
    ]

    /// Names the system gives meaning to; their descriptions are `manual.environment.NAME`.
    static let environment = ["KASSA_FILE", "KASSA_LEDGER", "KASSA_TODAY", "KASSA_DATA_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                              "XDG_STATE_HOME", "XDG_CACHE_HOME", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR"]
    /// Paths (as a person would type them) with `manual.files.N` descriptions.
    static let files = ["~/.local/share/kassa/journal.kassa", "~/.local/state/kassa/history", "~/.config/kassa/config",
                        "~/.config/kassa/grammars/LANG/", "~/.config/kassa/locales/LANG/", "~/.cache/kassa/snapshots/"]
    static let exitStatuses = 0...3
    /// Command lines with `manual.example.N` descriptions.
    static let examples = [
        "kassa",
        "printf 'coffee 1500 yesterday\\n' | kassa --yes",
        "kassa add taxi 2000 from kaspi --yes",
        "kassa parse --json coffee 1500",
        "kassa list --from 2026-03-01 --category food/coffee",
        "kassa balance",
        "kassa list --json > backup.jsonl",
        "kassa config set currency USD",
        "kassa manual | man -l -",
        "kassa completions bash > ~/.local/share/bash-completion/completions/kassa",
    ]

    func lines() -> [String] {
        var out: [String] = []
        out.append(".TH KASSA 1 \"\" \"kassa \(version)\" \"\(Self.quoted(catalog.text("manual.header")))\"")
        out.append(Installation.manualMark)
        section("name", &out)
        out.append("kassa \\- " + Self.escape(catalog.text("manual.name")))

        section("synopsis", &out)
        let optionsWord = catalog.text("manual.word.options"), commandWord = catalog.text("manual.word.command"),
            argumentsWord = catalog.text("manual.word.arguments")
        out += [".B kassa", ".RI [ \(Self.quoted(optionsWord)) ]", ".br",
                ".B kassa", ".RI [ \(Self.quoted(optionsWord)) ] \" \(Self.quoted(commandWord))\" \" [\(Self.quoted(argumentsWord))]\""]

        section("description", &out)
        paragraphs(catalog.text("manual.description"), &out)

        section("commands", &out)
        paragraphs(catalog.text("manual.commands"), &out)
        for type in CommandRegistry.commands(for: .oneShot) {
            out += [".TP", ".B " + Self.escape("kassa " + CommandUsage(catalog: catalog).line(type))]
            out.append(Self.escape(catalog.text("command.\(type.name).summary")))
            if catalog.has("help.\(type.name)") { breaks(catalog.text("help.\(type.name)"), &out) }
            if !type.options.isEmpty {
                out += [".br", Self.escape(catalog.text("manual.command-options",
                                                        ["options": type.options.map(\.name).joined(separator: ", ")]))]
            }
        }

        section("session", &out)
        paragraphs(catalog.text("manual.session"), &out)
        for type in CommandRegistry.commands(for: .session) {
            out += [".TP", ".B " + Self.escape(":" + CommandUsage(catalog: catalog).line(type)),
                    Self.escape(catalog.text("command.\(type.name).summary"))]
        }

        section("options", &out)
        for option in Self.globalOptions {
            var term = option.spellings.map { "\\fB" + Self.escape($0) + "\\fR" }.joined(separator: ", ")
            if let metavar = option.metavar { term += " \\fI" + Self.escape(catalog.text("manual.metavar." + metavar)) + "\\fR" }
            out += [".TP", term, Self.escape(catalog.text("manual.option." + option.key))]
        }

        section("configuration", &out)
        paragraphs(catalog.text("manual.configuration"), &out)

        section("journal", &out)
        paragraphs(catalog.text("manual.journal"), &out)
        out += [".PP", ".nf", ".RS 4"]
        out += catalog.text("manual.journal.records").split(separator: "\n").map { Self.escape(String($0)) }
        out += [".RE", ".fi"]
        paragraphs(catalog.text("manual.journal.after"), &out)

        section("files", &out)
        for (index, path) in Self.files.enumerated() {
            out += [".TP", ".I " + Self.escape(path), Self.escape(catalog.text("manual.files.\(index + 1)"))]
        }

        section("environment", &out)
        for name in Self.environment {
            out += [".TP", ".B " + name, Self.escape(catalog.text("manual.environment." + name))]
        }

        section("exit-status", &out)
        for status in Self.exitStatuses {
            out += [".TP", ".B \(status)", Self.escape(catalog.text("manual.exit.\(status)"))]
        }

        section("examples", &out)
        for (index, example) in Self.examples.enumerated() {
            out += [".TP", ".B " + Self.escape(example), Self.escape(catalog.text("manual.example.\(index + 1)"))]
        }

        section("see-also", &out)
        out.append(".BR hledger (1), " + ".BR ledger (1)")
        return out
    }

    private func section(_ name: String, _ out: inout [String]) {
        out.append(".SH \"" + Self.quoted(catalog.text("manual.section." + name)) + "\"")
    }

    /// `\n`-separated paragraphs of a message, each its own .PP.
    private func paragraphs(_ text: String, _ out: inout [String]) {
        for (index, paragraph) in text.split(separator: "\n").enumerated() {
            if index > 0 || out.last?.hasPrefix(".SH") == false { out.append(".PP") }
            out.append(Self.escape(String(paragraph)))
        }
    }

    /// A help message inside one entry, on a line of its own: its `\n`s wrap a terminal's
    /// lines, so here they are spaces and the man viewer fills the text.
    private func breaks(_ text: String, _ out: inout [String]) {
        out += [".br", Self.escape(text.split(separator: "\n").joined(separator: " "))]
    }

    /// Text for a roff text line: backslashes as \e, hyphens that start an option or follow a
    /// space as \- (so they are not broken or turned into typographic hyphens), everything beyond
    /// ASCII as a \[uXXXX] glyph (groff reads its input as Latin-1 unless told otherwise), and a
    /// line that would start with a control character or a space guarded by \&. A line break or
    /// another control character inside (a locale line may hold one) becomes a space: it would
    /// otherwise start a new roff line, and `.so`, `.pso` there are requests.
    static func escape(_ text: String) -> String {
        var out = ""
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
            case "\\": out += "\\e"
            case "-" where !(previous.properties.isAlphabetic): out += "\\-"
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        if let first = out.first, first == "." || first == "'" || first == " " { out = "\\&" + out }
        return out
    }

    /// Text inside a double-quoted macro argument: escaped, with its own quotes doubled.
    static func quoted(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "\"", with: "\"\"")
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
