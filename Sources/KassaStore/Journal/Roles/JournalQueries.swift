// JournalQueries: the role of the journal that reads transactions — counts, lookups, list
// filters, the lazy listing and the TransactionSource that domain logic (KassaLedger) computes
// balances over. Filters run on the compact rows, without materializing transactions that do not
// match; a listing materializes each transaction only when a renderer asks for it.

import KassaCore

/// Reading transactions (see the file's header). Journal is the one conformer; a caller that
/// only reads takes `some JournalQueries`.
public protocol JournalQueries: AnyObject {
    /// Live transactions, in id order (all of them materialized).
    var transactions: [Transaction] { get }
    /// Number of live transactions.
    var count: Int { get }
    func transaction(id: Int) -> Transaction?
    /// The id the next committed transaction will get (if no other process commits first).
    var nextID: Int { get }
    /// Number of changes in the history.
    var changeCount: Int { get }
    /// The live transactions matching `filter`, in id order.
    func query(_ filter: TransactionFilter) -> [Transaction]
    /// Each live transaction matching `filter`, materialized one at a time, in id order.
    func forEach(_ filter: TransactionFilter, _ body: (Transaction) throws -> Void) rethrows
    /// The live transactions matching `filter`, for domain logic.
    func source(_ filter: TransactionFilter) -> JournalSource
    /// The live transactions matching `filter`, materialized lazily, by date or by id.
    func listing(_ filter: TransactionFilter, byDate: Bool) -> TransactionListing
    /// Every account name live transactions use, sorted.
    func accountsInUse() -> [String]
    /// Whether any live transaction uses `name` as its account or destination.
    func holdsTransactions(account name: String) -> Bool
}

extension Journal: JournalQueries {
    /// Live transactions, in id order. Materializes all of them: prefer `query` on large journals.
    public var transactions: [Transaction] {
        prepareText(for: state.liveCount)
        var out: [Transaction] = []
        out.reserveCapacity(state.liveCount)
        for id in 1..<max(state.current.count, 1) where state.current[id] >= 0 {
            out.append(materialize(state.current[id]))
        }
        return out
    }

    /// Number of live transactions.
    public var count: Int { state.liveCount }

    public func transaction(id: Int) -> Transaction? {
        state.exists(id) ? materialize(state.current[id]) : nil
    }

    /// The latest transaction this device saved that is still there (in a ledger folder, never
    /// another device's; in one journal, the latest saved): "same again" repeats it.
    public func latestOwnSaved() -> Transaction? {
        var i = state.changes.count - 1
        while i >= 0 {
            let change = state.changes[i]
            if change.applied, change.op == .commit, ownsChange(Int32(i)) {
                let entries = Int(change.firstEntry)..<Int(change.firstEntry + change.entryCount)
                for e in entries.reversed() where state.exists(Int(state.entries[e].id)) {
                    return materialize(state.current[Int(state.entries[e].id)])
                }
            }
            i -= 1
        }
        return nil
    }

    /// The id the next committed transaction will get (if no other process commits first).
    public var nextID: Int { state.nextFreeID }

    /// Number of changes in the history (commits, edits, undos ... each counts one).
    public var changeCount: Int { state.changes.count }

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
            if let cleared = filter.leavingOut, cleared.isCleared(id) { continue }
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

    // MARK: sources and listings

    /// The live transactions matching `filter` (its limit too), for domain logic.
    public func source(_ filter: TransactionFilter = TransactionFilter()) -> JournalSource {
        JournalSource(journal: self, indices: limited(filter))
    }

    /// The names of every account that live transactions use (as account or destination),
    /// sorted; with the defined accounts these are all of the person's accounts.
    public func accountsInUse() -> [String] {
        var used = Set<UInt32>()
        let entries = state.entries
        for index in matchingEntries(TransactionFilter()) {
            let e = entries[Int(index)]
            used.insert(e.account)
            used.insert(e.toAccount)
        }
        return used.compactMap { state.labels.string($0) }.sorted()
    }

    /// Whether any live transaction uses `name` as its account or destination. Cheap for a
    /// name never written (no label, no scan) and for one in use (the scan stops at the first).
    public func holdsTransactions(account name: String) -> Bool {
        guard let label = state.labels.strings.firstIndex(where: { $0 == name }).map(UInt32.init) else { return false }
        let entries = state.entries
        for index in state.current where index >= 0 {
            let e = entries[Int(index)]
            if e.account == label || e.toAccount == label { return true }
        }
        return false
    }

    /// The live transactions matching `filter`, materialized lazily: by date then id (what a
    /// person reads; the filter's limit keeps the latest by date), or in id order.
    public func listing(_ filter: TransactionFilter = TransactionFilter(), byDate: Bool = true) -> TransactionListing {
        TransactionListing(journal: self, indices: limited(filter, byDate: byDate))
    }

    private func limited(_ filter: TransactionFilter, byDate: Bool = false) -> [Int32] {
        var indices = matchingEntries(filter)
        if byDate {
            // Stable by id within a day: entries are matched in id order, and (days, id) is unique.
            let entries = state.entries
            indices.sort { a, b in
                let x = entries[Int(a)], y = entries[Int(b)]
                return x.days != y.days ? x.days < y.days : x.id < y.id
            }
        }
        if let limit = filter.limit, indices.count > limit { indices.removeFirst(indices.count - max(0, limit)) }
        return indices
    }
}
