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
        // A CR before the LF (a CRLF journal) is a line ending, not part of the version.
        let version = bytes[magic.count..<(lf > magic.count && bytes[lf - 1] == 13 ? lf - 1 : lf)]
        guard Array(version) == Array(String(RecordCodec.version).utf8) else { return .unsupportedVersion }
        return nil
    }

    /// Reads every whole record from `validEnd` to the end of `bytes`.
    /// `trusted`: the bytes were just built by this process's LineWriter, so their checksums
    /// are known good and not recomputed.
    /// `readAhead`: from how many unread bytes on a helper thread reads ahead, and how big a
    /// stretch it takes (tests make both small); nil reads on this thread only.
    mutating func ingest(trusted: Bool = false,
                         readAhead: (minimum: Int, stretch: Int)? = (ReadAhead.minimum, ReadAhead.stretch)) -> IngestOutcome {
        var none: ByteShedder?
        return ingest(trusted: trusted, readAhead: readAhead, shedder: &none)
    }

    /// `ingest` that hands the bytes it parsed to `shedder` as it goes (JournalState+Shedding.swift).
    mutating func ingest(trusted: Bool = false,
                         readAhead: (minimum: Int, stretch: Int)? = (ReadAhead.minimum, ReadAhead.stretch),
                         shedder: inout ByteShedder?) -> IngestOutcome {
        let data = bytes
        return data.withUnsafeBufferPointer { buffer in ingest(buffer, trusted: trusted, readAhead: readAhead, shedder: &shedder) }
    }

    /// `ingest` over `buffer` (the bytes from offset 0) rather than `bytes`: a ledger's view is
    /// read while the merge is still writing what follows (Devices/LedgerViewRead.swift).
    /// `more`: the buffer is still being filled, in order; `more(end, wait)` says how many bytes
    /// are there and whether that is all — when `wait`, once more than `end` are (or no more
    /// come). The reader takes the lines as they come (within a change too), looking now and
    /// then whether the filling is done; until it is, its helper thread (which would read ahead
    /// on the core the filling uses) waits.
    mutating func ingest(_ buffer: UnsafeBufferPointer<UInt8>, trusted: Bool,
                         readAhead: (minimum: Int, stretch: Int)?, shedder: inout ByteShedder?,
                         more: ((_ end: Int, _ wait: Bool) -> (ready: Int, done: Bool))? = nil) -> IngestOutcome {
        guard let base = buffer.baseAddress else { return .clean }
        var more = more
        var end = more == nil ? buffer.count : min(buffer.count, validEnd)
        /// Takes in the bytes that came beyond `end`; true when some did. `wait`: until some
        /// come or no more will.
        func grow(wait: Bool = true) -> Bool {
            guard let ask = more else { return false }
            let (ready, done) = ask(end, wait)
            if done { more = nil }
            guard ready > end else { return false }
            end = min(ready, buffer.count)
            return true
        }
        /// Where the reader next looks whether more came without waiting for it.
        var lookAt = 0
        var pos = validEnd
        var line = nextLine
        // A change of several parts: its entries go straight to the end of `entries` (staged from
        // `stagedFrom`, linked when the change is whole, dropped if it never is); its other
        // records wait in `pending`. `pendingCount` counts both.
        var pending: [ParsedRecord] = []
        var pendingCount = 0, stagedFrom = entries.count
        var pendingNumber: Int64 = 0, pendingParts = 0, pendingOp = RecordOp.commit
        var pendingStart = pos, pendingLine = line
        // Whatever way this returns, the entries of a change that is not whole are not kept.
        defer { if pendingCount > 0 { entries.removeLast(entries.count - stagedFrom) } }
        // Field bounds of the current line: fields[2k] ..< fields[2k+1]. A raw buffer, because
        // this loop runs a million times on open and array uniqueness checks showed in profiles.
        let fields = UnsafeMutablePointer<Int>.allocate(capacity: RecordFields.boundsCapacity)
        defer { fields.deallocate() }
        // The helper thread's stretch (ReadAhead.swift): running until `pos` reaches its start,
        // then its rows are taken in order while they last.
        var ahead: ReadAhead?
        var ready = ReadAhead.Rows()
        defer { ahead?.join() }
        /// Starts a helper on the stretch from `from`, leaving this thread its first fifth
        /// (it also applies all the helper's rows, and the profile showed it the busier at 40%); nil when too
        /// little is left to be worth a thread.
        func launch(from: Int) -> ReadAhead? {
            guard let readAhead, end - from >= readAhead.minimum else { return nil }
            let mine = (min(end, from + readAhead.stretch) - from) / 5
            guard from + mine < end, let split = memchrLF(base + from + mine, end - from - mine) else { return nil }
            let helper = ReadAhead(base: base, end: end, start: split - base + 1, target: from + readAhead.stretch, trusted: trusted)
            helper.launch()
            return helper
        }

        while pos < end || grow() {
            if more != nil, pos >= lookAt {
                lookAt = pos + (1 << 18)
                _ = grow(wait: false)
            }
            if ahead == nil, ready.isEmpty, more == nil { ahead = launch(from: pos) }
            if let helper = ahead, pos == helper.start {
                helper.join()
                // Everything before `pos` is parsed: a first open of a big journal gives it back.
                shedder?.shed(base, upTo: pos)
                ready = ReadAhead.Rows(helper)
                // The next stretch starts now, so the helper parses while this thread applies.
                ahead = launch(from: helper.stop)
            }
            let lf: Int, number: Int64, part: Int, parts: Int, op: RecordOp
            var parsed: ParsedRecord?
            var fieldCount = 0
            if let row = ready.take(at: pos, into: &self) {
                lf = row.next - 1
                (number, part, parts, op) = (row.number, row.part, row.parts, row.op)
                parsed = row.record
            } else {
                guard let lfPointer = memchrLF(base + pos, end - pos) else {
                    if grow() { continue }
                    return .tail(offset: pendingCount == 0 ? pos : pendingStart, line: pendingCount == 0 ? line : pendingLine)
                }
                lf = lfPointer - base
                // Verify the checksum first: nothing of an unverified line is trusted. `lineEnd` is
                // where the body ends (before a CRLF's CR).
                let verified = trusted ? RecordLine.bodyEnd(base, start: pos, lf: lf) : RecordLine.verifiedEnd(base, start: pos, lf: lf)
                guard let lineEnd = verified else {
                    // Only the last line can be a torn tail (a write cut short); a bad line with
                    // anything after it is damage, whatever follows it.
                    if lf + 1 < end || grow() { return .corrupt(line: line, detail: "checksum") }
                    return .tail(offset: pendingCount == 0 ? pos : pendingStart, line: pendingCount == 0 ? line : pendingLine)
                }
                guard let n = RecordFields.split(base, from: pos + RecordLine.bodyOffset, to: lineEnd, into: fields) else {
                    return .corrupt(line: line, detail: "fields")
                }
                guard let head = RecordFields.head(base, fields: fields, count: n) else {
                    return .corrupt(line: line, detail: "record")
                }
                (number, part, parts, op) = head
                fieldCount = n
            }
            if part == 1 {
                guard pendingCount == 0 else { return .corrupt(line: line, detail: "parts") }
                pendingNumber = number; pendingParts = parts; pendingOp = op
                stagedFrom = entries.count
                pendingStart = pos; pendingLine = line
            } else {
                // A change may mix data records (a rename writes account and edit records), but
                // undo and redo changes hold only their own kind.
                guard pendingCount > 0, number == pendingNumber, parts == pendingParts,
                      op.isData == pendingOp.isData, op.isData || op == pendingOp,
                      part == pendingCount + 1 else { return .corrupt(line: line, detail: "parts") }
            }
            if parsed == nil {
                // A line this loop split itself (its fields are parsed only after the parts
                // checks, as ever): `fields` still holds its bounds.
                let n = fieldCount
                guard let record = parseRecord(op: op, base: base, fields: fields, count: n, offset: pos) else {
                    return .corrupt(line: line, detail: JournalState.invalidField(op: op, base: base, fields: fields, count: n))
                }
                parsed = record
            }
            let record = parsed!
            if parts == 1 {
                // The common case, one record per change: no pending list.
                if let problem = apply(number: number, op: op, offset: pos, line: line, records: CollectionOfOne(record)) {
                    return .corrupt(line: line, detail: problem)
                }
                lastLineStart = pos
                pos = lf + 1
                line += 1
                validEnd = pos
                nextLine = line
                continue
            }
            if case .entry(let entry) = record { entries.append(entry) } else { pending.append(record) }
            pendingCount += 1
            let lineStart = pos
            pos = lf + 1
            line += 1
            if pendingCount == parts {
                lastLineStart = lineStart
                if let problem = apply(number: number, op: pendingOp, offset: pendingStart, line: pendingLine, records: pending,
                                       staged: stagedFrom..<entries.count) {
                    return .corrupt(line: pendingLine, detail: problem)
                }
                pending.removeAll(keepingCapacity: true)
                pendingCount = 0
                validEnd = pos
                nextLine = line
            }
        }
        if pendingCount > 0 { return .tail(offset: pendingStart, line: pendingLine) }
        return .clean
    }

    /// Why `parseRecord` refused a line, as a detail word: "amount" for an amount out of bounds
    /// (a sign, or more than `RecordBounds.maxWholeDigits` digits before the point), "date" for a real date
    /// outside `CivilDate.supported`, else the op's name. Only called once a line failed.
    static func invalidField(op: RecordOp, base: UnsafePointer<UInt8>, fields: UnsafeMutablePointer<Int>, count n: Int) -> String {
        guard op == .commit || op == .importBatch || op == .edit,
              RecordTail.slots(lineCount: n) != nil else { return op.name }
        func range(_ f: RecordArgument) -> (UnsafePointer<UInt8>, Int) {
            (base + fields[2 * f.lineIndex], fields[2 * f.lineIndex + 1] - fields[2 * f.lineIndex])
        }
        let (amount, amountLength) = range(.amount)
        let signed = amountLength > 0 && amount[0] == UInt8(ascii: "-")
        var digits = 0, k = signed ? 1 : 0
        var numeric = amountLength > k
        while k < amountLength, amount[k] != UInt8(ascii: ".") {
            if amount[k] &- 48 >= 10 { numeric = false }
            digits += 1
            k += 1
        }
        if numeric, digits > RecordBounds.maxWholeDigits || signed { return "amount" }
        let (date, dateLength) = range(.date)
        if dateLength == 10, date[4] == UInt8(ascii: "-"), date[7] == UInt8(ascii: "-"),
           let y = RecordCodec.parseUInt(date, 4), let m = RecordCodec.parseUInt(date + 5, 2),
           let d = RecordCodec.parseUInt(date + 8, 2), let civil = CivilDate(year: Int(y), month: Int(m), day: Int(d)),
           !civil.isSupported { return "date" }
        return op.name
    }

    mutating func currencyNumber(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt8? {
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
    mutating func parseRecord(op: RecordOp, base: UnsafePointer<UInt8>, fields: UnsafeMutablePointer<Int>, count n: Int,
                                      offset: Int) -> ParsedRecord? {
        // Argument k is field `RecordField.arguments + k` of the line.
        let first = RecordField.arguments.rawValue
        @inline(__always) func ptr(_ k: Int) -> UnsafePointer<UInt8> { base + fields[2 * (k + first)] }
        @inline(__always) func len(_ k: Int) -> Int { fields[2 * (k + first) + 1] - fields[2 * (k + first)] }
        @inline(__always) func text(_ k: Int) -> String { RecordCodec.unescape(ptr(k), len(k)) }
        let argc = n - first
        switch op {
        case .commit, .importBatch, .edit:
            typealias F = RecordArgument
            @inline(__always) func p(_ f: F) -> UnsafePointer<UInt8> { ptr(f.rawValue) }
            @inline(__always) func l(_ f: F) -> Int { len(f.rawValue) }
            guard let slots = RecordTail.slots(lineCount: n), let id = RecordCodec.parseUInt(p(.id), l(.id)), id > 0, id < JournalState.maxIDAllowed,
                  l(.type) > 0, let type = JournalState.parseType(p(.type), l(.type)),
                  let currency = currencyNumber(p(.currency), l(.currency)),
                  let amount = RecordCodec.parseAmount(p(.amount), l(.amount), digits: currencies[Int(currency)].minorDigits),
                  let days = RecordCodec.parseDate(p(.date), l(.date)) else { return nil }
            if l(.time) > 0, RecordCodec.parseTime(p(.time), l(.time)) == nil { return nil }
            if l(.recurrence) > 0, Recurrence(rawValue: text(F.recurrence.rawValue)) == nil { return nil }
            // The optional pairs (RecordTail), each amount as bounded as any; an empty pair only
            // before a kept one. Slot 0's (an exchange's target, a charged amount) is kept by
            // offset for balances; a later one is only checked here (the line is read again when
            // its transaction is made).
            var target: ExchangeTarget?
            for slot in 0..<slots {
                let a = RecordTail.lineIndex(slot) - first, c = a + 1
                if slot < slots - 1, len(a) == 0, len(c) == 0 { continue }
                guard let otherCurrency = currencyNumber(ptr(c), len(c)),
                      let otherAmount = RecordCodec.parseAmount(ptr(a), len(a), digits: currencies[Int(otherCurrency)].minorDigits)
                else { return nil }
                if slot == 0 { target = ExchangeTarget(amount: otherAmount, currency: otherCurrency) }
            }
            if let target {
                exchanges[offset] = target
            } else if !exchanges.isEmpty {
                exchanges.removeValue(forKey: offset)
            }
            let entry = Entry(
                offset: offset, amount: amount, id: Int32(id), change: -1, prev: -1, days: days,
                category: labels.intern(p(.category), l(.category)), account: labels.intern(p(.account), l(.account)),
                toAccount: labels.intern(p(.toAccount), l(.toAccount)), op: op, type: type, currency: currency)
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
        case .object:
            // kind, key, "+" or "-", then fields written as NAME=VALUE.
            guard argc >= 3, argc <= 3 + ObjectRecord.maxFields, len(0) > 0, len(1) > 0, len(2) == 1 else { return nil }
            let removed = ptr(2)[0] == UInt8(ascii: "-")
            guard removed || ptr(2)[0] == UInt8(ascii: "+") else { return nil }
            var fields: [ObjectRecord.Field] = []
            for k in 3..<argc {
                let pair = text(k)
                guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else { return nil }
                fields.append(ObjectRecord.Field(String(pair[..<eq]), String(pair[pair.index(after: eq)...])))
            }
            return .object(ObjectRecord(kind: text(0), key: text(1), removed: removed, fields: fields))
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
