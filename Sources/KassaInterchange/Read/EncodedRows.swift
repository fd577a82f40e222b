// EncodedRows: what a reader that encodes rows for the journal itself hands on, a run at a time
// (EncodedRun for a backup, CSVRun for a CSV): the ids and records go to the journal in one go,
// and a row's whole transaction is made again only for the few rows shown.

import KassaCore

public protocol EncodedRows {
    /// The rows' ids as given (0 when a row had none), in order.
    var ids: UnsafeBufferPointer<Int> { get }
    /// The rows' records, each the encoder's bytes followed by a newline.
    var records: UnsafeBufferPointer<UInt8> { get }
    /// Row `k`'s whole transaction, read again from its source.
    func transaction(_ k: Int) -> Transaction
}

extension EncodedRows {
    /// How many rows.
    public var count: Int { ids.count }
}
