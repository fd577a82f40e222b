// DeleteCommand: `:delete #3 #5-#7` and `kassa delete '#3'`: deletes transactions as one
// undoable change.

import KassaStore

public struct DeleteCommand: Command {
    public static let name = "delete"
    public static let forms = CommandForms.both
    public static let surface = CommandSurface(.required(.transactionID), .repeated(.transactionID))
    let ids: [Int]

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard let (ids, rest) = TransactionIDs.read(arguments.words), !ids.isEmpty, rest.isEmpty else {
            throw UsageError(key: "ids.expected", arguments: ["command": arguments.form.prefix + Self.name])
        }
        self.ids = ids
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in [.changed(try journal.delete(ids: ids))] }
    }
}
