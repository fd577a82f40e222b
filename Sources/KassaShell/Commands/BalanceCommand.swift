// BalanceCommand: `:balance` and `kassa balance [filters] [--in CODE]`: every account's balance in
// every currency (KassaLedger.Balances over the journal), or with `--in` every account in one
// currency, each transaction converted at the rate of its own date (ConvertedBalances); what
// has no rate is named. A total too large to compute is an error.

import KassaCore
import KassaLedger
import KassaStore

public struct BalanceCommand: Command {
    public static let name = "balance"
    public static let forms = CommandForms.both
    public static let options = ListFilter.options + [.value("--in")]
    let filter: ListFilter
    /// `--in CODE`: convert everything to this currency.
    let target: Currency?

    public init(_ arguments: CommandArguments) throws(UsageError) {
        filter = try ListFilter(arguments, defaultSpan: .all)
        if let code = arguments.values["--in"] {
            guard let currency = Currency(code: code) else { throw UsageError(key: "rate.bad-currency", arguments: ["value": code]) }
            target = currency
        } else {
            target = nil
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        filter.run(in: context) { journal, query in
            guard let target else { return [.balance(try Balances.compute(journal.source(query)))] }
            let rates = RateCommand.table(journal, base: context.configuration.baseCurrency)
            let converted = try ConvertedBalances.compute(journal.source(query), rates: rates, to: target)
            return [.balance(converted.lines)] + converted.missing.map { missing in
                .notice(key: "rate.missing-in-balance", arguments: [
                    "currency": missing.currency.code, "date": missing.from.iso, "target": target.code,
                ], count: missing.count)
            }
        }
    }
}
