// RecurringRendering: the recurring events as text (due batch header, reminders, "repeats
// monthly" under Saved, the :recurring table) and as JSON (DESIGN.md §8: `kassa due --json` and
// `kassa recurring --json` one object per line on the command line, one event in a session).

import KassaCore
import KassaLedger

extension TextRenderer {
    func recurringLines(_ event: SessionEvent) -> [OutputLine] {
        switch event {
        case .due(let found, let today, let listing):
            return listing ? dueListing(found, today: today) : dueHeader(found, today: today)
        case .seriesStarted(let series, let next):
            return [OutputLine(style.dim(catalog.text("recurring.started", [
                "frequency": frequencyText(series), "next": next.map(shortDate) ?? "—",
            ])))]
        case .seriesAmountChanged(let series, let amount, let from):
            return [OutputLine(style.good(amountChangeText(series, amount: amount, from: from)))]
        case .recurring(let overview, _):
            return recurringTable(overview)
        default:
            return []
        }
    }

    /// "Series 1 “netflix” is ₸5,490.00 from 1 Apr 2026 on; …" (also the JSON event's message).
    func amountChangeText(_ series: Series, amount: Money, from: CivilDate) -> String {
        catalog.text("recurring.amount-changed", [
            "id": String(series.id), "note": series.note, "amount": money(amount), "date": catalog.dateWithYear(from),
        ])
    }

    /// "every month", "every 2 weeks".
    func frequencyText(_ series: Series) -> String {
        series.interval == 1 ? catalog.text("recurrence.\(series.frequency.rawValue)")
            : catalog.text("recurring.every.\(series.frequency.rawValue)", count: series.interval, [:])
    }

    /// "15 Feb".
    func shortDate(_ date: CivilDate) -> String {
        catalog.text("recurring.short-date", ["day": String(date.day), "month": catalog.text("month.\(date.month)")])
    }

    /// "(today)", "(3 days ago)", "(in 2 days)".
    func when(_ daysOverdue: Int) -> String {
        if daysOverdue == 0 { return catalog.text("recurring.when.today") }
        return daysOverdue > 0 ? catalog.text("recurring.when.ago", count: daysOverdue, [:])
            : catalog.text("recurring.when.in", count: -daysOverdue, [:])
    }

    func displayNote(_ series: Series) -> String {
        let note = TerminalSafety.visible(series.note.isEmpty ? categoryName(series.category) : series.note)
        return note.prefix(1).uppercased() + note.dropFirst()
    }

    func item(_ o: DueOccurrence) -> String {
        displayNote(o.series) + " " + money(o.amount) + " (" + when(o.daysOverdue) + ")"
    }

    /// "2 payments are due: Netflix ₸4,990.00 (today), Rent ₸250,000.00 (3 days ago)", and
    /// "Coming up: …" for reminders.
    func dueHeader(_ found: [DueOccurrence], today: CivilDate) -> [OutputLine] {
        let due = found.filter(\.isDue), coming = found.filter { !$0.isDue }
        var lines: [OutputLine] = []
        if !due.isEmpty {
            lines.append(OutputLine(style.note(catalog.text("recurring.due-header", count: due.count, [
                "items": due.map(item).joined(separator: ", "),
            ]))))
        }
        if !coming.isEmpty {
            lines.append(OutputLine(style.dim(catalog.text("recurring.coming-header", [
                "items": coming.map(item).joined(separator: ", "),
            ]))))
        }
        return lines
    }

    func dueListing(_ found: [DueOccurrence], today: CivilDate) -> [OutputLine] {
        if found.isEmpty { return [OutputLine(catalog.text("recurring.nothing-due"))] }
        let width = found.map { DisplayWidth.of(displayNote($0.series)) }.max() ?? 4
        let amountWidth = found.map { DisplayWidth.of(money($0.amount)) }.max() ?? 4
        return found.map { o in
            OutputLine("  " + DisplayWidth.padRight(String(o.series.id), to: 4) + formatDate(o.date) + "  "
                + DisplayWidth.padRight(displayNote(o.series), to: width) + "  " + DisplayWidth.padLeft(money(o.amount), to: amountWidth)
                + "  " + style.dim(when(o.daysOverdue)))
        }
    }

