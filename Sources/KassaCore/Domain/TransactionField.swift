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

    /// Everything about one field but where it is stored (`value(in:)`, `set(_:in:)`).
    private var spec: Spec {
        switch self {
        case .toAmount:
            Spec(name: "to_amount", keys: ("to_amount", "to_currency"),
                 jsonOpening: ", \"to_amount\": \"", jsonMiddle: "\", \"to_currency\": \"", jsonNulls: nil,
                 cardMessage: ("card.exchange", "target"), recordSlot: 0, onTransfer: true, onExpenseOrIncome: false,
                 isInAnotherCurrency: true, needsAmount: false, lapsesInAmountCurrency: false, carriesIntoDraft: true)
        case .chargedAmount:
            Spec(name: "charged", keys: ("charged_amount", "charged_currency"),
                 jsonOpening: ", \"charged_amount\": \"", jsonMiddle: "\", \"charged_currency\": \"",
                 jsonNulls: ", \"charged_amount\": null, \"charged_currency\": null",
                 cardMessage: ("card.charged", "charged"), recordSlot: 0, onTransfer: false, onExpenseOrIncome: true,
                 isInAnotherCurrency: true, needsAmount: true, lapsesInAmountCurrency: true, carriesIntoDraft: false)
        }
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

    /// The number of trailing pairs a record may have (see `recordSlot`).
    public static let recordSlots = 1

    private struct Spec {
        let name: String
        let keys: (amount: String, currency: String)
        let jsonOpening: StaticString
        let jsonMiddle: StaticString
        let jsonNulls: StaticString?
        let cardMessage: (key: String, parameter: String)
        let recordSlot: Int
        let onTransfer: Bool
        let onExpenseOrIncome: Bool
        let isInAnotherCurrency: Bool
        let needsAmount: Bool
        let lapsesInAmountCurrency: Bool
        let carriesIntoDraft: Bool
    }

    /// The name a person says to correct or edit it (session.rules `field.*`), that change
    /// notes, the grammar corpus and `why.field.*` use.
    public var name: String { spec.name }

    /// Its keys in the JSON contract and its CSV columns: the amount and its currency code.
    public var keys: (amount: String, currency: String) { spec.keys }

    /// `, "KEY": "` up to the amount's opening quote, as JSON writers put it.
    public var jsonOpening: StaticString { spec.jsonOpening }

    /// `", "KEY": "` from the amount's closing quote to the code's opening one.
    public var jsonMiddle: StaticString { spec.jsonMiddle }

    /// The pair as nulls, for a listing that states the field when there is none; nil when a
    /// listing leaves the field out then (an additive pair: other lines are unchanged).
    public var jsonNulls: StaticString? { spec.jsonNulls }

    /// The message that shows it beside the amount on a card and a summary, and the name of the
    /// message's parameter for it (`{amount}` is the amount).
    public var cardMessage: (key: String, parameter: String) { spec.cardMessage }

    /// Which pair of trailing record fields (after the twelve fixed ones) keeps it. Fields that
    /// can never be on the same transaction (see `belongs(to:)`) share a pair: the type says
    /// which one the pair is.
    public var recordSlot: Int { spec.recordSlot }

    /// Whether a transaction of `type` may have it.
    public func belongs(to type: TransactionType) -> Bool {
        type == .transfer ? spec.onTransfer : spec.onExpenseOrIncome
    }

    /// Whether it must be in another currency than the amount (the same currency would be no
    /// exchange and no charge apart).
    public var isInAnotherCurrency: Bool { spec.isInAnotherCurrency }

    /// Whether an edit that leaves it in the amount's own currency drops it (a charge apart in
    /// the same currency is none); else such an edit is refused as the record's bounds say.
    public var lapsesInAmountCurrency: Bool { spec.lapsesInAmountCurrency }

    /// Whether a draft made from a saved transaction ("same again", a correction read against
    /// what was just saved) keeps it. A charged amount does not: the bank's charge is the one
    /// of that day.
    public var carriesIntoDraft: Bool { spec.carriesIntoDraft }

    /// Whether it is said only beside a known amount (a charge is for an amount; an exchange's
    /// target may come before the amount that buys it).
    public var needsAmount: Bool { spec.needsAmount }

    /// Whether `value` may stand in it on a transaction or draft of `type` whose amount is
    /// `amount` (nil: not said yet).
    public func admits(_ value: Money, type: TransactionType, amount: Money?) -> Bool {
        guard belongs(to: type), amount != nil || !needsAmount else { return false }
        return !isInAnotherCurrency || amount?.currency != value.currency
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
