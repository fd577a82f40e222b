// JournalChanges: the role of the journal that changes transactions — commit, edit, delete, undo,
// redo — and tells where undo and redo stand. Each change locks, catches up with other processes,
// decides against that fresh state, and appends one change (all its records in one write, one
// fsync). Nothing in memory changes unless the append succeeded, so a failure leaves the session
// exactly as it was, drafts included.

import KassaCore

/// Saving and taking back transactions (see the file's header). Journal is the one conformer.
public protocol JournalChanges: AnyObject {
    /// Saves confirmed drafts as one change, each with the same input line.
    @discardableResult func commit(_ drafts: [Draft], input: String) throws -> [Transaction]
    /// Saves drafts (one input each), lessons and the objects made from the saved transactions as one change.
    func commit(_ drafts: [Draft], inputs: [String], lessons: [Lesson],
                objects: ([Transaction]) throws -> [ObjectRecord]) throws -> [Transaction]
    @discardableResult func edit(id: Int, _ modify: (inout Transaction) throws -> Void) throws -> Change
    @discardableResult func edit(id: Int, _ patch: TransactionPatch) throws -> Change
    @discardableResult func edit(ids: [Int], _ patch: TransactionPatch) throws -> Change
    /// Edits transactions as one change, with the lessons `teach` draws and `objects` in it too.
    @discardableResult func edit(ids: [Int], teach: (Transaction) -> Lesson?, objects: [ObjectRecord],
                                 _ modify: (inout Transaction) throws -> Void) throws -> Change
    @discardableResult func delete(ids: [Int]) throws -> Change
    @discardableResult func undo() throws -> Change
    @discardableResult func undo(count: Int) throws -> [Change]
    /// Takes back the change that last wrote transaction `id`.
    @discardableResult func undo(id: Int) throws -> Change
    @discardableResult func redo() throws -> Change
    @discardableResult func redo(count: Int) throws -> [Change]
    /// What `undo()` would take back now, if anything.
    var nextUndo: Change? { get }
    /// The latest `limit` changes, oldest first, with where undo and redo stand.
    func history(limit: Int) -> History
}

extension Journal: JournalChanges {
    /// Saves confirmed drafts as one change. Durable (written and fsynced) when it returns.
    @discardableResult
    public func commit(_ drafts: [Draft], input: String) throws -> [Transaction] {
        try commit(drafts, inputs: Array(repeating: input, count: drafts.count))
    }

    /// Commits drafts that came from different lines (a pasted batch) as one change; each
    /// transaction keeps the line it was read from.
    /// `lessons` (category choices the person made while the drafts waited) are written in the
    /// same change, so one undo takes back the save and what it taught.
    /// `objects` gets the transactions as they will be saved (ids assigned) and returns objects
    /// written in the same change: a series the save starts, the occurrences it settles. It runs
    /// under the journal's lock after catching up with other sessions, so it may throw to refuse
    /// a change another session made unnecessary (interest already posted).
    public func commit(_ drafts: [Draft], inputs: [String], lessons: [Lesson] = [],
                       objects: ([Transaction]) throws -> [ObjectRecord] = { _ in [] }) throws -> [Transaction] {
        guard !drafts.isEmpty else { return [] }
        guard inputs.count == drafts.count else { throw StoreError(.invalid, path: path, detail: "input") }
        let lessons = newLessons(lessons)
        guard drafts.allSatisfy({ $0.amount != nil }) else { throw StoreError(.invalid, path: path, detail: "amount") }
        let index = try append { writer, number in
            var id = state.nextFreeID
            var saved: [Transaction] = []
            for (k, draft) in drafts.enumerated() {
                let t = Transaction(id: id, draft: draft, input: inputs[k])!
                if let problem = RecordBounds.problem(in: t) { throw StoreError(.invalid, path: path, detail: problem) }
                saved.append(t)
                id += 1
            }
            let extra = try objects(saved)
            for object in extra { try check(object) }
            Journal.write(saved, op: .commit, lessons: lessons, objects: extra, change: number, to: &writer)
        }
        ownChanges.append(index)
        return transactions(of: index)
    }

    /// Changes one transaction; `modify` gets the current version (the id cannot change).
    @discardableResult
    public func edit(id: Int, _ modify: (inout Transaction) throws -> Void) throws -> Change {
        try edit(ids: [id], modify)
    }

