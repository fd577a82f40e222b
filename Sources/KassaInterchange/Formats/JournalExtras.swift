// JournalExtras: what a plain-text journal export needs beyond the transactions for its balances
// to equal `kassa balance` — the accounts' opening balances, the exchange rates (price
// directives), today (later entries are planned) and whether planned entries are written
// (`--planned`, marked pending) or left out, and which accounts are owed on (loans: liabilities).

import KassaCore

public struct JournalExtras: Sendable {
    public var openings: [OpeningBalance]
    public var prices: [ExchangeRate]
    public var today: CivilDate
    public var planned: Bool
    /// The date of an opening with no date of its own: the first day the export uses.
    public var undatedOpening: CivilDate
    /// The accounts owed on (loans), lower-cased: booked as liabilities, their balance what is owed.
    public var liabilities: Set<String>

    public init(openings: [OpeningBalance] = [], prices: [ExchangeRate] = [], today: CivilDate = CivilDate(year: 2999, month: 12, day: 31)!,
                planned: Bool = true, undatedOpening: CivilDate? = nil, liabilities: Set<String> = []) {
        self.openings = openings
        self.prices = prices
        self.today = today
        self.planned = planned
        self.undatedOpening = undatedOpening ?? today
        self.liabilities = liabilities
    }
}
