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
    /// CivilDate.supported, kept here: a static's lazy initializer is checked on every use.
    private let supported = CivilDate.supported
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
    /// The slot of the key whose opening quote is at `i`, and where its closing quote is: told
    /// apart by its first letters, then compared whole, its closing quote where the key's length
    /// puts it (nil for any other key, or one written with an escape: the careful path's).
    @inline(__always)
    private static func key(_ base: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (Int, Int)? {
        guard i + 3 < n else { return nil }
        let slot: Int, key: StaticString
        switch (base[i + 1], base[i + 2]) {
        case (105, 100): slot = 0; key = "id"
        case (105, 110): slot = 11; key = "input"
        case (100, _): slot = 1; key = "date"
        case (116, 105): slot = 2; key = "time"
        case (116, 121): slot = 3; key = "type"
        case (116, 111): slot = 8; key = "to_account"
        case (97, 109): slot = 4; key = "amount"
        case (97, 99): slot = 7; key = "account"
        case (99, 117): slot = 5; key = "currency"
        case (99, 97): slot = 6; key = "category"
        case (110, _): slot = 9; key = "note"
        case (114, _): slot = 10; key = "recurrence"
        default: return nil
        }
        let count = key.utf8CodeUnitCount, end = i + 1 + count
        guard end < n, base[end] == 34 else { return nil }
        let expected = key.utf8Start
        for k in 0..<count where expected[k] != base[i + 1 + k] { return nil }
        return (slot, end)
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
        // The labels' Strings made once each and shared by every row that names them.
        return row.transaction(category: label(row.categoryKey, row.categoryBytes), account: label(row.accountKey, row.accountBytes),
                               toAccount: label(row.toAccountKey, row.toAccountBytes))
    }

    /// A label's String by its key (`row`'s), made anew past the known ones.
    private func label(_ key: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        key >= 0 ? labelValues[key] : key == -1 ? nil : String(decoding: bytes, as: UTF8.self)
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
            guard i < n, base[i] == 34, let (slot, keyEnd) = BackupLineDecoder.key(base, i, n) else { return nil }
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
              supported.contains(date) else { return nil }
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
        let category = labelKey(base, spans[12], spans[13], 0), account = labelKey(base, spans[14], spans[15], 1),
            toAccount = labelKey(base, spans[16], spans[17], 2)
        guard category != -3, account != -3, toAccount != -3 else { return nil }
        // An income category on an expense: the careful path refuses it.
        if type == .expense, spans[13] >= 6, base[spans[12]] == UInt8(ascii: "i"),
           UnsafeBufferPointer(start: base + spans[12], count: spans[13]).starts(with: "income".utf8) { return nil }
        @inline(__always) func bytes(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: spans[2 * slot + 1] > 0 ? base + spans[2 * slot] : nil, count: max(spans[2 * slot + 1], 0))
        }
        return BackupRow(id: id, type: type, amount: amount, date: date, time: time, recurrence: recurrence, note: note, input: input,
                         categoryBytes: bytes(6), accountBytes: bytes(7), toAccountBytes: bytes(8),
                         categoryKey: category, accountKey: account, toAccountKey: toAccount)
    }

    /// A label field's key: its index among the known labels (the same for the same bytes all
    /// along the file), -1 when absent, null or empty, -2 when valid but not kept (past 256),
    /// -3 when the careful path must decide (not valid UTF-8).
    private mutating func labelKey(_ base: UnsafePointer<UInt8>, _ start: Int, _ l: Int, _ which: Int) -> Int {
        guard l > 0 else { return -1 }
        let p = base + start
        // The line before's label for this field first, then the table.
        let last = which == 0 ? lastLabels.0 : which == 1 ? lastLabels.1 : lastLabels.2
        if last >= 0, matches(last, p, l) { return last }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(l)
        for k in 0..<l { hash = (hash ^ UInt64(p[k])) &* 0x100_0000_01b3 }
        var position = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & (BackupLineDecoder.tableSize - 1)
        while true {
            let entry = Int(labelTable[position]) - 1
            if entry < 0 { break }
            if matches(entry, p, l) {
                remember(entry, which)
                return entry
            }
            position = (position + 1) & (BackupLineDecoder.tableSize - 1)
        }
        let bytes = UnsafeBufferPointer(start: p, count: l)
        guard let text = JSONObjectReader.string(bytes) else { return -3 }
        // A category that is no slug kassa could make (`../../etc`) goes to the careful path, which refuses it.
        if which == 0, !CategoryDefinition.isValidSlug(text) { return -3 }
        guard labelValues.count < BackupLineDecoder.maxLabels else { return -2 }
        let key = labelValues.count
        labelTable[position] = Int16(key + 1)
        labelRanges.append((labelBytes.count, l))
        labelBytes.append(contentsOf: bytes)
        labelValues.append(text)
        remember(key, which)
        return key
    }

    @inline(__always)
    private func matches(_ entry: Int, _ p: UnsafePointer<UInt8>, _ l: Int) -> Bool {
        let range = labelRanges[entry]
        guard range.count == l else { return false }
        return labelBytes.withUnsafeBufferPointer { known in
            let q = known.baseAddress! + range.start
            for k in 0..<l where q[k] != p[k] { return false }
            return true
        }
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
    public var recurrence: Recurrence?
    public var note: UnsafeBufferPointer<UInt8>
    public var input: UnsafeBufferPointer<UInt8>
    /// The category, account and to_account as the line's bytes (valid UTF-8, no escapes; empty
    /// when absent, null or empty): an encoder copies them, no String is made per row.
    public var categoryBytes: UnsafeBufferPointer<UInt8>
    public var accountBytes: UnsafeBufferPointer<UInt8>
    public var toAccountBytes: UnsafeBufferPointer<UInt8>
    /// The decoder's keys of the three labels (see BackupLineDecoder.label).
    var categoryKey = -1, accountKey = -1, toAccountKey = -1

    public var category: String? { BackupRow.text(categoryBytes) }
    public var account: String? { BackupRow.text(accountBytes) }
    public var toAccount: String? { BackupRow.text(toAccountBytes) }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// The room any encoding of the row's record fields takes at most (`BackupReader.Encode`):
    /// each text twice over (every byte escaped) and 160 bytes for the rest (the numbers, the
    /// codes and the tabs take about 100).
    public var encodedBound: Int {
        2 * (note.count + input.count + categoryBytes.count + accountBytes.count + toAccountBytes.count) + 160
    }

    /// The transaction the line stands for.
    public var transaction: Transaction {
        transaction(category: category, account: account, toAccount: toAccount)
    }

    func transaction(category: String?, account: String?, toAccount: String?) -> Transaction {
        Transaction(id: id, type: type, amount: amount, date: date, time: time, category: category, account: account,
                    toAccount: toAccount, note: String(decoding: note, as: UTF8.self), recurrence: recurrence,
                    input: String(decoding: input, as: UTF8.self))
    }
}
