// ImportSink: what a streamed import hands its transactions to, one at a time, while the file is
// read (Journal.importChange). Each transaction is checked against the record bounds and encoded
// into the spool at once, so neither the file nor its decoded transactions are ever held whole.
// The sink also keeps what the write needs at the end: how many there are, whether their ids can
// be kept (all unused, distinct, not far beyond the journal's), and the first and last id.
// Duplicates: with `skipExisting`, a transaction whose id is live is skipped, and an id-less one
// matching a live transaction's fingerprint (date, amount, currency, account, note; each live
// transaction absorbing one) too. `existing(on:)` gives a reader's own duplicate rule the live
// transactions of a day, from a day index built on first use.

import KassaCore

public final class ImportSink {
    private unowned let journal: Journal
    private let skipExisting: Bool
    /// nil when only counting (a preview): nothing is encoded.
    private let spool: ImportSpool?
    private var body: [UInt8] = []
    /// Transactions taken (to be written).
    public private(set) var count = 0
    /// Transactions skipped as already present (`skipExisting`).
    public private(set) var skipped = 0
    /// The ids as given: first and last taken, and whether they can be kept.
    private(set) var firstID = 0
    private(set) var lastID = 0
    private let floor: Int
    private var highestID = 0
    private var distinct = true
    /// The ids given are one increasing run (each the one before plus one).
    private(set) var run = true
    private var seen: [UInt64] = []
    /// Live entry indices by day, built on first use.
    private var days: [Int32: [Int32]]?
    /// Fingerprints of live transactions of the days already looked at (`skipExisting`).
    private var present: [Fingerprint: Int] = [:]
    private var looked: Set<Int32> = []

    init(journal: Journal, skipExisting: Bool, spool: ImportSpool?) {
        self.journal = journal
        self.skipExisting = skipExisting
        self.spool = spool
        floor = journal.state.nextFreeID
        body.reserveCapacity(512)
        // Skipping what is present compares with the text of transactions on every imported day.
        if skipExisting { journal.readHole() }
    }

    /// Takes one transaction (id 0 when it has none). Returns false when it was skipped as already
    /// present. Throws `.invalid` for an amount or date out of the journal's bounds: the import
    /// then writes nothing.
    @discardableResult
    public func add(_ t: Transaction) throws -> Bool {
        if let problem = RecordBounds.problem(in: t) { throw StoreError(.invalid, path: journal.path, detail: problem) }
        if skipExisting, isPresent(t) {
            skipped += 1
            return false
        }
        track(t.id)
        if let spool {
            body.removeAll(keepingCapacity: true)
            TransactionRecord.append(t, to: &body)
            try spool.append(&body)
        }
        return true
    }

    /// Takes rows whose records a reader encoded with `encode(id:type:...)`, without a
    /// Transaction: their ids in order and their records one after another, each the fields and
    /// a newline. For a sink that skips nothing (`skipExisting` false), and only with fields the
    /// reader checked against the bounds (an amount of at most 12 whole digits, a supported
    /// date). The replay after the write verifies every record again all the same.
    public func add(ids: UnsafeBufferPointer<Int>, records: UnsafeBufferPointer<UInt8>) throws {
        precondition(!skipExisting, "a sink that skips rows needs the transaction")
        track(ids)
        try spool?.append(records: records)
    }

    /// Appends the record fields of a transaction given field by field — the note and input as
    /// UTF-8 bytes — through the one encoder a save uses too (TransactionRecord): a reader encodes
    /// straight from its file's bytes, no Transaction or String made.
    public static func encode(id: Int, type: TransactionType, amount: Money, date: CivilDate, time: TimeOfDay?,
                              category: String?, account: String?, toAccount: String?, recurrence: Recurrence?,
                              note: UnsafeBufferPointer<UInt8>, input: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let texts = note.count + input.count + (category?.utf8.count ?? 0) + (account?.utf8.count ?? 0) + (toAccount?.utf8.count ?? 0)
        out.appendWritten(atMost: 2 * texts + 160) { cursor in
            encode(id: id, type: type, amount: amount, date: date, time: time, category: category, account: account,
                   toAccount: toAccount, recurrence: recurrence, note: note, input: input, to: &cursor)
        }
    }

    /// The same through a cursor with room for at least 160 bytes and twice the texts' bytes
    /// (every byte escaped): the numbers, codes and tabs take about 100.
    public static func encode(id: Int, type: TransactionType, amount: Money, date: CivilDate, time: TimeOfDay?,
                              category: String?, account: String?, toAccount: String?, recurrence: Recurrence?,
                              note: UnsafeBufferPointer<UInt8>, input: UnsafeBufferPointer<UInt8>, to out: inout ByteCursor) {
        var category = category ?? "", account = account ?? "", toAccount = toAccount ?? ""
        category.withUTF8 { category in
            account.withUTF8 { account in
                toAccount.withUTF8 { toAccount in
                    encode(id: id, type: type, amount: amount, date: date, time: time, category: category, account: account,
                           toAccount: toAccount, recurrence: recurrence, note: note, input: input, to: &out)
                }
            }
        }
    }

    /// The same with the labels as UTF-8 bytes too (empty: none), as a reader has them.
    @inline(__always)
    public static func encode(id: Int, type: TransactionType, amount: Money, date: CivilDate, time: TimeOfDay?,
                              category: UnsafeBufferPointer<UInt8>, account: UnsafeBufferPointer<UInt8>,
                              toAccount: UnsafeBufferPointer<UInt8>, recurrence: Recurrence?,
                              note: UnsafeBufferPointer<UInt8>, input: UnsafeBufferPointer<UInt8>,
                              to out: inout ByteCursor) {
        TransactionRecord.encode(id: id, type: type, amount: amount, date: date, time: time, category: category, account: account,
                                 toAccount: toAccount, recurrence: recurrence, note: note, input: input, to: &out)
    }

