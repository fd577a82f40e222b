// BalanceLine: one line of `kassa balance` — an account's sum in one currency.

import KassaCore

/// One line of `kassa balance`: the sum of one account in one currency.
public struct BalanceLine: Sendable, Hashable {
    /// nil for transactions saved without an account.
    public var account: String?
    public var amount: Money
    /// How many transactions moved this account in this currency.
    public var count: Int

    public init(account: String?, amount: Money, count: Int) {
        self.account = account
        self.amount = amount
        self.count = count
    }
}
