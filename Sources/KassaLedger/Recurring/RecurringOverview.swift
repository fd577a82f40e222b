// RecurringOverview: the series as `kassa recurring` lists them — each with its next date, the
// amount asked on that date (a change "from april" shows once April's payment is the next one) and
// its monthly cost at the next payment's price — and the monthly total of active subscriptions per currency
// (checked sums: a total too large is an error, never a wrapped number).

import KassaCore

public struct RecurringOverview: Sendable {
    public struct Line: Sendable {
        public var series: Series
        /// The next date something is asked for (nil when paused, archived or past the calendar).
        public var next: CivilDate?
        /// The amount asked on `next` (today's when there is none).
        public var amount: Money
        public var monthly: Money
        /// The dates already paid or skipped (payments to come leave them out).
        public var settled: Set<CivilDate> = []
    }

    public var lines: [Line]
    /// Monthly cost of the active subscriptions, one per currency, by currency code.
    public var subscriptionTotals: [Money]

    public static func compute(_ series: [Series], settled: [Int: Set<CivilDate>], today: CivilDate,
                               includeArchived: Bool = false) throws(MoneyError) -> RecurringOverview {
        var lines: [Line] = []
        var totals: [String: CheckedSum] = [:]
        var currencies: [String: Currency] = [:]
        for s in series where includeArchived || s.status != .archived {
            let due = next(s, settled: settled[s.id] ?? [], today: today)
            // The cost going forward: the price of the next payment ("netflix now 5490 from
            // December" said in November costs 5,490 a month), never an older one.
            let monthly = try MonthlyCost.of(s, on: max(due ?? today, today))
            lines.append(Line(series: s, next: due, amount: s.amount(on: due ?? today), monthly: monthly,
                              settled: settled[s.id] ?? []))
            if s.status == .active, s.kind == .subscription {
                let code = monthly.currency.code
                currencies[code] = monthly.currency
                totals[code, default: CheckedSum()].add(monthly.minorUnits)
                if totals[code]!.overflowed { throw MoneyError(.overflow, currency: monthly.currency) }
            }
        }
        let sums = totals.keys.sorted().map { Money(minorUnits: totals[$0]!.value, currency: currencies[$0]!) }
        return RecurringOverview(lines: lines, subscriptionTotals: sums)
    }

    /// The first unsettled date of an active series from its first due date on (an overdue one
    /// is its next); a paused series has none.
    static func next(_ s: Series, settled: Set<CivilDate>, today: CivilDate) -> CivilDate? {
        guard s.status == .active else { return nil }
        var n = s.schedule.index(onOrAfter: s.firstDueDate)
        // Settled dates are skipped; a long-settled series jumps to today's neighbourhood first.
        if let last = settled.max(), last >= s.firstDueDate { n = max(n, s.schedule.index(onOrAfter: last.adding(days: 1))) }
        while let date = s.schedule.date(n) {
            if !settled.contains(date) { return date }
            n += 1
        }
        return nil
    }
}
