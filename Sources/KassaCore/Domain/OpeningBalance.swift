// OpeningBalance: what an account held on the day kassa starts to follow it (the app's
// "opening balance, set once"); Balances adds it to the account's sum like a transaction dated
// that day, so an opening dated after today is planned, not yet in the balance. In the core because
// the ledger sums it and a journal export writes it as an entry against equity.

public struct OpeningBalance: Sendable, Hashable {
    public var account: String
    public var amount: Money
    /// nil: from the beginning (counts for any today).
    public var date: CivilDate?

    public init(account: String, amount: Money, date: CivilDate?) {
        self.account = account
        self.amount = amount
        self.date = date
    }
}
