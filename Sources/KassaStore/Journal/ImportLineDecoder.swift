// ImportLineDecoder: the fast path of `parseImport` — one `kassa list --json` line straight into
// a Transaction, reading the twelve known keys as byte slices of the line (no dictionary, no
// String per key, Strings only for the text fields the Transaction keeps).
// It only ever says "decoded" or "not sure": anything unusual (an escape in a string, an
// unknown or repeated key, a value it would have to interpret differently, any invalid field)
// returns nil and the line goes through JSONLineReader + Journal.transaction, which decide
// and name the error exactly as before. So the fast path never changes what an import accepts.

import KassaCore

enum ImportLineDecoder {
    /// The keys of the TRANSACTION object, in the writer's order (slot = index).
    private static let keys: [[UInt8]] = ["id", "date", "time", "type", "amount", "currency", "category", "account",
                                          "to_account", "note", "recurrence", "input"].map { Array($0.utf8) }

    private static func slot(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        for (index, key) in keys.enumerated() where key.count == count {
            var equal = true
            for k in 0..<count where key[k] != p[k] { equal = false; break }
            if equal { return index }
        }
        return nil
    }

    /// The line's transaction, or nil when the careful path must decide.
    static func transaction(_ line: UnsafeBufferPointer<UInt8>) -> Transaction? {
        guard let base = line.baseAddress else { return nil }
        let n = line.count
        // Value slices by slot: start, length; length -1 = absent or null.
        var starts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var lengths = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
        var seen: UInt16 = 0
        var i = 0
        @inline(__always) func skipSpace() { while i < n, base[i] == 32 || base[i] == 9 || base[i] == 13 { i += 1 } }
        /// A string without escapes or control bytes: its content's bounds, or nil.
        @inline(__always) func plainString() -> (Int, Int)? {
            guard i < n, base[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            let start = i
            while i < n {
                let b = base[i]
                if b == UInt8(ascii: "\"") { i += 1; return (start, i - 1 - start) }
                if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
                i += 1
            }
            return nil
        }
        skipSpace()
        guard i < n, base[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        skipSpace()
        guard i < n, base[i] != UInt8(ascii: "}") else { return nil }
        while true {
            skipSpace()
            guard let (keyStart, keyLength) = plainString(), let slot = slot(base + keyStart, keyLength) else { return nil }
            guard seen & (1 << slot) == 0 else { return nil }
            seen |= 1 << slot
            skipSpace()
            guard i < n, base[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            guard i < n else { return nil }
            var start = 0, length = -1
            switch base[i] {
            case UInt8(ascii: "\""):
                guard let (s, l) = plainString() else { return nil }
                start = s; length = l
            case UInt8(ascii: "n"):
                guard i + 4 <= n, base[i + 1] == UInt8(ascii: "u"), base[i + 2] == UInt8(ascii: "l"),
                      base[i + 3] == UInt8(ascii: "l") else { return nil }
                i += 4
            case 48...57:
                // A bare number (an id written as one): the same text the careful reader keeps.
                start = i
                while i < n, base[i] &- 48 < 10 { i += 1 }
                length = i - start
            default:
                return nil
            }
            withUnsafeMutableBytes(of: &starts) { $0.storeBytes(of: start, toByteOffset: slot * 8, as: Int.self) }
            withUnsafeMutableBytes(of: &lengths) { $0.storeBytes(of: length, toByteOffset: slot * 8, as: Int.self) }
            skipSpace()
            guard i < n else { return nil }
            if base[i] == UInt8(ascii: ",") { i += 1; continue }
            guard base[i] == UInt8(ascii: "}") else { return nil }
            i += 1
            break
        }
        skipSpace()
        guard i == n else { return nil }

        @inline(__always) func field(_ slot: Int) -> (UnsafePointer<UInt8>, Int)? {
            let length = withUnsafeBytes(of: &lengths) { $0.load(fromByteOffset: slot * 8, as: Int.self) }
            guard length >= 0 else { return nil }
            return (base + withUnsafeBytes(of: &starts) { $0.load(fromByteOffset: slot * 8, as: Int.self) }, length)
        }
        @inline(__always) func text(_ p: UnsafePointer<UInt8>, _ count: Int) -> String? {
            let buffer = UnsafeBufferPointer(start: p, count: count)
            var ascii = true
            for b in buffer where b >= 0x80 { ascii = false; break }
            return ascii ? String(decoding: buffer, as: UTF8.self) : String(validating: buffer, as: UTF8.self)
        }
        // Slots: 0 id, 1 date, 2 time, 3 type, 4 amount, 5 currency, 6 category, 7 account,
        // 8 to_account, 9 note, 10 recurrence, 11 input.
        guard let (cp, cl) = field(5), cl == 3, let code = text(cp, cl), let currency = Currency(code: code),
              code == currency.code,
              let (ap, al) = field(4), let minor = RecordCodec.parseAmount(ap, al, digits: currency.minorDigits),
              let (dp, dl) = field(1), let days = RecordCodec.parseDate(dp, dl) else { return nil }
        var type = TransactionType.expense
        if let (p, l) = field(3) {
            guard let name = text(p, l), let known = TransactionType(rawValue: name) else { return nil }
            type = known
        }
        var time: TimeOfDay?
        if let (p, l) = field(2) {
            guard let parsed = RecordCodec.parseTime(p, l) else { return nil }
            time = parsed
        }
        var recurrence: Recurrence?
        if let (p, l) = field(10) {
            guard let name = text(p, l), let parsed = Recurrence(rawValue: name) else { return nil }
            recurrence = parsed
        }
        var id = 0
        if let (p, l) = field(0) {
            let hash = l > 0 && p[0] == UInt8(ascii: "#") ? 1 : 0
            guard let parsed = RecordCodec.parseUInt(p + hash, l - hash), parsed > 0 else { return nil }
            id = Int(parsed)
        }
        // A label: .some(nil) when absent, null or empty; nil (not sure) when its bytes are not UTF-8.
        @inline(__always) func label(_ slot: Int) -> String?? {
            guard let (p, l) = field(slot), l > 0 else { return .some(nil) }
            guard let value = text(p, l) else { return nil }
            return .some(value)
        }
        guard let category = label(6), let account = label(7), let toAccount = label(8) else { return nil }
        var note = "", input = ""
        if let (p, l) = field(9) {
            guard let value = text(p, l) else { return nil }
            note = value
        }
        if let (p, l) = field(11) {
            guard let value = text(p, l) else { return nil }
            input = value
        }
        return Transaction(id: id, type: type, amount: Money(minorUnits: minor, currency: currency),
                           date: CivilDate(daysSinceEpoch: Int(days)), time: time, category: category,
                           account: account, toAccount: toAccount, note: note, recurrence: recurrence, input: input)
    }
}
