// CSVRun: consecutive CSV rows the fast path read (CSVRowReader.row) and the caller's encoder
// encoded, handed on together, as EncodedRun is for a backup: their ids in order and their
// records one after another (each the fields and a newline), ready to be spooled in one copy.
// Valid only during the call that receives it (the bytes live in the reader's buffers).

import KassaCore

public struct CSVRun: EncodedRows {
    /// The rows' ids as given (0 when a row had none), in order.
    public let ids: UnsafeBufferPointer<Int>
    /// The rows' records, each the encoder's bytes followed by a newline.
    public let records: UnsafeBufferPointer<UInt8>
    /// A reader of the file (its caches are copied, never shared) and where the first row starts.
    let reader: CSVRowReader
    let start: Int

    /// Row `k`'s whole transaction, read the careful way from its cells again (for the first rows
    /// shown).
    public func transaction(_ k: Int) -> Transaction {
        var reader = reader
        var cursor = CSVTable.Cursor(reader.table, at: start, line: 0, limit: reader.table.bytes.count)
        for _ in 0..<k { _ = cursor.next() }
        guard cursor.next() != nil, case .success(let t) = reader.transaction(cursor.cells) else {
            preconditionFailure("row \(k) of a run of \(count)")
        }
        return t
    }
}
