// JournalState: the journal replayed in memory. Every record line is parsed once (ingest) into
// compact rows; the current state of each transaction id is the newest version written by a
// change that is still applied. Undo and redo only flip a change's `applied` flag and recompute
// the ids it touched, so they cost the same at 10 transactions and at a million.
//
// Invariants kept here (a record that breaks one is reported as corrupt, naming its line):
// - change numbers strictly increase; a change's parts are numbered 1/n ... n/n in order;
// - a commit or import introduces ids never used before in the journal;
// - edit and delete name a transaction that exists when the change is applied;
// - undo names an applied data change that no later applied change builds on (same ids);
//   redo names a change that is currently undone, with the same condition.

import KassaCore

struct Entry {
    /// Byte offset of the record line holding this version (to materialize a Transaction).
    var offset: Int
    var amount: Int64
    var id: Int32
    /// Index into `changes` of the change that wrote this entry.
    var change: Int32
    /// The previous entry for the same id, or -1.
    var prev: Int32
    var days: Int32
    var category: UInt32
    var account: UInt32
    var toAccount: UInt32
    var op: RecordOp
    var type: TransactionType
    var currency: UInt8
}

struct ChangeRecord {
    var number: Int64
    /// Line of the journal where the change's first record is.
    var line: Int32
    var firstEntry: Int32
    var entryCount: Int32
    var firstTarget: Int32
    var targetCount: Int32
    var op: RecordOp
    var applied: Bool
}

/// One parsed, checksum-verified record line, before its change is complete.
enum ParsedRecord {
    case entry(Entry)
    case target(Int64)
    case account(Account, removed: Bool)
    case learn(String, String?)
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
    var bytes: [UInt8] = []
    /// Bytes up to here are whole, verified records.
    var validEnd = 0
    /// Line number of the line starting at `validEnd` (the header is line 1).
    var nextLine = 1
    var entries: [Entry] = []
    var changes: [ChangeRecord] = []
    var targets: [Int32] = []
    /// By transaction id: newest entry ever written for it, or -1.
    var head: [Int32] = [-1]
    /// By transaction id: the entry visible now, or -1 (never existed, deleted or undone).
    var current: [Int32] = [-1]
    var liveCount = 0
    var maxID = 0
    var redoStack: [Int32] = []
    var labels = Interner()
    var currencies: [Currency] = []
    private var currencyKeys: [UInt32] = []
    var accountRecords: [(change: Int32, account: Account, removed: Bool)] = []
    var learnRecords: [(change: Int32, phrase: String, category: String?)] = []

    /// Ids index dense arrays (4 bytes each, twice): a bound keeps a hand-edited or hostile
    /// record from making open allocate gigabytes.
    static let maxIDAllowed = 1 << 26

    var lastNumber: Int64 { changes.last?.number ?? 0 }

    // MARK: reading

    /// Verifies the header of a fresh buffer; returns nil if fine, else the error kind.
    static func checkHeader(_ bytes: [UInt8]) -> StoreError.Kind? {
        let magic = Array(RecordCodec.magic.utf8) + [RecordCodec.tab]
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else { return .notAJournal }
        guard let lf = bytes.firstIndex(of: RecordCodec.newline) else { return .notAJournal }
        let version = bytes[magic.count..<lf]
        guard Array(version) == Array(String(RecordCodec.version).utf8) else { return .unsupportedVersion }
        return nil
    }

    /// Reads every whole record from `validEnd` to the end of `bytes`.
    /// `trusted`: the bytes were just built by this process's LineWriter, so their checksums
    /// are known good and not recomputed.
    mutating func ingest(trusted: Bool = false) -> IngestOutcome {
        let data = bytes
        return data.withUnsafeBufferPointer { buffer in ingest(buffer, trusted: trusted) }
    }

