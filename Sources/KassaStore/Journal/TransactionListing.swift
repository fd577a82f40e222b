// TransactionListing: the transactions a query selected, for `list`: each Transaction is
// materialized only when a renderer asks for it, so `kassa list` of a million streams without
// holding a million Transactions.

import KassaCore

/// The transactions a query selected, materialized one at a time as they are read.
public struct TransactionListing: RandomAccessCollection, Sendable {
    private let materialize: @Sendable (Int32, ListingCursor?) -> Transaction
    private let indices_: [Int32]
    /// What the bank confirmed of the journal, for a listing that shows it (`list`); nil when
    /// the listing is not of the journal (a preview's rows).
    public var cleared: ClearedSet?

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
