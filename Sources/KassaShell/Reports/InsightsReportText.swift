// InsightsReportText: `report insights` and `report health` as text. Each insight is one
// sentence from report.messages with its numbers, wrapped to the width under a bullet; the
// health score shows each component's score as a bar, its weight (rescaled when components
// have no data) and why a component is missing.

import KassaCore
import KassaLedger

extension ReportText {
    func insightLines(_ report: InsightsReport) -> [String] {
        var lines = [style.bold(text("report.insights.title", ["date": today.iso])), ""]
        if report.insights.isEmpty { lines += wrap(text("report.insights.none"), indent: "") }
        for insight in report.insights {
            lines += wrap(sentence(insight), indent: "  ", first: bullet)
        }
        lines.append("")
        for reason in ["no-budgets", "no-recurring-series"] where report.missing.contains(where: { $0.reason == reason }) {
            lines += dimmed(text("report.insights.missing." + reason))
        }
        lines += excludedNote(report.facts)
        return lines
    }

    func sentence(_ insight: Insight) -> String {
        let key = "report.insight." + insight.code
        switch insight {
        case .topCategory(let category, let amount, let share):
            return text(key, ["category": categoryLabel(category), "amount": money.format(amount), "share": money.percent(share)])
        case .spike(let category, let amount, let average, let ratio):
            return text(key, ["category": categoryLabel(category), "amount": money.format(amount),
                              "average": money.format(average), "ratio": money.decimal(ratio)])
        case .monthOverMonth(let now, let before, let change):
            return text(key + (change >= 0 ? ".up" : ".down"), [
                "amount": money.format(now), "before": money.format(before), "change": money.percent(abs(change)),
            ])
        case .averagePerDay(let amount, let days):
            return catalog.text(key, count: days, ["amount": money.format(amount)])
        case .growing(let category, let months, let from, let to):
            return catalog.text(key, count: months, ["category": categoryLabel(category), "from": money.format(from),
                                                     "to": money.format(to)])
        case .incomeVsExpense(let income, let expense, let ratio, let over):
            return catalog.text(key, count: over, ["income": money.format(income), "expense": money.format(expense),
                                                   "ratio": money.decimal(ratio)])
        case .savingsRate(let rate, let grade, let over):
            return catalog.text(key + "." + grade.rawValue, count: over, ["rate": money.percent(rate)])
        case .emergencyFund(let months, let balance, let expense):
            return text(key, ["months": money.decimal(months), "balance": money.format(balance), "expense": money.format(expense)])
        case .forecast(let amount, let spent, let recurring, let daysLeft):
            return catalog.text(recurring.isZero ? key : key + ".recurring", count: daysLeft, [
                "amount": money.format(amount), "spent": money.format(spent), "recurring": money.format(recurring),
            ])
        case .runway(let months, let balance, let net, let over):
            return catalog.text(key, count: over, ["months": money.decimal(months), "balance": money.format(balance),
                                                   "net": money.format(Money(minorUnits: -net.minorUnits, currency: net.currency))])
        case .dormant(let account, let days):
            return catalog.text(key, count: days, ["account": account])
        case .budgetOverspend(let category, let over, let available):
            return text(key, ["category": categoryLabel(category), "amount": money.format(over), "available": money.format(available)])
        case .projectedOverspend(let category, let projected, let available):
            return text(key, ["category": categoryLabel(category), "amount": money.format(projected),
                              "available": money.format(available)])
        case .budgetHeadroom(let category, let remaining, let daysLeft):
            return catalog.text(key, count: daysLeft, ["category": categoryLabel(category), "amount": money.format(remaining)])
        case .recurringCost(let total, let count, let share):
            var arguments = ["amount": money.format(total)]
            if let share { arguments["share"] = money.percent(share) }
            return catalog.text(share == nil ? key + ".no-income" : key, count: count, arguments)
        case .duplicateSubscriptions(let first, let second, let reason):
            return text(key + "." + reason.rawValue, ["first": TerminalSafety.visible(first), "second": TerminalSafety.visible(second)])
        }
    }

    func excludedNote(_ facts: InsightFacts) -> [String] {
        guard !facts.otherCurrencies.isEmpty else { return [] }
        return dimmed(text("report.insights.excluded", [
            "base": facts.currency.code, "currencies": facts.otherCurrencies.map(\.code).joined(separator: ", "),
        ]))
    }

    func healthLines(_ health: HealthScore) -> [String] {
        var lines = [style.bold(text("report.health.title", ["currency": health.facts.currency.code])), ""]
        guard let score = health.score, let grade = health.grade else {
            return lines + wrap(text("report.health.none"), indent: "") + excludedNote(health.facts)
        }
        let gradeText = text("report.health.grade.\(grade.rawValue)")
        let styledGrade = score >= 60 ? style.good(gradeText) : score >= 40 ? style.note(gradeText) : style.bad(gradeText)
        var scoreLine = text("report.health.score", ["score": style.bold(String(score)), "grade": styledGrade])
        if health.partial {
            // Fewer than three components with data: said next to the grade, not hidden below.
            scoreLine += " " + catalog.text("report.health.partial", count: health.components,
                                            ["total": String(HealthScore.Component.allCases.count)])
        }
        lines.append(scoreLine)
        lines += dimmed(catalog.text("report.health.months", count: health.months, [:]))
        lines.append("")
        let names = health.parts.map { text("report.health.component.\($0.component.rawValue)") }
        let weights = health.parts.map { $0.score == nil ? "" : text("report.health.weight", ["weight": money.percent($0.weight)]) }
        let nameWidth = min(names.map(DisplayWidth.of).max() ?? 0, max(10, width / 3))
        let weightWidth = weights.map(DisplayWidth.of).max() ?? 0
        let barWidth = max(4, width - nameWidth - weightWidth - 3 - 4 - 2)
        for (index, part) in health.parts.enumerated() {
            let name = "  " + DisplayWidth.padRight(DisplayWidth.truncate(names[index], to: nameWidth, ascii: chart.ascii), to: nameWidth)
            guard let value = part.score else {
                let indent = String(repeating: " ", count: nameWidth + 3)
                lines += wrap(text("report.health.missing.\(part.reason ?? "no-data")"), indent: indent, first: name + " ")
                    .enumerated().map { $0.offset == 0 ? name + " " + style.dim(String($0.element.dropFirst(name.count + 1))) : style.dim($0.element) }
                continue
            }
            let bar = BarChart.bar(value / 100, width: barWidth, ascii: chart.ascii)
            let number = DisplayWidth.padLeft(String(Int(value.rounded())), to: 3)
            lines.append(trimmed(name + " " + number + " " + (bar.isEmpty ? "" : style.note(bar))
                + String(repeating: " ", count: barWidth - DisplayWidth.of(bar)) + " "
                + style.dim(weights[index])))
        }
        lines.append("")
        if health.parts.contains(where: { $0.score == nil }) {
            lines += dimmed(text("report.health.rescaled"))
        }
        lines += excludedNote(health.facts)
        return lines
    }
}