    @discardableResult
    public func edit(id: Int, _ patch: TransactionPatch) throws -> Change {
        try edit(ids: [id]) { patch.apply(to: &$0) }
    }

    /// Changes several transactions at once (recategorise several) as one undoable change.
    @discardableResult
    public func edit(ids: [Int], _ patch: TransactionPatch) throws -> Change {
        try edit(ids: ids) { patch.apply(to: &$0) }
    }

    /// `teach` may name a lesson for each edited transaction (a category chosen for its words);
    /// lessons are written in the same change, so one undo takes back the edit and the lessons.
    /// `objects` are written in the same change (a category removed while its transactions are
    /// re-filed).
    @discardableResult
    public func edit(ids: [Int], teach: (Transaction) -> Lesson? = { _ in nil }, objects: [ObjectRecord] = [],
                     _ modify: (inout Transaction) throws -> Void) throws -> Change {
        let unique = Journal.unique(ids)
        guard !unique.isEmpty else { throw StoreError(.noSuchTransaction, path: path) }
        let index = try append { writer, number in
            let missing = unique.filter { !state.exists($0) }
            guard missing.isEmpty else { throw StoreError(.noSuchTransaction, path: path, ids: missing) }
            var edited: [Transaction] = []
            for id in unique {
                var t = materialize(state.current[id])
                try modify(&t)
                t.id = id
                if let problem = RecordBounds.problem(in: t) { throw StoreError(.invalid, path: path, detail: problem) }
                edited.append(t)
            }
            let lessons = newLessons(edited.compactMap(teach))
            for object in objects { try check(object) }
            Journal.write(edited, op: .edit, lessons: lessons, objects: objects, change: number, to: &writer)
        }
        ownChanges.append(index)
        return report(index)
    }

    /// Deletes transactions as one undoable change; every id must exist.
    @discardableResult
    public func delete(ids: [Int]) throws -> Change {
        let unique = Journal.unique(ids)
        guard !unique.isEmpty else { throw StoreError(.noSuchTransaction, path: path) }
        let index = try append { writer, number in
            let missing = unique.filter { !state.exists($0) }
            guard missing.isEmpty else { throw StoreError(.noSuchTransaction, path: path, ids: missing) }
            for (k, id) in unique.enumerated() {
                writer.begin(change: number, part: k + 1, of: unique.count, op: .delete)
                writer.field(Int64(id))
                writer.end()
            }
        }
        ownChanges.append(index)
        return report(index)
    }

    // MARK: undo and redo

    /// Takes back this session's latest change still in effect; in a session that has made none
    /// (a fresh one, or one-shot `kassa undo`), the latest change in the journal.
    @discardableResult
    public func undo() throws -> Change { try undo(count: 1)[0] }

    /// Takes back `count` changes, newest first, as one record. Fails (changing nothing) if fewer are available.
    @discardableResult
    public func undo(count: Int) throws -> [Change] {
        try move(.undo, count: count) { self.nextUndoTarget() }
    }

    /// Takes back the latest change still in effect that wrote transaction `id`.
    @discardableResult
    public func undo(id: Int) throws -> Change {
        try move(.undo, count: 1) {
            guard id > 0, id < self.state.head.count, self.state.head[id] >= 0 else {
                throw StoreError(.noSuchTransaction, path: self.path, ids: [id])
            }
            var p = self.state.head[id]
            while p >= 0 {
                let change = self.state.entries[Int(p)].change
                if self.state.changes[Int(change)].applied, self.ownsChange(change) { return change }
                p = self.state.entries[Int(p)].prev
            }
            return nil
        }[0]
    }

    /// Brings back the change this session undid last; else the journal's latest undone change.
    @discardableResult
    public func redo() throws -> Change { try redo(count: 1)[0] }

    @discardableResult
    public func redo(count: Int) throws -> [Change] {
        try move(.redo, count: count) { self.nextRedoTarget() }
    }

    /// What `undo()` would take back now (without re-reading the file), for prompts and history.
    public var nextUndo: Change? {
        nextUndoTarget().map { report($0) }
    }

    func nextUndoTarget() -> Int32? {
        for c in ownChanges.reversed() where state.changes[Int(c)].applied { return c }
        var i = state.changes.count - 1
        while i >= 0 {
            let c = state.changes[i]
            if c.op.isData, c.applied, ownsChange(Int32(i)) { return Int32(i) }
            i -= 1
        }
        return nil
    }

