// CommandWords: the session's own vocabulary (command names, bare commands, yes/no answers,
// correction fields), read from Grammars/<lang>/session.commands. All languages are merged:
// a Russian word works in an English session and the other way round.

import KassaCore

public struct CommandWords: Sendable {
    /// "command.help" → ["help", "h", "?", "помощь", ...], words lower-cased.
    private var groups: [String: [String]] = [:]
    /// word → names, per group prefix ("command" → ["help": "help", "помощь": "help"]).
    private var lookup: [String: [String: String]] = [:]

    public init() {}

    public struct Problem: Sendable, Hashable {
        public let file: String
        public let line: Int
    }

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
            let words = line[line.index(after: colon)...].split(separator: 32)
                .map { String(decoding: $0, as: UTF8.self).lowercased() }
            groups[group + "." + name, default: []] += words
            for word in words where lookup[group]?[word] == nil {
                lookup[group, default: [:]][word] = name
            }
        }
        return problems
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
