// CashflowReport: `report cashflow` — income, expenses and the net flow of every month of a
// span, per currency (no rates: never mixed). Transfers between own accounts are not flow.
// One pass; sums per (currency, month offset) in flat arrays. Planned transactions (after
// `today`) are left out.

import KassaCore

public struct CashflowReport: Sendable, Hashable {
    public struct Month: Sendable, Hashable {
        /// The month's first day.
        public let start: CivilDate
        public let income: Money
        public let expense: Money
        public let net: Money
    }

    public struct Section: Sendable, Hashable {
        public let currency: Currency
        public let months: [Month]
        public let income: Money
        public let expense: Money
        public let net: Money
    }

    public let period: Period
    public let sections: [Section]

    /// The twelve months ending with today's: what `report cashflow` shows without --period.
    public static func defaultPeriod(today: CivilDate) -> Period {
        let last = Period.month(containing: today)
        return Period(kind: .range, from: Period.month(year: today.year, month: today.month - 11).from, to: last.to)
    }

    public static func compute(_ source: some TransactionSource, period: Period, today: CivilDate,
                               base: Currency = .kzt) throws(MoneyError) -> CashflowReport {
        let (first, last) = (period.firstDay, min(period.lastDay, today.daysSinceEpoch))
        let months = period.months
        let firstMonth = months.lowerBound
        var slots = CurrencySlots()
        var income: [SumRow] = []
        var expense: [SumRow] = []
        var cache = MonthCache()
        source.forEachEntry { entry in
            guard entry.type != .transfer, entry.days >= first, entry.days <= last else { return }
            let (slot, isNew) = slots.slot(entry.currency)
            if isNew { income.append(SumRow()); expense.append(SumRow()) }
            let offset = cache.month(ofDay: entry.days) - firstMonth
            if entry.type == .income { income[slot].add(offset, entry.amount) } else { expense[slot].add(offset, entry.amount) }
        }
        var sections: [Section] = []
        for slot in slots.ordered(base: base) {
            let currency = slots.currencies[slot]
            let zero = Money(minorUnits: 0, currency: currency)
            var rows: [Month] = []
            var (totalIn, totalOut) = (zero, zero)
            for month in months {
                let offset = month - firstMonth
                let earned = try income[slot].money(offset, currency)
                let spent = try expense[slot].money(offset, currency)
                totalIn = try totalIn.adding(earned)
                totalOut = try totalOut.adding(spent)
                rows.append(Month(start: Period.month(year: 0, month: month + 1).from, income: earned, expense: spent,
                                  net: try earned.subtracting(spent)))
            }
            sections.append(Section(currency: currency, months: rows, income: totalIn, expense: totalOut,
                                    net: try totalIn.subtracting(totalOut)))
        }
        return CashflowReport(period: period, sections: sections)
    }
}
