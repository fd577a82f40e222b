// BackupLineDecoder: the fast path of BackupReader — one transaction line as BackupWriter and
// `kassa list --json` write it, straight from its bytes into a Transaction: the known keys read
// as byte slices (no dictionary, no String per key or per number), the currency, type and date
// from their bytes, and the few distinct categories and accounts made into Strings once each.
// It only ever says "decoded" or "not sure": anything unusual (an escape, an unknown or repeated
// key, a "record" line, a value it would read differently, any invalid field) returns nil and
// the line goes the careful way (JSONObjectReader + BackupReader.transaction), which decides and
// names the error. So this path never changes what an import accepts; a test holds it to that.

#if canImport(Glibc)
import Glibc
#endif

import KassaCore

struct BackupLineDecoder {
    // Slots: id date time type amount currency category account to_account note recurrence input.
    private var lastCurrency: (UInt8, UInt8, UInt8, Currency)?
    /// Recent label texts (category, account, to_account): few distinct values in a whole file.
    /// Kept apart so a look-up compares bytes without retaining an Array and a String per entry
    /// (those retains were as costly as the decoding itself in a profile): the texts' bytes one
    /// after another, each one's start and length there, and its String. A label's index here
    /// is its key for counting (BackupBlock counts accounts by it).
    private var labelBytes: [UInt8] = []
    private var labelRanges: [(start: Int, count: Int)] = []
    private var labelValues: [String] = []
    /// The labels by a hash of their bytes (index + 1; 0: empty), open addressing: a linear scan
    /// of up to 256 labels, three per line, showed in profiles.
    private var labelTable = [Int16](repeating: 0, count: BackupLineDecoder.tableSize)
    /// The label each of the three fields had on the line before: most lines repeat it.
    private var lastLabels: (Int, Int, Int) = (-1, -1, -1)
    private static let maxLabels = 256, tableSize = 1024
    /// The slot of a key: told apart by length and first letter, then compared whole.
    @inline(__always)
    private static func slot(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        let slot: Int, key: StaticString
        switch (count, p[0]) {
        case (2, 105): slot = 0; key = "id"
        case (4, 100): slot = 1; key = "date"
        case (4, 116): (slot, key) = p[1] == 105 ? (2, "time") : (3, "type")
        case (6, 97): slot = 4; key = "amount"
        case (8, 99): (slot, key) = p[2] == 114 ? (5, "currency") : (6, "category")
        case (7, 97): slot = 7; key = "account"
        case (10, 116): slot = 8; key = "to_account"
        case (4, 110): slot = 9; key = "note"
        case (10, 114): slot = 10; key = "recurrence"
        case (5, 105): slot = 11; key = "input"
        default: return nil
        }
        let expected = key.utf8Start
        for k in 1..<count where expected[k] != p[k] { return nil }
        return slot
    }

