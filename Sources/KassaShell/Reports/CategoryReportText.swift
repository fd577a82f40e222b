// CategoryReportText: `report spending` / `report income` as text — a title, the total with
// its change against the previous period, then one row per category (subcategories indented),
// account or month: amount, share, a bar, and the change. Columns shrink to fit 40 columns;
// the bar takes what is left.

import KassaCore
import KassaLedger

extension ReportText {
    func categoryLines(_ report: CategoryReport) -> [String] {
        let kind = report.type == .income ? "income" : "spending"
        var lines = [style.bold(text("report.\(kind).title", ["period": periodLabel(report.period)]))]
        if report.period.contains(day: today.daysSinceEpoch), report.period.to != today {
            lines.append(style.dim(text("report.through", ["date": today.iso])))
        }
        guard !report.sections.isEmpty else {
            return lines + [text("report.\(kind).empty")]
        }
        for section in report.sections {
            lines.append("")
            if report.sections.count > 1 { lines.append(style.bold(text("report.currency-heading", ["currency": section.currency.code]))) }
            lines += totalLines(section, report: report)
            lines += rows(section, grouping: report.grouping)
        }
        lines += unconvertedNote(report.sections.map(\.currency))
        return lines
    }

    private func totalLines(_ section: ReportSection, report: CategoryReport) -> [String] {
        var line = text("report.total", ["amount": style.bold(money.format(section.total))])
        if let change = section.change {
            line += "  " + colouredChange(change, expense: report.type == .expense) + " "
                + text("report.vs-previous", ["period": periodLabel(report.previousPeriod),
                                              "amount": money.format(section.previousTotal)])
        } else if !section.previousTotal.isZero || report.grouping != .month {
            line += "  " + style.dim(text("report.no-previous", ["period": periodLabel(report.previousPeriod)]))
        }
        return wrap(line, indent: "  ")
    }

    /// A change coloured by what it means: spending up is bad, income up is good.
    func colouredChange(_ change: Double, expense: Bool) -> String {
        let text = money.change(change)
        guard abs(change) >= 0.005 else { return text }
        return (change > 0) == expense ? style.bad(text) : style.good(text)
    }

    private func rows(_ section: ReportSection, grouping: CategoryReport.Grouping) -> [String] {
        let labels = section.rows.map { row -> String in
            let name: String
            switch grouping {
            case .category: name = categoryLabel(row.key)
            case .account: name = row.key ?? text("report.no-account")
            case .month:
                let parts = (row.key ?? "").split(separator: "-")
                name = parts.count == 2 ? monthLabel(CivilDate(year: Int(parts[0]) ?? 0, month: Int(parts[1]) ?? 1, day: 1)!)
                    : (row.key ?? "")
            }
            return String(repeating: "  ", count: row.depth) + name
        }
        let amounts = section.rows.map { money.format($0.amount) }
        let shares = section.rows.map { money.percent($0.share) }
        let showChange = grouping != .month
        let changes = section.rows.map { row -> String in
            guard showChange else { return "" }
            if let change = row.change { return money.change(change) }
            return row.amount.isZero ? "" : text("report.new")
        }
        let amountWidth = amounts.map(DisplayWidth.of).max() ?? 0
        let shareWidth = shares.map(DisplayWidth.of).max() ?? 0
        let changeWidth = changes.map(DisplayWidth.of).max() ?? 0
        let fixed = amountWidth + shareWidth + (changeWidth > 0 ? changeWidth + 1 : 0) + 3
        // The label gets what it needs up to a third of the width; the bar the rest (≥ 4).
        let labelWidth = min(labels.map(DisplayWidth.of).max() ?? 0, max(8, width / 3), width - fixed - 4)
        let barWidth = max(1, width - fixed - labelWidth - 1)
        let top = section.rows.filter { $0.depth == 0 }.map { $0.amount.minorUnits }.max() ?? 0
        var lines: [String] = []
        for (index, row) in section.rows.enumerated() {
            let label = DisplayWidth.padRight(DisplayWidth.truncate(labels[index], to: labelWidth, ascii: chart.ascii), to: labelWidth)
            let fraction = top > 0 ? Double(max(0, row.amount.minorUnits)) / Double(top) : 0
            let bar = BarChart.bar(fraction, width: barWidth, ascii: chart.ascii)
            var line = label + " " + DisplayWidth.padLeft(amounts[index], to: amountWidth) + " "
                + DisplayWidth.padLeft(shares[index], to: shareWidth) + " "
                + (bar.isEmpty ? "" : row.depth == 0 ? style.note(bar) : style.dim(bar))
            if changeWidth > 0, !changes[index].isEmpty {
                line += String(repeating: " ", count: barWidth - DisplayWidth.of(bar) + 1)
                let change = DisplayWidth.padLeft(changes[index], to: changeWidth)
                line += style.dim(change)
            }
            lines.append(trimmed(line))
        }
        return lines
    }
}
