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
    /// The file numbered its transactions (a backup) but the numbers could not be kept — the
    /// journal had used some of them, even for transactions since deleted (a journal never gives
    /// a number twice), or they lie too far beyond its own (`renumberedFar`): the file's first and
    /// last, which the import says were renumbered.
    public var renumberedFrom: ClosedRange<Int>?
    /// The numbers were new to the journal but too far beyond its own to keep (not given before).
    public var renumberedFar = false
    /// Accounts and lessons written in the same change.
    public var accounts = 0
    public var lessons = 0
}