    /// Eight bytes from `p` as a number whose lowest byte is `p[0]`.
    @inline(__always)
    private static func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// The index of the quote that closes a string whose content starts at `from`; nil at an
    /// escape, a control byte or the line's end (the careful path decides those). Eight bytes
    /// at a time: a word with no quote, backslash or byte below 0x20 is passed whole (the
    /// lowest flagged byte of the word is always a real one, so it is where the scan stops).
    @inline(__always)
    private static func closingQuote(_ base: UnsafePointer<UInt8>, _ from: Int, _ n: Int) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = from
        while i + 8 <= n {
            let v = word(base + i)
            let quote = v ^ (ones &* 34), backslash = v ^ (ones &* 92)
            let flags = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((v &- ones &* 32) & ~v)) & highs
            if flags == 0 { i += 8; continue }
            i += flags.trailingZeroBitCount >> 3
            return base[i] == 34 ? i : nil
        }
        while i < n {
            let b = base[i]
            if b == 34 { return i }
            if b == 92 || b < 0x20 { return nil }
            i += 1
        }
        return nil
    }

    /// Past spaces and tabs from `i`.
    @inline(__always)
    private static func skipSpace(_ base: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        var i = i
        while i < n, base[i] == 32 || base[i] == 9 { i += 1 }
        return i
    }

    /// `count` decimal digits at `p`, or nil.
    @inline(__always)
    private static func digits(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var value = 0
        for k in 0..<count {
            let digit = p[k] &- 48
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// The line's transaction, or nil when the careful path must decide.
    mutating func transaction(_ line: UnsafeBufferPointer<UInt8>) -> Transaction? {
        guard let row = row(line) else { return nil }
        return row.transaction
    }

    /// The line's fields, read and checked as for `transaction`, the note and input left as the
    /// line's bytes; nil when the careful path must decide.
    mutating func row(_ line: UnsafeBufferPointer<UInt8>) -> BackupRow? {
        // Value bounds by slot, on the stack: start at 2·slot, length at 2·slot+1 (-1: absent or null).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 24) { spans in
            row(line, spans.baseAddress!)
        }
    }

    /// `row`, with room for the value bounds. No nested function captures a local here: those
    /// cost an exclusivity check per access in profiles.
    private mutating func row(_ line: UnsafeBufferPointer<UInt8>, _ spans: UnsafeMutablePointer<Int>) -> BackupRow? {
        guard let base = line.baseAddress else { return nil }
        let n = line.count
        for slot in 0..<12 { spans[2 * slot + 1] = -1 }
        var seen: UInt16 = 0
        guard n > 1, base[0] == 123 else { return nil }
        var i = BackupLineDecoder.skipSpace(base, 1, n)
        if i < n, base[i] == 125 { return nil }
        while true {
            // A key: a plain string naming a known field, once.
            i = BackupLineDecoder.skipSpace(base, i, n)
            guard i < n, base[i] == 34, let keyEnd = BackupLineDecoder.closingQuote(base, i + 1, n), keyEnd > i + 1,
                  let slot = BackupLineDecoder.slot(base + i + 1, keyEnd - i - 1) else { return nil }
            let bit: UInt16 = 1 << UInt16(slot)
            guard seen & bit == 0 else { return nil }
            seen |= bit
            i = BackupLineDecoder.skipSpace(base, keyEnd + 1, n)
            guard i < n, base[i] == 58 else { return nil }
            i = BackupLineDecoder.skipSpace(base, i + 1, n)
            guard i < n else { return nil }
            if base[i] == 34 {
                guard let end = BackupLineDecoder.closingQuote(base, i + 1, n) else { return nil }
                spans[2 * slot] = i + 1
                spans[2 * slot + 1] = end - i - 1
                i = end + 1
            } else if n - i >= 4, base[i] == 110, base[i + 1] == 117, base[i + 2] == 108, base[i + 3] == 108 {
                i += 4
            } else {
                // A bare number (an id or an amount written as a number): digits only.
                let s = i
                while i < n, base[i] >= 48, base[i] <= 57 { i += 1 }
                guard i > s, slot == 0 || slot == 4 else { return nil }
                spans[2 * slot] = s
                spans[2 * slot + 1] = i - s
            }
            i = BackupLineDecoder.skipSpace(base, i, n)
            guard i < n else { return nil }
            if base[i] == 125 { i += 1; break }
            guard base[i] == 44 else { return nil }
            i += 1
        }
        guard BackupLineDecoder.skipSpace(base, i, n) == n else { return nil }
        // Currency: three upper-case letters, the last one seen reused.
        guard spans[11] == 3 else { return nil }
        let c = base + spans[10]
        let currency: Currency
        if let last = lastCurrency, last.0 == c[0], last.1 == c[1], last.2 == c[2] {
            currency = last.3
        } else {
            let code = String(decoding: UnsafeBufferPointer(start: c, count: 3), as: UTF8.self)
            guard let known = Currency(code: code), known.code == code else { return nil }
            lastCurrency = (c[0], c[1], c[2], known)
            currency = known
        }
        // Amount: digits, '.', at most the currency's minor digits; positive, within the bound.
        let al = spans[9]
        guard al > 0 else { return nil }
        let a = base + spans[8]
        var minor: Int64 = 0, k = 0, whole = 0, fraction = -1
        while k < al, a[k] >= 48, a[k] <= 57 { minor = minor * 10 + Int64(a[k] - 48); k += 1; whole += 1; guard whole <= 12 else { return nil } }
        guard whole > 0 else { return nil }
        if k < al {
            guard a[k] == 46 else { return nil }
            k += 1
            fraction = 0
            while k < al, a[k] >= 48, a[k] <= 57 { minor = minor * 10 + Int64(a[k] - 48); k += 1; fraction += 1 }
            guard k == al, fraction > 0, fraction <= currency.minorDigits else { return nil }
        }
        for _ in max(fraction, 0)..<currency.minorDigits { minor *= 10 }
        let amount = Money(minorUnits: minor, currency: currency)
        guard minor > 0, amount.isWithinEntryBound else { return nil }
        // Date: YYYY-MM-DD within the supported years.
        guard spans[3] == 10 else { return nil }
        let d = base + spans[2]
        guard d[4] == 45, d[7] == 45, let year = BackupLineDecoder.digits(d, 4), let month = BackupLineDecoder.digits(d + 5, 2),
              let day = BackupLineDecoder.digits(d + 8, 2), let date = CivilDate(year: year, month: month, day: day),
              date.isSupported else { return nil }
        var type = TransactionType.expense
        if spans[7] >= 0 {
            let t = base + spans[6]
            switch (spans[7], t[0]) {
            case (7, 101) where memcmp(t, "expense", 7) == 0: type = .expense
            case (6, 105) where memcmp(t, "income", 6) == 0: type = .income
            case (8, 116) where memcmp(t, "transfer", 8) == 0: type = .transfer
            default: return nil
            }
        }
        var time: TimeOfDay?
        if spans[5] >= 0 {
            let t = base + spans[4]
            guard spans[5] == 5, t[2] == 58, let hour = BackupLineDecoder.digits(t, 2),
                  let minute = BackupLineDecoder.digits(t + 3, 2), let parsed = TimeOfDay(hour: hour, minute: minute) else { return nil }
            time = parsed
        }
        var id = 0
        if spans[1] >= 0 {
            let l = spans[1]
            guard l > 0, l <= 9, let value = BackupLineDecoder.digits(base + spans[0], l), value > 0 else { return nil }
            id = value
        }
        var recurrence: Recurrence?
        if spans[21] >= 0 {
            let text = String(decoding: UnsafeBufferPointer(start: base + spans[20], count: spans[21]), as: UTF8.self)
            guard let known = Recurrence(rawValue: text) else { return nil }
            recurrence = known
        }
        // Note and input: their bytes (empty when absent or null), when they are valid UTF-8.
        let note = UnsafeBufferPointer(start: spans[19] >= 0 ? base + spans[18] : nil, count: max(spans[19], 0))
        let input = UnsafeBufferPointer(start: spans[23] >= 0 ? base + spans[22] : nil, count: max(spans[23], 0))
        guard BackupLineDecoder.isValidUTF8(note), BackupLineDecoder.isValidUTF8(input) else { return nil }
        var keys = (-1, -1, -1)
        guard let category = label(base, spans[12], spans[13], 0, &keys.0),
              let account = label(base, spans[14], spans[15], 1, &keys.1),
              let toAccount = label(base, spans[16], spans[17], 2, &keys.2) else { return nil }
        return BackupRow(id: id, type: type, amount: amount, date: date, time: time, category: category, account: account,
                         toAccount: toAccount, recurrence: recurrence, note: note, input: input,
                         accountKey: keys.1, toAccountKey: keys.2)
    }

    /// A label field's text (nil inside when absent, null or empty; nil when the careful path
    /// must decide): the same String for the same bytes all along the file. `key` becomes its
    /// index among the known labels, -1 when it has none, -2 when it is not kept (past 256).
    private mutating func label(_ base: UnsafePointer<UInt8>, _ start: Int, _ l: Int, _ which: Int, _ key: inout Int) -> String?? {
        guard l > 0 else { return .some(nil) }
        let p = base + start
        // The line before's label for this field first, then the table.
        let last = which == 0 ? lastLabels.0 : which == 1 ? lastLabels.1 : lastLabels.2
        if last >= 0, matches(last, p, l) {
            key = last
            return .some(labelValues[last])
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(l)
        for k in 0..<l { hash = (hash ^ UInt64(p[k])) &* 0x100_0000_01b3 }
        var position = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & (BackupLineDecoder.tableSize - 1)
        while true {
            let entry = Int(labelTable[position]) - 1
            if entry < 0 { break }
            if matches(entry, p, l) {
                key = entry
                remember(entry, which)
                return .some(labelValues[entry])
            }
            position = (position + 1) & (BackupLineDecoder.tableSize - 1)
        }
        let bytes = UnsafeBufferPointer(start: p, count: l)
        guard let text = JSONObjectReader.string(bytes) else { return nil }
        key = -2
        if labelValues.count < BackupLineDecoder.maxLabels {
            key = labelValues.count
            labelTable[position] = Int16(labelValues.count + 1)
            labelRanges.append((labelBytes.count, l))
            labelBytes.append(contentsOf: bytes)
            labelValues.append(text)
            remember(key, which)
        }
        return .some(text)
    }

    @inline(__always)
    private func matches(_ entry: Int, _ p: UnsafePointer<UInt8>, _ l: Int) -> Bool {
        let range = labelRanges[entry]
        return range.count == l && labelBytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + range.start, p, l) == 0 }
    }

    @inline(__always)
    private mutating func remember(_ entry: Int, _ which: Int) {
        switch which {
        case 0: lastLabels.0 = entry
        case 1: lastLabels.1 = entry
        default: lastLabels.2 = entry
        }
    }

    /// The text of label `key` (as `row` gave it).
    func label(_ key: Int) -> String { labelValues[key] }

    /// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, surrogates or code
    /// points past U+10FFFF), i.e. a String decodes them unchanged: what JSONObjectReader.string
    /// checks, without making the String.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        while i < n {
            let b = p[i]
            if b < 0x80 {
                // Eight ASCII bytes at once where they are.
                if i + 8 <= n, word(p + i) & 0x8080_8080_8080_8080 == 0 { i += 8 } else { i += 1 }
                continue
            }
            @inline(__always) func continuation(_ k: Int) -> Bool { i + k < n && p[i + k] & 0xC0 == 0x80 }
            switch b {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                i += 2
            case 0xE0...0xEF:
                guard continuation(1), continuation(2) else { return false }
                let second = p[i + 1]
                if b == 0xE0, second < 0xA0 { return false }   // overlong
                if b == 0xED, second > 0x9F { return false }   // surrogates
                i += 3
            case 0xF0...0xF4:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                let second = p[i + 1]
                if b == 0xF0, second < 0x90 { return false }   // overlong
                if b == 0xF4, second > 0x8F { return false }   // past U+10FFFF
                i += 4
            default:
                return false
            }
        }
        return true
    }
}

