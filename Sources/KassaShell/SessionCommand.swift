// SessionCommand: a line that is a command rather than an entry. Commands start with ":"
// (":undo", ":list today"); bare words such as "help" or "отмена" alone on a line work too,
// and while a draft waits, yes/no answers ("y", "д", "n", "нет") come first.

import KassaCore
import KassaStore

public enum SessionCommand: Sendable, Equatable {
    case confirm, discard, help, quit, why
    /// `:undo`, `:undo 3`, `:undo #12`.
    case undo(UndoTarget)
    /// `:redo`, `:redo 2`.
    case redo(count: Int)
    case list(ListFilter)
    /// `:edit #3 #5-#7 category groceries`: a field name (canonical) and its value in words.
    case edit(ids: [Int], field: String, value: String)
    /// `:delete #3 #5-#7`.
    case delete(ids: [Int])
    case balance
    /// `:history [N]`: the latest N changes.
    case history(limit: Int)
    case accounts
    /// `:account add NAME [ALIAS...] [CURRENCY]`.
    case accountAdd(Account)
    /// `:account rename OLD NEW`.
    case accountRename(old: String, new: String)
    case categories
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
        case "undo":
            if rest.isEmpty { self = .undo(.latest(1)); return }
            if rest.count == 1, let count = Int(rest[0]), count > 0 { self = .undo(.latest(count)); return }
            if rest.count == 1, rest[0].hasPrefix("#"), let id = Int(rest[0].dropFirst()) { self = .undo(.transaction(id)); return }
            self = .invalid(key: "undo.bad-argument", arguments: ["value": rest.joined(separator: " ")])
        case "redo":
            if rest.isEmpty { self = .redo(count: 1); return }
            if rest.count == 1, let count = Int(rest[0]), count > 0 { self = .redo(count: count); return }
            self = .invalid(key: "redo.bad-argument", arguments: ["value": rest.joined(separator: " ")])
        case "why": self = .why
        case "delete":
            guard let (ids, remainder) = SessionCommand.transactionIDs(rest), !ids.isEmpty, remainder.isEmpty else {
                self = .invalid(key: "ids.expected", arguments: ["command": ":" + name])
                return
            }
            self = .delete(ids: ids)
        case "edit":
            guard let (ids, remainder) = SessionCommand.transactionIDs(rest), !ids.isEmpty,
                  let fieldWord = remainder.first, let field = words.name(in: "field", for: fieldWord),
                  remainder.count > 1 else {
                self = .invalid(key: "edit.usage", arguments: [:])
                return
            }
            self = .edit(ids: ids, field: field, value: remainder.dropFirst().joined(separator: " "))
        case "list":
            guard let filter = ListFilter(words: rest, vocabulary: words) else {
                self = .invalid(key: "list.bad-filter", arguments: ["value": rest.joined(separator: " ")])
                return
            }
            self = .list(filter)
        case "balance": self = .balance
        case "history":
            if rest.isEmpty { self = .history(limit: 20); return }
            guard rest.count == 1, let limit = Int(rest[0]), limit > 0 else {
                self = .invalid(key: "history.bad-argument", arguments: ["value": rest.joined(separator: " ")])
                return
            }
            self = .history(limit: limit)
        case "accounts": self = .accounts
        case "categories": self = .categories
        case "account":
            self = SessionCommand.account(rest, words: words)
        default: self = .unsupported(name)
        }
    }

    /// `:account add NAME [ALIAS...] [CURRENCY]`, `:account rename OLD NEW`; bare `:account` lists.
    static func account(_ rest: [Substring], words: CommandWords) -> SessionCommand {
        guard let verb = rest.first else { return .accounts }
        switch words.name(in: "account", for: verb) {
        case "add":
            var names = rest.dropFirst().map { $0.lowercased() }
            guard !names.isEmpty else { return .invalid(key: "account.usage", arguments: [:]) }
            var currency: Currency?
            if names.count > 1, let last = names.last, last.count == 3, let code = Currency(code: last) {
                currency = code
                names.removeLast()
            }
            return .accountAdd(Account(name: names[0], aliases: Array(names.dropFirst()), currency: currency))
        case "rename":
            guard rest.count == 3 else { return .invalid(key: "account.usage", arguments: [:]) }
            return .accountRename(old: rest[1].lowercased(), new: rest[2].lowercased())
        default:
            return .invalid(key: "account.usage", arguments: [:])
        }
    }
}

public enum UndoTarget: Sendable, Equatable {
    /// The latest N changes (this session's own first).
    case latest(Int)
    /// The latest change that wrote this transaction.
    case transaction(Int)
}

extension SessionCommand {
    /// Leading "#3", "#5-#7", "5-7", "#3,#4" words → ids (ranges expanded, order kept, no
    /// duplicates) and the words after them; nil when a range is malformed or too large.
    static func transactionIDs(_ words: [Substring]) -> (ids: [Int], rest: [Substring])? {
        var ids: [Int] = []
        var index = 0
        func number(_ text: Substring) -> Int? {
            Int(text.hasPrefix("#") ? text.dropFirst() : text).flatMap { $0 > 0 ? $0 : nil }
        }
        while index < words.count {
            let pieces = words[index].split(separator: ",")
            var parsed: [Int] = []
            for piece in pieces {
                let bounds = piece.split(separator: "-", omittingEmptySubsequences: false)
                if bounds.count == 1, let id = number(bounds[0]) {
                    parsed.append(id)
                } else if bounds.count == 2, let low = number(bounds[0]), let high = number(bounds[1]) {
                    guard low <= high, high - low < 10_000 else { return nil }
                    parsed += Array(low...high)
                } else {
                    parsed = []
                    break
                }
            }
            if parsed.isEmpty { break }
            for id in parsed where !ids.contains(id) { ids.append(id) }
            index += 1
        }
        return (ids, Array(words[index...]))
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

    /// Narrows a journal query: one day, or the latest N. The journal does the selecting, so
    /// `:list today` on a million transactions does not copy them all first.
    public func narrow(_ filter: inout TransactionFilter, today: CivilDate) {
        switch self {
        case .latest(let count): filter.limit = count
        case .today: filter.from = today; filter.to = today
        case .yesterday: filter.from = today.adding(days: -1); filter.to = filter.from
        case .all: break
        }
    }
}
