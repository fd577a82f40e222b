// History: the timeline `:history` shows — the latest changes, what each did, whether it is
// still in effect, and which change undo and redo would take next.

/// The timeline `:history` shows.
public struct History: Sendable, Hashable {
    public var entries: [HistoryEntry]
    /// Number of changes in the whole journal (entries holds the latest few).
    public var total: Int
    /// The change `undo()` would take back now, and the one `redo()` would bring back.
    public var nextUndo: Int?
    public var nextRedo: Int?
}

public struct HistoryEntry: Sendable, Hashable {
    public var number: Int
    public var kind: Change.Kind
    /// Ids of the transactions the change wrote (at most 20; see `transactionCount`).
    public var ids: [Int]
    public var transactionCount: Int
    /// For undo and redo: the numbers of the changes they took back or brought back.
    public var targets: [Int]
    /// A data change still in effect (not undone).
    public var inEffect: Bool
    /// Line of the journal file where the change starts.
    public var line: Int
    /// Made by this Journal instance (this session).
    public var bySession: Bool
    /// For account, lesson and object changes: which accounts, which phrases, which keys.
    public var subjects: [String] = []
    /// For object changes: the kinds written ("rate", "budget").
    public var objectKinds: [String] = []
}