    func nextRedoTarget() -> Int32? {
        for c in ownUndone.reversed() where !state.changes[Int(c)].applied && state.redoStack.contains(c) { return c }
        for c in state.redoStack.reversed() where !state.changes[Int(c)].applied && ownsChange(c) { return c }
        return nil
    }

    /// Picks `count` targets with `pick` (flipping their flags provisionally so the next pick
    /// sees them done), checks conflicts, and appends one undo or redo change.
    private func move(_ op: RecordOp, count: Int, pick: @escaping () throws -> Int32?) throws -> [Change] {
        guard count >= 1 else { return [] }
        var chosen: [Int32] = []
        let index = try append { writer, number in
            defer { for c in chosen { state.changes[Int(c)].applied = op == .undo } }
            for _ in 0..<count {
                // Undo N is all or nothing; redo N brings back what there is (and says how many).
                guard let target = try pick() else {
                    if op == .redo, !chosen.isEmpty { break }
                    throw StoreError(op == .undo ? .nothingToUndo : .nothingToRedo, path: path,
                                     detail: chosen.isEmpty ? nil : String(chosen.count))
                }
                let conflicting = state.conflicts(of: target)
                guard conflicting.isEmpty else {
                    throw StoreError(.undoConflict, path: path, detail: String(state.changes[Int(target)].number),
                                     ids: conflicting)
                }
                chosen.append(target)
                state.changes[Int(target)].applied = op == .redo
            }
            for (k, target) in chosen.enumerated() {
                writer.begin(change: number, part: k + 1, of: chosen.count, op: op)
                writer.field(state.changes[Int(target)].number)
                writer.end()
            }
        }
        if op == .undo {
            ownUndone.append(contentsOf: chosen)
        } else {
            ownUndone.removeAll { chosen.contains($0) }
        }
        let kind = Change.Kind(op)
        let number = Int(state.changes[Int(index)].number)
        return chosen.map { report($0, as: kind, number: number) }
    }

    /// A change of transactions (commit or edit records) followed by the lessons and objects
    /// written with them, parts numbered 1/N ... N/N in that order.
    static func write(_ transactions: [Transaction], op: RecordOp, lessons: [Lesson], objects: [ObjectRecord],
                      change: Int64, to writer: inout LineWriter) {
        let parts = transactions.count + lessons.count + objects.count
        for (k, t) in transactions.enumerated() {
            writer.begin(change: change, part: k + 1, of: parts, op: op)
            RecordCodec.appendTransaction(t, to: &writer.out)
            writer.end()
        }
        write(lessons, change: change, firstPart: transactions.count + 1, of: parts, to: &writer)
        write(objects, change: change, firstPart: transactions.count + lessons.count + 1, of: parts, to: &writer)
    }

    static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }

    // MARK: history

    /// The latest `limit` changes, oldest first, with where undo and redo stand.
    public func history(limit: Int = 20) -> History {
        let undoTarget = nextUndoTarget()
        let redoTarget = nextRedoTarget()
        var entries: [HistoryEntry] = []
        let start = max(0, state.changes.count - max(0, limit))
        for index in start..<state.changes.count {
            let c = state.changes[index]
            var ids: [Int] = []
            for e in Int(c.firstEntry)..<Int(c.firstEntry + min(c.entryCount, 20)) { ids.append(Int(state.entries[e].id)) }
            let targets = (Int(c.firstTarget)..<Int(c.firstTarget + c.targetCount)).map {
                Int(state.changes[Int(state.targets[$0])].number)
            }
            let described = c.op == .account || c.op == .learn || c.op == .object ? report(Int32(index)) : nil
            var entry = HistoryEntry(
                number: Int(c.number), kind: Change.Kind(c.op), ids: ids, transactionCount: Int(c.entryCount),
                targets: targets, inEffect: c.op.isData && c.applied, line: Int(c.line),
                bySession: ownChanges.contains(Int32(index)),
                subjects: described?.subjects ?? [])
            entry.objectKinds = described?.objectKinds ?? []
            entries.append(entry)
        }
        return History(entries: entries, total: state.changes.count,
                       nextUndo: undoTarget.map { Int(state.changes[Int($0)].number) },
                       nextRedo: redoTarget.map { Int(state.changes[Int($0)].number) })
    }
}