/// One backup line the fast decoder read: every field checked, the note and input still the
/// line's bytes (valid UTF-8, no escapes; empty when absent), so only as long as the line is.
public struct BackupRow {
    public var id: Int
    public var type: TransactionType
    public var amount: Money
    public var date: CivilDate
    public var time: TimeOfDay?
    public var category: String?
    public var account: String?
    public var toAccount: String?
    public var recurrence: Recurrence?
    public var note: UnsafeBufferPointer<UInt8>
    public var input: UnsafeBufferPointer<UInt8>
    /// The decoder's keys of the account and to_account labels (see BackupLineDecoder.label).
    var accountKey = -1, toAccountKey = -1

    /// The room any encoding of the row's record fields takes at most (`BackupReader.Encode`):
    /// each text twice over (every byte escaped) and 160 bytes for the rest (the numbers, the
    /// codes and the tabs take about 100).
    public var encodedBound: Int {
        2 * (note.count + input.count + (category?.utf8.count ?? 0) + (account?.utf8.count ?? 0)
            + (toAccount?.utf8.count ?? 0)) + 160
    }

    /// The transaction the line stands for.
    public var transaction: Transaction {
        Transaction(id: id, type: type, amount: amount, date: date, time: time, category: category, account: account,
                    toAccount: toAccount, note: String(decoding: note, as: UTF8.self), recurrence: recurrence,
                    input: String(decoding: input, as: UTF8.self))
    }
}
