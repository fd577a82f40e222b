// Account: one of the person's own money places (cash, a card, a deposit), named and aliased.

public struct Account: Hashable, Sendable {
    /// Canonical lower-case name used in the journal, e.g. "kaspi".
    public var name: String
    /// Other words that mean this account ("каспи", "card").
    public var aliases: [String]
    /// The account's own currency, if it has one; drafts on it default to this currency.
    public var currency: Currency?

    public init(name: String, aliases: [String] = [], currency: Currency? = nil) {
        self.name = name
        self.aliases = aliases
        self.currency = currency
    }
}
