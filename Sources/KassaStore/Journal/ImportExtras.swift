// ImportExtras: the accounts, lessons and objects an import writes with its transactions.

import KassaCore

/// What an import writes besides its transactions, in the same change.
public struct ImportExtras: Sendable {
    public var accounts: [Account]
    public var lessons: [Lesson]
    /// Budgets, series, rates and the like from a backup, written in the same change.
    public var objects: [ObjectRecord]

    public init(accounts: [Account] = [], lessons: [Lesson] = [], objects: [ObjectRecord] = []) {
        self.accounts = accounts
        self.lessons = lessons
        self.objects = objects
    }
}
