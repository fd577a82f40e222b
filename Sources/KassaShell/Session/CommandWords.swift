// CommandWords: the session's own vocabulary (command names, bare commands, yes/no answers,
// correction fields), read from Grammars/<lang>/session.commands. All languages are merged:
// a Russian word works in an English session and the other way round.

import KassaCore
import KassaLedger
import KassaInterchange
import KassaStore

public struct CommandWords: Sendable {
    /// "command.help" → ["help", "h", "?", "помощь", ...], words lower-cased.
    private var groups: [String: [String]] = [:]
    /// word → names, per group prefix ("command" → ["help": "help", "помощь": "help"]).
    private var lookup: [String: [String: String]] = [:]

    public init() {}

    public struct Problem: Sendable, Hashable {
        public let file: String
        public let line: Int
        /// "group.name" when the line was read but names nothing kassa has.
        public var unknown: String? = nil
    }

    /// Where each group entry was read, to name the line of a name nothing knows.
    private var origins: [(group: String, name: String, file: String, line: Int)] = []

    /// Reads one session.commands file. On UTF-8 bytes, with ASCII lines (the group and name)
    /// cut by byte; only the words are lower-cased as Strings.
    @discardableResult
    public mutating func load(_ contents: String, file: String) -> [Problem] {
        var problems: [Problem] = []
        for (index, raw) in contents.utf8.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
            let line = Catalog.trimmed(raw)
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                  let dot = line[..<colon].firstIndex(of: UInt8(ascii: ".")) else {
                problems.append(Problem(file: file, line: index + 1))
                continue
            }
            let group = String(decoding: line[..<dot], as: UTF8.self)
            let name = String(decoding: line[line.index(after: dot)..<colon], as: UTF8.self)
            let words = line[line.index(after: colon)...].split(separator: 32).map(CommandWords.lowercased)
            groups[group + "." + name, default: []] += words
            origins.append((group, name, file, index + 1))
            for word in words where lookup[group]?[word] == nil {
                lookup[group, default: [:]][word] = name
            }
        }
        return problems
    }

    /// A word in lower case; ASCII by byte (most words, and Unicode case mapping is the slow part
    /// of reading this file on every start), anything else through String.lowercased().
    static func lowercased(_ bytes: Substring.UTF8View.SubSequence) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(decoding: bytes, as: UTF8.self).lowercased() }
        return String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The names each group may give: commands from the registry, the rest from the session.
    public static var knownNames: [String: Set<String>] {
        [
            "command": CommandRegistry.names,
            "bare": Set(CommandRegistry.commands(for: .session).map { $0.name }),
            "confirm": ["yes", "no"],
            "field": Set(FieldValue.names),
            "list": ["today", "yesterday", "all"],
            "type": Set(TransactionType.allCases.map(\.rawValue)),
            "account": ["add", "rename", "archive", "unarchive", "default", "remove", "post-interest"],
            "accountkind": Set(AccountKind.allCases.map(\.rawValue)),
            "rate": ["set", "remove", "import"],
            "category": ["add", "rename", "remove"],
            // Words that start a sentence about something other than a purchase ("курс доллара 480").
            "phrase": ["rate", "budget"],
            "batch": ["drop"],
            "report": Set(ReportKind.allCases.map(\.rawValue)),
            "period": ["week", "month", "year"],
            "by": Set(CategoryReport.Grouping.allCases.map(\.rawValue)),
            // kassa import's CSV headers, type and operation words, currency signs.
            "column": Set(ImportColumn.allCases.map(\.rawValue)),
            "kind": Set(TransactionType.allCases.map(\.rawValue)),
            "currency": Set(Currency.allCodes),
            "recurring": ["pause", "resume", "archive", "remind", "amount", "auto", "manual", "every", "subscription"],
            "frequency": Set(Recurrence.allCases.map(\.rawValue)),
            "budget": ["set", "remove"],
            // A series' new amount in words: "netflix is 5490 from april" (Session+SeriesPhrase).
            "seriesphrase": ["now", "from", "link"],
        ]
    }

    /// Entries whose group kassa reads but whose name is not one of `known[group]` (a typo
    /// such as `command.lsit`), and entries of groups kassa does not read at all.
    public func unknownNames(known: [String: Set<String>]) -> [Problem] {
        origins.compactMap { origin in
            if let names = known[origin.group], names.contains(origin.name) { return nil }
            return Problem(file: origin.file, line: origin.line, unknown: origin.group + "." + origin.name)
        }
    }

    /// The name a word stands for in a group: ("command", "помощь") → "help".
    public func name(in group: String, for word: some StringProtocol) -> String? {
        lookup[group]?[word.lowercased()]
    }

    /// Every word of a group entry, for completion and help.
    public func words(_ group: String, _ name: String) -> [String] {
        groups[group + "." + name] ?? []
    }

    /// Every word of every entry in a group, sorted.
    public func allWords(in group: String) -> [String] {
        (lookup[group].map { Array($0.keys) } ?? []).sorted()
    }
}
