// ClearedSet: which transactions the bank has confirmed, read from the journal's "cleared"
// objects (Clearance): the matched entries with their bank rows, and the id ranges of imported
// bank files. What `list` shows as cleared and filters with --uncleared, what reconcile counts
// as not yet confirmed, and what an import of the same file again recognizes.

public struct ClearedSet: Sendable, Hashable {
    /// Matched entries: id → the bank row that confirmed it.
    public private(set) var matches: [Int: Clearance.BankRow] = [:]
    /// Imported batches, sorted by their first id, not overlapping.
    private var batches: [ClosedRange<Int>] = []

    public init() {}

    public init(_ records: [ObjectRecord]) {
        for record in records {
            switch Clearance(record: record)?.subject {
            case .match(let id, let row)?: matches[id] = row
            case .batch(let ids)?: batches.append(ids)
            case nil: break
            }
        }
        batches.sort { $0.lowerBound < $1.lowerBound }
    }

    public var isEmpty: Bool { matches.isEmpty && batches.isEmpty }

    public func isCleared(_ id: Int) -> Bool {
        if matches[id] != nil { return true }
        // The last batch starting at or before `id` (binary search: an import a month).
        var lo = 0, hi = batches.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if batches[mid].lowerBound <= id { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 && batches[lo - 1].contains(id)
    }

    /// The bank's description of a matched entry; nil for one not matched (an imported row's
    /// description is its own note).
    public func bankNote(_ id: Int) -> String? {
        guard let note = matches[id]?.note, !note.isEmpty else { return nil }
        return note
    }
}