    func recurringTable(_ overview: RecurringOverview) -> [OutputLine] {
        if overview.lines.isEmpty { return [OutputLine(catalog.text("recurring.none"))] }
        let width = overview.lines.map { DisplayWidth.of(displayNote($0.series)) }.max() ?? 4
        let amountWidth = overview.lines.map { DisplayWidth.of(money($0.amount)) }.max() ?? 4
        let frequencyWidth = overview.lines.map { DisplayWidth.of(frequencyText($0.series)) }.max() ?? 4
        var lines: [OutputLine] = []
        for line in overview.lines {
            let s = line.series
            var text = "  " + DisplayWidth.padRight(String(s.id), to: 4) + DisplayWidth.padRight(displayNote(s), to: width) + "  "
                + DisplayWidth.padLeft(money(line.amount), to: amountWidth) + "  " + DisplayWidth.padRight(frequencyText(s), to: frequencyWidth) + "  "
            text += line.next.map { catalog.text("recurring.next", ["date": shortDate($0)]) } ?? "—"
            text += "  " + catalog.text("recurring.monthly", ["amount": money(line.monthly)])
            var marks: [String] = []
            if s.kind == .subscription { marks.append(catalog.text("recurring.kind.subscription")) }
            if s.status != .active { marks.append(catalog.text("recurring.status.\(s.status.rawValue)")) }
            if !s.remindDays.isEmpty {
                marks.append(catalog.text("recurring.remind", ["days": s.remindDays.map(String.init).joined(separator: ", ")]))
            }
            if s.autoSave { marks.append(catalog.text("recurring.auto")) }
            if !marks.isEmpty { text += "  " + style.dim(marks.joined(separator: " · ")) }
            lines.append(OutputLine(text))
        }
        for total in overview.subscriptionTotals {
            lines.append(OutputLine(style.bold(catalog.text("recurring.subscriptions-total", ["amount": money(total)]))))
        }
        return lines
    }
}

extension JSONRenderer {
    func recurringJSON(_ event: SessionEvent) -> [OutputLine] {
        switch event {
        case .due(let found, _, let listing):
            let items = found.map(Self.dueObject)
            if listing && listingAsLines { return items.map { OutputLine($0) } }
            var json = JSONWriter()
            json.add("event", "due")
            json.add("occurrences", raw: JSONWriter.array(items))
            return [OutputLine(json.result)]
        case .seriesStarted(let series, let next):
            var json = JSONWriter()
            json.add("event", "series")
            json.add("series", raw: Self.seriesObject(series, next: next, amount: series.amount))
            return [OutputLine(json.result)]
        case .seriesAmountChanged(let series, let amount, let from):
            var json = JSONWriter()
            json.add("event", "series-amount")
            json.add("code", "recurring.amount-changed")
            json.add("id", String(series.id))
            json.add("amount", amount.decimalString)
            json.add("currency", amount.currency.code)
            json.add("from", from.iso)
            json.add("message", text.amountChangeText(series, amount: amount, from: from))
            return [OutputLine(json.result)]
        case .recurring(let overview, _):
            let items = overview.lines.map { line in
                Self.seriesObject(line.series, next: line.next, amount: line.amount, monthly: line.monthly)
            }
            if listingAsLines { return items.map { OutputLine($0) } }
            var json = JSONWriter()
            json.add("event", "recurring")
            json.add("series", raw: JSONWriter.array(items))
            json.add("subscriptions_total", raw: JSONWriter.array(overview.subscriptionTotals.map { total in
                var item = JSONWriter()
                item.add("amount", total.decimalString)
                item.add("currency", total.currency.code)
                return item.result
            }))
            return [OutputLine(json.result)]
        default:
            return []
        }
    }

    /// {"series","date","amount","currency","note","overdue"} (+ "days_overdue", "due").
    static func dueObject(_ o: DueOccurrence) -> String {
        var item = JSONWriter()
        item.add("series", String(o.series.id))
        item.add("date", o.date.iso)
        item.add("amount", o.amount.decimalString)
        item.add("currency", o.amount.currency.code)
        item.add("note", o.series.note)
        item.add("overdue", o.overdue)
        item.add("due", o.isDue)
        item.add("days_overdue", o.daysOverdue)
        item.add("category", o.series.category)
        return item.result
    }

    /// {"id","note","amount","currency","category","account","frequency","interval","start",
    /// "next","status","kind","remind_days"} (+ "type", "auto", "monthly").
    static func seriesObject(_ s: Series, next: CivilDate?, amount: Money, monthly: Money? = nil) -> String {
        var item = JSONWriter()
        item.add("id", String(s.id))
        item.add("note", s.note)
        item.add("amount", amount.decimalString)
        item.add("currency", amount.currency.code)
        item.add("category", s.category)
        item.add("account", s.account)
        item.add("frequency", s.frequency.rawValue)
        item.add("interval", s.interval)
        item.add("start", s.start.iso)
        item.add("next", next?.iso)
        item.add("status", s.status.rawValue)
        item.add("kind", s.kind.rawValue)
        item.add("remind_days", raw: "[" + s.remindDays.map(String.init).joined(separator: ",") + "]")
        item.add("type", s.type.rawValue)
        item.add("auto", s.autoSave)
        if let monthly { item.add("monthly", monthly.decimalString) }
        return item.result
    }
}

extension Catalog {
    /// "1 Apr 2026", "1 апреля 2026": a date said in a sentence about a series.
    func dateWithYear(_ date: CivilDate) -> String {
        text("recurring.date-with-year", ["day": String(date.day), "month": text("month.\(date.month)"), "year": String(date.year)])
    }
}
