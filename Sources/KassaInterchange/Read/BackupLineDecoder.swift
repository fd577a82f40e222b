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
    /// Slots: id date time type amount currency category account to_account note recurrence input.
    private static let keys: [[UInt8]] = ["id", "date", "time", "type", "amount", "currency", "category", "account",
                                          "to_account", "note", "recurrence", "input"].map { Array($0.utf8) }
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
    /// The keys' bytes one after another, never freed: compared without retaining an Array.
    // Written once before any read, then only read: safe to share between the decoding threads.
    nonisolated(unsafe) private static let keyBytes: UnsafePointer<UInt8> = {
        let all = keys.flatMap { $0 }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: all.count)
        buffer.initialize(from: all, count: all.count)
        return UnsafePointer(buffer)
    }()
    private static let keyStarts: [Int] = keys.indices.map { k in keys[..<k].reduce(0) { $0 + $1.count } }

    /// The slot of a key: told apart by length and first letter, then compared whole.
    @inline(__always)
    private static func slot(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        let slot: Int
        switch (count, p[0]) {
        case (2, 105): slot = 0                     // id
        case (4, 100): slot = 1                     // date
        case (4, 116): slot = p[1] == 105 ? 2 : 3   // time, type
        case (6, 97): slot = 4                      // amount
        case (8, 99): slot = p[2] == 114 ? 5 : 6    // currency, category
        case (7, 97): slot = 7                      // account
        case (10, 116): slot = 8                    // to_account
        case (4, 110): slot = 9                     // note
        case (10, 114): slot = 10                   // recurrence
        case (5, 105): slot = 11                    // input
        default: return nil
        }
        return memcmp(keyBytes + keyStarts[slot], p, count) == 0 ? slot : nil
    }

    /// The line's transaction, or nil when the careful path must decide.
    mutating func transaction(_ line: UnsafeBufferPointer<UInt8>) -> Transaction? {
        guard let row = row(line) else { return nil }
        return row.transaction
    }

    /// The line's fields, read and checked as for `transaction`, the note and input left as the
    /// line's bytes; nil when the careful path must decide.
    mutating func row(_ line: UnsafeBufferPointer<UInt8>) -> BackupRow? {
        guard let base = line.baseAddress else { return nil }
        let n = line.count
        // Value bounds by slot: start, length (-1: absent or null).
        var starts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var lengths = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
        var seen: UInt16 = 0
        var i = 0
        @inline(__always) func skipSpace() { while i < n, base[i] == 32 || base[i] == 9 { i += 1 } }
        /// A string without escapes or control bytes: its content's bounds, or nil.
        @inline(__always) func plainString() -> (Int, Int)? {
            guard i < n, base[i] == 34 else { return nil }
            i += 1
            let start = i
            while i < n {
                let b = base[i]
                if b == 34 { i += 1; return (start, i - 1 - start) }
                if b == 92 || b < 0x20 { return nil }
                i += 1
            }
            return nil
        }
        guard n > 1, base[0] == 123 else { return nil }
        i = 1
        skipSpace()
        if i < n, base[i] == 125 { return nil }
        while true {
            skipSpace()
            guard let (keyStart, keyLength) = plainString(), keyLength > 0,
                  let slot = BackupLineDecoder.slot(base + keyStart, keyLength) else { return nil }
            let bit: UInt16 = 1 << UInt16(slot)
            guard seen & bit == 0 else { return nil }
            seen |= bit
            skipSpace()
            guard i < n, base[i] == 58 else { return nil }
            i += 1
            skipSpace()
            guard i < n else { return nil }
            var start = 0, length = -1
            if base[i] == 34 {
                guard let (s, l) = plainString() else { return nil }
                start = s; length = l
            } else if n - i >= 4, base[i] == 110, base[i + 1] == 117, base[i + 2] == 108, base[i + 3] == 108 {
                i += 4
            } else {
                // A bare number (an id or an amount written as a number): digits only.
                let s = i
                while i < n, base[i] >= 48, base[i] <= 57 { i += 1 }
                guard i > s, slot == 0 || slot == 4 else { return nil }
                start = s; length = i - s
            }
            withUnsafeMutableBytes(of: &starts) { $0.storeBytes(of: start, toByteOffset: slot * MemoryLayout<Int>.stride, as: Int.self) }
            withUnsafeMutableBytes(of: &lengths) { $0.storeBytes(of: length, toByteOffset: slot * MemoryLayout<Int>.stride, as: Int.self) }
            skipSpace()
            guard i < n else { return nil }
            if base[i] == 125 { i += 1; break }
            guard base[i] == 44 else { return nil }
            i += 1
        }
        skipSpace()
        guard i == n else { return nil }
        @inline(__always) func field(_ slot: Int) -> (UnsafePointer<UInt8>, Int)? {
            let length = withUnsafeBytes(of: lengths) { $0.load(fromByteOffset: slot * MemoryLayout<Int>.stride, as: Int.self) }
            guard length >= 0 else { return nil }
            let start = withUnsafeBytes(of: starts) { $0.load(fromByteOffset: slot * MemoryLayout<Int>.stride, as: Int.self) }
            return (base + start, length)
        }
        // Currency: three upper-case letters, the last one seen reused.
        guard let (c, cl) = field(5), cl == 3 else { return nil }
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
        guard let (a, al) = field(4), al > 0 else { return nil }
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
        guard let (d, dl) = field(1), dl == 10, d[4] == 45, d[7] == 45 else { return nil }
        func digits(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
            var value = 0
            for k in 0..<count {
                let digit = p[k] &- 48
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = digits(d, 4), let month = digits(d + 5, 2), let day = digits(d + 8, 2),
              let date = CivilDate(year: year, month: month, day: day), date.isSupported else { return nil }
        var type = TransactionType.expense
        if let (t, tl) = field(3) {
            switch (tl, t[0]) {
            case (7, 101) where memcmp(t, "expense", 7) == 0: type = .expense
            case (6, 105) where memcmp(t, "income", 6) == 0: type = .income
            case (8, 116) where memcmp(t, "transfer", 8) == 0: type = .transfer
            default: return nil
            }
        }
        var time: TimeOfDay?
        if let (t, tl) = field(2) {
            guard tl == 5, t[2] == 58, let hour = digits(t, 2), let minute = digits(t + 3, 2),
                  let parsed = TimeOfDay(hour: hour, minute: minute) else { return nil }
            time = parsed
        }
        var id = 0
        if let (p, l) = field(0) {
            guard l > 0, l <= 9, let value = digits(p, l), value > 0 else { return nil }
            id = value
        }
        var recurrence: Recurrence?
        if let (p, l) = field(10) {
            guard let known = Recurrence(rawValue: String(decoding: UnsafeBufferPointer(start: p, count: l), as: UTF8.self)) else {
                return nil
            }
            recurrence = known
        }
        /// A text field's bytes (empty when absent or null), when they are valid UTF-8.
        func text(_ slot: Int) -> UnsafeBufferPointer<UInt8>? {
            guard let (p, l) = field(slot) else { return UnsafeBufferPointer(start: nil, count: 0) }
            let bytes = UnsafeBufferPointer(start: p, count: l)
            return BackupLineDecoder.isValidUTF8(bytes) ? bytes : nil
        }
        guard let note = text(9), let input = text(11) else { return nil }
        var keys = (-1, -1, -1)
        guard let category = label(field(6), 0, &keys.0), let account = label(field(7), 1, &keys.1),
              let toAccount = label(field(8), 2, &keys.2) else { return nil }
        return BackupRow(id: id, type: type, amount: amount, date: date, time: time, category: category, account: account,
                         toAccount: toAccount, recurrence: recurrence, note: note, input: input,
                         accountKey: keys.1, toAccountKey: keys.2)
    }

    /// A label field's text (nil inside when absent, null or empty; nil when the careful path
    /// must decide): the same String for the same bytes all along the file. `key` becomes its
    /// index among the known labels, -1 when it has none, -2 when it is not kept (past 256).
    private mutating func label(_ value: (UnsafePointer<UInt8>, Int)?, _ which: Int, _ key: inout Int) -> String?? {
        guard let (p, l) = value, l > 0 else { return .some(nil) }
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
            if b < 0x80 { i += 1; continue }
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
