// BalanceCommand: `:balance` and `kassa balance [filters]`: every account's balance in every
// currency (KassaLedger.Balances over the journal): opening balances and transactions dated on
// or before today; later ones are planned, summed apart. A total too large to compute is an error.

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
        filter.run(in: context) { journal, query in
            [.balance(try Balances.compute(journal.source(query), today: context.configuration.today,
                                           openings: AccountBook.openings(journal, filter: filter)))]
        }
    }
}
