// PendingRecords: the parsed records of a change whose last part has not been read yet. An
// import is one change of up to millions of parts, held here until it is whole; its entries are
// kept as bare 44-byte rows rather than as ParsedRecord values (64 bytes, the size of the
// largest record kind), which was a third of what opening an imported journal took beyond the
// file itself. The few records of other kinds keep their place in the change's order.

struct PendingRecords: RandomAccessCollection {
    private var entries: [Entry] = []
    /// Records other than entries, with their positions in the change, in order.
    private var others: [(position: Int, record: ParsedRecord)] = []

    var startIndex: Int { 0 }
    var endIndex: Int { entries.count + others.count }

    subscript(position: Int) -> ParsedRecord {
        if others.isEmpty { return .entry(entries[position]) }
        // Other records before `position` (binary search: there are few, and they are sorted).
        var low = 0, high = others.count
        while low < high {
            let middle = (low + high) / 2
            if others[middle].position < position { low = middle + 1 } else { high = middle }
        }
        if low < others.count, others[low].position == position { return others[low].record }
        return .entry(entries[position - low])
    }

    mutating func append(_ record: ParsedRecord) {
        if case .entry(let entry) = record { entries.append(entry) } else { others.append((endIndex, record)) }
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
    }
}
