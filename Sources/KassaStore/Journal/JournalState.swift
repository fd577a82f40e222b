// JournalState: the journal replayed in memory. Every record line is parsed once (ingest, in
// JournalState+Reading.swift) into compact rows; the current state of each transaction id is the newest version written by a
// change that is still applied. Undo and redo only flip a change's `applied` flag and recompute
// the ids it touched, so they cost the same at 10 transactions and at a million.
//
// Invariants kept here (a record that breaks one is reported as corrupt, naming its line):
// - change numbers strictly increase; a change's parts are numbered 1/n ... n/n in order;
// - a commit or import introduces ids never used before in the journal;
// - edit and delete name a transaction that exists when the change is applied;
// - undo names an applied data change that no later applied change builds on (same ids);
//   redo names a change that is currently undone, with the same condition.
// - account, learn and object records (budgets, series, rates ...) belong to data changes only;
//   the newest applied version of an object's (kind, key) is the current one.

import KassaCore

/// 44 bytes, 4-byte aligned (the 64-bit offset and amount are stored as halves): at a million
/// records every byte of a row is a megabyte of every open.
struct Entry {
    private var offsetLow: UInt32
    private var amountLow: UInt32
    private var amountHigh: Int32
    var id: Int32
    /// Index into `changes` of the change that wrote this entry.
    var change: Int32
    /// The previous entry for the same id, or -1.
    var prev: Int32
    var days: Int32
    var category: UInt32
    var account: UInt32
    var toAccount: UInt32
    private var offsetHigh: UInt8
    var op: RecordOp
    var type: TransactionType
    var currency: UInt8

    init(offset: Int, amount: Int64, id: Int32, change: Int32, prev: Int32, days: Int32, category: UInt32,
         account: UInt32, toAccount: UInt32, op: RecordOp, type: TransactionType, currency: UInt8) {
        // Offsets up to 1 TB (40 bits); `precondition` rather than a silent wrap for anything bigger.
        precondition(offset >= 0 && offset < 1 << 40)
        offsetLow = UInt32(truncatingIfNeeded: offset)
        offsetHigh = UInt8(truncatingIfNeeded: offset >> 32)
        amountLow = UInt32(truncatingIfNeeded: amount)
        amountHigh = Int32(truncatingIfNeeded: amount >> 32)
        self.id = id
        self.change = change
        self.prev = prev
        self.days = days
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.op = op
        self.type = type
        self.currency = currency
    }

    /// Byte offset of the record line holding this version (to materialize a Transaction).
    var offset: Int { Int(offsetHigh) << 32 | Int(offsetLow) }
    var amount: Int64 { Int64(amountHigh) << 32 | Int64(amountLow) }
}

/// 24 bytes: a data change uses `first`/`count` for its entries, an undo or redo for its
/// targets (it has no entries, a data change no targets).
struct ChangeRecord {
    var number: Int64
    /// Line of the journal where the change's first record is.
    var line: Int32
    private var first: Int32
    private var count: Int32
    var op: RecordOp
    var applied: Bool

    init(number: Int64, line: Int32, firstEntry: Int32, entryCount: Int32, firstTarget: Int32, targetCount: Int32,
         op: RecordOp, applied: Bool) {
        self.number = number
        self.line = line
        self.op = op
        self.applied = applied
        first = op.isData ? firstEntry : firstTarget
        count = op.isData ? entryCount : targetCount
    }

    var firstEntry: Int32 { op.isData ? first : 0 }
    var entryCount: Int32 {
        get { op.isData ? count : 0 }
        set { precondition(op.isData); count = newValue }
    }
    var firstTarget: Int32 { op.isData ? 0 : first }
    var targetCount: Int32 {
        get { op.isData ? 0 : count }
        set { precondition(!op.isData); count = newValue }
    }
}

/// A currency exchange's target (what arrives in `toAccount`): minor units of the journal's
/// currency number `currency`. Kept beside the entries, by the byte offset of the record line,
/// because exchanges are few and a field in every 44-byte Entry would cost every journal.
struct ExchangeTarget: Equatable {
    var amount: Int64
    var currency: UInt8
}

/// One parsed, checksum-verified record line, before its change is complete.
enum ParsedRecord {
    case entry(Entry)
    case target(Int64)
    case account(Account, removed: Bool)
    case learn(String, String?)
    case object(ObjectRecord)
}

enum IngestOutcome: Equatable {
    /// Everything up to `end` was read.
    case clean
    /// From byte `offset` (line `line`) on, the bytes are a torn or garbled tail: no valid record follows.
    case tail(offset: Int, line: Int)
    /// A damaged or invalid record with valid records after it (or a valid record breaking an invariant).
    case corrupt(line: Int, detail: String)
}

