// CSVBlock: a stretch of a CSV's data rows (CSVReader's encoded reading), cut at line ends into
// pieces that the two decoding threads take in turn — whichever is free takes the next, as
// BackupBlock does for a backup. Each piece is read into its own buffers: rows the fast path
// reads become runs (their ids, their encoded records, their counts by type and account); the
// others are read the careful way there and then, into a transaction to hand on or a problem
// with its line (counted from the piece's first line). A cut can fall inside a quoted cell that
// holds a line break: the piece before then reads past its end, and the reader, walking the
// pieces in order, sees that the next one started inside a row and reads that one again itself.

import KassaCore
import Synchronization

final class CSVBlock {
    /// What a piece's rows became, in order.
    enum Item {
        /// Consecutive rows the fast path read: the piece's ids `rows`, its record bytes `bytes`,
        /// and where the first row starts in the table.
        case run(rows: Range<Int>, bytes: Range<Int>, start: Int)
        /// A row read the careful way, for the caller to check and take whole.
        case transaction(Transaction)
        /// A bad row: its line in the piece (from 0) and what is wrong.
        case problem(line: Int, ImportProblem)
    }

    /// A part of the block and what it became.
    final class Piece {
        var start = 0, end = 0
        /// Where its rows ended: past `end` when the last one's quoted cell ran over the cut.
        var reached = 0
        /// Lines the piece's rows took (line breaks in quoted cells too, blank lines too).
        var lines = 0
        var items: [Item] = []
        var ids: [Int] = []
        var records = RecordBytes()
        var counts = RowCounts()
        /// Unknown category names of its rows, with how many rows named them.
        var unknown: [String: Int] = [:]
    }

    /// One decoding thread's own state: its reader (whose labels key the counts) and the account
    /// counts of the piece in hand.
    final class Lane {
        var reader: CSVRowReader
        /// Rows by account label key; the last slot: rows without an account.
        var accounts = [Int](repeating: 0, count: CSVLabels.maxLabels + 1)
        var touched: [Int] = []

        init(_ reader: CSVRowReader) {
            self.reader = reader
        }
    }

    private let encode: BackupReader.Encode
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private(set) var pieces: [Piece] = []
    /// Pieces of the current stretch (the rest of `pieces` are kept for their buffers).
    private(set) var used = 0
    private let lanes: (Lane, Lane)
    private let claimed = Atomic<Int>(0)
    /// About this many bytes a piece (several hundred rows): many more pieces than threads.
    static let pieceSize = 32 << 10

    /// `base` is the table's first byte and `count` its length; `reader` makes each lane's reader.
    init(base: UnsafePointer<UInt8>, count: Int, encode: @escaping BackupReader.Encode, reader: () -> CSVRowReader) {
        self.base = base
        self.count = count
        self.encode = encode
        lanes = (Lane(reader()), Lane(reader()))
    }

    /// Cuts `range` of the table (from where a row starts, to a line end) into pieces for `decode`.
    func start(_ range: Range<Int>) {
        let wanted = max(1, min(64, range.count / CSVBlock.pieceSize))
        while pieces.count < wanted { pieces.append(Piece()) }
        used = wanted
        var cut = range.lowerBound
        for k in 0..<wanted {
            pieces[k].start = cut
            if k == wanted - 1 {
                cut = range.upperBound
            } else {
                let target = max(cut, range.lowerBound + range.count / wanted * (k + 1))
                cut = target < range.upperBound ? min(BackupBlock.lineEnd(base, target, range.upperBound) + 1, range.upperBound)
                    : range.upperBound
            }
            pieces[k].end = cut
        }
        claimed.store(0, ordering: .relaxed)
    }

    /// Decodes pieces until none is left; `lane` 0 or 1, one per thread.
    func decode(lane: Int, table: CSVTable) {
        let lane = lane == 0 ? lanes.0 : lanes.1
        while true {
            let k = claimed.add(1, ordering: .relaxed).oldValue
            guard k < used else { return }
            let piece = pieces[k]
            CSVBlock.decode(piece, table: table, base: base, encode: encode, items: &piece.items, ids: &piece.ids,
                            records: &piece.records, counts: &piece.counts, reader: &lane.reader, accounts: &lane.accounts,
                            touched: &lane.touched)
            // Its unknown names, apart from the lane's: a piece read again is dropped with them.
            piece.unknown = [:]
            if !lane.reader.unknown.isEmpty { swap(&piece.unknown, &lane.reader.unknown) }
        }
    }

    /// One piece, by one thread: its buffers and the lane's passed in (one exclusivity check
    /// each per piece, none per row).
    private static func decode(_ piece: Piece, table: CSVTable, base: UnsafePointer<UInt8>, encode: BackupReader.Encode,
                               items: inout [Item], ids: inout [Int], records: inout RecordBytes, counts: inout RowCounts,
                               reader: inout CSVRowReader, accounts: inout [Int], touched: inout [Int]) {
        items.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
        records.count = 0
        counts = RowCounts()
        var types = (0, 0, 0)
        let none = CSVLabels.maxLabels
        // The run being made: its first row, byte and row start (-1: none yet).
        var runRows = 0, runBytes = 0, runStart = -1
        var cursor = CSVTable.Cursor(table, at: piece.start, line: 0, limit: piece.end)
        var rowStart = cursor.offset
        while let line = cursor.next() {
            defer { rowStart = cursor.offset }
            guard let row = reader.row(cursor.cells, base) else {
                if runStart >= 0 {
                    items.append(.run(rows: runRows..<ids.count, bytes: runBytes..<records.count, start: runStart))
                    runStart = -1
                }
                switch reader.transaction(cursor.cells) {
                case .success(let t): items.append(.transaction(t))
                case .failure(let problem): items.append(.problem(line: line, problem))
                }
                continue
            }
            if runStart < 0 { runStart = rowStart; runRows = ids.count; runBytes = records.count }
            records.append(bound: row.encodedBound) { encode(row, &$0) }
            ids.append(row.id)
            switch row.type {
            case .expense: types.0 += 1
            case .income: types.1 += 1
            case .transfer: types.2 += 1
            }
            let key = row.accountKey < 0 ? none : row.accountKey
            if accounts[key] == 0 { touched.append(key) }
            accounts[key] += 1
            if row.toAccountKey >= 0 {
                if accounts[row.toAccountKey] == 0 { touched.append(row.toAccountKey) }
                accounts[row.toAccountKey] += 1
            }
        }
        if runStart >= 0 {
            items.append(.run(rows: runRows..<ids.count, bytes: runBytes..<records.count, start: runStart))
        }
        piece.reached = cursor.offset
        piece.lines = cursor.line
        // The counts by name, while this thread still owns its reader (its labels).
        counts.expense = types.0
        counts.income = types.1
        counts.transfer = types.2
        counts.accounts.reserveCapacity(touched.count)
        for key in touched {
            counts.accounts.append((key == none ? nil : reader.labels.values[key], accounts[key]))
            accounts[key] = 0
        }
        touched.removeAll(keepingCapacity: true)
    }
}
