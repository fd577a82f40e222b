// Doubt: what the parser is not sure of in a draft, said as a question instead of guessed — the
// field it concerns, the words of the input it comes from, and why (a closed list of reasons,
// DESIGN.md §10). A draft with a doubt is not saved by a bare Enter; the person answers it.
// `question` is the localized question, filled in by the shell before a doubt is shown.

public struct Doubt: Hashable, Sendable {
    public enum Field: String, Sendable, CaseIterable {
        case amount, date, type, category, account, currency, entry
        case toAccount = "to_account"
    }

    public enum Reason: String, Sendable, CaseIterable {
        /// Digits shaped like a phone number, a card's last digits or an order number.
        case phoneOrCode = "phone-or-code"
        /// An amount no price in the currency is (₸45 for rent, ₸2.50 for a taxi).
        case outOfRange = "out-of-range"
        /// Words that say the line is no payment (a code, a PIN, a declined payment, a plan).
        case notAnEntry = "not-an-entry"
        /// Two readings tie (this year's date or last year's, two accounts that fit the words).
        case tie
        /// A purchase dated ahead of today without "tomorrow": planned, or said wrong?
        case dateAhead = "date-ahead"
        /// A day and month said without a year whose latest such day is more than a year back
        /// ("29 feb"): that day, or said wrong?
        case dateLongAgo = "date-long-ago"
        /// A reply while drafts wait that reads as a new entry but may be a change to one of them.
        case correctionOrEntry = "correction-or-entry"
        /// A value said for one field while several drafts wait, with nothing to say which.
        case whichDraft = "which-draft"
        /// A shared bill that does not divide exactly into the currency's minor units: which
        /// part is the person's?
        case shareUneven = "share-uneven"
        /// "185.000" in a currency whose cents are written: thousands or decimals?
        case thousandsOrDecimals = "thousands-or-decimals"
        /// An exchange said with what was handed over only ("changed 300 dollars"): what arrived?
        case exchangeIncomplete = "exchange-incomplete"
        /// A time said only as a span ("sometime last week"), no day: which day?
        case dateVague = "date-vague"
        /// A person's name and an amount, nothing else ("Dana 15000 kaspi"): paid to them, or
        /// from them?
        case direction
    }

    public var field: Field
    /// The words of the input it concerns, as typed.
    public var text: String
    public var reason: Reason
    /// The question kassa asks, in the interface language; empty until the shell says it.
    public var question: String

    public init(field: Field, text: String, reason: Reason, question: String = "") {
        self.field = field
        self.text = text
        self.reason = reason
        self.question = question
    }
}
