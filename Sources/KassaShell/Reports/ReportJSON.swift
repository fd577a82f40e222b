// ReportJSON: a report as JSON lines (DESIGN.md §8). Spending and income give one object per
// currency with the contract's keys — {"period": {"from", "to"}, "currency", "total",
// "categories": [{"category", "amount", "share"}]} — and more (previous period, change, depth,
// parent). Amounts are decimal strings; shares and changes are numbers with four decimals.
// What kassa cannot report yet is an explicit empty list or null with a "reason".

import KassaCore
import KassaLedger

struct ReportJSON {
    let catalog: Catalog
    /// Sentences of insights, in the UI language, for the "message" field.
    let sentence: (Insight) -> String

    func lines(_ output: ReportOutput) -> [String] {
        switch output.result {
        case .category(let report): return category(report, output: output)
        case .cashflow(let report): return cashflow(report, output: output)
        case .trend(let report): return trend(report, output: output)
        case .insights(let report): return [insights(report)]
        case .health(let score): return [health(score)]
        case .subscriptions(let costs): return [subscriptions(costs)]
        case .unavailable(let reason):
            var json = JSONWriter()
            json.add("report", output.kind.rawValue)
            json.add(output.kind == .budget ? "budgets" : "subscriptions", raw: "[]")
            if output.kind == .subscriptions { json.add("monthly_total", nil) }
            json.add("reason", reason)
            json.add("message", catalog.text("report.unavailable.\(reason)"))
            return [json.result]
        }
    }

