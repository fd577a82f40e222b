// BackupBlock: one block of a backup's lines (BackupReader), cut at line ends into pieces that the
// two decoding threads take in turn — whichever is free takes the next, so a thread slowed by
// the machine's other work does not hold the block up. Each piece is decoded into its own
// buffers: lines the fast decoder reads become runs (their ids, their encoded records, their
// counts by type and account), the others are noted for the careful path; the thread handing
// the block on then walks the pieces in order, a run at a time, never a row at a time.

#if canImport(Glibc)
import Glibc
#endif

import KassaCore
import Synchronization

final class BackupBlock {
    /// What a piece's lines became, in order.
    enum Item {
        /// Consecutive lines the fast decoder read (blank ones among them): the piece's ids
        /// `rows`, its record bytes `bytes`, and the lines' bytes `span` in the block.
        case run(rows: Range<Int>, bytes: Range<Int>, span: Range<Int>)
        /// A line the fast decoder read, when nothing is encoded.
        case transaction(Transaction)
        /// A line for the careful path: its number in the piece (from 0) and its bytes (trimmed).
        case careful(line: Int, span: Range<Int>)
    }

    /// A part of the block and what it became.
    final class Piece {
        var start = 0, end = 0
        /// Lines in the piece (blank ones too).
        var lines = 0
        var items: [Item] = []
        var ids: [Int] = []
        var records = RecordBytes()
        var counts = RowCounts()
    }

    /// One decoding thread's own state: its decoder (whose label keys the counts use) and the
    /// account counts of the piece in hand.
    final class Lane {
        var decoder = BackupLineDecoder()
        /// Rows by account key (BackupLineDecoder.label): 0..<256 known labels, 256 none.
        var accounts = [Int](repeating: 0, count: 257)
        var touched: [Int] = []
        /// Accounts past the decoder's known labels (a file with hundreds of them).
        var others: [String: Int] = [:]
    }

    private let encode: BackupReader.Encode?
    private(set) var pieces: [Piece] = []
    /// Pieces of the current block (the rest of `pieces` are kept for their buffers).
    private(set) var used = 0
    private let lanes = (Lane(), Lane())
    private let claimed = Atomic<Int>(0)
    private var block = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// About this many bytes a piece (a few hundred lines): many more pieces than threads.
    private static let pieceSize = 128 << 10

    init(encode: BackupReader.Encode?) {
        self.encode = encode
    }

    /// Cuts `block` (whole lines) into pieces for `decode`.
    func start(_ block: UnsafeBufferPointer<UInt8>) {
        self.block = block
        let count = block.count
        let wanted = max(1, min(64, count / BackupBlock.pieceSize))
        while pieces.count < wanted { pieces.append(Piece()) }
        used = wanted
        guard let base = block.baseAddress else {
            for piece in pieces { piece.start = 0; piece.end = 0 }
            return
        }
        var cut = 0
        for k in 0..<wanted {
            pieces[k].start = cut
            if k == wanted - 1 {
                cut = count
            } else {
                let target = max(cut, count / wanted * (k + 1))
                cut = target < count ? BackupBlock.lineEnd(base, target, count) + 1 : count
                cut = min(cut, count)
            }
            pieces[k].end = cut
        }
        claimed.store(0, ordering: .relaxed)
    }

    /// Decodes pieces until none is left; `lane` 0 or 1, one per thread.
    func decode(lane: Int) {
        let lane = lane == 0 ? lanes.0 : lanes.1
        while true {
            let k = claimed.add(1, ordering: .relaxed).oldValue
            guard k < used else { return }
            BackupBlock.decode(pieces[k], in: block, lane: lane, encode: encode)
        }
    }

