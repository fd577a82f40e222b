// RedoCommand: `:redo`, `:redo 2` (and `kassa redo 2`): brings back what undo took back.

import KassaStore

public struct RedoCommand: Command {
    public static let name = "redo"
    public static let forms = CommandForms.both
    public static let surface = CommandSurface(.optional(.number))
    let count: Int

    public init(_ arguments: CommandArguments) throws(UsageError) {
        if arguments.words.isEmpty {
            count = 1
        } else if arguments.words.count == 1, let count = Int(arguments.words[0]), count > 0 {
            self.count = count
        } else {
            throw UsageError(key: "redo.bad-argument", arguments: [
                "command": arguments.form.prefix + Self.name, "value": arguments.words.joined(separator: " "),
            ])
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in
            let changes = try journal.redo(count: count)
            return changes.map(SessionEvent.redone) + HistorySteps.fewer(changes.count, asked: count, key: "redo.fewer")
        }
    }
}
