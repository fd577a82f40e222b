// TransactionFilter: what `kassa list` / `:list` / `kassa balance` narrow the journal to.
// Every condition is optional; all given ones must hold.

import KassaCore

public struct TransactionFilter: Sendable, Hashable {
    /// Inclusive date range.
    public var from: CivilDate?
    public var to: CivilDate?
    /// A category slug; matches it and its subcategories ("food" matches "food/coffee").
    public var category: String?
    /// An account name; matches the account or the transfer's destination.
    public var account: String?
    /// Case-insensitive text looked for in the note and the original input.
    public var text: String?
    public var type: TransactionType?
    public var currency: Currency?
    /// Only the last `limit` matches (by id).
    public var limit: Int?
    /// Leaves out the transactions this set says the bank confirmed (`list --uncleared`).
    public var leavingOut: ClearedSet?

    public init(from: CivilDate? = nil, to: CivilDate? = nil, category: String? = nil, account: String? = nil,
                text: String? = nil, type: TransactionType? = nil, currency: Currency? = nil, limit: Int? = nil) {
        self.from = from
        self.to = to
        self.category = category
        self.account = account
        self.text = text
        self.type = type
        self.currency = currency
        self.limit = limit
    }
}
