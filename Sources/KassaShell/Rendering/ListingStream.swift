// ListingStream: writes a long listing through the console in chunks, each chunk formatted by
// two threads (rows are materialized from the journal's read-only memory, safe to share), so
// `kassa list` of a million rows uses both cores and never holds more than a chunk of text.
// Each row also adds to the totals per currency (income adds, expenses subtract, transfers
// move money between own accounts and add nothing), checked for overflow.

import KassaCore
import KassaStore

enum ListingStream {
    /// Rows per chunk: large enough to keep both threads busy, small enough to stay in cache.
    static let chunk = 8_192
    /// Below this a listing is formatted on one thread.
    static let parallelThreshold = 2_048

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
    static func write(_ listing: TransactionListing, to console: Console,
                      format: @escaping @Sendable (Transaction, inout ByteBuffer) -> Void) -> Totals {
        func run(_ range: Range<Int>) -> (bytes: ByteBuffer, totals: Totals) {
            var out = ByteBuffer(capacity: range.count * 160)
            var totals = Totals()
            for index in range {
                let transaction = listing[index]
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
                let middle = (start + end) / 2
                nonisolated(unsafe) var second: (bytes: ByteBuffer, totals: Totals)? = nil
                var first: (bytes: ByteBuffer, totals: Totals)? = nil
                let lower = start
                TwoThreads.run({ first = run(lower..<middle) }, { second = run(middle..<end) })
                first!.bytes.withBytes(console.append)
                second!.bytes.withBytes(console.append)
                totals.merge(first!.totals)
                totals.merge(second!.totals)
            }
            start = end
        }
        return totals
    }
}
