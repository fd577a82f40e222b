// Journal+Queries: list filters and the history timeline, computed from the compact rows
// without materializing transactions that do not match. Balances are domain logic: KassaLedger
// computes them over `Journal.source(_:)`.

import KassaCore

extension Journal {
    /// The live transactions matching `filter`, in id order.
    public func query(_ filter: TransactionFilter = TransactionFilter()) -> [Transaction] {
        var out: [Transaction] = []
        var ids = matchingEntries(filter)
        if let limit = filter.limit, ids.count > limit { ids.removeFirst(ids.count - max(0, limit)) }
        out.reserveCapacity(ids.count)
        prepareText(for: ids.count)
        for index in ids { out.append(materialize(index)) }
        return out
    }

    /// Calls `body` with each live transaction matching `filter` (its `limit` too), in id order,
    /// materializing one at a time: a listing of a journal of millions of records holds one
    /// transaction at a time, not all of them (prefer this to `query` for output that streams).
    public func forEach(_ filter: TransactionFilter = TransactionFilter(), _ body: (Transaction) throws -> Void) rethrows {
        var ids = matchingEntries(filter)
        if let limit = filter.limit, ids.count > limit { ids.removeFirst(ids.count - max(0, limit)) }
        prepareText(for: ids)
        for index in ids { try body(materialize(index)) }
    }

    /// Entry indices of live transactions matching everything but `limit`, in id order.
    func matchingEntries(_ filter: TransactionFilter) -> [Int32] {
        let from = filter.from.map { Int32($0.daysSinceEpoch) } ?? Int32.min
        let to = filter.to.map { Int32($0.daysSinceEpoch) } ?? Int32.max
        let categories = filter.category.map { labelSet { $0 == $1 || $0.hasPrefix($1 + "/") }($0) }
        let accounts = filter.account.map { labelSet { $0.lowercased() == $1.lowercased() }($0) }
        let currency = filter.currency.map { code in state.currencies.firstIndex(of: code).map { UInt8($0) } ?? 255 }
        let needle = filter.text.map { $0.lowercased() }
        // A text filter reads every candidate's note.
        if needle != nil { prepareText(for: state.liveCount) }
        var out: [Int32] = []
        let current = state.current
        let entries = state.entries
        for id in 1..<max(current.count, 1) {
            let index = current[id]
            guard index >= 0 else { continue }
            let e = entries[Int(index)]
            guard e.days >= from, e.days <= to else { continue }
            if let type = filter.type, e.type != type { continue }
            if let currency, e.currency != currency { continue }
            if let categories, !categories.contains(e.category) { continue }
            if let accounts, !accounts.contains(e.account), !accounts.contains(e.toAccount) { continue }
            if let needle {
                let t = materialize(index)
                guard t.note.lowercased().contains(needle) || t.input.lowercased().contains(needle) else { continue }
            }
            out.append(index)
        }
        return out
    }

    /// Label numbers whose text satisfies `match` against the wanted value.
    private func labelSet(_ match: @escaping (String, String) -> Bool) -> (String) -> Set<UInt32> {
        { wanted in
            var set = Set<UInt32>()
            for (index, text) in self.state.labels.strings.enumerated() {
                if let text, match(text, wanted) { set.insert(UInt32(index)) }
            }
            return set
        }
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
