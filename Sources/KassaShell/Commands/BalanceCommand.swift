// BalanceCommand: `:balance` and `kassa balance [filters]`: every account's balance in every
// currency (KassaLedger.Balances over the journal). A total too large to compute is an error.

import KassaCore
import KassaLedger
import KassaStore

public struct BalanceCommand: Command {
    public static let name = "balance"
    public static let forms = CommandForms.both
    public static let options = ListFilter.options
    let filter: ListFilter

    public init(_ arguments: CommandArguments) throws(UsageError) {
        filter = try ListFilter(arguments, defaultSpan: .all)
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        filter.run(in: context) { journal, query in [.balance(try Balances.compute(journal.source(query)))] }
    }
}