    private mutating func ingest(_ buffer: UnsafeBufferPointer<UInt8>, trusted: Bool) -> IngestOutcome {
        guard let base = buffer.baseAddress else { return .clean }
        let end = buffer.count
        var pos = validEnd
        var line = nextLine
        var pending: [ParsedRecord] = []
        var pendingNumber: Int64 = 0, pendingParts = 0, pendingOp = RecordOp.commit
        var pendingStart = pos, pendingLine = line
        // Field bounds of the current line: fields[2k] ..< fields[2k+1]. A raw buffer, because
        // this loop runs a million times on open and array uniqueness checks showed in profiles.
        let fields = UnsafeMutablePointer<Int>.allocate(capacity: 64)
        defer { fields.deallocate() }

        while pos < end {
            guard let lfPointer = memchrLF(base + pos, end - pos) else {
                return .tail(offset: pending.isEmpty ? pos : pendingStart, line: pending.isEmpty ? line : pendingLine)
            }
            let lf = lfPointer - base
            // Verify the checksum first: nothing of an unverified line is trusted.
            guard lf - pos > 9, base[pos + 8] == RecordCodec.tab,
                  trusted || parseHex(base + pos) == CRC32.checksum(UnsafeRawPointer(base + pos + 9), count: lf - pos - 9)
            else {
                if JournalState.anyValidRecord(buffer, from: lf + 1) {
                    return .corrupt(line: line, detail: "checksum")
                }
                return .tail(offset: pending.isEmpty ? pos : pendingStart, line: pending.isEmpty ? line : pendingLine)
            }
            // Split the body into fields: fields[2k], fields[2k+1] = start, end.
            var n = 0
            var start = pos + 9
            var i = start
            // Eight bytes at a time: a word's tab bytes show as set high bits (SWAR zero-byte test);
            // a candidate is confirmed byte-wise, since the trick can flag a byte after a real hit.
            while i + 8 <= lf {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x0909_0909_0909_0909
                var hits = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                while hits != 0 {
                    let at = i + hits.trailingZeroBitCount / 8
                    hits &= hits &- 1
                    if base[at] == RecordCodec.tab {
                        guard n < 31 else { return .corrupt(line: line, detail: "fields") }
                        fields[2 * n] = start
                        fields[2 * n + 1] = at
                        n += 1
                        start = at + 1
                    }
                }
                i += 8
            }
            while i < lf {
                if base[i] == RecordCodec.tab {
                    guard n < 31 else { return .corrupt(line: line, detail: "fields") }
                    fields[2 * n] = start
                    fields[2 * n + 1] = i
                    n += 1
                    start = i + 1
                }
                i += 1
            }
            fields[2 * n] = start
            fields[2 * n + 1] = lf
            n += 1
            guard n >= 3,
                  let number = RecordCodec.parseUInt(base + fields[0], fields[1] - fields[0]),
                  let (part, parts) = JournalState.parsePart(base + fields[2], fields[3] - fields[2]),
                  let op = RecordOp.parse(base + fields[4], fields[5] - fields[4]) else {
                return .corrupt(line: line, detail: "record")
            }
            if part == 1 {
                guard pending.isEmpty else { return .corrupt(line: line, detail: "parts") }
                pendingNumber = number; pendingParts = parts; pendingOp = op
                pendingStart = pos; pendingLine = line
            } else {
                // A change may mix data records (a rename writes account and edit records), but
                // undo and redo changes hold only their own kind.
                guard !pending.isEmpty, number == pendingNumber, parts == pendingParts,
                      op.isData == pendingOp.isData, op.isData || op == pendingOp,
                      part == pending.count + 1 else { return .corrupt(line: line, detail: "parts") }
            }
            guard let record = parseRecord(op: op, base: base, fields: fields, count: n, offset: pos) else {
                return .corrupt(line: line, detail: op.name)
            }
            if parts == 1 {
                // The common case, one record per change: no pending list.
                if let problem = apply(number: number, op: op, offset: pos, line: line, records: CollectionOfOne(record)) {
                    return .corrupt(line: line, detail: problem)
                }
                pos = lf + 1
                line += 1
                validEnd = pos
                nextLine = line
                continue
            }
            pending.append(record)
            pos = lf + 1
            line += 1
            if pending.count == parts {
                if let problem = apply(number: number, op: pendingOp, offset: pendingStart, line: pendingLine, records: pending) {
                    return .corrupt(line: pendingLine, detail: problem)
                }
                pending.removeAll(keepingCapacity: true)
                validEnd = pos
                nextLine = line
            }
        }
        if !pending.isEmpty { return .tail(offset: pendingStart, line: pendingLine) }
        return .clean
    }

    static func anyValidRecord(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        var pos = start
        while pos < buffer.count, let lfPointer = memchrLF(base + pos, buffer.count - pos) {
            let lf = lfPointer - base
            if lf - pos > 9, base[pos + 8] == RecordCodec.tab, let stored = parseHex(base + pos),
               stored == CRC32.checksum(UnsafeRawPointer(base + pos + 9), count: lf - pos - 9) {
                return true
            }
            pos = lf + 1
        }
        return false
    }

