// BudgetTracker: the spending of every budget, gathered in ONE pass over the transactions and
// then kept up to date entry by entry (`record`), so the state after a save costs a few additions,
// not a rescan of a million rows. Per budget it keeps two checked sums in the budget's currency:
// this period's expenses up to today, and (for rollover) everything spent since the budget began
// before this period. Expenses in other currencies are converted at the rate of their own date;
// one with no rate is left out of the sum and named (which currency, from which date).

import KassaCore

public struct BudgetTracker: Sendable {
    public let today: CivilDate
    public let weekStart: Int
    public let rates: RateTable
    public let budgets: [Budget]
    public let periods: [BudgetPeriod]
    /// First day counted per budget: the budget's first period (rollover) or the current one.
    private let firstDays: [Int]
    private let earliestDay: Int
    private var current: [CheckedSum]
    private var before: [CheckedSum]
    /// Per budget, per currency with no rate: the earliest date that needed one (days).
    private var missing: [[Currency: Int]]
    /// A conversion too large for an amount: the budget's sum cannot be trusted.
    private var overflowed: [Bool]
    /// Per label number of a source: the budgets its category counts for (filled as met).
    private var labelBudgets: [[Int]?] = []
    /// Per budget: what recurring series in its categories still ask this period (its currency).
    private var recurringDue: [CheckedSum]

    public init(budgets: [Budget], today: CivilDate, weekStart: Int = 1, rates: RateTable) {
        self.today = today
        self.weekStart = weekStart
        self.rates = rates
        self.budgets = budgets
        periods = budgets.map { BudgetPeriod(containing: today, budget: $0, weekStart: weekStart) }
        firstDays = zip(budgets, periods).map { budget, period in
            budget.rollover
                ? min(period.firstDay, BudgetPeriod(containing: budget.since, budget: budget, weekStart: weekStart).firstDay)
                : period.firstDay
        }
        earliestDay = firstDays.min() ?? today.daysSinceEpoch
        current = Array(repeating: CheckedSum(), count: budgets.count)
        before = current
        missing = Array(repeating: [:], count: budgets.count)
        overflowed = Array(repeating: false, count: budgets.count)
        recurringDue = Array(repeating: CheckedSum(), count: budgets.count)
    }

    /// Counts the active expense series' dates from today to each budget's period end that are
    /// not yet saved or skipped, into that budget's projection (converted at today's rate; one
    /// with no rate is left out, as an unconverted expense is).
    public mutating func expect(_ series: [Series], settled: [Int: Set<CivilDate>]) {
        recurringDue = Array(repeating: CheckedSum(), count: budgets.count)
        for s in series where s.status == .active && s.type == .expense {
            guard let slug = s.category else { continue }
            let done = settled[s.id] ?? []
            for index in budgets(counting: slug) {
                let end = CivilDate(daysSinceEpoch: periods[index].lastDay)
                for date in s.schedule.dates(from: max(today, s.firstDueDate), through: end, limit: 400) where !done.contains(date) {
                    let amount = s.amount(on: date)
                    let target = budgets[index].limit.currency
                    guard let minor = amount.currency == target ? amount.minorUnits
                            : (try? rates.convert(amount, to: target, on: today))?.minorUnits else { continue }
                    recurringDue[index].add(minor)
                }
            }
        }
    }

    /// The budgets counting an expense filed under `slug`, by index.
    public func budgets(counting slug: String) -> [Int] {
        budgets.indices.filter { budgets[$0].covers(slug) }
    }

    /// The first day any budget counts: a source may skip everything earlier.
    public var firstDay: CivilDate { CivilDate(daysSinceEpoch: earliestDay) }

    /// Adds every expense of `source` (one pass).
    public mutating func scan(_ source: some TransactionSource) {
        guard !budgets.isEmpty else { return }
        let last = today.daysSinceEpoch, first = earliestDay
        source.forEachEntry { entry in
            guard entry.type == .expense, entry.days <= last, entry.days >= first,
                  entry.category != LedgerEntry.noLabel else { return }
            let label = Int(entry.category)
            if label >= labelBudgets.count { labelBudgets += Array(repeating: nil, count: label - labelBudgets.count + 1) }
            let indices: [Int]
            if let known = labelBudgets[label] {
                indices = known
            } else {
                indices = source.label(entry.category).map(budgets(counting:)) ?? []
                labelBudgets[label] = indices
            }
            for index in indices { add(entry.amount, entry.currency, day: entry.days, to: index) }
        }
    }

    /// Adds one saved transaction (after a save: the incremental path); anything other than an
    /// expense in a budgeted category up to today changes nothing.
    public mutating func record(_ transaction: Transaction) {
        guard transaction.type == .expense, let slug = transaction.category else { return }
        let day = transaction.date.daysSinceEpoch
        guard day <= today.daysSinceEpoch, day >= earliestDay else { return }
        for index in budgets(counting: slug) {
            add(transaction.amount.minorUnits, transaction.amount.currency, day: day, to: index)
        }
    }

    private mutating func add(_ amount: Int64, _ currency: Currency, day: Int, to index: Int) {
        guard day >= firstDays[index] else { return }
        var minor = amount
        let target = budgets[index].limit.currency
        if currency != target {
            let date = CivilDate(daysSinceEpoch: day)
            do {
                minor = try rates.convert(Money(minorUnits: amount, currency: currency), to: target, on: date).minorUnits
            } catch {
                // The error names the currency lacking a rate (the base one when a non-base
                // budget needs a rate for its own currency).
                if error.kind == .overflow { overflowed[index] = true; return }
                missing[index][error.currency] = min(missing[index][error.currency] ?? .max, day)
                return
            }
        }
        if day >= periods[index].firstDay { current[index].add(minor) } else { before[index].add(minor) }
    }

    /// Where every budget stands today, in the budgets' order.
    public func statuses() throws(MoneyError) -> [BudgetStatus] {
        try budgets.indices.map { (index) throws(MoneyError) -> BudgetStatus in try status(index) }
    }

    /// Where budget `index` stands today.
    public func status(_ index: Int) throws(MoneyError) -> BudgetStatus {
        let budget = budgets[index], period = periods[index]
        let currency = budget.limit.currency
        guard !overflowed[index], !current[index].overflowed, !before[index].overflowed, !recurringDue[index].overflowed else {
            throw MoneyError(.overflow, currency: currency)
        }
        var carried = Money(minorUnits: 0, currency: currency)
        if budget.rollover {
            carried = try BudgetRollover.carried(limit: budget.limit, periods: period.periodsSince(budget.since),
                                                 spent: Money(minorUnits: before[index].value, currency: currency))
        }
        let named = missing[index].sorted { $0.key.code < $1.key.code }.map {
            ConversionError(kind: .missingRate, currency: $0.key, date: CivilDate(daysSinceEpoch: $0.value))
        }
        return try BudgetStatus(budget: budget, period: period, today: today,
                                spent: Money(minorUnits: current[index].value, currency: currency),
                                carried: carried, missingRates: named,
                                recurringDue: Money(minorUnits: recurringDue[index].value, currency: currency))
    }
}
