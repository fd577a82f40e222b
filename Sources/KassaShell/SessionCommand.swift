// SessionCommand: a line that is a command rather than an entry. Commands start with ":"
// (":undo", ":list today"); bare words such as "help" or "отмена" alone on a line work too,
// and while a draft waits, yes/no answers ("y", "д", "n", "нет") come first.

import KassaCore

public enum SessionCommand: Sendable, Equatable {
    case confirm, discard, help, quit, undo, redo, why
    case list(ListFilter)
    /// Known command whose feature is not in this build.
    case unsupported(String)
    /// Known command used wrongly: a shell.messages key and its arguments.
    case invalid(key: String, arguments: [String: String])

    /// nil when the line is not a command (then it is an entry or a correction).
    public init?(line: String, words: CommandWords, confirming: Bool) {
        let lowered = line.lowercased()
        if confirming, let answer = words.name(in: "confirm", for: lowered) {
            self = answer == "yes" ? .confirm : .discard
            return
        }
        let name: String
        let rest: [Substring]
        if line.hasPrefix(":") {
            let tokens = line.dropFirst().split(separator: " ")
            guard let first = tokens.first, let known = words.name(in: "command", for: first) else { return nil }
            name = known
            rest = Array(tokens.dropFirst())
        } else if let bare = words.name(in: "bare", for: lowered) {
            name = bare
            rest = []
        } else {
            return nil
        }
        switch name {
        case "help": self = .help
        case "quit": self = .quit
        case "undo": self = .undo
        case "redo": self = .redo
        case "why": self = .why
        case "list":
            guard let filter = ListFilter(words: rest, vocabulary: words) else {
                self = .invalid(key: "list.bad-filter", arguments: ["value": rest.joined(separator: " ")])
                return
            }
            self = .list(filter)
        default: self = .unsupported(name)
        }
    }
}

/// What `:list` shows: the latest N (default 20), or one day.
public enum ListFilter: Sendable, Equatable {
    case latest(Int)
    case today
    case yesterday
    case all

    public static let defaultCount = 20

    public init?(words: [Substring], vocabulary: CommandWords) {
        guard let word = words.first else { self = .latest(ListFilter.defaultCount); return }
        guard words.count == 1 else { return nil }
        if let count = Int(word), count > 0 {
            self = .latest(count)
            return
        }
        switch vocabulary.name(in: "list", for: word) {
        case "today": self = .today
        case "yesterday": self = .yesterday
        case "all": self = .all
        default: return nil
        }
    }

    public func apply(to transactions: [Transaction], today: CivilDate) -> [Transaction] {
        switch self {
        case .latest(let count): return Array(transactions.suffix(count))
        case .today: return transactions.filter { $0.date == today }
        case .yesterday: return transactions.filter { $0.date == today.adding(days: -1) }
        case .all: return transactions
        }
    }
}
