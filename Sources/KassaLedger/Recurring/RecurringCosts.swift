// RecurringCosts: what the recurring series cost, as every report that needs them sees it —
// `report subscriptions` (each series' monthly-equivalent cost and next date, the total, possible
// duplicates), the health score's recurring load, the recurring-cost and duplicate-subscription
// insights, and the spending forecast (what falls due in the rest of the month). One computation,
// so the reports cannot disagree with `kassa recurring` or with each other.
//
// The series counted are the active ones that take money out: expenses and loan payments.
// Monthly costs follow MonthlyCost (DOMAIN.md §6); a series in another currency is converted to
// the base at today's rate, and one with no rate is left out of the base figures and named.
// Possible duplicates (DOMAIN.md §6) are pairs of subscriptions in the same category, or whose
// monthly costs in the base currency are within ±15% of each other.

import KassaCore

public struct RecurringCosts: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var series: Series
        /// The next date something is asked for; nil past the calendar.
        public var next: CivilDate?
        /// The amount asked on `next` (today's when there is none), in the series' currency.
        public var amount: Money
        /// The monthly-equivalent cost in the series' currency.
        public var monthly: Money
        /// The monthly cost in the base currency; nil when no rate converts it.
        public var monthlyInBase: Money?
    }

    public enum DuplicateReason: String, Sendable, Hashable {
        case sameCategory = "same-category"
        case similarCost = "similar-cost"
    }

    /// Two subscriptions that may pay for the same thing (series ids, the lower first).
    public struct Duplicate: Sendable, Hashable {
        public var first: Series
        public var second: Series
        public var reason: DuplicateReason
    }

    /// A duplicate by cost: monthly costs within this percent of the larger one.
    public static let similarCostPercent: Int64 = 15

    public let today: CivilDate
    public let base: Currency
    /// Active expense and loan-payment series, by id.
    public let lines: [Line]
    /// Monthly cost of every line in the base currency (those with a rate).
    public let monthlyTotal: Money
    /// Monthly cost of the subscriptions among them, in the base currency.
    public let subscriptionTotal: Money
    /// Monthly cost per currency (no conversion), by currency code.
    public let totals: [Money]
    /// What falls due from today through the month's last day and is not yet saved, in the base currency.
    public let dueRestOfMonth: Money
    public let duplicates: [Duplicate]
    /// Currencies of series that no rate converts to the base (left out of the base figures).
    public let unconverted: [Currency]

    public var isEmpty: Bool { lines.isEmpty }

    public static func none(today: CivilDate, base: Currency) -> RecurringCosts {
        let zero = Money(minorUnits: 0, currency: base)
        return RecurringCosts(today: today, base: base, lines: [], monthlyTotal: zero, subscriptionTotal: zero, totals: [],
                              dueRestOfMonth: zero, duplicates: [], unconverted: [])
    }

    /// Whether a series counts: active, and taking money out (an expense, or a loan's payment).
    public static func counts(_ series: Series) -> Bool {
        series.status == .active && (series.type == .expense || series.loan != nil)
    }

    /// `settled`: each series' saved and skipped dates (DueOccurrences.settled); `rates`: the
    /// journal's rates against `base` (nil or empty: other currencies stay unconverted).
    public static func compute(_ series: [Series], settled: [Int: Set<CivilDate>], today: CivilDate, base: Currency,
                               rates: RateTable? = nil) throws(MoneyError) -> RecurringCosts {
        var lines: [Line] = []
        var total = CheckedSum(), subscriptions = CheckedSum(), due = CheckedSum()
        var perCurrency: [String: CheckedSum] = [:]
        var currencies: [String: Currency] = [:]
        var unconverted: [Currency] = []
        let monthEnd = CivilDate(daysSinceEpoch: Period.month(containing: today).lastDay)
        func inBase(_ money: Money) throws(MoneyError) -> Money? {
            if money.currency == base { return money }
            guard let rates else { return nil }
            do {
                return try rates.convert(money, to: base, on: today)
            } catch {
                if error.kind == .overflow { throw MoneyError(.overflow, currency: base) }
                return nil
            }
        }
        for s in series.sorted(by: { $0.id < $1.id }) where counts(s) {
            let done = settled[s.id] ?? []
            let next = RecurringOverview.next(s, settled: done, today: today)
            // The cost going forward: the price of the next payment (RecurringOverview).
            let monthly = try MonthlyCost.of(s, on: max(next ?? today, today))
            let converted = try inBase(monthly)
            lines.append(Line(series: s, next: next, amount: s.amount(on: next ?? today), monthly: monthly, monthlyInBase: converted))
            let code = monthly.currency.code
            currencies[code] = monthly.currency
            perCurrency[code, default: CheckedSum()].add(monthly.minorUnits)
            guard let converted else {
                if !unconverted.contains(monthly.currency) { unconverted.append(monthly.currency) }
                continue
            }
            total.add(converted.minorUnits)
            if s.kind == .subscription { subscriptions.add(converted.minorUnits) }
            // The rest of this month, today included: dates not yet saved or skipped — spending
            // only (a loan payment or a transfer to savings is money moved, not spent).
            for date in s.schedule.dates(from: max(today, s.firstDueDate), through: monthEnd, limit: 62)
                where s.type == .expense && !done.contains(date) {
                guard let amount = try inBase(s.amount(on: date)) else { continue }
                due.add(amount.minorUnits)
            }
        }
        for sum in [total, subscriptions, due] + Array(perCurrency.values) where sum.overflowed {
            throw MoneyError(.overflow, currency: base)
        }
        let totals = perCurrency.keys.sorted().map { Money(minorUnits: perCurrency[$0]!.value, currency: currencies[$0]!) }
        return RecurringCosts(
            today: today, base: base, lines: lines, monthlyTotal: Money(minorUnits: total.value, currency: base),
            subscriptionTotal: Money(minorUnits: subscriptions.value, currency: base), totals: totals,
            dueRestOfMonth: Money(minorUnits: due.value, currency: base), duplicates: duplicates(lines),
            unconverted: unconverted.sorted { $0.code < $1.code })
    }

    /// Pairs of subscriptions in one category, or with monthly costs (base currency) within ±15%.
    static func duplicates(_ lines: [Line]) -> [Duplicate] {
        let subscriptions = lines.filter { $0.series.kind == .subscription }
        var found: [Duplicate] = []
        for (i, a) in subscriptions.enumerated() {
            for b in subscriptions.dropFirst(i + 1) {
                if let category = a.series.category, category == b.series.category {
                    found.append(Duplicate(first: a.series, second: b.series, reason: .sameCategory))
                } else if let x = a.monthlyInBase?.minorUnits, let y = b.monthlyInBase?.minorUnits, x > 0, y > 0,
                          (Int128(x) - Int128(y)).magnitude * 100 <= UInt128(max(x, y)) * UInt128(similarCostPercent) {
                    found.append(Duplicate(first: a.series, second: b.series, reason: .similarCost))
                }
            }
        }
        return found
    }
}
