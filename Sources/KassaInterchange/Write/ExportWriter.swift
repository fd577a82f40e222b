// ExportWriter: what every export format does — a preamble, one transaction at a time, an
// ending — appending bytes to a buffer the caller flushes (to the console or a file) as it
// grows, so a million transactions never sit in memory as one output.

import KassaCore

public protocol ExportWriter {
    /// The header, declarations and anything else that comes before the first transaction.
    mutating func begin(_ out: inout [UInt8])
    mutating func append(_ transaction: Transaction, to out: inout [UInt8])
    /// Anything after the last transaction.
    mutating func end(_ out: inout [UInt8])
}

extension ExportWriter {
    public mutating func begin(_ out: inout [UInt8]) {}
    public mutating func end(_ out: inout [UInt8]) {}

    /// The whole export as one string (tests, small sets).
    public mutating func text(_ transactions: some Sequence<Transaction>) -> String {
        var out: [UInt8] = []
        begin(&out)
        for transaction in transactions { append(transaction, to: &out) }
        end(&out)
        return String(decoding: out, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    @inline(__always) mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
    @inline(__always) mutating func add(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
