// Session+Recurring: series in the dialog. At the start, every unsettled occurrence due up to
// today becomes ONE batch of drafts (saved with one Enter, corrected or discarded like any
// batch; --yes or a series' auto-save flag posts without asking) and what falls due within
// the reminders is said. A save with a recurrence starts a series; a due draft saved settles
// its occurrence; a typed payment that matches a due occurrence pays it; a discarded due draft
// is recorded as skipped. Each of these is written in the change that saves or discards.

import KassaCore
import KassaLedger
import KassaStore

extension Session {
    /// Days either side of a due date within which a typed payment of the same amount pays it.
    static let matchWindow = 3

    var allSeries: [Series] { journal.objects(Series.kind).compactMap(Series.init(record:)) }

    /// What the series ask for when the session starts: reminders, then the due batch (or
    /// its save, with --yes and for auto-save series). Nothing when there are no series.
    func askDue() -> [SessionEvent] {
        let series = allSeries
        guard !series.isEmpty, state == .idle else { return [] }
        let today = configuration.today
        let found = DueOccurrences.compute(series: series, settled: DueOccurrences.settled(journal.objects(Occurrence.kind)),
                                           today: today, reminders: true)
        var events: [SessionEvent] = []
        let coming = found.filter { !$0.isDue }
        if !coming.isEmpty { events.append(.output(DueOutput(occurrences: coming, today: today, listing: false))) }
        let due = found.filter(\.isDue)
        guard !due.isEmpty else { return events }
        let posted = configuration.autoConfirm ? due : due.filter(\.series.autoSave)
        if !posted.isEmpty {
            hold(posted)
            events += [.output(DueOutput(occurrences: posted, today: today, listing: false))] + confirm()
        }
        let asked = due.filter { !$0.series.autoSave && !configuration.autoConfirm }
        if !asked.isEmpty {
            hold(asked)
            events += [.output(DueOutput(occurrences: asked, today: today, listing: false)), .drafts(pending, input: "", questions: [])] + nextQuestion()
        }
        return events
    }

    /// Due occurrences as the pending batch.
    func hold(_ due: [DueOccurrence]) {
        pending = due.map(\.draft)
        pendingInputs = due.map(\.series.note)
        pendingDue = due
        pendingSkips = []
        pendingLessons = []
        state = .confirming
    }

    /// The batch goes unsaved; its due occurrences are recorded as skipped (one change), so
    /// they are not asked again.
    func discardPending(count: Int? = nil) -> [SessionEvent] {
        let count = count ?? pending.count
        let skipped = pendingDue.compactMap { $0 } + pendingSkips
        clearPending()
        var events: [SessionEvent] = [.discarded(count: count)]
        guard !skipped.isEmpty else { return events }
        do {
            try journal.write(skipped.map { Occurrence(series: $0.series.id, date: $0.date, status: .skipped).record })
            events.append(.notice(key: "recurring.skipped", arguments: [:], count: skipped.count))
        } catch {
            hadStoreError = true
            events.append(.error((error as? any LocalizableError) ?? SessionError("store.failed")))
        }
        return events
    }

    /// The object records a save writes with its transactions, and what to say about them:
    /// occurrences it settles or skips, series it starts, due occurrences a typed entry pays.
    func recurringRecords(_ saved: [Transaction]) -> ([ObjectRecord], [SessionEvent]) {
        var records: [ObjectRecord] = []
        var events: [SessionEvent] = []
        var series = allSeries
        var nextID = (series.map(\.id).max() ?? 0) + 1
        var settled = DueOccurrences.settled(journal.objects(Occurrence.kind))
        for (k, transaction) in saved.enumerated() {
            if k < pendingDue.count, let due = pendingDue[k] {
                records.append(Occurrence(series: due.series.id, date: due.date, status: .saved, transaction: transaction.id).record)
            } else if let frequency = pending[k].recurrence {
                let started = Series(
                    id: nextID, note: transaction.note, amount: transaction.amount, type: transaction.type,
                    category: transaction.category, account: transaction.account, toAccount: transaction.toAccount,
                    frequency: frequency, interval: pending[k].interval, start: transaction.date,
                    kind: isSubscription(category: transaction.category, note: transaction.note) ? .subscription : .generic)
                nextID += 1
                series.append(started)
                records += [started.record, Occurrence(series: started.id, date: started.start, status: .saved, transaction: transaction.id).record]
                events.append(.output(SeriesStartedOutput(series: started, next: started.schedule.date(1))))
            } else if let match = matching(transaction, in: series, settled: settled) {
                settled[match.series.id, default: []].insert(match.date)
                records.append(Occurrence(series: match.series.id, date: match.date, status: .saved, transaction: transaction.id).record)
                events.append(.notice("recurring.linked", ["note": match.series.note, "date": match.date.iso,
                                                           "id": String(match.series.id)]))
            }
        }
        records += pendingSkips.map { Occurrence(series: $0.series.id, date: $0.date, status: .skipped).record }
        return (records, events)
    }

    /// The unsettled occurrence a typed payment pays: an active series of the same type whose
    /// words or category are the entry's, whose amount on that date is the entry's, due within
    /// `matchWindow` days of the entry's date.
    func matching(_ t: Transaction, in series: [Series], settled: [Int: Set<CivilDate>]) -> DueOccurrence? {
        var best: DueOccurrence?
        for s in series where s.status == .active && s.type == t.type
            && (s.note.lowercased() == t.note.lowercased() || (s.category != nil && s.category == t.category)) {
            let from = t.date.adding(days: -Session.matchWindow)
            for date in s.schedule.dates(from: max(from, s.firstDueDate), through: t.date.adding(days: Session.matchWindow), limit: 8)
            where !(settled[s.id]?.contains(date) ?? false) && s.amount(on: date) == t.amount {
                let distance = abs(date.daysSinceEpoch - t.date.daysSinceEpoch)
                if best.map({ distance < abs($0.date.daysSinceEpoch - t.date.daysSinceEpoch) }) ?? true {
                    best = DueOccurrence(series: s, date: date, amount: t.amount, daysOverdue: 0)
                }
            }
        }
        return best
    }

    /// A subscription: its category is the subscriptions category (or one under it), or a
    /// subscription word (session.rules `recurring.subscription`) is among its words.
    func isSubscription(category: String?, note: String) -> Bool {
        if let category, category == "subscriptions" || category.hasPrefix("subscriptions/") { return true }
        let said = Set(words.words("recurring", "subscription"))
        return note.lowercased().split(whereSeparator: { $0 == " " }).contains { said.contains(String($0)) }
    }
}