    /// `report subscriptions --json`: {"report", "date", "currency", "subscriptions": [{"id", "note", "kind",
    /// "category", "account", "frequency", "interval", "amount", "currency", "next", "monthly", "monthly_base"}],
    /// "monthly_total", "subscriptions_total", "due_rest_of_month", "totals": [{"currency", "amount"}],
    /// "duplicates": [{"first", "second", "reason"}], "unconverted"}.
    private func subscriptions(_ costs: RecurringCosts) -> String {
        var json = JSONWriter()
        json.add("report", "subscriptions")
        json.add("date", costs.today.iso)
        json.add("currency", costs.base.code)
        json.add("subscriptions", raw: JSONWriter.array(costs.lines.map { line in
            var item = JSONWriter()
            let s = line.series
            item.add("id", s.id)
            item.add("note", s.note)
            item.add("kind", s.kind.rawValue)
            item.add("category", s.category)
            item.add("account", s.account)
            item.add("frequency", s.frequency.rawValue)
            item.add("interval", s.interval)
            item.add("amount", line.amount.decimalString)
            item.add("currency", line.amount.currency.code)
            item.add("next", line.next?.iso)
            item.add("monthly", line.monthly.decimalString)
            item.add("monthly_base", line.monthlyInBase?.decimalString)
            return item.result
        }))
        json.add("monthly_total", costs.monthlyTotal.decimalString)
        json.add("subscriptions_total", costs.subscriptionTotal.decimalString)
        json.add("due_rest_of_month", costs.dueRestOfMonth.decimalString)
        json.add("totals", raw: JSONWriter.array(costs.totals.map { total in
            var item = JSONWriter()
            item.add("currency", total.currency.code)
            item.add("amount", total.decimalString)
            return item.result
        }))
        json.add("duplicates", raw: JSONWriter.array(costs.duplicates.map { pair in
            var item = JSONWriter()
            item.add("first", pair.first.id)
            item.add("second", pair.second.id)
            item.add("reason", pair.reason.rawValue)
            return item.result
        }))
        json.add("unconverted", strings: costs.unconverted.map(\.code))
        return json.result
    }

    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        let scaled = Int((abs(value) * 10_000).rounded())
        let fraction = String(scaled % 10_000)
        return (value < 0 && scaled > 0 ? "-" : "") + String(scaled / 10_000) + "."
            + String(repeating: "0", count: 4 - fraction.count) + fraction
    }

    static func period(_ period: Period) -> String {
        var json = JSONWriter()
        json.add("from", period.from.iso)
        json.add("to", period.to.iso)
        return json.result
    }

    static func month(_ start: CivilDate) -> String { String(start.iso.prefix(7)) }

    private func unconverted(_ currencies: [Currency], base: Currency) -> [String] {
        currencies.filter { $0 != base }.map(\.code)
    }

    private func category(_ report: CategoryReport, output: ReportOutput) -> [String] {
        let kind = report.type == .income ? "income" : "spending"
        let others = unconverted(report.sections.map(\.currency), base: output.base)
        let sections = report.sections.isEmpty
            ? [ReportSection(currency: output.base, total: Money(minorUnits: 0, currency: output.base),
                             previousTotal: Money(minorUnits: 0, currency: output.base), rows: [])]
            : report.sections
        return sections.map { section in
            var json = JSONWriter()
            json.add("report", kind)
            json.add("period", raw: ReportJSON.period(report.period))
            json.add("previous_period", raw: ReportJSON.period(report.previousPeriod))
            json.add("by", report.grouping.rawValue)
            json.add("currency", section.currency.code)
            json.add("total", section.total.decimalString)
            json.add("previous_total", section.previousTotal.decimalString)
            json.add("change", raw: ReportJSON.ratio(section.change))
            let items = section.rows.map { row -> String in
                var item = JSONWriter()
                switch report.grouping {
                case .category:
                    item.add("category", row.key)
                    item.add("parent", row.depth > 0 ? row.key.flatMap { $0.split(separator: "/").first.map(String.init) } : nil)
                case .account: item.add("account", row.key)
                case .month: item.add("month", row.key)
                }
                item.add("amount", row.amount.decimalString)
                item.add("share", raw: ReportJSON.ratio(row.share))
                if report.grouping != .month {
                    item.add("previous", row.previous?.decimalString)
                    item.add("change", raw: ReportJSON.ratio(row.change))
                }
                return item.result
            }
            switch report.grouping {
            case .category: json.add("categories", raw: JSONWriter.array(items))
            case .account: json.add("accounts", raw: JSONWriter.array(items))
            case .month: json.add("months", raw: JSONWriter.array(items))
            }
            json.add("unconverted", strings: others)
            if !others.isEmpty { json.add("unconverted_reason", "no-rates") }
            return json.result
        }
    }

    private func cashflow(_ report: CashflowReport, output: ReportOutput) -> [String] {
        let others = unconverted(report.sections.map(\.currency), base: output.base)
        return report.sections.map { section in
            var json = JSONWriter()
            json.add("report", "cashflow")
            json.add("period", raw: ReportJSON.period(report.period))
            json.add("currency", section.currency.code)
            json.add("income", section.income.decimalString)
            json.add("expense", section.expense.decimalString)
            json.add("net", section.net.decimalString)
            json.add("months", raw: JSONWriter.array(section.months.map { month in
                var item = JSONWriter()
                item.add("month", ReportJSON.month(month.start))
                item.add("income", month.income.decimalString)
                item.add("expense", month.expense.decimalString)
                item.add("net", month.net.decimalString)
                return item.result
            }))
            json.add("unconverted", strings: others)
            return json.result
        }
    }

    private func trend(_ report: TrendReport, output: ReportOutput) -> [String] {
        let months = report.monthStarts.map(ReportJSON.month)
        let others = unconverted(report.sections.map(\.currency), base: output.base)
        let sections = report.sections.isEmpty ? [TrendReport.Section(currency: output.base, lines: [], months: [])] : report.sections
        return sections.map { section in
            var json = JSONWriter()
            json.add("report", "trend")
            json.add("period", raw: ReportJSON.period(report.period))
            json.add("category", report.category)
            json.add("currency", section.currency.code)
            json.add("months", strings: months)
            json.add("totals", strings: section.months.map(\.decimalString))
            json.add("categories", raw: JSONWriter.array(section.lines.map { line in
                var item = JSONWriter()
                item.add("category", line.category)
                item.add("amounts", strings: line.months.map(\.decimalString))
                item.add("total", line.total.decimalString)
                return item.result
            }))
            json.add("unconverted", strings: others)
            return json.result
        }
    }

    private func insights(_ report: InsightsReport) -> String {
        var json = JSONWriter()
        json.add("report", "insights")
        json.add("date", report.facts.today.iso)
        json.add("currency", report.facts.currency.code)
        json.add("insights", raw: JSONWriter.array(report.insights.map(insight)))
        json.add("unavailable", raw: JSONWriter.array(report.missing.map { missing in
            var item = JSONWriter()
            item.add("insight", missing.rawValue)
            item.add("reason", missing.reason)
            return item.result
        }))
        json.add("excluded_currencies", strings: report.facts.otherCurrencies.map(\.code))
        return json.result
    }

    private func insight(_ insight: Insight) -> String {
        var item = JSONWriter()
        item.add("insight", insight.code)
        switch insight {
        case .topCategory(let category, let amount, let share):
            item.add("category", category)
            item.add("amount", amount.decimalString)
            item.add("share", raw: ReportJSON.ratio(share))
        case .spike(let category, let amount, let average, let ratio):
            item.add("category", category)
            item.add("amount", amount.decimalString)
            item.add("average", average.decimalString)
            item.add("ratio", raw: ReportJSON.ratio(ratio))
        case .monthOverMonth(let now, let before, let change):
            item.add("amount", now.decimalString)
            item.add("previous", before.decimalString)
            item.add("change", raw: ReportJSON.ratio(change))
        case .averagePerDay(let amount, let days):
            item.add("amount", amount.decimalString)
            item.add("days", days)
        case .growing(let category, let months, let from, let to):
            item.add("category", category)
            item.add("months", months)
            item.add("from", from.decimalString)
            item.add("to", to.decimalString)
        case .incomeVsExpense(let income, let expense, let ratio, let over):
            item.add("income", income.decimalString)
            item.add("expense", expense.decimalString)
            item.add("ratio", raw: ReportJSON.ratio(ratio))
            item.add("months", over)
        case .savingsRate(let rate, let grade, let over):
            item.add("rate", raw: ReportJSON.ratio(rate))
            item.add("grade", grade.rawValue)
            item.add("months", over)
        case .emergencyFund(let months, let balance, let expense):
            item.add("months", raw: ReportJSON.ratio(months))
            item.add("balance", balance.decimalString)
            item.add("monthly_expense", expense.decimalString)
        case .forecast(let amount, let spent, let recurring, let daysLeft):
            item.add("amount", amount.decimalString)
            item.add("spent", spent.decimalString)
            item.add("recurring_due", recurring.decimalString)
            item.add("days_left", daysLeft)
        case .runway(let months, let balance, let net, let over):
            item.add("months", raw: ReportJSON.ratio(months))
            item.add("balance", balance.decimalString)
            item.add("monthly_net", net.decimalString)
            item.add("over_months", over)
        case .dormant(let account, let days):
            item.add("account", account)
            item.add("days", days)
        case .budgetOverspend(let category, let over, let available):
            item.add("category", category)
            item.add("amount", over.decimalString)
            item.add("available", available.decimalString)
        case .projectedOverspend(let category, let projected, let available):
            item.add("category", category)
            item.add("amount", projected.decimalString)
            item.add("available", available.decimalString)
        case .budgetHeadroom(let category, let remaining, let daysLeft):
            item.add("category", category)
            item.add("amount", remaining.decimalString)
            item.add("days_left", daysLeft)
        case .recurringCost(let total, let count, let share):
            item.add("amount", total.decimalString)
            item.add("series", count)
            item.add("share", raw: ReportJSON.ratio(share))
        case .duplicateSubscriptions(let first, let second, let reason):
            item.add("first", first)
            item.add("second", second)
            item.add("reason", reason.rawValue)
        }
        item.add("message", sentence(insight))
        return item.result
    }

    private func health(_ health: HealthScore) -> String {
        var json = JSONWriter()
        json.add("report", "health")
        json.add("date", health.facts.today.iso)
        json.add("currency", health.facts.currency.code)
        json.add("score", raw: health.score.map(String.init) ?? "null")
        json.add("grade", health.grade?.rawValue)
        json.add("months", health.months)
        json.add("components_with_data", health.components)
        json.add("partial", health.partial)
        json.add("components", raw: JSONWriter.array(health.parts.map { part in
            var item = JSONWriter()
            item.add("component", part.component.rawValue)
            item.add("score", raw: part.score.map { String(Int($0.rounded())) } ?? "null")
            item.add("weight", raw: ReportJSON.ratio(part.weight))
            item.add("reason", part.reason)
            return item.result
        }))
        json.add("excluded_currencies", strings: health.facts.otherCurrencies.map(\.code))
        return json.result
    }
}
