// IdTable: transaction numbers to small values for the ledger merge (LedgerMerge), in dense
// pages. A first open of a folder admits a million transactions, looking each number up a few
// times; the numbers are the devices' spaces (Ledger.spaceSize each), dense and mostly in
// order, so a page of 4096 slots found through one dictionary entry — and the last page used
// kept at hand — costs a fraction of a hash per lookup.

struct IdTable {
    private static let pageBits = 12
    private static let pageSize = 1 << pageBits
    /// The pages, one after another; `slots[key]` is where page `key` (id >> pageBits) starts.
    private var values: [Int32] = []
    private var slots: [Int: Int] = [:]
    private var lastKey = Int.min, lastStart = 0

    /// The value of `id`; -1 when none was set.
    mutating func value(_ id: Int) -> Int32 {
        guard let start = start(of: id, creating: false) else { return -1 }
        return values[start + (id & (IdTable.pageSize - 1))]
    }

    mutating func set(_ id: Int, _ value: Int32) {
        let start = start(of: id, creating: true)!
        values[start + (id & (IdTable.pageSize - 1))] = value
    }

    /// A page of unset slots, copied in whole (appending a repeated element went slot by slot).
    private static let emptyPage = [Int32](repeating: -1, count: pageSize)

    @inline(__always)
    private mutating func start(of id: Int, creating: Bool) -> Int? {
        let key = id >> IdTable.pageBits
        if key == lastKey { return lastStart }
        if let start = slots[key] {
            (lastKey, lastStart) = (key, start)
            return start
        }
        guard creating else { return nil }
        let start = values.count
        values.append(contentsOf: IdTable.emptyPage)
        slots[key] = start
        (lastKey, lastStart) = (key, start)
        return start
    }
}
