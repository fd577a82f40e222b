// BudgetStatus: where a budget stands on a day — spent in its current period (in the budget's
// currency), the rollover carried in, what remains, the percent used, the days left, and the
// projection (spent / days elapsed × days in period, DOMAIN.md §3, plus what recurring series in
// the budget's categories still ask before the period ends). `level` is what the person
// should feel: warning at 80% used or when the projection overshoots, over when spent exceeds
// what the period has. Amounts are exact; only the percent is rounded (down, so "80%" is
// never shown before the warning starts).

import KassaCore

public struct BudgetStatus: Sendable, Hashable {
    public enum Level: String, Sendable {
        case fine, warning, over
    }

    public let budget: Budget
    public let period: BudgetPeriod
    public let spent: Money
    /// Leftover (positive) or overspend (negative) of earlier periods; zero without rollover.
    public let carried: Money
    /// What this period may spend: the limit plus what was carried.
    public let available: Money
    public let remaining: Money
    /// Spent as a whole percent of `available`, rounded down; nil when nothing is available.
    public let percent: Int?
    /// Days of the period from today on, today included.
    public let daysLeft: Int
    public let daysElapsed: Int
    public let projected: Money
    /// Recurring payments in the budget's categories still due this period (in `projected`).
    public let recurringDue: Money
    public let over: Bool
    public let projectedOver: Bool
    /// Expenses that could not be converted to the budget's currency: not in `spent`, named.
    public let missingRates: [ConversionError]

    /// The percent at which a budget turns to a warning.
    public static let warningPercent: Int64 = 80

    public var level: Level {
        if over { return .over }
        if projectedOver || nearLimit { return .warning }
        return .fine
    }

    /// At least 80% of what is available is spent (or something is spent with nothing available).
    public var nearLimit: Bool {
        guard available.minorUnits > 0 else { return spent.minorUnits > 0 }
        return Int128(spent.minorUnits) * 100 >= Int128(available.minorUnits) * Int128(Self.warningPercent)
    }

    public init(budget: Budget, period: BudgetPeriod, today: CivilDate, spent: Money, carried: Money,
                missingRates: [ConversionError] = [], recurringDue: Money? = nil) throws(MoneyError) {
        self.budget = budget
        self.period = period
        self.spent = spent
        self.carried = carried
        self.missingRates = missingRates
        available = try budget.limit.adding(carried)
        remaining = try available.subtracting(spent)
        let day = min(max(today.daysSinceEpoch, period.firstDay), period.lastDay)
        daysElapsed = day - period.firstDay + 1
        daysLeft = period.lastDay - day + 1
        percent = available.minorUnits > 0
            ? Int(Int128(spent.minorUnits) * 100 / Int128(available.minorUnits)) : nil
        let projection = Int128(spent.minorUnits) * Int128(period.dayCount) / Int128(daysElapsed)
        let due = recurringDue ?? Money(minorUnits: 0, currency: spent.currency)
        guard let minor = Int64(exactly: projection + Int128(due.minorUnits)) else { throw MoneyError(.overflow, currency: spent.currency) }
        projected = Money(minorUnits: minor, currency: spent.currency)
        self.recurringDue = due
        over = spent.minorUnits > available.minorUnits
        projectedOver = projected.minorUnits > available.minorUnits
    }
}
