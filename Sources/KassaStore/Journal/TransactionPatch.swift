// TransactionPatch: the fields `:edit #ID ...` changes; nil leaves a field as it is.
// Category, account, time and the optional fields (TransactionField) can also be cleared (the
// `clear...` flags, `cleared`); a transaction whose new type has no such field loses it.

import KassaCore

public struct TransactionPatch: Sendable, Hashable {
    public var type: TransactionType?
    public var amount: Money?
    public var date: CivilDate?
    public var time: TimeOfDay?
    public var category: String?
    public var account: String?
    public var toAccount: String?
    /// The optional fields it sets (an exchange's target, a charged amount).
    public var amounts: [TransactionField: Money] = [:]
    public var note: String?
    public var recurrence: Recurrence?
    public var clearTime = false
    public var clearCategory = false
    public var clearToAccount = false
    public var clearRecurrence = false
    /// The optional fields it clears.
    public var cleared: Set<TransactionField> = []

    public init(type: TransactionType? = nil, amount: Money? = nil, date: CivilDate? = nil, time: TimeOfDay? = nil,
                category: String? = nil, account: String? = nil, toAccount: String? = nil, note: String? = nil,
                recurrence: Recurrence? = nil, amounts: [TransactionField: Money] = [:]) {
        self.amounts = amounts
        self.type = type
        self.amount = amount
        self.date = date
        self.time = time
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.note = note
        self.recurrence = recurrence
    }

    /// The value it sets for an optional field, if any.
    public subscript(field: TransactionField) -> Money? {
        get { amounts[field] }
        set { amounts[field] = newValue }
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
        for field in TransactionField.allCases {
            if let value = amounts[field] { field.set(value, in: &t) }
            // A field the type has not, or that lapses in the amount's own currency (a charge
            // apart in the same currency is none), goes.
            let lapses = field.lapsesInAmountCurrency && field.value(in: t)?.currency == t.amount.currency
            if cleared.contains(field) || !field.belongs(to: t.type) || lapses { field.set(nil, in: &t) }
        }
    }
}
