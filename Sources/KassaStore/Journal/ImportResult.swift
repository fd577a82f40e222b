// ImportResult: what an import wrote (or, as a preview, would write) — counts, batches and ids.

import KassaCore

public struct ImportResult: Sendable, Hashable {
    public var imported: Int
    /// Write batches (one write each, one fsync after the last); all of them belong to one change.
    public var batches: Int
    /// Transactions skipped as already present in the journal.
    public var skipped: Int = 0
    /// The transactions' ids after import, first and last (nil if nothing was imported).
    public var firstID: Int?
    public var lastID: Int?
    /// Accounts and lessons written in the same change.
    public var accounts = 0
    public var lessons = 0
}
