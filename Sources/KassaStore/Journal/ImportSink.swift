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
    }

    /// Takes one transaction (id 0 when it has none). Returns false when it was skipped as already
    /// present. Throws `.invalid` for an amount or date out of the journal's bounds: the import
    /// then writes nothing.
    @discardableResult
    public func add(_ t: Transaction) throws -> Bool { try add(t, encoded: nil) }

    /// The same, with the transaction's record fields already encoded by `encode` (a reader
    /// does that on the thread that decoded it, so the loop that hands rows in only copies the
    /// bytes): they must be exactly `encode(t)`'s.
    @discardableResult
    public func add(_ t: Transaction, encoded: UnsafeBufferPointer<UInt8>?) throws -> Bool {
        if let problem = RecordBounds.problem(in: t) { throw StoreError(.invalid, path: journal.path, detail: problem) }
        if skipExisting, isPresent(t) {
            skipped += 1
            return false
        }
        count += 1
        track(t.id)
        if let spool {
            if let encoded {
                try spool.append(encoded)
            } else {
                body.removeAll(keepingCapacity: true)
                RecordCodec.appendTransaction(t, to: &body)
                try spool.append(&body)
            }
        }
        return true
    }

    /// Appends `t`'s record fields as the journal writes them (each preceded by a tab, the id
    /// first) to `out`: what `add(_:encoded:)` takes. Pure, so any thread may call it.
    public static func encode(_ t: Transaction, to out: inout [UInt8]) {
        RecordCodec.appendTransaction(t, to: &out)
    }

    /// Whether the rows are written (false in a preview, which only counts).
    public var writes: Bool { spool != nil }

    /// Whether the journal has any live transaction (an import into an empty one has nothing to skip).
    public var journalIsEmpty: Bool { journal.state.liveCount == 0 }

    /// The live transactions dated `date` (as the journal is now, under the import's lock).
    public func existing(on date: CivilDate) -> [Transaction] {
        entries(on: Int32(date.daysSinceEpoch)).map(journal.materialize)
    }

    /// Whether the ids given can be kept: all unused so far, distinct, and not far beyond the
    /// journal's (ids index dense arrays: a stray huge id would cost memory).
    var keepsIDs: Bool {
        count > 0 && distinct && firstID != 0 && highestID < min(JournalState.maxIDAllowed, floor + 2 * count + 10_000)
    }

    func forEachRecord(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws { try spool?.forEachRecord(body) }

    /// Bytes spooled (the records' fields), to make room in the journal's buffer once.
    var spooledBytes: Int { spool?.count ?? 0 }

    private func track(_ id: Int) {
        if count == 1 { firstID = id }
        lastID = id
        guard distinct else { return }
        // Distinctness by a bitmap over floor ..< maxIDAllowed (grown as ids come; 8 MB at most)
        // rather than a Set of a million Ints.
        guard id >= floor, id < JournalState.maxIDAllowed else { distinct = false; return }
        let bit = id - floor
        if bit >> 6 >= seen.count { seen.append(contentsOf: repeatElement(0, count: max(bit >> 6 + 1 - seen.count, seen.count))) }
        let mask: UInt64 = 1 << UInt64(bit & 63)
        guard seen[bit >> 6] & mask == 0 else { distinct = false; seen = []; return }
        seen[bit >> 6] |= mask
        if id > highestID { highestID = id }
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

    /// What makes two entries "the same" for an id-less import line.
    private struct Fingerprint: Hashable {
        var days: Int
        var amount: Int64
        var currency: String
        var account: String?
        var note: String
        init(_ t: Transaction) {
            days = t.date.daysSinceEpoch
            amount = t.amount.minorUnits
            currency = t.amount.currency.code
            account = t.account
            note = t.note
        }
    }
}
