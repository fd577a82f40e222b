// SeriesDialog: recurring series in the dialog. At the start, every unsettled occurrence due up to
// today becomes ONE batch of drafts, and what falls due within the reminders is said; a save starts
// the series it names and settles (or pays) due occurrences, a discard records its due drafts as
// skipped — each written in the change that saves or discards.

import KassaCore
import KassaLedger
import KassaStore

enum SeriesDialog {
    /// Days either side of a due date within which a typed payment of the same amount pays it.
    static let matchWindow = 3

    static func all(_ journal: Journal) -> [Series] { journal.objects(Series.kind).compactMap(Series.init(record:)) }

    /// What the series ask for when the session starts: reminders, then the due batch (saved with
    /// one Enter, corrected or discarded like any batch), or its save with --yes and for auto-save
    /// series. Nothing when there are no series.
    static func askDue(in session: Session) -> [SessionEvent] {
        let series = all(session.journal)
        guard !series.isEmpty, session.state == .idle else { return [] }
        let today = session.configuration.today
        let found = DueOccurrences.compute(series: series, settled: DueOccurrences.settled(session.journal.objects(Occurrence.kind)),
                                           today: today, reminders: true)
        var events: [SessionEvent] = []
        let coming = found.filter { !$0.isDue }
        if !coming.isEmpty { events.append(.output(DueOutput(occurrences: coming, today: today, listing: false))) }
        let due = found.filter(\.isDue)
        guard !due.isEmpty else { return events }
        let posted = session.configuration.autoConfirm ? due : due.filter(\.series.autoSave)
        if !posted.isEmpty {
            hold(posted, in: session)
            events += [.output(DueOutput(occurrences: posted, today: today, listing: false))] + session.confirm()
        }
        let asked = due.filter { !$0.series.autoSave && !session.configuration.autoConfirm }
        if !asked.isEmpty {
            hold(asked, in: session)
            events += [.output(DueOutput(occurrences: asked, today: today, listing: false)), .drafts(session.pending, input: "", questions: [])]
                + session.nextQuestion()
        }
        return events
    }

    /// Due occurrences as the pending batch.
    private static func hold(_ due: [DueOccurrence], in session: Session) {
        session.pending = due.map(\.draft)
        session.pendingInputs = due.map(\.series.note)
        session.pendingDue = due
        session.pendingSkips = []
        session.pendingLessons = []
        session.state = .confirming
    }

    /// The due occurrences of a discarded batch, recorded as skipped (one change) so they are not
    /// asked again; what to say about it.
    static func skip(_ skipped: [DueOccurrence], in session: Session) -> [SessionEvent] {
        guard !skipped.isEmpty else { return [] }
        do {
            try session.journal.write(skipped.map { Occurrence(series: $0.series.id, date: $0.date, status: .skipped).record })
            return [.notice(key: "recurring.skipped", arguments: [:], count: skipped.count)]
        } catch {
            return session.storeFailure(error)
        }
    }

    /// The object records a save writes with its transactions, and what to say about them:
    /// occurrences it settles or skips, series it starts, due occurrences a typed entry pays.
    static func records(for saved: [Transaction], in session: Session) -> ([ObjectRecord], [SessionEvent]) {
        var records: [ObjectRecord] = []
        var events: [SessionEvent] = []
        var series = all(session.journal)
        var nextID = (series.map(\.id).max() ?? 0) + 1
        var settled = DueOccurrences.settled(session.journal.objects(Occurrence.kind))
        for (k, transaction) in saved.enumerated() {
            if k < session.pendingDue.count, let due = session.pendingDue[k] {
                records.append(Occurrence(series: due.series.id, date: due.date, status: .saved, transaction: transaction.id).record)
            } else if let frequency = session.pending[k].recurrence {
                let started = Series(
                    id: nextID, note: transaction.note, amount: transaction.amount, type: transaction.type,
                    category: transaction.category, account: transaction.account, toAccount: transaction.toAccount,
                    frequency: frequency, interval: session.pending[k].interval, start: transaction.date,
                    kind: isSubscription(category: transaction.category, note: transaction.note, words: session.words) ? .subscription : .generic)
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
        records += session.pendingSkips.map { Occurrence(series: $0.series.id, date: $0.date, status: .skipped).record }
        return (records, events)
    }

    /// The unsettled occurrence a typed payment pays: an active series of the same type whose
    /// words or category are the entry's, whose amount on that date is the entry's, due within
    /// `matchWindow` days of the entry's date.
    private static func matching(_ t: Transaction, in series: [Series], settled: [Int: Set<CivilDate>]) -> DueOccurrence? {
        var best: DueOccurrence?
        for s in series where s.status == .active && s.type == t.type
            && (s.note.lowercased() == t.note.lowercased() || (s.category != nil && s.category == t.category)) {
            let from = t.date.adding(days: -matchWindow)
            for date in s.schedule.dates(from: max(from, s.firstDueDate), through: t.date.adding(days: matchWindow), limit: 8)
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
    private static func isSubscription(category: String?, note: String, words: CommandWords) -> Bool {
        if let category, category == "subscriptions" || category.hasPrefix("subscriptions/") { return true }
        let said = Set(words.words("recurring", "subscription"))
        return note.lowercased().split(whereSeparator: { $0 == " " }).contains { said.contains(String($0)) }
    }
}
