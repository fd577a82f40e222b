// ReportText: a report as lines for a person — titles, aligned tables (by display width, so
// Cyrillic and wide characters line up), bars, columns and sparklines sized to the chart width,
// colour only where TextStyle allows. One file per report kind extends it; this one holds the
// pieces they share. Every word comes from Locales/*/report.messages.

import KassaCore
import KassaLedger

struct ReportText {
    let catalog: Catalog
    let style: TextStyle
    let chart: ChartStyle
    let money: ReportMoney
    let base: Currency
    let today: CivilDate
    /// Display names of category slugs in the UI language (from the grammar).
    let categoryNames: [String: String]

    init(catalog: Catalog, style: TextStyle, output: ReportOutput, categoryNames: [String: String]) {
        self.catalog = catalog
        self.style = style
        chart = output.chart
        money = ReportMoney(catalog: catalog, ascii: output.chart.ascii)
        base = output.base
        today = output.today
        self.categoryNames = categoryNames
    }

    func lines(_ output: ReportOutput) -> [String] {
        switch output.result {
        case .category(let report): return categoryLines(report)
        case .cashflow(let report): return cashflowLines(report)
        case .trend(let report): return trendLines(report)
        case .insights(let report): return insightLines(report)
        case .health(let score): return healthLines(score)
        case .subscriptions(let costs): return subscriptionLines(costs)
        case .unavailable(let reason):
            return [style.bold(text("report.\(output.kind.rawValue).title"))]
                + wrap(text("report.unavailable.\(reason)"), indent: "")
        }
    }

    // MARK: - Shared pieces

    func text(_ key: String, _ arguments: [String: String] = [:]) -> String { catalog.text(key, arguments) }

    var width: Int { chart.width }

    /// A category's display name ("Groceries"), its slug when the grammar has none, or
    /// "no category".
    func categoryLabel(_ slug: String?) -> String {
        guard let slug else { return text("report.no-category") }
        if let name = categoryNames[slug] { return name }
        return slug
    }

    func monthLabel(_ start: CivilDate, short: Bool = false) -> String {
        let year = String(start.year)
        return text("report.month-year", ["month": text("report.month.\(start.month)"),
                                          "year": short ? String(year.suffix(2)) : year])
    }

    func periodLabel(_ period: Period) -> String {
        switch period.kind {
        case .month: return monthLabel(period.from)
        case .year: return String(period.from.year)
        case .week, .range:
            if period.from.day == 1, period.to.day == CivilDate.daysInMonth(year: period.to.year, month: period.to.month) {
                // Whole months: "Feb 2026", or "Apr 2025..Mar 2026".
                if period.from.year == period.to.year && period.from.month == period.to.month { return monthLabel(period.from) }
                return text("report.period.range", ["from": monthLabel(period.from), "to": monthLabel(period.to)])
            }
            return text("report.period.range", ["from": period.from.iso, "to": period.to.iso])
        }
    }

    /// The line saying which currencies are shown apart (no rates to convert them).
    func unconvertedNote(_ currencies: [Currency]) -> [String] {
        let others = currencies.filter { $0 != base }
        guard !others.isEmpty else { return [] }
        return dimmed(text("report.unconverted", [
            "currencies": others.map(\.code).joined(separator: ", "), "base": base.code,
        ]))
    }

    /// Words of `line` wrapped to the chart width; later lines start with `indent`. Widths
    /// are measured without colour codes, so wrapping happens only for plain text.
    func wrap(_ line: String, indent: String, first: String = "") -> [String] {
        guard DisplayWidth.of(first + line) > width, !TextStyle.isStyled(line) else { return [first + line] }
        var lines: [String] = []
        var current = first
        var currentHasWord = false
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = currentHasWord ? current + " " + word : current + word
            if currentHasWord, DisplayWidth.of(candidate) > width {
                lines.append(current)
                current = indent + word
            } else {
                current = candidate
            }
            currentHasWord = true
        }
        lines.append(current)
        return lines
    }

    /// A note in dim text, wrapped before it is styled.
    func dimmed(_ plain: String) -> [String] {
        wrap(plain, indent: "").map { style.dim($0) }
    }

    /// Columns of a table row, each padded to its width; the first left-aligned, the others
    /// right-aligned; trailing blanks trimmed.
    func row(_ cells: [String], widths: [Int], leftAligned: Int = 1) -> String {
        var out: [String] = []
        for (index, cell) in cells.enumerated() {
            let w = index < widths.count ? widths[index] : 0
            out.append(index < leftAligned ? DisplayWidth.padRight(cell, to: w) : DisplayWidth.padLeft(cell, to: w))
        }
        return trimmed(out.joined(separator: " "))
    }

    func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    var bullet: String { chart.ascii ? "* " : "• " }
}