    /// Appends `t`'s record fields as the journal writes them (each preceded by a tab, the id
    /// first) to `out`, as `add(_:)` spools them.
    public static func encode(_ t: Transaction, to out: inout [UInt8]) {
        TransactionRecord.append(t, to: &out)
    }

    /// Whether the rows are written (false in a preview, which only counts).
    public var writes: Bool { spool != nil }

    /// Whether rows already in the journal are skipped here (then `add(id:encoded:)` is refused).
    public var skipsExisting: Bool { skipExisting }

    /// Whether the journal has any live transaction (an import into an empty one has nothing to skip).
    public var journalIsEmpty: Bool { journal.state.liveCount == 0 }

    /// The live transactions dated `date` (as the journal is now, under the import's lock).
    public func existing(on date: CivilDate) -> [Transaction] {
        entries(on: Int32(date.daysSinceEpoch)).map { journal.materialize($0) }
    }

    /// Whether the ids given can be kept: all unused so far, distinct, and not far beyond the
    /// journal's (ids index dense arrays: a stray huge id would cost memory).
    var keepsIDs: Bool {
        count > 0 && distinct && firstID != 0 && highestID < keepableLimit
    }

    /// Whether the ids given are new to the journal and distinct but lie too far beyond its own
    /// to be kept (a ledger folder's backup numbers a second device from #1000001).
    var tooFarToKeep: Bool {
        count > 0 && distinct && firstID != 0 && highestID >= keepableLimit
    }

    private var keepableLimit: Int { min(JournalState.maxIDAllowed, floor + 2 * count + 10_000) }

    /// The records a block at a time (whole records, each with its newline; valid during the call).
    func forEachBlock(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws { try spool?.forEachBlock(body) }

    /// Bytes spooled (the records' fields), to make room in the journal's buffer once.
    var spooledBytes: Int { spool?.count ?? 0 }

    /// Counts one more transaction in, as `track(_ ids:)` does a run of them.
    private func track(_ id: Int) {
        count += 1
        if count == 1 { firstID = id } else if id != lastID &+ 1 { run = false }
        lastID = id
        guard distinct else { return }
        guard id >= floor, id < JournalState.maxIDAllowed else { distinct = false; return }
        let bit = id - floor
        if bit >> 6 >= seen.count { seen.append(contentsOf: repeatElement(0, count: max(bit >> 6 + 1 - seen.count, seen.count))) }
        let mask: UInt64 = 1 << UInt64(bit & 63)
        guard seen[bit >> 6] & mask == 0 else { distinct = false; seen = []; return }
        seen[bit >> 6] |= mask
        if id > highestID { highestID = id }
    }

    /// Counts `ids` in (`count` grows by them), in order: the first and last, and whether they stay distinct and in range.
    /// Distinctness by a bitmap over floor ..< maxIDAllowed (grown as ids come; 8 MB at most)
    /// rather than a Set of a million Ints; a run of ids at a time, in a loop over locals.
    private func track(_ ids: UnsafeBufferPointer<Int>) {
        guard let first = ids.first, let last = ids.last else { return }
        if count == 0 { firstID = first } else if first != lastID &+ 1 { run = false }
        if run { for k in 1..<ids.count where ids[k] != ids[k - 1] &+ 1 { run = false; break } }
        count += ids.count
        lastID = last
        guard distinct else { return }
        var low = Int.max, high = Int.min
        for id in ids {
            low = min(low, id)
            high = max(high, id)
        }
        guard low >= floor, high < JournalState.maxIDAllowed else { distinct = false; seen = []; return }
        let words = (high - floor) >> 6 + 1
        var bitmap: [UInt64] = []
        swap(&bitmap, &seen)
        if words > bitmap.count { bitmap.append(contentsOf: repeatElement(0, count: max(words - bitmap.count, bitmap.count))) }
        let repeated = bitmap.withUnsafeMutableBufferPointer { bits -> Bool in
            for id in ids {
                let bit = id - floor
                let mask: UInt64 = 1 << UInt64(bit & 63)
                if bits[bit >> 6] & mask != 0 { return true }
                bits[bit >> 6] |= mask
            }
            return false
        }
        guard !repeated else { distinct = false; return }
        swap(&bitmap, &seen)
        if high > highestID { highestID = high }
    }

    private func entries(on day: Int32) -> [Int32] {
        if days == nil {
            var index: [Int32: [Int32]] = [:]
            let state = journal.state
            for id in 1..<max(state.current.count, 1) where state.current[id] >= 0 {
                index[state.entries[Int(state.current[id])].days, default: []].append(state.current[id])
            }
            days = index
        }
        return days?[day] ?? []
    }

    private func isPresent(_ t: Transaction) -> Bool {
        if t.id > 0 { return journal.state.exists(t.id) }
        let day = Int32(t.date.daysSinceEpoch)
        if looked.insert(day).inserted {
            for index in entries(on: day) { present[Fingerprint(journal.materialize(index)), default: 0] += 1 }
        }
        let key = Fingerprint(t)
        guard let left = present[key], left > 0 else { return false }
        present[key] = left - 1
        return true
    }

    /// What makes two entries "the same" for an id-less import line (the type too: a refund is
    /// not the purchase of the same amount).
    private struct Fingerprint: Hashable {
        var days: Int
        var type: TransactionType
        var amount: Int64
        var currency: String
        var account: String?
        var note: String
        init(_ t: Transaction) {
            days = t.date.daysSinceEpoch
            type = t.type
            amount = t.amount.minorUnits
            currency = t.amount.currency.code
            account = t.account
            note = t.note
        }
    }
}
