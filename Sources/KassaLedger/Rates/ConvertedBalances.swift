// ConvertedBalances: every account's balance in one currency — each transaction and opening
// balance converted at the rate of its own date (ConvertingSource), a currency exchange's
// arriving side too — with what could not be converted named: the currencies with no rate and
// those too large to convert, each with the first date that needs it. `balance --in` and the
// questions about money ("net worth", "how much cash do I have") both read it, so they agree.

import KassaCore

public struct ConvertedBalances: Sendable {
    /// One line per account and currency; a line in another currency than the target is money
    /// that had no rate (or would not fit) and is not in `total`.
    public var lines: [BalanceLine]
    /// Every current line in the target currency summed: all the money there is.
    public var total: Money
    public var missing: [Currency: CivilDate] = [:]
    public var overflowed: [Currency: CivilDate] = [:]

    public init(_ source: some TransactionSource, rates: RateTable, to target: Currency, today: CivilDate,
                openings: [OpeningBalance]) throws(MoneyError) {
        var missing: [Currency: CivilDate] = [:], overflowed: [Currency: CivilDate] = [:]
        func note(_ currency: Currency, _ date: CivilDate, in list: inout [Currency: CivilDate]) {
            if list[currency].map({ date < $0 }) ?? true { list[currency] = date }
        }
        let converted = openings.map { opening in
            let date = opening.date ?? today
            do throws(ConversionError) {
                var moved = opening
                moved.amount = try rates.convert(opening.amount, to: target, on: date)
                return moved
            } catch {
                switch error.kind {
                case .missingRate: note(error.currency, date, in: &missing)
                case .overflow: note(opening.amount.currency, date, in: &overflowed)
                }
                return opening
            }
        }
        let converting = ConvertingSource(source, rates: rates, to: target)
        lines = try Balances.compute(converting, today: today, openings: converted)
        for (currency, date) in converting.missing { note(currency, date, in: &missing) }
        for (currency, date) in converting.overflowed { note(currency, date, in: &overflowed) }
        total = try Balances.total(lines, in: target)
        self.missing = missing
        self.overflowed = overflowed
    }
}
