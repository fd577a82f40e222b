// ImportExtras: the accounts, lessons, objects and edits an import writes with its transactions.

import KassaCore

/// What an import writes besides its transactions, in the same change.
public struct ImportExtras: Sendable {
    public var accounts: [Account]
    public var lessons: [Lesson]
    /// Budgets, series, rates and the like from a backup, written in the same change.
    public var objects: [ObjectRecord]
    /// Objects made from the ids the import's transactions get (known only as it is written),
    /// the k-th transaction taken the k-th id of the range: the clearance of a bank file's new
    /// rows. Not called when the file keeps ids of its own that are not one increasing run.
    public var objectsForIDs: (@Sendable (ClosedRange<Int>) -> [ObjectRecord])?
    /// Changes to transactions already in the journal, by id, written in the same change (a
    /// bank row that confirmed an entry gives it the amount it was charged).
    public var edits: [(id: Int, patch: TransactionPatch)]

    public init(accounts: [Account] = [], lessons: [Lesson] = [], objects: [ObjectRecord] = [],
                objectsForIDs: (@Sendable (ClosedRange<Int>) -> [ObjectRecord])? = nil,
                edits: [(id: Int, patch: TransactionPatch)] = []) {
        self.accounts = accounts
        self.lessons = lessons
        self.objects = objects
        self.objectsForIDs = objectsForIDs
        self.edits = edits
    }
}
