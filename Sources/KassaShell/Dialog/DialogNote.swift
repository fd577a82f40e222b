// DialogNote: what the session says about a reply, as values (SessionEvent.dialog): a field a
// correction changed, a field said twice, which draft a value is for, a reply not placed, and
// `:why`'s account of a reply. TextRenderer+Dialog says them in the interface language.

import KassaCore

public enum DialogNote: Sendable {
    /// One field of one draft changed (number: the draft's place in a batch, nil for one draft).
    case changed(number: Int?, field: String, before: Draft, after: Draft)
    /// A field said more than once in one reply: the last value counts.
    case repeated(field: String, kept: String)
    /// A value for one draft, with no draft named, in a batch: which one?
    case whichDraft(field: String, value: String, count: Int)
    /// `:why` after a reply: which reading won and why.
    case explained(ReplyExplanation)

    /// The fields a change note may speak of, in card order.
    static let fields = ["type", "amount", "currency", "category", "account", "to_account"] + TransactionField.allCases.map(\.name)
        + ["date", "note"]

    /// Whether `field` differs between two states of a draft.
    static func differs(_ field: String, _ a: Draft, _ b: Draft) -> Bool {
        switch field {
        case "type": a.type != b.type
        // A new currency shows in the amount ("$20 → ₸20" is one change, said once).
        case "amount": a.amount != b.amount
        case "currency": false
        case "category": a.category != b.category
        case "account": a.account != b.account
        case "to_account": a.toAccount != b.toAccount
        case "date": a.date != b.date
        case "note": a.note != b.note
        default: TransactionField(name: field).map { $0.value(in: a) != $0.value(in: b) } ?? false
        }
    }
}
