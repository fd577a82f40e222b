// ReadAhead: the second core's share of opening a big journal. While the reading loop parses
// and applies one stretch of lines itself, a helper thread verifies and parses the stretch after
// it into rows (checksum, field split, parseRecord — the costly, stateless part); the loop then
// applies those rows in order on its own thread, so every invariant is still checked in one place.
// The helper stops at the first line it cannot take as-is; the loop reads that line itself and
// reports it exactly as a one-thread read would.

/// One line the helper read: its parsed record (labels and currency numbered by the helper's own
/// tables), where the next line starts, and the change fields.
struct ReadyLine {
    var entry: Entry
    var number: Int64
    var part: Int
    var parts: Int
    var next: Int
}

final class ReadAhead: @unchecked Sendable {
    /// Bytes of a stretch the helper takes; small enough that its rows cost a few MB.
    static let stretch = 4 << 20
    /// Below this many unread bytes one thread does it all (a thread costs more than it saves).
    static let minimum = 4 << 20

    let start: Int
    let target: Int
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private let trusted: Bool
    /// Written by the helper, read only after `join`.
    var rows: [ReadyLine] = []
    /// Records that are not transaction rows (undo targets, accounts, lessons, objects); a row with
    /// a non-entry op stands for `others[row.entry.id]`.
    var others: [ParsedRecord] = []
    /// The helper's own label and currency tables.
    var scratch = JournalState()
    /// Where the helper stopped: the start of the first line it did not read.
    private(set) var stop: Int
    private var thread: HelperThread?

    /// Reads lines from `start` (a line start) until the one that crosses `target` is done.
    init(base: UnsafePointer<UInt8>, end: Int, start: Int, target: Int, trusted: Bool) {
        self.base = base
        self.end = end
        self.start = start
        self.target = target
        stop = start
        self.trusted = trusted
    }

    /// Starts the helper thread (when none can be made, `join` reads the stretch instead).
    func launch() {
        thread = HelperThread { [self] in work() }
    }

    func join() {
        thread?.join()
        thread = nil
    }

    private func work() {
        // About one row per 100 bytes (a commit line is 80-130): room without doubling the peak.
        rows.reserveCapacity((target - start) / 100 + 16)
        let fields = UnsafeMutablePointer<Int>.allocate(capacity: RecordFields.boundsCapacity)
        defer { fields.deallocate() }
        var pos = start
        defer { stop = pos }
        while pos < end, pos <= target {
            guard let lfPointer = memchrLF(base + pos, end - pos) else { return }
            let lf = lfPointer - base
            guard let lineEnd = trusted ? RecordLine.bodyEnd(base, start: pos, lf: lf) : RecordLine.verifiedEnd(base, start: pos, lf: lf),
                  let n = RecordFields.split(base, from: pos + RecordLine.bodyOffset, to: lineEnd, into: fields),
                  let (number, part, parts, op) = RecordFields.head(base, fields: fields, count: n),
                  let record = scratch.parseRecord(op: op, base: base, fields: fields, count: n, offset: pos) else { return }
            var entry: Entry
            if case .entry(let e) = record {
                entry = e
            } else {
                entry = Entry(offset: pos, amount: 0, id: Int32(others.count), change: -1, prev: -1, days: 0, category: 0,
                              account: 0, toAccount: 0, op: op, type: .expense, currency: 0)
                others.append(record)
            }
            pos = lf + 1
            rows.append(ReadyLine(entry: entry, number: number, part: part, parts: parts, next: pos))
        }
    }
}

extension ReadAhead {
    /// The helper's rows as the reading loop takes them, with its label and currency numbers
    /// turned into the journal's. Numbers are given on first use, in line order, so the journal's
    /// tables come out exactly as a one-thread read makes them.
    struct Rows {
        private var rows: [ReadyLine] = []
        private var others: [ParsedRecord] = []
        private var scratch = JournalState()
        private var cursor = 0
        /// By helper label number: the journal's, or 0 when not yet asked.
        private var labelMap: [UInt32] = []
        /// By helper currency number: the journal's, or -1 when not yet asked.
        private var currencyMap: [Int16] = []

        init() {}

        init(_ helper: ReadAhead) {
            rows = helper.rows
            others = helper.others
            scratch = helper.scratch
            labelMap = [UInt32](repeating: 0, count: scratch.labels.count)
            currencyMap = [Int16](repeating: -1, count: scratch.currencies.count)
        }

        var isEmpty: Bool { cursor >= rows.count }

        /// The row of the line at `pos`, or nil (and no more rows) when the next row is not that
        /// line or cannot be taken as-is: the loop then reads the line itself.
        mutating func take(at pos: Int, into state: inout JournalState)
            -> (number: Int64, part: Int, parts: Int, op: RecordOp, record: ParsedRecord, next: Int)? {
            guard cursor < rows.count else { return nil }
            let row = rows[cursor]
            guard row.entry.offset == pos else { return drop() }
            let record: ParsedRecord
            switch row.entry.op {
            case .commit, .importBatch, .edit, .delete:
                var e = row.entry
                if e.op != .delete {
                    guard let currency = currency(e.currency, &state) else { return drop() }
                    e.currency = currency
                    e.category = label(e.category, &state)
                    e.account = label(e.account, &state)
                    e.toAccount = label(e.toAccount, &state)
                    // The helper noted the line's exchange target (by offset) in its own tables.
                    if let target = scratch.exchanges[pos] {
                        guard let number = self.currency(target.currency, &state) else { return drop() }
                        state.exchanges[pos] = ExchangeTarget(amount: target.amount, currency: number)
                    } else if !state.exchanges.isEmpty {
                        state.exchanges.removeValue(forKey: pos)
                    }
                }
                record = .entry(e)
            default:
                record = others[Int(row.entry.id)]
            }
            cursor += 1
            return (row.number, row.part, row.parts, row.entry.op, record, row.next)
        }

        private mutating func drop() -> (number: Int64, part: Int, parts: Int, op: RecordOp, record: ParsedRecord, next: Int)? {
            cursor = rows.count
            rows = []
            others = []
            return nil
        }

        private mutating func label(_ mine: UInt32, _ state: inout JournalState) -> UInt32 {
            if mine == 0 { return 0 }
            if labelMap[Int(mine)] == 0 {
                labelMap[Int(mine)] = scratch.labels.withKey(mine) { state.labels.intern($0, $1) }
            }
            return labelMap[Int(mine)]
        }

        private mutating func currency(_ mine: UInt8, _ state: inout JournalState) -> UInt8? {
            if currencyMap[Int(mine)] < 0 {
                let key = scratch.currencyKeys[Int(mine)]
                let code: [UInt8] = [UInt8(key >> 16), UInt8((key >> 8) & 0xFF), UInt8(key & 0xFF)]
                guard let number = code.withUnsafeBufferPointer({ state.currencyNumber($0.baseAddress!, 3) }) else { return nil }
                currencyMap[Int(mine)] = Int16(number)
            }
            return UInt8(currencyMap[Int(mine)])
        }
    }
}
