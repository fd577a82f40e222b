// ConflictsCommand: `kassa conflicts [--json]` — where the devices' changes met (Store:
// Devices/LedgerMerge.swift, CONFLICTS): a field group two devices edited apart, with both values
// and the one kept; a change left out of the ledger because another device's change came first.

import KassaCore
import KassaStore

public struct ConflictsCommand: Command {
    public static let name = "conflicts"
    public static let forms = CommandForms.oneShot
    public static let readsJournal = false

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        do {
            let ledger = try app.openLedger(readOnly: true)
            return [.output(ConflictListing(conflicts: ledger.conflicts))]
        } catch {
            return context.storeFailure(error)
        }
    }
}
