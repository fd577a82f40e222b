// ParseContext: everything outside the line that a parse depends on. No clock is read anywhere
// in the parser: "today" comes from here, so the same input and context give the same drafts.

public struct ParseContext: Sendable {
    public var today: CivilDate
    /// The UI language; breaks ties such as 02.03 (2 March in ru, ambiguous in en).
    public var language: Language
    public var defaultCurrency: Currency
    public var defaultAccount: String
    public var accounts: [Account]
    /// What corrections taught: a normalized note (see `Parser.learningKey`) → category slug.
    public var learnedCategories: [String: String]
    /// A transfer word with a person named is money paid to or from them (DraftBuilder.paidToPerson);
    /// false for a bank statement's descriptions, whose «Перевод» rows stay transfers as the
    /// app maps them (DOMAIN §8).
    public var transfersToPeople = true

    public init(
        today: CivilDate, language: Language = .en, defaultCurrency: Currency = .kzt,
        defaultAccount: String = "cash", accounts: [Account] = [], learnedCategories: [String: String] = [:]
    ) {
        self.today = today
        self.language = language
        self.defaultCurrency = defaultCurrency
        self.defaultAccount = defaultAccount
        self.accounts = accounts
        self.learnedCategories = learnedCategories
    }
}
