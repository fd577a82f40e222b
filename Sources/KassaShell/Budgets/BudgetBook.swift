// BudgetBook: the budgets' state for one open journal. The tracker (KassaLedger) is built with
// one pass over the journal when first needed, then kept by adding each of the session's own
// saves (a few additions, not a rescan of a million rows); it is rebuilt only when the journal
// moved by anything else — an undo, an edit, a budget or rate change, another session's save —
// which `journal.changeCount` shows.

import KassaCore
import KassaLedger
import KassaStore

public final class BudgetBook {
    public let journal: Journal
    public let today: CivilDate
    /// The currency budgets are set in unless one is named (config `base-currency`).
    public let base: Currency
    /// ISO weekday weekly budgets start on (config `week-start`).
    public let weekStart: Int
    private var tracker: BudgetTracker?
    private var trackedChanges = -1

    public init(journal: Journal, today: CivilDate, base: Currency, weekStart: Int) {
        self.journal = journal
        self.today = today
        self.base = base
        self.weekStart = weekStart
    }

    /// The book for a session or command: the configured base currency, and the week start
    /// from the settings when kassa runs as a program (Monday in tests without one).
    public convenience init(journal: Journal, configuration: Session.Configuration, app: AppContext?) {
        let base = configuration.baseCurrency
        let day = app.flatMap { ConfigFile.weekDays.firstIndex(of: $0.settings[.weekStart].value) } ?? 0
        self.init(journal: journal, today: configuration.today, base: base, weekStart: day + 1)
    }

    /// The tracker as of the journal now (rebuilt with one pass if anything changed).
    public func current() -> BudgetTracker {
        if let tracker, trackedChanges == journal.changeCount { return tracker }
        return rebuild()
    }

    /// The budgets as they ended last month (their state on its last day), the ones that existed
    /// then: whether budgets were kept is known from a period that is over, not from one that
    /// began yesterday with nothing spent yet.
    public func endedLastMonth() throws(MoneyError) -> [BudgetStatus] {
        let end = CivilDate(daysSinceEpoch: Period.month(containing: today).firstDay - 1)
        let budgets = journal.objects(Budget.kind).compactMap(Budget.init(record:)).filter { $0.since <= end }
        guard !budgets.isEmpty else { return [] }
        let rates = journal.rateTable(base: base)
        var then = BudgetTracker(budgets: budgets, today: end, weekStart: weekStart, rates: rates)
        then.scan(journal.source(TransactionFilter(from: then.firstDay, to: end, type: .expense)))
        return try then.statuses()
    }

    @discardableResult
    func rebuild() -> BudgetTracker {
        let budgets = journal.objects(Budget.kind).compactMap(Budget.init(record:))
        let rates = journal.rateTable(base: base)
        var built = BudgetTracker(budgets: budgets, today: today, weekStart: weekStart, rates: rates)
        if !budgets.isEmpty {
            // Recurring payments still due this period count in each budget's projection.
            built.expect(journal.objects(Series.kind).compactMap(Series.init(record:)),
                         settled: DueOccurrences.settled(journal.objects(Occurrence.kind)))
            built.scan(journal.source(TransactionFilter(from: built.firstDay, to: today, type: .expense)))
        }
        tracker = built
        trackedChanges = journal.changeCount
        return built
    }

    /// Writes the budget for `slug` (one undoable change), keeping what the request leaves out
    /// from the budget already there. Throws a UsageError for a reset day on a budget that is
    /// not monthly.
    func set(_ slug: String, limit: Money, request: BudgetCommand.Request) throws -> SessionEvent {
        // Read, then written: fresh here too, as a budget phrase in a session comes here without the runner.
        try journal.refresh()
        let existing = journal.object(Budget.kind, key: slug).flatMap(Budget.init(record:))
        let frequency = request.frequency ?? existing?.frequency ?? .monthly
        guard request.resetDay == nil || frequency == .monthly else { throw UsageError(key: "budget.reset-day-monthly") }
        // A new budget counts from the period holding today; a changed one keeps its start, so
        // its rollover goes on.
        let since = request.since ?? existing?.since
            ?? BudgetPeriod(containing: today, frequency: frequency, resetDay: request.resetDay ?? 1, weekStart: weekStart).start
        let budget = Budget(category: slug, limit: limit, frequency: frequency,
                            resetDay: frequency == .monthly ? request.resetDay ?? existing?.resetDay ?? 1 : 1,
                            rollover: request.rollover ?? existing?.rollover ?? false, since: since)
        try journal.write([budget.record])
        return .output(BudgetChange(budget: budget, removed: false))
    }

    /// The state of the budgets `saved` touched, after the session saved them in one change
    /// (`changesBefore`: the journal's change count just before). Only that change since the
    /// tracker was built: it is added in; anything more: one rebuild.
    public func afterSave(_ saved: [Transaction], changesBefore: Int) -> [BudgetStatus] {
        let touched = saved.filter { $0.type == .expense && $0.category != nil }
        if var kept = tracker, trackedChanges == changesBefore, journal.changeCount == changesBefore + 1 {
            for transaction in touched { kept.record(transaction) }
            // A saved occurrence is spent now, no longer due: the projection's series are re-read.
            if !kept.budgets.isEmpty {
                kept.expect(journal.objects(Series.kind).compactMap(Series.init(record:)),
                            settled: DueOccurrences.settled(journal.objects(Occurrence.kind)))
            }
            tracker = kept
            trackedChanges = journal.changeCount
        } else {
            // (Without budgets a rebuild reads the few object records and no transaction.)
            rebuild()
        }
        guard let tracker, !touched.isEmpty else { return [] }
        var indices: [Int] = []
        for transaction in touched {
            for index in tracker.budgets(counting: transaction.category!) where !indices.contains(index) { indices.append(index) }
        }
        // A sum too large to hold is said by `:budget`; a save's line leaves that budget out.
        return indices.sorted().compactMap { try? tracker.status($0) }
    }
}