    private static func parsePart(_ p: UnsafePointer<UInt8>, _ count: Int) -> (Int, Int)? {
        var slash = -1
        for i in 0..<count where p[i] == UInt8(ascii: "/") { slash = i; break }
        guard slash > 0, let part = RecordCodec.parseUInt(p, slash),
              let parts = RecordCodec.parseUInt(p + slash + 1, count - slash - 1),
              part >= 1, part <= parts else { return nil }
        return (Int(part), Int(parts))
    }

    private mutating func currencyNumber(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt8? {
        guard count == 3 else { return nil }
        let key = UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
        // A journal uses a handful of currencies: a linear scan beats hashing.
        for (index, known) in currencyKeys.enumerated() where known == key { return UInt8(index) }
        guard currencies.count < 255,
              let currency = Currency(code: String(decoding: UnsafeBufferPointer(start: p, count: 3), as: UTF8.self)),
              currency.code.utf8.elementsEqual(UnsafeBufferPointer(start: p, count: 3)) else { return nil }
        currencies.append(currency)
        currencyKeys.append(key)
        return UInt8(currencies.count - 1)
    }

    private static let typeNames: [[UInt8]] = TransactionType.allCases.map { Array($0.rawValue.utf8) }

    private static func parseType(_ p: UnsafePointer<UInt8>, _ count: Int) -> TransactionType? {
        let type: TransactionType
        switch p[0] {
        case UInt8(ascii: "e"): type = .expense
        case UInt8(ascii: "i"): type = .income
        case UInt8(ascii: "t"): type = .transfer
        default: return nil
        }
        let name = typeNames[TransactionType.allCases.firstIndex(of: type)!]
        guard name.count == count else { return nil }
        for i in 1..<count where name[i] != p[i] { return nil }
        return type
    }

    /// Parses the fields after the op (field index 3 on) of one verified line.
    private mutating func parseRecord(op: RecordOp, base: UnsafePointer<UInt8>, fields: UnsafeMutablePointer<Int>, count n: Int,
                                      offset: Int) -> ParsedRecord? {
        @inline(__always) func ptr(_ k: Int) -> UnsafePointer<UInt8> { base + fields[2 * (k + 3)] }
        @inline(__always) func len(_ k: Int) -> Int { fields[2 * (k + 3) + 1] - fields[2 * (k + 3)] }
        @inline(__always) func text(_ k: Int) -> String { RecordCodec.unescape(ptr(k), len(k)) }
        let argc = n - 3
        switch op {
        case .commit, .importBatch, .edit:
            guard argc == RecordCodec.transactionFieldCount,
                  let id = RecordCodec.parseUInt(ptr(0), len(0)), id > 0, id < JournalState.maxIDAllowed,
                  len(1) > 0, let type = JournalState.parseType(ptr(1), len(1)),
                  let currency = currencyNumber(ptr(3), len(3)),
                  let amount = RecordCodec.parseAmount(ptr(2), len(2), digits: currencies[Int(currency)].minorDigits),
                  let days = RecordCodec.parseDate(ptr(4), len(4)) else { return nil }
            if len(5) > 0, RecordCodec.parseTime(ptr(5), len(5)) == nil { return nil }
            if len(9) > 0, Recurrence(rawValue: text(9)) == nil { return nil }
            let entry = Entry(
                offset: offset, amount: amount, id: Int32(id), change: -1, prev: -1, days: days,
                category: labels.intern(ptr(6), len(6)), account: labels.intern(ptr(7), len(7)),
                toAccount: labels.intern(ptr(8), len(8)), op: op, type: type, currency: currency)
            return .entry(entry)
        case .delete:
            guard argc == 1, let id = RecordCodec.parseUInt(ptr(0), len(0)), id > 0, id < JournalState.maxIDAllowed
            else { return nil }
            return .entry(Entry(offset: offset, amount: 0, id: Int32(id), change: -1, prev: -1, days: 0, category: 0,
                                account: 0, toAccount: 0, op: .delete, type: .expense, currency: 0))
        case .undo, .redo:
            guard argc == 1, let number = RecordCodec.parseUInt(ptr(0), len(0)) else { return nil }
            return .target(number)
        case .account:
            // name, "+" or "-" (defined or removed), currency (may be empty), aliases...
            guard argc >= 3, len(0) > 0, len(1) == 1 else { return nil }
            let removed = ptr(1)[0] == UInt8(ascii: "-")
            guard removed || ptr(1)[0] == UInt8(ascii: "+") else { return nil }
            var currency: Currency?
            if len(2) > 0 {
                guard let c = Currency(code: text(2)) else { return nil }
                currency = c
            }
            let aliases = (3..<argc).map { text($0) }
            return .account(Account(name: text(0), aliases: aliases, currency: currency), removed: removed)
        case .learn:
            guard argc == 2, len(0) > 0 else { return nil }
            return .learn(text(0), len(1) > 0 ? text(1) : nil)
        }
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
            let size = max(id + 1, head.count * 2)
            head.append(contentsOf: repeatElement(-1, count: size - head.count))
            current.append(contentsOf: repeatElement(-1, count: size - current.count))
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
    mutating func apply<Records: Collection<ParsedRecord>>(number: Int64, op: RecordOp, offset: Int, line: Int,
                                                           records: Records) -> String? {
        guard number > lastNumber else { return "change-number" }
        // Validate everything first so a refused change leaves no trace.
        // Duplicate ids within one change: ids in increasing order (every writer's order) cannot
        // repeat, so a Set is built only for the rare change that is not sorted.
        var seen: Set<Int32>?
        if records.count > 1 {
            var last: Int32 = 0
            var sorted = true
            for record in records {
                guard case .entry(let e) = record else { continue }
                if e.id <= last { sorted = false; break }
                last = e.id
            }
            if !sorted { seen = Set(minimumCapacity: records.count) }
        }
        var targetIndices: [Int32] = []
        for record in records {
            switch record {
            case .entry(let e):
                if seen != nil { guard seen!.insert(e.id).inserted else { return "duplicate-id" } }
                let id = Int(e.id)
                switch e.op {
                case .commit, .importBatch:
                    if id < head.count, head[id] >= 0 { return "id-reused" }
                case .edit, .delete:
                    guard exists(id) else { return "no-such-transaction" }
                default: return "record"
                }
                guard op.isData else { return "record" }
            case .target(let target):
                guard op == .undo || op == .redo, let index = changeIndex(number: target),
                      changes[Int(index)].op.isData, !targetIndices.contains(index) else { return "target" }
                targetIndices.append(index)
            case .account, .learn:
                guard op.isData else { return "record" }
            }
        }
        if op == .undo || op == .redo {
            for index in targetIndices where changes[Int(index)].applied != (op == .undo) { return "target" }
        }

        let changeIndex = Int32(changes.count)
        var change = ChangeRecord(number: number, line: Int32(truncatingIfNeeded: line), firstEntry: Int32(entries.count),
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
            for record in records {
                switch record {
                case .entry(var e):
                    let id = Int(e.id)
                    ensureID(id)
                    e.change = changeIndex
                    e.prev = head[id]
                    head[id] = Int32(entries.count)
                    entries.append(e)
                    if e.op == .delete {
                        if current[id] >= 0 { liveCount -= 1 }
                        current[id] = -1
                    } else {
                        if current[id] < 0 { liveCount += 1 }
                        current[id] = head[id]
                    }
                    if id > maxID { maxID = id }
                case .account(let account, let removed):
                    accountRecords.append((changeIndex, account, removed))
                case .learn(let phrase, let category):
                    learnRecords.append((changeIndex, phrase, category))
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

@inline(__always)
func memchrLF(_ p: UnsafePointer<UInt8>, _ count: Int) -> UnsafePointer<UInt8>? {
    guard let found = memchr(p, Int32(RecordCodec.newline), count) else { return nil }
    return UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
}

/// Hex digit values by byte; 255 for anything that is not 0-9 or a-f (the writer's alphabet).
let hexValues: [UInt8] = (0..<256).map { b in
    switch b {
    case 48...57: UInt8(b - 48)
    case 97...102: UInt8(b - 87)
    default: 255
    }
}

@inline(__always)
func parseHex(_ p: UnsafePointer<UInt8>) -> UInt32? {
    hexValues.withUnsafeBufferPointer { table in
        var value: UInt32 = 0
        var bad: UInt8 = 0
        for i in 0..<8 {
            let d = table[Int(p[i])]
            bad |= d & 0xF0
            value = value << 4 | UInt32(d & 0x0F)
        }
        return bad == 0 ? value : nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
