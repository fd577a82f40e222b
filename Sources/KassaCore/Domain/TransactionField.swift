// TransactionField: the optional fields a transaction may carry beside its fixed ones, stated
// once — their names in every format, which transactions may have them, where the record keeps
// them, and how drafts, transactions, patches and writers get and set them. Each is an amount
// in a currency (written as an amount and a code); a transaction without one is exactly what it
// was before the field existed, in every format.
//
// Readers and writers loop over `allCases` in this order, which is the order of the fields'
// keys in JSON, of their column pairs in CSV and of their notes on a card: a new field goes
// last, so every earlier key and column keeps its place.

public enum TransactionField: Int, CaseIterable, Hashable, Sendable {
    /// A currency exchange's target: what arrives in `toAccount`, in another currency than the
    /// amount ("changed 100 dollars to 52,000 tenge"). Only a transfer has one.
    case toAmount
    /// What the account was charged in its own currency for an expense or income said in
    /// another ("5 dollars from kaspi" that the bank took as ₸2,600). Never on a transfer.
    case chargedAmount

    /// The name a person says to correct or edit it (session.rules `field.*`), that change
    /// notes, the grammar corpus and `why.field.*` use.
    public var name: String {
        switch self {
        case .toAmount: "to_amount"
        case .chargedAmount: "charged"
        }
    }

    /// Its keys in the JSON contract and its CSV columns: the amount and its currency code.
    public var keys: (amount: String, currency: String) {
        switch self {
        case .toAmount: ("to_amount", "to_currency")
        case .chargedAmount: ("charged_amount", "charged_currency")
        }
    }

    /// `, "KEY": "` up to the amount's opening quote, as JSON writers put it.
    public var jsonOpening: StaticString {
        switch self {
        case .toAmount: ", \"to_amount\": \""
        case .chargedAmount: ", \"charged_amount\": \""
        }
    }

    /// `", "KEY": "` from the amount's closing quote to the code's opening one.
    public var jsonMiddle: StaticString {
        switch self {
        case .toAmount: "\", \"to_currency\": \""
        case .chargedAmount: "\", \"charged_currency\": \""
        }
    }

    /// The pair as nulls, for a listing that states the field when there is none; nil when a
    /// listing leaves the field out then (an additive pair: other lines are unchanged).
    public var jsonNulls: StaticString? {
        switch self {
        case .toAmount: nil
        case .chargedAmount: ", \"charged_amount\": null, \"charged_currency\": null"
        }
    }

    /// The message that shows it beside the amount on a card and a summary, and the name of the
    /// message's parameter for it (`{amount}` is the amount).
    public var cardMessage: (key: String, parameter: String) {
        switch self {
        case .toAmount: ("card.exchange", "target")
        case .chargedAmount: ("card.charged", "charged")
        }
    }

    /// Which pair of trailing record fields (after the twelve fixed ones) keeps it. Fields that
    /// can never be on the same transaction (see `belongs(to:)`) share a pair: the type says
    /// which one the pair is.
    public var recordSlot: Int {
        switch self {
        case .toAmount, .chargedAmount: 0
        }
    }

    /// The number of trailing pairs a record may have.
    public static let recordSlots = 1

    /// Whether a draft made from a saved transaction ("same again", a correction read against
    /// what was just saved) keeps it. A charged amount does not: the bank's charge is the one
    /// of that day.
    public var carriesIntoDraft: Bool {
        switch self {
        case .toAmount: true
        case .chargedAmount: false
        }
    }

    /// Whether a transaction of `type` may have it.
    public func belongs(to type: TransactionType) -> Bool {
        switch self {
        case .toAmount: type == .transfer
        case .chargedAmount: type != .transfer
        }
    }

    /// Whether it must be in another currency than the amount (the same currency would be no
    /// exchange and no charge apart).
    public var isInAnotherCurrency: Bool {
        switch self {
        case .toAmount, .chargedAmount: true
        }
    }

    /// Whether an edit that leaves it in the amount's own currency drops it (a charge apart in
    /// the same currency is none); else such an edit is refused as the record's bounds say.
    public var lapsesInAmountCurrency: Bool {
        switch self {
        case .toAmount: false
        case .chargedAmount: true
        }
    }

    /// Whether `value` may stand in it on a transaction or draft of `type` whose amount is
    /// `amount`. A charged amount needs the amount it was charged for; a target does not.
    public func admits(_ value: Money, type: TransactionType, amount: Money?) -> Bool {
        guard belongs(to: type) else { return false }
        if self == .chargedAmount, amount == nil { return false }
        return !isInAnotherCurrency || amount?.currency != value.currency
    }

    /// Its value in `t`.
    public func value(in t: Transaction) -> Money? {
        switch self {
        case .toAmount: t.toAmount
        case .chargedAmount: t.chargedAmount
        }
    }

    public func set(_ value: Money?, in t: inout Transaction) {
        switch self {
        case .toAmount: t.toAmount = value
        case .chargedAmount: t.chargedAmount = value
        }
    }

    /// Its value in a draft.
    public func value(in d: Draft) -> Money? {
        switch self {
        case .toAmount: d.toAmount
        case .chargedAmount: d.chargedAmount
        }
    }

    public func set(_ value: Money?, in d: inout Draft) {
        switch self {
        case .toAmount: d.toAmount = value
        case .chargedAmount: d.chargedAmount = value
        }
    }

    /// Copies into `draft` the fields of `t` that a draft made from it keeps (`carriesIntoDraft`).
    public static func carry(from t: Transaction, into draft: inout Draft) {
        for field in allCases where field.carriesIntoDraft { field.set(field.value(in: t), in: &draft) }
    }

    /// The field a person calls `name` ("to_amount", "charged"), or nil.
    public init?(name: String) {
        guard let field = TransactionField.allCases.first(where: { $0.name == name }) else { return nil }
        self = field
    }

    /// The field whose pair is record slot `slot` on a transaction of `type`, or nil.
    public static func inRecordSlot(_ slot: Int, of type: TransactionType) -> TransactionField? {
        allCases.first { $0.recordSlot == slot && $0.belongs(to: type) }
    }
}
