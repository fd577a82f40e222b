// Transaction: a committed entry of the journal, as queries and `kassa list` see it.

public struct Transaction: Hashable, Sendable {
    /// Stable, increasing, never reused within a journal; shown as `#12`.
    public var id: Int
    public var type: TransactionType
    public var amount: Money
    public var date: CivilDate
    public var time: TimeOfDay?
    public var category: String?
    public var account: String?
    public var toAccount: String?
    /// What arrives in `toAccount`, in another currency than `amount`: a currency exchange
    /// ("changed 100 dollars to 52,000 tenge"). nil for every other transaction, and for a
    /// transfer that moves `amount` as it is. The journal refuses one on anything but a transfer.
    public var toAmount: Money?
    /// What the account was charged, in its own currency, for an expense or income said in
    /// another one ("5 dollars from kaspi" that the bank took as ₸2,600); nil when the same
    /// currency, and for every transfer. Balances move the account by it; reports count the
    /// purchase in its own currency. The journal refuses one on a transfer.
    public var chargedAmount: Money?
    public var note: String
    public var recurrence: Recurrence?
    /// The line the person typed, kept for `:why` and audits.
    public var input: String

    public init(
        id: Int, type: TransactionType, amount: Money, date: CivilDate, time: TimeOfDay? = nil,
        category: String? = nil, account: String? = nil, toAccount: String? = nil, note: String = "",
        recurrence: Recurrence? = nil, input: String = "", toAmount: Money? = nil, chargedAmount: Money? = nil
    ) {
        self.id = id
        self.type = type
        self.amount = amount
        self.date = date
        self.time = time
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.toAmount = toAmount
        self.chargedAmount = chargedAmount
        self.note = note
        self.recurrence = recurrence
        self.input = input
    }

    /// A confirmed draft becomes a transaction once the store gives it an id.
    /// Returns nil when the draft still lacks an amount.
    public init?(id: Int, draft: Draft, input: String) {
        guard let amount = draft.amount else { return nil }
        self.init(
            id: id, type: draft.type, amount: amount, date: draft.date, time: draft.time,
            category: draft.category, account: draft.account, toAccount: draft.toAccount,
            note: draft.note, recurrence: draft.recurrence, input: input)
        for field in TransactionField.allCases { field.set(field.value(in: draft), in: &self) }
    }

    /// What `toAccount` receives: the target amount of an exchange, else the amount itself.
    public var arriving: Money { toAmount ?? amount }

    /// What leaves (an expense) or arrives in (an income) `account`: the charged amount when
    /// the account paid in another currency, else the amount.
    public var charged: Money { chargedAmount ?? amount }

    /// The amount a record keeps beside the amount: an exchange's target, or a charged amount.
    public var otherAmount: Money? { toAmount ?? chargedAmount }
}
