// BudgetRollover: what earlier periods carry into the current one when a budget rolls over —
// each period's leftover (limit − spent) adds to the next, an overspend (negative leftover) is
// taken from it, from the budget's first period on (Actual Budget's rule; fava's cumulative
// budgets come to the same sum). The limit of every earlier period is the budget's current one:
// a changed limit applies to the past periods' arithmetic too (kassa keeps no limit history).

import KassaCore

public enum BudgetRollover {
    /// The carry after periods whose spending was `spent`, in order: Σ (limit − spent).
    public static func carried(limit: Money, spent: [Money]) throws(MoneyError) -> Money {
        var carry = Money(minorUnits: 0, currency: limit.currency)
        for amount in spent {
            carry = try carry.adding(try limit.subtracting(amount))
        }
        return carry
    }

    /// The same carry from totals: `periods` × limit − everything spent in them (what the
    /// tracker keeps, so no per-period list is needed).
    public static func carried(limit: Money, periods: Int, spent: Money) throws(MoneyError) -> Money {
        guard periods > 0 else { return Money(minorUnits: 0, currency: limit.currency) }
        return try limit.multiplied(by: Int64(periods)).subtracting(spent)
    }
}
