// BalanceCommand: `:balance` and `kassa balance [filters] [--in CODE]`: every account's balance in
// every currency (KassaLedger.Balances over the journal): opening balances and transactions dated on
// or before today; later ones are planned, summed apart. With `--in` everything is in one currency,
// each amount converted at the rate of its own date (ConvertingSource); what has no rate stays in
// its own currency and is named; so does an amount too large to convert (its own note). A currency
// exchange's arriving side is converted too, so an account holding dollars bought with tenge is one
// line. The last line is the total of everything converted (net worth); one too large to compute is
// an error.

import KassaCore
import KassaLedger
import KassaStore

public struct BalanceCommand: Command {
    public static let name = "balance"
    public static let forms = CommandForms.both
    public static let options = ListFilter.options + [.value("--in", .currency)]
    public static let surface = CommandSurface(ListFilter.span)
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
            let today = context.configuration.today
            let openings = AccountBook.openings(journal, filter: filter)
            guard let target else {
                return [.output(BalanceOutput(lines: try Balances.compute(journal.source(query), today: today, openings: openings)))]
            }
            let rates = journal.rateTable(base: context.configuration.baseCurrency)
            let balances = try ConvertedBalances(journal.source(query), rates: rates, to: target, today: today, openings: openings)
            let arguments = { (currency: Currency, date: CivilDate) in ["currency": currency.code, "date": date.iso, "target": target.code] }
            // One line per account in the one currency, then the total: what there is in all.
            // A total of only what could be converted would be a wrong figure: with money left in
            // another currency (no rate), no total, and the notice says which rate is missing.
            let complete = balances.lines.allSatisfy { !$0.isCurrent || $0.amount.currency == target }
            return [.output(BalanceOutput(lines: balances.lines, total: complete ? balances.total : nil))]
                + balances.missing.sorted { $0.key.code < $1.key.code }.map { .notice("rate.missing-in-balance", arguments($0.key, $0.value)) }
                + balances.overflowed.sorted { $0.key.code < $1.key.code }.map { .notice("rate.overflow-in-balance", arguments($0.key, $0.value)) }
        }
    }
}
