// JournalEntry: one transaction of a plain-text journal as a reader parsed it — its date,
// description, line, and postings with what each says (an amount, a cost, a balance assertion
// or assignment); and the other things a journal brings that kassa keeps (prices) or checks
// (balance directives). The syntax is the readers' business (each journal format's folder);
// what the entries mean in kassa is JournalBook's.

import KassaCore

public struct JournalAmount: Sendable, Hashable {
    public var number: JournalNumber
    /// The commodity as written ("$", "USD", "AAPL", "€").
    public var commodity: String

    public init(number: JournalNumber, commodity: String) {
        self.number = number
        self.commodity = commodity
    }
}

public struct JournalPosting: Sendable {
    public var account: String
    public var amount: JournalAmount?
    /// `@ PRICE` per unit (or, with `total`, `@@ PRICE` for the whole amount); a lot's `{COST}`
    /// is read as a per-unit price the same way.
    public var price: JournalAmount?
    public var priceIsTotal = false
    /// `= AMOUNT` after the amount (or alone: a balance assignment).
    public var assertion: JournalAmount?
    /// `=*` / `==*`: the assertion counts subaccounts too.
    public var assertionInclusive = false
    /// `(account)` or `[account]`: a virtual posting.
    public var virtual = false
    public var line: Int

    public init(account: String, amount: JournalAmount? = nil, line: Int) {
        self.account = account
        self.amount = amount
        self.line = line
    }
}

public struct JournalEntry: Sendable {
    public var date: CivilDate
    public var description: String
    public var postings: [JournalPosting]
    public var line: Int
    /// The file it came from, for an included file ("" for the file imported).
    public var file: String
    /// Marked cleared (`*` in hledger and ledger, beancount's `*` or `txn`): confirmed by the bank.
    public var cleared: Bool

    public init(date: CivilDate, description: String, postings: [JournalPosting] = [], line: Int, file: String = "",
                cleared: Bool = false) {
        self.cleared = cleared
        self.date = date
        self.description = description
        self.postings = postings
        self.line = line
        self.file = file
    }
}

/// A `balance` directive: the account (and its subaccounts) holds `amount` at the start of `date`.
public struct JournalBalanceCheck: Sendable {
    public var date: CivilDate
    public var account: String
    public var amount: JournalAmount
    public var line: Int
    public var file: String
}

/// A `pad` directive: on `date`, `account` is given from `source` whatever makes its
/// next balance directive hold.
public struct JournalPad: Sendable {
    public var date: CivilDate
    public var account: String
    public var source: String
    public var line: Int
    public var file: String
}

/// A `P`/`price` directive: one `commodity` cost `price` from `date` on.
public struct JournalPrice: Sendable {
    public var date: CivilDate
    public var commodity: String
    public var price: JournalAmount
    public var line: Int
    public var file: String
}

/// Something of the file kassa cannot hold, counted and listed with its line.
public struct JournalSkip: Sendable, Hashable {
    /// Where: the file ("" for the one imported) and its line.
    public var file: String
    public var line: Int
    /// A catalog key suffix: "import.journal.skip.<reason>" (commodity, virtual, periodic, automated, …).
    public var reason: String
    public var detail: String

    public init(file: String, line: Int, reason: String, detail: String) {
        self.file = file
        self.line = line
        self.reason = reason
        self.detail = detail
    }
}

/// What a journal file held, parsed, before JournalBook makes kassa's records of it.
public struct JournalParse: Sendable {
    public var entries: [JournalEntry] = []
    public var prices: [JournalPrice] = []
    public var checks: [JournalBalanceCheck] = []
    public var pads: [JournalPad] = []
    /// Account names declared (`account`, `open`), so accounts with no postings are known too.
    public var declared: [String] = []
    /// A declared account's own name in kassa, as kassa's export wrote it beside the declaration
    /// (`kassa-account:`): the journal's name had to change ("work:main" is `assets:work-main`).
    public var kassaNames: [String: String] = [:]
    public var skips: [JournalSkip] = []
    public var problems: [ImportProblem] = []

    public init() {}
}
