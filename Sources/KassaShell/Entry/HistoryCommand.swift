// HistoryCommand: `:history [N]` and `kassa history [N]`: the latest N changes (default 20)
// and which one undo and redo would take next.

import KassaStore

public struct HistoryCommand: Command {
    public static let name = "history"
    public static let forms = CommandForms.both
    public static let surface = CommandSurface(.optional(.number))
    let limit: Int

    public init(_ arguments: CommandArguments) throws(UsageError) {
        if arguments.words.isEmpty {
            limit = 20
        } else if arguments.words.count == 1, let limit = Int(arguments.words[0]), limit > 0 {
            self.limit = limit
        } else {
            throw UsageError(key: "history.bad-argument", arguments: [
                "command": arguments.form.prefix + Self.name, "value": arguments.words.joined(separator: " "),
            ])
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange(readOnly: true) { journal in
            return [.output(HistoryOutput(history: journal.history(limit: limit)))]
        }
    }
}
