// JournalExtras: what a plain-text journal export needs beyond the transactions for its balances
// to equal `kassa balance` — the accounts' opening balances, the exchange rates (price
// directives), today (later entries are planned) and whether planned entries are written
// (`--planned`, marked pending) or left out, which accounts are owed on (loans: liabilities),
// and what the bank confirmed (written with each tool's cleared mark).

import KassaCore

public struct JournalExtras: Sendable {
    /// How an entry stands, for the status mark each tool writes.
    public enum Status: Sendable {
        /// Dated after today (written with --planned): pending.
        case planned
        /// The bank confirmed it.
        case cleared
        /// Not confirmed, in a journal where the bank confirmed others.
        case uncleared
        /// Nothing in the journal was ever reconciled.
        case unmarked
    }

    /// `t`'s status.
    public func status(_ t: Transaction) -> Status {
        if t.date > today { return .planned }
        guard let cleared else { return .unmarked }
        return cleared.isCleared(t.id) ? .cleared : .uncleared
    }

    public var openings: [OpeningBalance]
    public var prices: [ExchangeRate]
    public var today: CivilDate
    public var planned: Bool
    /// The date of an opening with no date of its own: the first day the export uses.
    public var undatedOpening: CivilDate
    /// The accounts owed on (loans), lower-cased: booked as liabilities, their balance what is owed.
    public var liabilities: Set<String>
    /// What the bank confirmed; nil or empty when nothing was ever reconciled.
    public var cleared: ClearedSet?

    public init(openings: [OpeningBalance] = [], prices: [ExchangeRate] = [], today: CivilDate = CivilDate(year: 2999, month: 12, day: 31)!,
                planned: Bool = true, undatedOpening: CivilDate? = nil, liabilities: Set<String> = [], cleared: ClearedSet? = nil) {
        self.cleared = cleared.flatMap { $0.isEmpty ? nil : $0 }
        self.openings = openings
        self.prices = prices
        self.today = today
        self.planned = planned
        self.undatedOpening = undatedOpening ?? today
        self.liabilities = liabilities
    }
}