    /// Where the line at `at` ends: its LF, or `count`.
    @inline(__always)
    static func lineEnd(_ base: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> Int {
        guard let found = memchr(base + at, 10, count - at) else { return count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// A line's bounds without a CR before its LF and spaces and tabs around (empty when blank).
    @inline(__always)
    static func trimmed(_ base: UnsafePointer<UInt8>, _ at: Int, _ end: Int) -> Range<Int> {
        var first = at, last = end
        while last > first, base[last - 1] == 13 || base[last - 1] == 32 || base[last - 1] == 9 { last -= 1 }
        while first < last, base[first] == 32 || base[first] == 9 { first += 1 }
        return first..<last
    }

    /// One piece, by one thread: its buffers and the lane's passed in (one exclusivity check
    /// each per piece, none per row).
    private static func decode(_ piece: Piece, in block: UnsafeBufferPointer<UInt8>, lane: Lane, encode: BackupReader.Encode?) {
        piece.lines = decode(piece.start..<piece.end, in: block, encode: encode, items: &piece.items, ids: &piece.ids,
                             records: &piece.records, counts: &piece.counts, decoder: &lane.decoder,
                             accounts: &lane.accounts, touched: &lane.touched, others: &lane.others)
    }

    /// Decodes the lines of `range`; returns how many there are (blank ones too).
    private static func decode(_ range: Range<Int>, in block: UnsafeBufferPointer<UInt8>, encode: BackupReader.Encode?,
                               items: inout [Item], ids: inout [Int], records: inout RecordBytes, counts: inout RowCounts,
                               decoder: inout BackupLineDecoder, accounts: inout [Int], touched: inout [Int],
                               others: inout [String: Int]) -> Int {
        items.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
        records.count = 0
        counts = RowCounts()
        guard let base = block.baseAddress else { return 0 }
        var types = (0, 0, 0)
        var lines = 0
        // The run being made: its first row, byte and line start (-1: none yet), its last line end.
        var runRows = 0, runBytes = 0, runStart = -1, runEnd = 0
        var at = range.lowerBound
        let end = range.upperBound
        while at < end {
            let stop = lineEnd(base, at, end)
            let line = trimmed(base, at, stop)
            defer { lines += 1; at = stop + 1 }
            guard !line.isEmpty else { continue }
            let bytes = UnsafeBufferPointer(start: base + line.lowerBound, count: line.count)
            guard let encode else {
                if let t = decoder.transaction(bytes) {
                    items.append(.transaction(t))
                } else {
                    items.append(.careful(line: lines, span: line))
                }
                continue
            }
            guard let row = decoder.row(bytes) else {
                if runStart >= 0 {
                    items.append(.run(rows: runRows..<ids.count, bytes: runBytes..<records.count, span: runStart..<runEnd))
                    runStart = -1
                }
                items.append(.careful(line: lines, span: line))
                continue
            }
            if runStart < 0 { runStart = line.lowerBound; runRows = ids.count; runBytes = records.count }
            runEnd = line.upperBound
            records.append(bound: row.encodedBound) { encode(row, &$0) }
            ids.append(row.id)
            switch row.type {
            case .expense: types.0 += 1
            case .income: types.1 += 1
            case .transfer: types.2 += 1
            }
            // Accounts by the decoder's label key: 256 for none; past the known labels, by name.
            let key = row.accountKey == -1 ? 256 : row.accountKey
            if key >= 0 {
                if accounts[key] == 0 { touched.append(key) }
                accounts[key] += 1
            } else {
                others[row.account!, default: 0] += 1
            }
            if row.toAccountKey >= 0 {
                if accounts[row.toAccountKey] == 0 { touched.append(row.toAccountKey) }
                accounts[row.toAccountKey] += 1
            } else if row.toAccountKey == -2 {
                others[row.toAccount!, default: 0] += 1
            }
        }
        if runStart >= 0 {
            items.append(.run(rows: runRows..<ids.count, bytes: runBytes..<records.count, span: runStart..<runEnd))
        }
        // The counts by name, while this thread still owns its decoder (its labels).
        counts.expense = types.0
        counts.income = types.1
        counts.transfer = types.2
        counts.accounts.reserveCapacity(touched.count + others.count)
        for key in touched {
            counts.accounts.append((key == 256 ? nil : decoder.label(key), accounts[key]))
            accounts[key] = 0
        }
        touched.removeAll(keepingCapacity: true)
        for (name, n) in others { counts.accounts.append((name, n)) }
        others.removeAll(keepingCapacity: true)
        return lines
    }
}

/// A growing byte buffer written through raw pointers (one capacity check per record).
struct RecordBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var count = 0
    /// Owns the memory: freed with the last copy of the struct's box.
    private var owner: Owner

    private final class Owner {
        var pointer: UnsafeMutablePointer<UInt8>
        init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
        deinit { pointer.deallocate() }
    }

    init(capacity: Int = 1 << 16) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
        owner = Owner(base)
    }

    /// Appends one record: `write` puts its fields (at most `bound` bytes), then a newline.
    @inline(__always)
    mutating func append(bound: Int, _ write: (inout ByteCursor) -> Void) {
        reserve(bound + 1)
        var cursor = ByteCursor(base + count)
        write(&cursor)
        // Past the bound the encoder overwrote memory: stop rather than spool it.
        precondition(cursor.count <= bound, "a record took more room than its bound")
        cursor.put(10)
        count += cursor.count
    }

    /// Makes room for `more` bytes after `count`.
    @inline(__always)
    mutating func reserve(_ more: Int) {
        if capacity - count < more { grow(count + more) }
    }

    private mutating func grow(_ needed: Int) {
        let size = max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        bigger.update(from: base, count: count)
        owner.pointer.deallocate()
        owner.pointer = bigger
        base = bigger
        capacity = size
    }

    /// The bytes `range` of what was written.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
