// Insights: `report insights` — the app's findings (DOMAIN.md §6) that transactions alone can
// give, each only when its data is there. Thresholds are compared exactly in integers (a spike
// is strictly above 1.5 × the average; savings above 20% are good, from 10% fair).

import KassaCore

public struct InsightsReport: Sendable, Hashable {
    public let facts: InsightFacts
    public let insights: [Insight]
    /// The app's insights that need budgets or recurring series, when the journal has none.
    public let missing: [MissingInsight]
}

public enum Insights {
    /// Idle this many days or more makes an account dormant.
    public static let dormantDays = 30

    /// `budgets`: every budget's state today (BudgetTracker); without any, the budget insights
    /// are listed as missing.
    /// `recurring`: the active series' costs; without any, the recurring insights are listed as missing.
    public static func compute(_ source: some TransactionSource, today: CivilDate,
                               base: Currency = .kzt, budgets: [BudgetStatus] = [],
                               recurring: RecurringCosts? = nil) throws(MoneyError) -> InsightsReport {
        let facts = try InsightFacts.gather(source, today: today, base: base)
        let hasRecurring = !(recurring?.isEmpty ?? true)
        let missing = MissingInsight.allCases.filter {
            $0.reason == "no-budgets" ? budgets.isEmpty : !hasRecurring
        }
        return InsightsReport(facts: facts, insights: try compute(facts, recurring: recurring) + budgetInsights(budgets),
                              missing: missing)
    }

    /// Per budget, its one finding: over, on pace to go over, or the headroom left under 80%.
    public static func budgetInsights(_ budgets: [BudgetStatus]) -> [Insight] {
        budgets.compactMap { status in
            let category = status.budget.category
            if status.over {
                return .budgetOverspend(category: category, over: status.remaining.negated, available: status.available)
            }
            if status.projectedOver {
                return .projectedOverspend(category: category, projected: status.projected, available: status.available)
            }
            if !status.nearLimit {
                return .budgetHeadroom(category: category, remaining: status.remaining, daysLeft: status.daysLeft)
            }
            return nil
        }
    }

    public static func compute(_ facts: InsightFacts, recurring: RecurringCosts? = nil) throws(MoneyError) -> [Insight] {
        var out: [Insight] = []
        let currency = facts.currency
        func money(_ value: Int64) -> Money { Money(minorUnits: value, currency: currency) }
        let categories = facts.categoryMonths.sorted { ($0.key ?? "\u{10FFFF}") < ($1.key ?? "\u{10FFFF}") }

        // This month so far.
        if facts.monthToDate.minorUnits > 0,
           let top = categories.max(by: { a, b in
               a.value[0].minorUnits != b.value[0].minorUnits ? a.value[0].minorUnits < b.value[0].minorUnits
                   : (a.key ?? "\u{10FFFF}") > (b.key ?? "\u{10FFFF}")
           }), top.value[0].minorUnits > 0 {
            out.append(.topCategory(category: top.key, amount: top.value[0],
                                    share: Double(top.value[0].minorUnits) / Double(facts.monthToDate.minorUnits)))
        }
        if facts.historyMonths >= 1, facts.sameDaysLastMonth.minorUnits > 0, facts.monthToDate.minorUnits > 0 {
            let change = Double(facts.monthToDate.minorUnits - facts.sameDaysLastMonth.minorUnits)
                / Double(facts.sameDaysLastMonth.minorUnits)
            out.append(.monthOverMonth(now: facts.monthToDate, before: facts.sameDaysLastMonth, change: change))
        }
        if facts.monthToDate.minorUnits > 0 {
            out.append(.averagePerDay(amount: money(facts.monthToDate.minorUnits / Int64(facts.today.day)), days: facts.today.day))
        }

        // Complete months: spikes (last month against the three before) and growth streaks.
        if facts.historyMonths >= 4 {
            for (category, months) in categories {
                let before = Int128(months[2].minorUnits) + Int128(months[3].minorUnits) + Int128(months[4].minorUnits)
                let last = Int128(months[1].minorUnits)
                // last > 1.5 × before / 3  ⇔  2 × last > before
                guard before > 0, last * 2 > before else { continue }
                let average = money(Int64(before / 3))
                out.append(.spike(category: category, amount: months[1], average: average,
                                  ratio: Double(last) * 3 / Double(before)))
            }
            for (category, months) in categories {
                var streak = 0
                var back = 1
                while back + 1 < min(InsightFacts.window, facts.historyMonths + 1),
                      months[back + 1].minorUnits > 0, months[back].minorUnits > months[back + 1].minorUnits {
                    streak += 1
                    back += 1
                }
                if streak >= 3 {
                    out.append(.growing(category: category, months: streak, from: months[streak + 1], to: months[1]))
                }
            }
        }

        let averages = try facts.averages()
        if let averages {
            let income = try facts.lastMonths(facts.incomeMonths), expense = try facts.lastMonths(facts.expenseMonths)
            if income.minorUnits > 0, expense.minorUnits > 0 {
                out.append(.incomeVsExpense(income: income, expense: expense,
                                            ratio: Double(income.minorUnits) / Double(expense.minorUnits), over: averages.months))
            }
            if income.minorUnits > 0 {
                let rate = (Double(income.minorUnits) - Double(expense.minorUnits)) / Double(income.minorUnits)
                out.append(.savingsRate(rate: rate, grade: SavingsGrade.of(income: income, expense: expense), over: averages.months))
            }
            if averages.expense.minorUnits > 0, facts.balance.minorUnits > 0 {
                out.append(.emergencyFund(months: Double(facts.balance.minorUnits) / Double(averages.expense.minorUnits),
                                          balance: facts.balance, monthlyExpense: averages.expense))
            }
            if averages.net.minorUnits < 0, facts.balance.minorUnits > 0 {
                out.append(.runway(months: Double(facts.balance.minorUnits) / Double(-averages.net.minorUnits),
                                   balance: facts.balance, monthlyNet: averages.net, over: averages.months))
            }
        }

        // The rest of the month, today included (the count budgets use): the daily average of
        // the last 30 days for each day, plus what the recurring series ask in those days.
        let daysLeft = facts.daysLeftInMonth
        let due = recurring?.dueRestOfMonth ?? money(0)
        if facts.last30Days.minorUnits > 0 || due.minorUnits > 0 {
            let ahead = try facts.last30Days.multiplied(by: Int64(daysLeft))
            let amount = try facts.monthToDate.adding(money(ahead.minorUnits / 30)).adding(due)
            out.append(.forecast(amount: amount, spent: facts.monthToDate, recurring: due, daysLeft: daysLeft))
        }

        if let recurring, !recurring.isEmpty {
            let share = averages.flatMap { $0.income.minorUnits > 0
                ? Double(recurring.monthlyTotal.minorUnits) / Double($0.income.minorUnits) : nil }
            out.append(.recurringCost(total: recurring.monthlyTotal, count: recurring.lines.count, share: share))
            for pair in recurring.duplicates {
                out.append(.duplicateSubscriptions(first: pair.first.note, second: pair.second.note, reason: pair.reason))
            }
        }

        for (account, day) in facts.lastActivity.sorted(by: { $0.key < $1.key }) {
            let idle = facts.today.daysSinceEpoch - day.daysSinceEpoch
            if idle >= dormantDays { out.append(.dormant(account: account, days: idle)) }
        }
        return out
    }
}
