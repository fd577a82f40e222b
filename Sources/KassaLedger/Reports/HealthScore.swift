// HealthScore: `report health` — the app's 0–100 score (DOMAIN.md §6) from five weighted
// components: savings rate 0.30, budget adherence 0.25, recurring load 0.20, emergency fund
// 0.15, cash flow 0.10 (budget adherence: the share of the budgets given that kept their limit —
// the report passes their state as last month ended, else this period's;
// recurring load: the active series' monthly cost against the average monthly income). A
// component without data (no budgets, no recurring series, no income) is left out with its
// reason and the others' weights are rescaled to sum to 1, as the app does without budgets.
// Figures come from the complete months since the first expense, up to the last three
// (InsightFacts: a month with no spending recorded is no evidence); a score
// from fewer than three components is marked partial.

import KassaCore

public struct HealthScore: Sendable, Hashable {
    public enum Component: String, Sendable, CaseIterable {
        case savingsRate = "savings-rate"
        case budgetAdherence = "budget-adherence"
        case recurringLoad = "recurring-load"
        case emergencyFund = "emergency-fund"
        case cashFlow = "cash-flow"

        public var weight: Double {
            switch self {
            case .savingsRate: return 0.30
            case .budgetAdherence: return 0.25
            case .recurringLoad: return 0.20
            case .emergencyFund: return 0.15
            case .cashFlow: return 0.10
            }
        }
    }

    public enum Grade: String, Sendable {
        case excellent, good, fair, needsAttention = "needs-attention"

        public static func of(_ score: Int) -> Grade {
            score >= 80 ? .excellent : score >= 60 ? .good : score >= 40 ? .fair : .needsAttention
        }
    }

    public struct Part: Sendable, Hashable {
        public let component: Component
        /// 0...100; nil when the component has no data.
        public let score: Double?
        /// The weight used: the rescaled one, 0 when left out.
        public let weight: Double
        /// Why it was left out: "no-budgets", "no-recurring-series", "no-income", "no-history".
        public let reason: String?
    }

    public let facts: InsightFacts
    public let parts: [Part]
    /// 0...100, nil when no component has data.
    public let score: Int?
    public var grade: Grade? { score.map(Grade.of) }
    /// The complete months the figures come from (1 to 3; 0 without a complete month).
    public var months: Int { facts.averagedMonths }
    /// How many components had data; a score from fewer than `fullComponents` says so.
    public var components: Int { parts.filter { $0.score != nil }.count }
    public static let fullComponents = 3
    public var partial: Bool { score != nil && components < HealthScore.fullComponents }

    /// `budgets`: every budget's state today (BudgetTracker); adherence is the share of them
    /// within their limit this period, left out when there are none. `recurring`: the active
    /// series' costs (RecurringCosts); the recurring load is left out when there are none.
    public static func compute(_ source: some TransactionSource, today: CivilDate,
                               base: Currency = .kzt, budgets: [BudgetStatus] = [],
                               recurring: RecurringCosts? = nil) throws(MoneyError) -> HealthScore {
        try compute(InsightFacts.gather(source, today: today, base: base), budgets: budgets, recurring: recurring)
    }

    public static func compute(_ facts: InsightFacts, budgets: [BudgetStatus] = [],
                               recurring: RecurringCosts? = nil) throws(MoneyError) -> HealthScore {
        var raw: [(Component, Double?, String?)] = []
        // With at least one complete month, the figures use the months there are (up to three).
        let averages = try facts.averages()
        if let averages, averages.income.minorUnits > 0 {
            let income = try facts.lastMonths(facts.incomeMonths), expense = try facts.lastMonths(facts.expenseMonths)
            let rate = (Double(income.minorUnits) - Double(expense.minorUnits)) / Double(income.minorUnits)
            raw.append((.savingsRate, clamp(rate / 0.20 * 100), nil))
        } else {
            raw.append((.savingsRate, nil, averages == nil ? "no-history" : "no-income"))
        }
        if budgets.isEmpty {
            raw.append((.budgetAdherence, nil, "no-budgets"))
        } else {
            let kept = budgets.filter { !$0.over }.count
            raw.append((.budgetAdherence, Double(kept) / Double(budgets.count) * 100, nil))
        }
        // Recurring load: (1 − monthly recurring cost / average monthly income) × 100.
        if let recurring, !recurring.isEmpty {
            if let averages, averages.income.minorUnits > 0 {
                let load = Double(recurring.monthlyTotal.minorUnits) / Double(averages.income.minorUnits)
                raw.append((.recurringLoad, clamp((1 - load) * 100), nil))
            } else {
                raw.append((.recurringLoad, nil, averages == nil ? "no-history" : "no-income"))
            }
        } else {
            raw.append((.recurringLoad, nil, "no-recurring-series"))
        }
        if let averages, averages.expense.minorUnits > 0 {
            let months = Double(max(0, facts.balance.minorUnits)) / Double(averages.expense.minorUnits)
            raw.append((.emergencyFund, clamp(months / 3 * 100), nil))
        } else {
            raw.append((.emergencyFund, nil, averages == nil ? "no-history" : "no-expenses"))
        }
        if let averages, averages.income.minorUnits > 0 {
            let flow = Double(averages.net.minorUnits) / Double(averages.income.minorUnits)
            raw.append((.cashFlow, clamp((flow + 0.2) / 0.4 * 100), nil))
        } else {
            raw.append((.cashFlow, nil, averages == nil ? "no-history" : "no-income"))
        }
        let present = raw.filter { $0.1 != nil }.reduce(0.0) { $0 + $1.0.weight }
        var parts: [Part] = []
        var total = 0.0
        for (component, score, reason) in raw {
            let weight = score == nil || present == 0 ? 0 : component.weight / present
            parts.append(Part(component: component, score: score, weight: weight, reason: reason))
            total += (score ?? 0) * weight
        }
        return HealthScore(facts: facts, parts: parts, score: present == 0 ? nil : Int(total.rounded()))
    }

    static func clamp(_ value: Double) -> Double { min(100, max(0, value)) }
}
