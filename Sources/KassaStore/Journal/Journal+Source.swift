// Journal+Source: the journal as a TransactionSource for domain logic (KassaLedger), and as a
// lazy listing for `list`: the matching rows are chosen on the compact table, and each
// Transaction is materialized only when a renderer asks for it, so `kassa list` of a million
// streams without holding a million Transactions.

import KassaCore

/// The live transactions of a journal that match a filter.
public struct JournalSource: TransactionSource {
    let journal: Journal
    let indices: [Int32]

    public func forEachEntry(_ body: (LedgerEntry) -> Void) {
        let entries = journal.state.entries
        let currencies = journal.state.currencies
        for index in indices {
            let e = entries[Int(index)]
            body(LedgerEntry(id: Int(e.id), type: e.type, amount: e.amount, currency: currencies[Int(e.currency)],
                             days: Int(e.days), category: e.category, account: e.account, toAccount: e.toAccount))
        }
    }

    public func label(_ number: UInt32) -> String? {
        journal.state.labels.string(number)
    }
}

/// The transactions a query selected, materialized one at a time as they are read.
public struct TransactionListing: RandomAccessCollection, Sendable {
    private let materialize: @Sendable (Int32, ListingCursor?) -> Transaction
    private let indices_: [Int32]

    init(journal: Journal, indices: [Int32]) {
        // Read the journal's unread text now, on this thread: renderers materialize from two.
        journal.prepareText(for: indices)
        nonisolated(unsafe) let journal = journal
        materialize = { journal.materialize($0, cursor: $1) }
        indices_ = indices
    }

    /// A listing of transactions already in memory (tests, small results).
    public init(_ transactions: [Transaction]) {
        materialize = { index, _ in transactions[Int(index)] }
        indices_ = transactions.indices.map { Int32($0) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { indices_.count }
    public subscript(position: Int) -> Transaction { materialize(indices_[position], nil) }

    /// The transaction at `position`, read through one thread's cursor (a long listing).
    public func transaction(at position: Int, cursor: ListingCursor) -> Transaction {
        materialize(indices_[position], cursor)
    }
}

extension Journal {
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