struct JournalState {
    /// The journal's bytes as read, each at its offset in the file.
    var bytes: [UInt8] = []
    /// Bytes of `bytes` not read yet: after an open from a snapshot, the records it covers (but
    /// the last) are read only when a transaction's text is first wanted (Journal+Text.swift).
    var hole: Range<Int> = 0..<0
    /// Bytes up to here are whole, verified records.
    var validEnd = 0
    /// Line number of the line starting at `validEnd` (the header is line 1).
    var nextLine = 1
    /// Where the last whole record before `validEnd` starts (0: none yet, only the header).
    /// Before every append its bytes and the header's are compared with the file's, to notice a
    /// file rewritten in place (a restore with `cp`, a sync tool) that kept or grew its size.
    var lastLineStart = 0
    /// Floors for new ids and change numbers: the highest ever seen, side files included
    /// (a repair that removed the newest records must not let their id or number come back).
    var idFloor = 0
    var numberFloor: Int64 = 0
    var entries: [Entry] = []
    var changes: [ChangeRecord] = []
    var targets: [Int32] = []
    /// By record line offset: the slot 0 amount (RecordTail) of every record that has one. A line read
    /// again at the same offset (after a torn tail) sets or clears its own.
    var exchanges: [Int: ExchangeTarget] = [:]
    /// By transaction id: newest entry ever written for it, or -1.
    var head: [Int32] = [-1]
    /// By transaction id: the entry visible now, or -1 (never existed, deleted or undone).
    var current: [Int32] = [-1]
    var liveCount = 0
    var maxID = 0
    var redoStack: [Int32] = []
    var labels = Interner()
    var currencies: [Currency] = []
    /// The currencies' codes packed as 3 bytes, parallel to `currencies`.
    var currencyKeys: [UInt32] = []
    var accountRecords: [(change: Int32, account: Account, removed: Bool)] = []
    var learnRecords: [(change: Int32, phrase: String, category: String?)] = []
    var objectRecords: [(change: Int32, object: ObjectRecord)] = []

    /// Ids index dense arrays (4 bytes each, twice): a bound keeps a hand-edited or hostile
    /// record from making open allocate gigabytes.
    static let maxIDAllowed = 1 << 26

    var lastNumber: Int64 { changes.last?.number ?? 0 }

    /// The number the next change gets: above every number in the journal and its side files.
    var nextNumber: Int64 { max(lastNumber, numberFloor) + 1 }

    /// The numbers this device may give new transactions when the journal is the merged view
    /// of a ledger folder (Devices/LedgerMerge.swift); nil: all of them (one journal).
    var idSpace: Range<Int>?

    /// The first id a new transaction may get: above every id in the journal and its side files;
    /// in a ledger folder, above every id of this device's own space.
    var nextFreeID: Int {
        guard let space = idSpace else { return max(maxID, idFloor) + 1 }
        var top = min(head.count, space.upperBound) - 1
        while top > space.lowerBound, head[top] < 0 { top -= 1 }
        return max(top, space.lowerBound) + 1
    }

    // MARK: applying changes

