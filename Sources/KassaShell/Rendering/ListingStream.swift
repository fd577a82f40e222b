// ListingStream: writes a long listing through the console in chunks, each chunk formatted by
// two threads (rows are materialized from the journal's read-only memory, safe to share), so
// `kassa list` of a million rows uses both cores and never holds more than a chunk of text.

import KassaCore
import KassaStore

enum ListingStream {
    /// Rows per chunk: large enough to keep both threads busy, small enough to stay in cache.
    static let chunk = 8_192
    /// Below this a listing is formatted on one thread.
    static let parallelThreshold = 2_048

    /// Formats every row of `listing` with `format` (which appends one line, newline included)
    /// and appends the bytes to the console in order.
    static func write(_ listing: TransactionListing, to console: Console,
                      format: @escaping @Sendable (Transaction, inout [UInt8]) -> Void) {
        func run(_ range: Range<Int>) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(range.count * 160)
            for index in range { format(listing[index], &out) }
            return out
        }
        var start = 0
        while start < listing.count {
            let end = min(listing.count, start + chunk)
            if end - start < parallelThreshold {
                console.append(run(start..<end))
            } else {
                let middle = (start + end) / 2
                nonisolated(unsafe) var second: [UInt8] = []
                var first: [UInt8] = []
                let lower = start
                TwoThreads.run({ first = run(lower..<middle) }, { second = run(middle..<end) })
                console.append(first)
                console.append(second)
            }
            start = end
        }
    }
}
