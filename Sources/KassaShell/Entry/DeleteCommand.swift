// DeleteCommand: `:delete #3 #5-#7`, `kassa delete '#3'` and `:delete last` (session.rules
// `id.last`: the transaction saved last; "delete the last one" in words): deletes transactions as
// one undoable change.

import KassaStore

public struct DeleteCommand: Command {
    public static let name = "delete"
    public static let forms = CommandForms.both
    public static let surface = CommandSurface(.required(.transactionID), .repeated(.transactionID))
    let ids: [Int]
    /// `last`: the transaction saved last, found when the command runs.
    let last: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        if arguments.words.count == 1, arguments.vocabulary.name(in: "id", for: arguments.words[0]) == "last" {
            ids = []
            last = true
            return
        }
        guard let (ids, rest) = TransactionIDs.read(arguments.words), !ids.isEmpty, rest.isEmpty else {
            throw UsageError(key: "ids.expected", arguments: ["command": arguments.form.prefix + Self.name])
        }
        self.ids = ids
        last = false
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in
            guard last else { return [.changed(try journal.delete(ids: ids))] }
            guard let latest = journal.query(TransactionFilter(limit: 1)).last else {
                return context.reject(SessionError("delete.nothing-saved"))
            }
            return [.changed(try journal.delete(ids: [latest.id]))]
        }
    }
}
