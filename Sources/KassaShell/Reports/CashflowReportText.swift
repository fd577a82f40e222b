// CashflowReportText: `report cashflow` as text — a table of income, expenses and net per
// month with the totals, then the net flow of each month as a column chart around a zero line
// (up: more came in than went out), as wide as the output allows, months under it.

import KassaCore
import KassaLedger

extension ReportText {
    func cashflowLines(_ report: CashflowReport) -> [String] {
        var lines = [style.bold(text("report.cashflow.title", ["period": periodLabel(report.period)]))]
        let sections = report.sections.filter { !$0.income.isZero || !$0.expense.isZero }
        guard !sections.isEmpty else { return lines + [text("report.cashflow.empty")] }
        for section in sections {
            lines.append("")
            if sections.count > 1 { lines.append(style.bold(text("report.currency-heading", ["currency": section.currency.code]))) }
            lines += table(section)
            lines.append("")
            lines += columns(section)
        }
        lines += unconvertedNote(sections.map(\.currency))
        return lines
    }

    private func table(_ section: CashflowReport.Section) -> [String] {
        // Measured without colour codes, so colour and NO_COLOR choose alike.
        if table(section, symbol: true, style: TextStyle(enabled: false)).allSatisfy({ DisplayWidth.of($0) <= width }) {
            return table(section, symbol: true)
        }
        // Too narrow for a symbol in every cell: plain numbers under a line naming the currency.
        return [style.dim(text("report.amounts-in", ["currency": section.currency.code]))] + table(section, symbol: false)
    }

    private func table(_ section: CashflowReport.Section, symbol: Bool, style: TextStyle? = nil) -> [String] {
        let style = style ?? self.style
        let short = width < 60
        let money = self.money
        func format(_ value: Money) -> String { symbol ? money.format(value) : money.plain(value) }
        var labels = section.months.map { monthLabel($0.start, short: short) }
        var incomes = section.months.map { format($0.income) }
        var expenses = section.months.map { format($0.expense) }
        var nets = section.months.map { money.signed($0.net, symbol: symbol) }
        labels.append(text("report.cashflow.total"))
        incomes.append(format(section.income))
        expenses.append(format(section.expense))
        nets.append(money.signed(section.net, symbol: symbol))
        let header = [text("report.cashflow.month"), text("report.cashflow.income"), text("report.cashflow.expense"),
                      text("report.cashflow.net")]
        let widths = [labels + [header[0]], incomes + [header[1]], expenses + [header[2]], nets + [header[3]]]
            .map { $0.map(DisplayWidth.of).max() ?? 0 }
        var lines = [style.dim(row(header, widths: widths))]
        for index in labels.indices {
            let isTotal = index == labels.count - 1
            let net = index < section.months.count ? section.months[index].net : section.net
            let cells = [labels[index], incomes[index], expenses[index], nets[index]]
            var line = row(cells, widths: widths)
            if style.enabled {
                // Colour the net only: rebuild the row with the styled last cell.
                let plain = row(Array(cells.dropLast()), widths: Array(widths.dropLast()))
                let pad = String(repeating: " ", count: widths[3] - DisplayWidth.of(nets[index]) + 1)
                let cell = net.minorUnits < 0 ? style.bad(nets[index]) : net.minorUnits > 0 ? style.good(nets[index]) : nets[index]
                line = DisplayWidth.padRight(plain, to: widths[0] + widths[1] + widths[2] + 2) + pad + cell
            }
            lines.append(isTotal ? style.bold(line) : line)
        }
        return lines
    }

    /// The net flow of each month as columns around a zero line, month names (or numbers
    /// where names do not fit) under them.
    private func columns(_ section: CashflowReport.Section) -> [String] {
        let count = max(1, section.months.count)
        // The widest columns that fit, keeping room for a label under each (at least 3 columns).
        let sizes = [(3, 3), (3, 2), (2, 2), (2, 1), (1, 2), (1, 1)]
        guard let (barWidth, gap) = sizes.first(where: { count * ($0.0 + $0.1) - $0.1 <= width }) else { return [] }
        var lines = ColumnChart.rows(section.months.map { $0.net.minorUnits }, half: width < 60 ? 3 : 4, barWidth: barWidth,
                                     gap: gap, ascii: chart.ascii, style: style)
        guard !lines.isEmpty else { return [] }
        let group = barWidth + gap
        var axis = ""
        for month in section.months {
            // Month names where they fit, else month numbers (01…12): never an ambiguous cut.
            let name = text("report.month.\(month.start.month)")
            let number = month.start.month < 10 ? "0\(month.start.month)" : "\(month.start.month)"
            axis += DisplayWidth.padRight(DisplayWidth.of(name) <= group - 1 ? name : number, to: group)
        }
        lines.append(trimmed(axis))
        lines += dimmed(text("report.cashflow.legend"))
        return lines
    }
}
