// HistorySteps: what `undo N` and `redo N` say when the journal had fewer changes to take back
// or bring back than asked — the one notice both commands give.

enum HistorySteps {
    /// "Only 2 changes could be undone" when fewer than asked were there.
    static func fewer(_ done: Int, asked: Int, key: String) -> [SessionEvent] {
        done < asked ? [.notice(key: key, arguments: ["asked": String(asked)], count: done)] : []
    }
}
