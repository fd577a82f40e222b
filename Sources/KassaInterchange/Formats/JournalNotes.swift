// JournalNotes: what a journal import (FormatCatalog's journal formats) brings beyond transactions — the
// accounts with the kind and opening balance their names and equity entries give, the person's
// own categories it made, what kassa cannot hold (listed by line), and the balance assertions
// it checked. ImportRecords carries it to the command, which writes the accounts' profiles
// (KassaLedger's business) and says all of it in the summary.

import KassaCore

public struct JournalAccount: Sendable, Hashable {
    public var name: String
    /// The journal's own name for it ("Assets:US:BofA:Checking").
    public var source: String
    public var kind: AccountNameMap.Kind
    public var opening: Money?
    public var openingDate: CivilDate?

    public init(name: String, source: String, kind: AccountNameMap.Kind, opening: Money? = nil, openingDate: CivilDate? = nil) {
        self.name = name
        self.source = source
        self.kind = kind
        self.opening = opening
        self.openingDate = openingDate
    }
}

/// A balance assertion that did not hold: at `line` the journal says `expected`, its postings give `actual`.
public struct JournalAssertionFailure: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var account: String
    public var expected: Money
    public var actual: Money
}

public struct JournalNotes: Sendable {
    public var accounts: [JournalAccount] = []
    /// The person's own categories made for names kassa did not know: (slug, name as written).
    public var categories: [(slug: String, name: String)] = []
    public var skips: [JournalSkip] = []
    /// Every expense and income account of the file → the category slug it became, sorted by name.
    public var categoryMap: [(source: String, slug: String)] = []
    public var assertionsChecked = 0
    public var assertionFailures: [JournalAssertionFailure] = []
    /// `P`/`price` directives kept as rates.
    public var rates = 0
    /// Year-end closing and opening entries read as moves through equity (no transactions).
    public var equityMoves = 0
    /// The currency every amount was taken in, for a file that names no commodity.
    public var bareCurrency: Currency?

    public init() {}
}
