// AccountSummary: one row of `:accounts` — the account, its profile (if it has one) and its
// balances today and planned, one per currency (from Balances, with its opening balance).

import KassaCore

public struct AccountSummary: Sendable, Hashable {
    public var account: Account
    public var profile: AccountProfile?
    /// The lines of Balances for this account (one per currency).
    public var balances: [BalanceLine]

    public init(account: Account, profile: AccountProfile?, balances: [BalanceLine]) {
        self.account = account
        self.profile = profile
        self.balances = balances
    }

    public var archived: Bool { profile?.archived ?? false }
}
