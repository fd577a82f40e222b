// QueryAnswer: the numbers that answer a Query, in the shape `kassa ask --json` shows them
// (DESIGN.md §9): an amount (expenses positive, in the base currency), the previous period's for
// a comparison, a count, ranked items, a date. Extra facts the sentence needs ride along.

import KassaCore

public struct QueryAnswer: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        /// A category slug, an account name, a series' note, or "#ID" of a transaction.
        public var key: String
        public var amount: Money
        /// A transaction's or a payment's date and id (top transactions, due, last).
        public var date: CivilDate?
        public var id: Int?

        public init(key: String, amount: Money, date: CivilDate? = nil, id: Int? = nil) {
            self.key = key
            self.amount = amount
            self.date = date
            self.id = id
        }
    }

    public var amount: Money?
    public var previous: Money?
    public var count: Int?
    public var items: [Item]?
    public var date: CivilDate?
    /// The period the answer covers when the kind decides it (a budget's period).
    public var period: Period?
    /// `last`, `due`: the transaction or series found.
    public var id: Int?
    /// `due`, `budget`: what was found by that name ("Netflix", "food/groceries"); nil: nothing.
    public var subject: String?
    /// Transactions in another currency without a rate to the base one: left out, and said.
    public var skipped = 0

    public init() {}

    /// Nothing matched (no transaction, no series, no budget): the sentence says so.
    public var isEmpty: Bool {
        amount == nil && count == nil && (items ?? []).isEmpty && date == nil
    }
}