    func changeIndex(number: Int64) -> Int32? {
        // Numbers are usually 1, 2, 3 ... (repair may leave gaps): try the direct slot first.
        let guess = Int(number) - 1
        if guess >= 0, guess < changes.count, changes[guess].number == number { return Int32(guess) }
        var lo = 0, hi = changes.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if changes[mid].number == number { return Int32(mid) }
            if changes[mid].number < number { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    func exists(_ id: Int) -> Bool { id > 0 && id < current.count && current[id] >= 0 }

    /// Ids of `change` that a later applied change (other than `change`) also wrote.
    func conflicts(of change: Int32) -> [Int] {
        let c = changes[Int(change)]
        var ids: [Int] = []
        for e in Int(c.firstEntry)..<Int(c.firstEntry + c.entryCount) {
            let id = Int(entries[e].id)
            var p = head[id]
            while p >= 0, Int(p) != e {
                let other = entries[Int(p)].change
                if other != change, changes[Int(other)].applied { ids.append(id); break }
                p = entries[Int(p)].prev
            }
        }
        return ids
    }

    private mutating func ensureID(_ id: Int) {
        if id >= head.count {
            // Only up to `id`: the arrays' capacity grows geometrically on its own, and capacity
            // never written costs no memory (doubling the counts cost 16 MB at 2.1M ids).
            head.append(contentsOf: repeatElement(-1, count: id + 1 - head.count))
            current.append(contentsOf: repeatElement(-1, count: id + 1 - current.count))
        }
    }

    private mutating func recompute(_ id: Int) {
        var p = head[id]
        while p >= 0, !changes[Int(entries[Int(p)].change)].applied { p = entries[Int(p)].prev }
        let visible: Int32 = (p >= 0 && entries[Int(p)].op != .delete) ? p : -1
        if (current[id] >= 0) != (visible >= 0) { liveCount += visible >= 0 ? 1 : -1 }
        current[id] = visible
    }

    /// Validates, then applies one complete change. Returns a problem word instead of applying.
    /// `staged`: entries of this change already placed at the end of `entries` while its parts
    /// were read (a change of many parts, such as an import, is not held twice); `records` then
    /// holds its other records. A refused change leaves them for the caller to drop.
    mutating func apply<Records: Collection<ParsedRecord>>(number: Int64, op: RecordOp, offset: Int, line: Int,
                                                           records: Records, staged: Range<Int> = 0..<0) -> String? {
        guard number > lastNumber else { return "change-number" }
        // Validate everything first so a refused change leaves no trace.
        // Duplicate ids within one change: ids in increasing order (every writer's order) cannot
        // repeat, so a Set is built only for the rare change that is not sorted.
        var seen: Set<Int32>?
        if records.count + staged.count > 1 {
            var last: Int32 = 0
            var sorted = true
            for record in records {
                guard case .entry(let e) = record else { continue }
                if e.id <= last { sorted = false; break }
                last = e.id
            }
            for i in staged where sorted {
                if entries[i].id <= last { sorted = false; break }
                last = entries[i].id
            }
            if !sorted { seen = Set(minimumCapacity: records.count + staged.count) }
        }
        /// An entry's checks against the state before this change; nil when it may be applied.
        func refusal(_ e: Entry) -> String? {
            if seen != nil { guard seen!.insert(e.id).inserted else { return "duplicate-id" } }
            let id = Int(e.id)
            switch e.op {
            case .commit, .importBatch:
                if id < head.count, head[id] >= 0 { return "id-reused" }
            case .edit, .delete:
                guard exists(id) else { return "no-such-transaction" }
            default: return "record"
            }
            return op.isData ? nil : "record"
        }
        for i in staged { if let problem = refusal(entries[i]) { return problem } }
        var targetIndices: [Int32] = []
        for record in records {
            switch record {
            case .entry(let e):
                if let problem = refusal(e) { return problem }
            case .target(let target):
                guard op == .undo || op == .redo, let index = changeIndex(number: target),
                      changes[Int(index)].op.isData, !targetIndices.contains(index) else { return "target" }
                targetIndices.append(index)
            case .account, .learn, .object:
                guard op.isData else { return "record" }
            }
        }
        if op == .undo || op == .redo {
            for index in targetIndices where changes[Int(index)].applied != (op == .undo) { return "target" }
        }

        let changeIndex = Int32(changes.count)
        var change = ChangeRecord(number: number, line: Int32(truncatingIfNeeded: line),
                                  firstEntry: Int32(staged.isEmpty ? entries.count : staged.lowerBound),
                                  entryCount: 0, firstTarget: Int32(targets.count), targetCount: 0, op: op, applied: true)
        switch op {
        case .undo, .redo:
            // Conflicts are checked one target at a time, in order, as the writer chose them.
            for index in targetIndices {
                if !conflicts(of: index).isEmpty {
                    // Roll back the targets this change already flipped.
                    for done in targets[Int(change.firstTarget)...] { flip(done, to: op == .undo) }
                    targets.removeLast(targets.count - Int(change.firstTarget))
                    return "conflict"
                }
                flip(index, to: op == .redo)
                targets.append(index)
            }
            change.targetCount = Int32(targetIndices.count)
            changes.append(change)
            if op == .undo {
                redoStack.append(contentsOf: targetIndices)
            } else {
                redoStack.removeAll { targetIndices.contains($0) }
            }
        default:
            changes.append(change)
            if !redoStack.isEmpty { redoStack.removeAll() }
            /// Links the entry at `index` (its place in `entries`) into its id's versions.
            func link(_ index: Int) {
                var e = entries[index]
                let id = Int(e.id)
                ensureID(id)
                e.change = changeIndex
                e.prev = head[id]
                head[id] = Int32(index)
                entries[index] = e
                if e.op == .delete {
                    if current[id] >= 0 { liveCount -= 1 }
                    current[id] = -1
                } else {
                    if current[id] < 0 { liveCount += 1 }
                    current[id] = head[id]
                }
                if id > maxID { maxID = id }
            }
            for index in staged { link(index) }
            for record in records {
                switch record {
                case .entry(let e):
                    entries.append(e)
                    link(entries.count - 1)
                case .account(let account, let removed):
                    accountRecords.append((changeIndex, account, removed))
                case .learn(let phrase, let category):
                    learnRecords.append((changeIndex, phrase, category))
                case .object(let object):
                    objectRecords.append((changeIndex, object))
                case .target:
                    break
                }
            }
            changes[Int(changeIndex)].entryCount = Int32(entries.count) - changes[Int(changeIndex)].firstEntry
        }
        return nil
    }

    /// Sets a change's applied flag and brings the ids it wrote up to date.
    private mutating func flip(_ index: Int32, to applied: Bool) {
        changes[Int(index)].applied = applied
        let c = changes[Int(index)]
        for e in Int(c.firstEntry)..<Int(c.firstEntry + c.entryCount) { recompute(Int(entries[e].id)) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
