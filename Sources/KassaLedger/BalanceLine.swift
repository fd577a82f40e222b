// BalanceLine: one line of `kassa balance` — an account's sum in one currency (KassaLedger).

import KassaCore

/// One line of `kassa balance`: the sum of one account in one currency.
public struct BalanceLine: Sendable, Hashable {
    /// nil for transactions saved without an account.
    public var account: String?
    /// The balance: the opening balance and the transactions dated on or before today.
    public var amount: Money
    /// How many transactions moved this account in this currency (planned ones not counted).
    public var count: Int
    /// The opening balance included in `amount` (zero when the account has none).
    public var opening: Money
    /// Transactions dated after today (and an opening dated after today): never in `amount`.
    public var planned: Money
    public var plannedCount: Int

    public init(account: String?, amount: Money, count: Int, opening: Money? = nil, planned: Money? = nil, plannedCount: Int = 0) {
        self.account = account
        self.amount = amount
        self.count = count
        self.opening = opening ?? Money(minorUnits: 0, currency: amount.currency)
        self.planned = planned ?? Money(minorUnits: 0, currency: amount.currency)
        self.plannedCount = plannedCount
    }

    /// Something is in the balance: a transaction or an opening balance.
    public var isCurrent: Bool { count > 0 || !opening.isZero }
}
