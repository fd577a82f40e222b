// Insight: one finding of `report insights` (DOMAIN.md §6), as numbers — the shell words it.
// Each is produced only when the data it needs is there; `Insights.compute` decides.

import KassaCore

public enum Insight: Sendable, Hashable {
    /// The category with the most spending this month so far, and its part of the month.
    case topCategory(category: String?, amount: Money, share: Double)
    /// Last month's spending in a category above 1.5 × its average of the three months before.
    case spike(category: String?, amount: Money, average: Money, ratio: Double)
    /// This month so far against last month over the same days.
    case monthOverMonth(now: Money, before: Money, change: Double)
    case averagePerDay(amount: Money, days: Int)
    /// A category that grew every month for `months` complete months in a row (3 or more).
    case growing(category: String?, months: Int, from: Money, to: Money)
    /// Income against expenses over the last complete months (up to three: `over`).
    case incomeVsExpense(income: Money, expense: Money, ratio: Double, over: Int)
    case savingsRate(rate: Double, grade: SavingsGrade, over: Int)
    /// The balance in months of average spending (the last complete months, up to three).
    case emergencyFund(months: Double, balance: Money, monthlyExpense: Money)
    /// This month's spending at its end: spent so far + the last 30 days' daily average × days
    /// left (today included, as budgets count them) + what recurring series ask in those days.
    case forecast(amount: Money, spent: Money, recurring: Money, daysLeft: Int)
    /// Months the balance lasts at the average net outflow of the last complete months (up to three).
    case runway(months: Double, balance: Money, monthlyNet: Money, over: Int)
    /// Accounts with no transaction for 30 days or more.
    case dormant(account: String, days: Int)
    /// A budget spent past what its period has (limit plus rollover): by how much.
    case budgetOverspend(category: String, over: Money, available: Money)
    /// A budget on pace to overshoot: spent / days elapsed × days in period.
    case projectedOverspend(category: String, projected: Money, available: Money)
    /// A budget under 80% used: what is left and the days to spend it in.
    case budgetHeadroom(category: String, remaining: Money, daysLeft: Int)
    /// The active recurring series' monthly cost (base currency), their count, and its share of
    /// the average monthly income when there is income.
    case recurringCost(total: Money, count: Int, share: Double?)
    /// Two subscriptions that may pay for the same thing: same category, or costs within ±15%.
    case duplicateSubscriptions(first: String, second: String, reason: RecurringCosts.DuplicateReason)

    /// The stable code of the insight (JSON, message keys).
    public var code: String {
        switch self {
        case .topCategory: return "top-category"
        case .spike: return "spike"
        case .monthOverMonth: return "month-over-month"
        case .averagePerDay: return "average-per-day"
        case .growing: return "growing-category"
        case .incomeVsExpense: return "income-vs-expense"
        case .savingsRate: return "savings-rate"
        case .emergencyFund: return "emergency-fund"
        case .forecast: return "spending-forecast"
        case .runway: return "balance-runway"
        case .dormant: return "dormant-account"
        case .budgetOverspend: return "budget-overspend"
        case .projectedOverspend: return "projected-overspend"
        case .budgetHeadroom: return "budget-headroom"
        case .recurringCost: return "recurring-cost"
        case .duplicateSubscriptions: return "duplicate-subscriptions"
        }
    }
}

/// The savings rate's grade: above 20% good, from 10% fair, below 10% poor.
public enum SavingsGrade: String, Sendable, Hashable {
    case good, fair, poor

    /// Exact, in integers: (income − expense) / income against 20% and 10%.
    public static func of(income: Money, expense: Money) -> SavingsGrade {
        let saved = Int128(income.minorUnits) - Int128(expense.minorUnits)
        let income = Int128(income.minorUnits)
        if saved * 5 > income { return .good }
        if saved * 10 >= income { return .fair }
        return .poor
    }
}

/// An insight of the app's list that the journal has no data for, and why (JSON: `unavailable`):
/// no budgets set, or no active recurring payments.
public enum MissingInsight: String, Sendable, CaseIterable {
    case budgetOverspend = "budget-overspend"
    case budgetHeadroom = "budget-headroom"
    case projectedOverspend = "projected-overspend"
    case recurringCost = "recurring-cost"
    case duplicateSubscriptions = "duplicate-subscriptions"

    /// What is missing: budgets or active recurring series.
    public var reason: String {
        switch self {
        case .budgetOverspend, .budgetHeadroom, .projectedOverspend: return "no-budgets"
        case .recurringCost, .duplicateSubscriptions: return "no-recurring-series"
        }
    }
}
