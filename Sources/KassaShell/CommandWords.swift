// CommandWords: the session's own vocabulary (command names, bare commands, yes/no answers,
// correction fields), read from Grammars/<lang>/session.commands. All languages are merged:
// a Russian word works in an English session and the other way round.

import Foundation
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

    @discardableResult
    public mutating func load(_ contents: String, file: String) -> [Problem] {
        var problems: [Problem] = []
        for (index, raw) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":"),
                  let dot = line[..<colon].firstIndex(of: ".") else {
                problems.append(Problem(file: file, line: index + 1))
                continue
            }
            let group = String(line[..<dot])
            let name = String(line[line.index(after: dot)..<colon])
            let words = line[line.index(after: colon)...].split(separator: " ").map { $0.lowercased() }
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
