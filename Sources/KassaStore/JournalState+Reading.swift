// JournalState+Reading: turning journal bytes into changes — line splitting, checksum checks,
// field parsing — as fast as a million lines a second allows: raw pointers, no Strings for the
// fields the state keeps as numbers, no Foundation. Each complete change goes to `apply`.

import KassaCore
#if canImport(Glibc)
import Glibc
#endif

extension JournalState {
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
