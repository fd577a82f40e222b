// ListingStream: writes a long listing through the console in chunks, each chunk formatted by
// two threads taking its pieces in turn (rows are materialized from the journal's read-only memory, safe to share), so
// `kassa list` of a million rows uses both cores and never holds more than a chunk of text.
// Each row also adds to the totals per currency (income adds, expenses subtract, transfers
// move money between own accounts and add nothing), checked for overflow.

import KassaCore
import KassaStore
import Synchronization

enum ListingStream {
    /// Rows per chunk: large enough to keep both threads busy, small enough to stay in cache.
    static let chunk = 8_192
    /// Below this a listing is formatted on one thread.
    static let parallelThreshold = 2_048
    /// Rows a thread takes at a time from a chunk.
    static let piece = 512

    /// The next piece of a chunk, handed to whichever thread asks first.
    private final class PieceCounter: Sendable {
        private let next = Atomic<Int>(0)
        func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
    }

    /// Net totals per currency, in the order currencies first appear.
    struct Totals: Sendable {
        var currencies: [Currency] = []
        var sums: [CheckedSum] = []

        mutating func add(_ transaction: Transaction) {
            guard transaction.type != .transfer else { return }
            let currency = transaction.amount.currency
            let slot: Int
            if let known = currencies.firstIndex(of: currency) {
                slot = known
            } else {
                currencies.append(currency)
                sums.append(CheckedSum())
                slot = currencies.count - 1
            }
            if transaction.type == .income { sums[slot].add(transaction.amount.minorUnits) } else { sums[slot].subtract(transaction.amount.minorUnits) }
        }

        mutating func merge(_ other: Totals) {
            for (index, currency) in other.currencies.enumerated() {
                if let slot = currencies.firstIndex(of: currency) {
                    sums[slot].add(other.sums[index])
                } else {
                    currencies.append(currency)
                    sums.append(other.sums[index])
                }
            }
        }

        /// The totals as money, or the currency whose total does not fit.
        func money() throws(MoneyError) -> [Money] {
            try zip(currencies, sums).map { (currency, sum) throws(MoneyError) -> Money in
                guard !sum.overflowed else { throw MoneyError(.overflow, currency: currency) }
                return Money(minorUnits: sum.value, currency: currency)
            }
        }
    }

    /// Formats every row of `listing` with `format` (which writes one line, newline included)
    /// and hands the bytes to the console in order; returns the totals per currency.
    @discardableResult
    static func write(_ listing: TransactionListing, to console: Console, readsInput: Bool = true,
                      format: @escaping @Sendable (Transaction, inout ByteBuffer) -> Void) -> Totals {
        func run(_ range: Range<Int>) -> (bytes: ByteBuffer, totals: Totals) {
            var out = ByteBuffer(capacity: range.count * 160)
            var totals = Totals()
            let cursor = ListingCursor(readsInput: readsInput)
            for index in range {
                let transaction = listing.transaction(at: index, cursor: cursor)
                totals.add(transaction)
                format(transaction, &out)
            }
            return (out, totals)
        }
        var totals = Totals()
        var start = 0
        while start < listing.count {
            let end = min(listing.count, start + chunk)
            if end - start < parallelThreshold {
                let part = run(start..<end)
                part.bytes.withBytes(console.append)
                totals.merge(part.totals)
            } else {
                // Both threads take pieces in turn until none is left: rows cost unequally (a
                // thread that reads the journal's next window waits for the disk), so two fixed
                // halves left one thread idle for a third of the time.
                let lower = start
                let count = (end - start + piece - 1) / piece
                let parts = UnsafeMutableBufferPointer<(bytes: ByteBuffer, totals: Totals)?>.allocate(capacity: count)
                parts.initialize(repeating: nil)
                defer { parts.deinitialize().deallocate() }
                let next = PieceCounter()
                func work() {
                    while true {
                        let k = next.take()
                        guard k < count else { return }
                        let from = lower + k * piece
                        parts[k] = run(from..<min(end, from + piece))
                    }
                }
                nonisolated(unsafe) let share = work
                TwoThreads.run(work, { share() })
                for k in 0..<count {
                    parts[k]!.bytes.withBytes(console.append)
                    totals.merge(parts[k]!.totals)
                }
            }
            start = end
        }
        return totals
    }
}
