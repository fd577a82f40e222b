// SubscriptionsReportText: `report subscriptions` as text — each active recurring payment with
// its rhythm, next date, amount and monthly-equivalent cost, the totals (all, subscriptions, and
// per currency when there are several), the possible duplicates, and which currencies no rate
// converts. The numbers are RecurringCosts' (the same ones the health score and insights use).

import KassaCore
import KassaLedger

extension ReportText {
    func subscriptionLines(_ costs: RecurringCosts) -> [String] {
        var lines = [style.bold(text("report.subscriptions.title")), ""]
        let headings = ["name", "every", "next", "amount", "monthly"].map { text("report.subscriptions.heading." + $0) }
        var rows: [[String]] = []
        for line in costs.lines {
            let s = line.series
            var name = TerminalSafety.visible(s.note.isEmpty ? categoryLabel(s.category) : s.note)
            name = name.prefix(1).uppercased() + name.dropFirst()
            if s.kind == .subscription { name += " · " + text("report.subscriptions.subscription") }
            rows.append([name, every(s), line.next?.iso ?? "—", money.format(line.amount), money.format(line.monthly)])
        }
        // Columns are dropped, least needed first, until the table fits the width: the rhythm
        // and the amount (the monthly cost stays), then the next date.
        var columns = [0, 1, 2, 3, 4]
        var widths: [Int] = []
        for candidate in [[0, 1, 2, 3, 4], [0, 2, 4], [0, 4]] {
            columns = candidate
            widths = columns.map { c in rows.reduce(DisplayWidth.of(headings[c])) { max($0, DisplayWidth.of($1[c])) } }
            if widths.dropFirst().reduce(0, +) + widths.count - 1 + 8 <= width { break }
        }
        // The name column gives way when the table is still wider than the chart.
        let others = widths.dropFirst().reduce(0, +) + widths.count - 1
        widths[0] = max(6, min(widths[0], width - others))
        let left = columns.filter { $0 <= 2 }.count
        func fit(_ row: [String]) -> [String] {
            let cells = columns.map { row[$0] }
            return [DisplayWidth.truncate(cells[0], to: widths[0], ascii: chart.ascii)] + cells.dropFirst()
        }
        lines.append(style.dim(row(fit(headings), widths: widths, leftAligned: left)))
        for cells in rows { lines.append(row(fit(cells), widths: widths, leftAligned: left)) }
        lines.append("")
        lines.append(style.bold(text("report.subscriptions.total", ["amount": money.format(costs.monthlyTotal)])))
        if !costs.subscriptionTotal.isZero, costs.subscriptionTotal != costs.monthlyTotal {
            lines.append(text("report.subscriptions.subscription-total", ["amount": money.format(costs.subscriptionTotal)]))
        }
        if costs.totals.count > 1 || costs.totals.contains(where: { $0.currency != base }) {
            for total in costs.totals {
                lines += wrap(text("report.subscriptions.currency-total", ["currency": total.currency.code, "amount": money.format(total)]),
                              indent: "  ")
            }
        }
        if !costs.duplicates.isEmpty {
            lines.append("")
            lines.append(text("report.subscriptions.duplicates"))
            for pair in costs.duplicates {
                lines += wrap(text("report.subscriptions.duplicate." + pair.reason.rawValue, [
                    "first": TerminalSafety.visible(pair.first.note), "second": TerminalSafety.visible(pair.second.note),
                ]), indent: "  ", first: bullet)
            }
        }
        if !costs.unconverted.isEmpty {
            lines.append("")
            lines += dimmed(text("report.subscriptions.unconverted", [
                "currencies": costs.unconverted.map(\.code).joined(separator: ", "), "base": base.code,
            ]))
        }
        return lines
    }

    /// "every month", "every 2 weeks" (the words `kassa recurring` uses).
    private func every(_ series: Series) -> String {
        series.interval == 1 ? text("recurrence.\(series.frequency.rawValue)")
            : catalog.text("recurring.every.\(series.frequency.rawValue)", count: series.interval, [:])
    }
}
