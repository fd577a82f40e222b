// RecurringOutput: what `:recurring` / `kassa recurring` show — each series with its amount,
// frequency, next date and monthly cost, its marks (subscription, paused, reminders, auto), and
// the subscriptions' monthly total. JSON: {"event": "recurring", "series": [...],
// "subscriptions_total": [...]}, and on the command line one series a line.

import KassaCore
import KassaLedger

struct RecurringOutput: CommandOutput {
    let overview: RecurringOverview
    let today: CivilDate

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog, style = renderer.style
        if overview.lines.isEmpty { return [catalog.text("recurring.none")] }
        let width = overview.lines.map { DisplayWidth.of(renderer.displayNote($0.series)) }.max() ?? 4
        let amountWidth = overview.lines.map { DisplayWidth.of(renderer.money($0.amount)) }.max() ?? 4
        let frequencyWidth = overview.lines.map { DisplayWidth.of(renderer.frequencyText($0.series)) }.max() ?? 4
        var lines: [String] = []
        for line in overview.lines {
            let s = line.series
            var text = "  " + DisplayWidth.padRight(String(s.id), to: 4) + DisplayWidth.padRight(renderer.displayNote(s), to: width) + "  "
                + DisplayWidth.padLeft(renderer.money(line.amount), to: amountWidth) + "  "
                + DisplayWidth.padRight(renderer.frequencyText(s), to: frequencyWidth) + "  "
            text += line.next.map { catalog.text("recurring.next", ["date": renderer.shortDate($0)]) } ?? "—"
            text += "  " + catalog.text("recurring.monthly", ["amount": renderer.money(line.monthly)])
            var marks: [String] = []
            if s.kind == .subscription { marks.append(catalog.text("recurring.kind.subscription")) }
            if s.status != .active { marks.append(catalog.text("recurring.status.\(s.status.rawValue)")) }
            if !s.remindDays.isEmpty {
                marks.append(catalog.text("recurring.remind", ["days": s.remindDays.map(String.init).joined(separator: ", ")]))
            }
            if s.autoSave { marks.append(catalog.text("recurring.auto")) }
            if !marks.isEmpty { text += "  " + style.dim(marks.joined(separator: " · ")) }
            lines.append(text)
        }
        for total in overview.subscriptionTotals {
            lines.append(style.bold(catalog.text("recurring.subscriptions-total", ["amount": renderer.money(total)])))
        }
        return lines
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        jsonObjects(renderer, commandLine: false)
    }

    func jsonObjects(_ renderer: TextRenderer, commandLine: Bool) -> [JSONWriter] {
        let items = overview.lines.map { line in
            RecurringJSON.seriesObject(line.series, next: line.next, amount: line.amount, monthly: line.monthly)
        }
        if commandLine { return items }
        var json = JSONWriter()
        json.add("event", "recurring")
        json.add("series", raw: JSONWriter.array(items.map(\.result)))
        json.add("subscriptions_total", raw: JSONWriter.array(overview.subscriptionTotals.map { total in
            var item = JSONWriter()
            item.add("amount", total.decimalString)
            item.add("currency", total.currency.code)
            return item.result
        }))
        return [json]
    }
}
