// TrendReportText: `report trend` as text — one line per category: its name, a sparkline of
// the months (oldest first), the span's total and, when there is room, the monthly average.

import KassaCore
import KassaLedger

extension ReportText {
    func trendLines(_ report: TrendReport) -> [String] {
        var title = text("report.trend.title", ["period": periodLabel(report.period)])
        if let category = report.category { title += " · " + categoryLabel(category) }
        var lines = [style.bold(title)]
        guard !report.sections.isEmpty else { return lines + [text("report.trend.empty")] }
        let monthCount = report.monthStarts.count
        for section in report.sections {
            lines.append("")
            if report.sections.count > 1 { lines.append(style.bold(text("report.currency-heading", ["currency": section.currency.code]))) }
            let labels = section.lines.map { categoryLabel($0.category) }
            let totals = section.lines.map { money.format($0.total) }
            let averages = section.lines.map { money.format(Money(minorUnits: $0.total.minorUnits / Int64(max(1, monthCount)),
                                                                 currency: $0.total.currency)) }
            let totalWidth = max(DisplayWidth.of(text("report.trend.total")), totals.map(DisplayWidth.of).max() ?? 0)
            let averageWidth = max(DisplayWidth.of(text("report.trend.average")), averages.map(DisplayWidth.of).max() ?? 0)
            let showAverage = width >= 60
            let fixed = monthCount + 1 + totalWidth + (showAverage ? averageWidth + 1 : 0) + 1
            let labelWidth = max(4, min(labels.map(DisplayWidth.of).max() ?? 0, width - fixed))
            var header = DisplayWidth.padRight(first: monthLabelRange(report), width: labelWidth + 1 + monthCount)
            header += " " + DisplayWidth.padLeft(text("report.trend.total"), to: totalWidth)
            if showAverage { header += " " + DisplayWidth.padLeft(text("report.trend.average"), to: averageWidth) }
            lines.append(style.dim(trimmed(header)))
            for (index, line) in section.lines.enumerated() {
                let spark = Sparkline.line(line.months.map(\.minorUnits), ascii: chart.ascii)
                var out = DisplayWidth.padRight(DisplayWidth.truncate(labels[index], to: labelWidth, ascii: chart.ascii), to: labelWidth)
                out += " " + style.note(spark) + " " + DisplayWidth.padLeft(totals[index], to: totalWidth)
                if showAverage { out += " " + DisplayWidth.padLeft(averages[index], to: averageWidth) }
                lines.append(out)
            }
        }
        lines += unconvertedNote(report.sections.map(\.currency))
        return lines
    }

    /// "Apr 25 → Mar 26" above the sparklines, so a reader knows which end is now.
    private func monthLabelRange(_ report: TrendReport) -> String {
        let starts = report.monthStarts
        guard let first = starts.first, let last = starts.last else { return "" }
        return text("report.trend.span", ["from": monthLabel(first, short: true), "to": monthLabel(last, short: true)])
    }
}

extension DisplayWidth {
    /// `text` padded to `width` columns, or cut when longer.
    static func padRight(first text: String, width: Int) -> String {
        padRight(truncate(text, to: width, ascii: true), to: width)
    }
}
