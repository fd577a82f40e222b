// UndoCommand: `:undo`, `:undo 3`, `:undo #12` (and `kassa undo '#12'`): takes back this
// session's latest change (on the command line, the journal's latest), N of them, or the
// latest change to one transaction. Every undo says what it took back.

import KassaStore

public struct UndoCommand: Command {
    public static let name = "undo"
    public static let forms = CommandForms.both
    public static let surface = CommandSurface(.optional(.transactionID))

    public enum Target: Sendable, Equatable {
        /// The latest N changes (this session's own first).
        case latest(Int)
        /// The latest change that wrote this transaction.
        case transaction(Int)
    }

    let target: Target

    public init(_ arguments: CommandArguments) throws(UsageError) {
        switch arguments.words.count {
        case 0:
            target = .latest(1)
        case 1:
            let word = arguments.words[0]
            if let count = Int(word), count > 0 {
                target = .latest(count)
            } else if word.hasPrefix("#"), let id = Int(word.dropFirst()), id > 0 {
                target = .transaction(id)
            } else {
                throw UsageError(key: "undo.bad-argument", arguments: ["command": arguments.form.prefix + Self.name, "value": word])
            }
        default:
            throw UsageError(key: "undo.bad-argument", arguments: [
                "command": arguments.form.prefix + Self.name, "value": arguments.words.joined(separator: " "),
            ])
        }
    }

    init(target: Target) { self.target = target }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in
            switch target {
            case .latest(let count):
                let changes = try journal.undo(count: count)
                return changes.map(SessionEvent.undone) + HistorySteps.fewer(changes.count, asked: count, key: "undo.fewer")
            case .transaction(let id): return [.undone(try journal.undo(id: id))]
            }
        }
    }
}
