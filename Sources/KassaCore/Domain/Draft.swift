// Draft: one transaction the parser read from a line, not yet confirmed or saved.
// A line can give several drafts ("coffee 1500 and croissant 900").

public struct Draft: Hashable, Sendable {
    public var type: TransactionType
    /// nil when the line said no amount: the session asks for it (flag `amountMissing`).
    public var amount: Money?
    public var date: CivilDate
    public var time: TimeOfDay?
    /// Category slug such as "food/coffee"; nil for transfers and when nothing fits.
    public var category: String?
    public var account: String?
    public var toAccount: String?
    /// What arrives in `toAccount`, in another currency than `amount` (a currency exchange:
    /// "changed 100 dollars to 52,000 tenge"); nil otherwise. Only a transfer has one.
    public var toAmount: Money?
    /// What the account was charged in its own currency for an expense or income said in
    /// another (Transaction.chargedAmount); nil when the same or not known.
    public var chargedAmount: Money?
    public var note: String
    public var recurrence: Recurrence?
    /// Every `interval` units of the recurrence ("every 2 weeks"); 1 when none was said.
    public var interval: Int
    /// 0...1, how sure the parser is of the whole draft. Not money: a plain Double is fine.
    /// Below 0.5 when the draft has a doubt.
    public var confidence: Double
    /// What the parser asks about before the draft may be saved; empty when it is sure.
    public var doubts: [Doubt] = []
    /// The flags as bits of DraftFlag.bit: no array per draft (the parser makes hundreds of
    /// thousands of drafts a second).
    private var flagBits: UInt16 = 0

    /// In DraftFlag order, no duplicates, so output is deterministic.
    public var flags: [DraftFlag] { DraftFlag.allCases.filter(has) }

    public init(
        type: TransactionType = .expense, amount: Money?, date: CivilDate, time: TimeOfDay? = nil,
        category: String? = nil, account: String? = nil, toAccount: String? = nil, note: String = "",
        recurrence: Recurrence? = nil, interval: Int = 1, confidence: Double = 1, flags: [DraftFlag] = [],
        toAmount: Money? = nil
    ) {
        var set = DraftFlagSet()
        for flag in flags { set.insert(flag) }
        self.init(type: type, amount: amount, date: date, time: time, category: category, account: account,
                  toAccount: toAccount, note: note, recurrence: recurrence, interval: interval, confidence: confidence,
                  toAmount: toAmount, flagSet: set)
    }

    public mutating func flag(_ flag: DraftFlag) { flagBits |= flag.bit }

    public mutating func unflag(_ flag: DraftFlag) { flagBits &= ~flag.bit }

    public func has(_ flag: DraftFlag) -> Bool { flagBits & flag.bit != 0 }

    /// Adds a doubt, and makes the confidence say so (below 0.5).
    public mutating func doubt(_ doubt: Doubt) {
        guard !doubts.contains(where: { $0.field == doubt.field && $0.reason == doubt.reason }) else { return }
        doubts.append(doubt)
        confidence = min(confidence, 0.45)
    }

    /// The field's doubts are answered (a value said for it, or "yes").
    public mutating func settle(_ field: Doubt.Field) { doubts.removeAll { $0.field == field } }

    /// The flags as bits (`1 << rank`, DraftFlag.literal(rank:)), in DraftFlag order from the
    /// lowest bit: writers list them without the `flags` array.
    public var flagMask: UInt16 { flagBits }

    /// The parser's draft, its flags given as a set: made whole, never changed after (a draft
    /// made and then flagged was built in a temporary and copied, every reference retained).
    init(type: TransactionType, amount: Money?, date: CivilDate, time: TimeOfDay?, category: String?, account: String?,
         toAccount: String?, note: String, recurrence: Recurrence?, interval: Int, confidence: Double, toAmount: Money?,
         flagSet: DraftFlagSet) {
        self.type = type
        self.amount = amount
        self.date = date
        self.time = time
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.toAmount = toAmount
        self.note = note
        self.recurrence = recurrence
        self.interval = interval
        self.confidence = confidence
        flagBits = flagSet.bits
    }
}
