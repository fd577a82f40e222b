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
        let query: TransactionFilter
        switch filter.query(today: context.configuration.today, grammar: { context.parser.grammar }) {
        case .failure(let error): return context.usage(UsageError(key: error.key, arguments: error.arguments))
        case .success(let built): query = built
        }
        return context.storeChange(readOnly: true) { journal in
            if context.session != nil { try journal.refresh() }
            return [.balance(try Balances.compute(journal.source(query)))]
        }
    }
}
