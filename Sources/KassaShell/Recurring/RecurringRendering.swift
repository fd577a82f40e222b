// RecurringRendering: what the recurring outputs (DueOutput, RecurringOutput, SeriesStartedOutput,
// SeriesAmountOutput) share: a series' frequency, dates and name in words, the due items as text,
// and a series' and an occurrence's JSON objects.

import KassaCore
import KassaLedger

extension TextRenderer {
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
        // As shown, so the table's columns measure what they print.
        let note = shown(series.note.isEmpty ? categoryName(series.category) : series.note)
        return note.prefix(1).uppercased() + note.dropFirst()
    }

    func item(_ o: DueOccurrence) -> String {
        displayNote(o.series) + " " + money(o.amount) + " (" + when(o.daysOverdue) + ")"
    }
}

/// The objects of a series and of an occurrence, for the recurring outputs' JSON.
enum RecurringJSON {
    /// {"series","date","amount","currency","note","overdue"} (+ "days_overdue", "due").
    static func dueObject(_ o: DueOccurrence) -> JSONWriter {
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
        return item
    }

    /// {"id","note","amount","currency","category","account","frequency","interval","start",
    /// "next","status","kind","remind_days"} (+ "type", "auto", "monthly").
    static func seriesObject(_ s: Series, next: CivilDate?, amount: Money, monthly: Money? = nil) -> JSONWriter {
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
        return item
    }
}

extension Catalog {
    /// "1 Apr 2026", "1 апреля 2026": a date said in a sentence about a series.
    func dateWithYear(_ date: CivilDate) -> String {
        text("recurring.date-with-year", ["day": String(date.day), "month": text("month.\(date.month)"), "year": String(date.year)])
    }
}
