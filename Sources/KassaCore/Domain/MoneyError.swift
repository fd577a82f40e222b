// MoneyError: what checked money arithmetic reports instead of wrapping or mixing currencies.
// A value like any other error: the shell turns it into a localized message (format.messages).

public struct MoneyError: LocalizableError, Hashable {
    public enum Kind: String, Sendable {
        /// A sum, difference or conversion does not fit in 64-bit minor units.
        case overflow
        /// Two amounts of different currencies were added.
        case currencyMismatch = "currency-mismatch"
        /// More than `Money.maximumWholeDigits` digits before the decimal point.
        case tooLarge = "too-large"
        /// More digits after the decimal point than the currency has.
        case tooPrecise = "too-precise"
    }

    public let kind: Kind
    /// The currency involved, for the message.
    public let currency: Currency

    public init(_ kind: Kind, currency: Currency) {
        self.kind = kind
        self.currency = currency
    }

    public var messageKey: String { "money.\(kind.rawValue)" }
    public var messageArguments: [String: String] {
        ["currency": currency.code, "digits": String(currency.minorDigits), "limit": String(Money.maximumWholeDigits)]
    }
}
