// EncodedRun: consecutive backup lines the fast decoder read and the caller's encoder encoded,
// handed on together rather than one by one: their ids in order and their records one after
// another (each the fields and a newline), ready to be spooled in one copy. Valid only during
// the call that receives it (the bytes live in the reader's buffers).

import KassaCore

public struct EncodedRun: EncodedRows {
    /// The rows' ids as given (0 when a line had none), in order.
    public let ids: UnsafeBufferPointer<Int>
    /// The rows' records, each the encoder's bytes followed by a newline.
    public let records: UnsafeBufferPointer<UInt8>
    /// The lines' bytes (blank lines among them), for the few rows a caller shows.
    let lines: UnsafeBufferPointer<UInt8>

    /// Row `k`'s whole transaction, read from its line again (for the first rows shown).
    public func transaction(_ k: Int) -> Transaction {
        var decoder = BackupLineDecoder()
        var seen = 0
        let base = lines.baseAddress!
        var at = 0
        while at < lines.count {
            let end = BackupBlock.lineEnd(base, at, lines.count)
            let line = BackupBlock.trimmed(base, at, end)
            if !line.isEmpty {
                if seen == k { return decoder.transaction(UnsafeBufferPointer(start: base + line.lowerBound, count: line.count))! }
                seen += 1
            }
            at = end + 1
        }
        preconditionFailure("row \(k) of a run of \(count)")
    }
}
