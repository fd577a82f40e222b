// TransactionPatch: the fields `:edit #ID ...` changes; nil leaves a field as it is.
// Category, account, time and an exchange's target amount can also be cleared (the `clear...`
// flags); a transaction that stops being a transfer loses its target (only a transfer has one).

import KassaCore

public struct TransactionPatch: Sendable, Hashable {
    public var type: TransactionType?
    public var amount: Money?
    public var date: CivilDate?
    public var time: TimeOfDay?
    public var category: String?
    public var account: String?
    public var toAccount: String?
    /// An exchange's target amount (what arrives in `toAccount`).
    public var toAmount: Money?
    /// What the account was charged in its currency for an expense or income in another.
    public var chargedAmount: Money?
    public var note: String?
    public var recurrence: Recurrence?
    public var clearTime = false
    public var clearCategory = false
    public var clearToAccount = false
    public var clearRecurrence = false
    public var clearToAmount = false

    public init(type: TransactionType? = nil, amount: Money? = nil, date: CivilDate? = nil, time: TimeOfDay? = nil,
                category: String? = nil, account: String? = nil, toAccount: String? = nil, note: String? = nil,
                recurrence: Recurrence? = nil, toAmount: Money? = nil, chargedAmount: Money? = nil) {
        self.chargedAmount = chargedAmount
        self.type = type
        self.amount = amount
        self.date = date
        self.time = time
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.note = note
        self.recurrence = recurrence
        self.toAmount = toAmount
    }

    public func apply(to t: inout Transaction) {
        if let type { t.type = type }
        if let amount { t.amount = amount }
        if let date { t.date = date }
        if let time { t.time = time }
        if clearTime { t.time = nil }
        if let category { t.category = category.isEmpty ? nil : category }
        if clearCategory { t.category = nil }
        if let account { t.account = account.isEmpty ? nil : account }
        if let toAccount { t.toAccount = toAccount.isEmpty ? nil : toAccount }
        if clearToAccount { t.toAccount = nil }
        if let note { t.note = note }
        if let recurrence { t.recurrence = recurrence }
        if clearRecurrence { t.recurrence = nil }
        if let toAmount { t.toAmount = toAmount }
        if let chargedAmount { t.chargedAmount = chargedAmount }
        if clearToAmount || t.type != .transfer { t.toAmount = nil }
        // A transfer is never charged apart; a charged amount in the amount's own currency is none.
        if t.type == .transfer || t.chargedAmount?.currency == t.amount.currency { t.chargedAmount = nil }
    }
}
