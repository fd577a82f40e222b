// RecordLayout: the journal's record line stated once — where each field sits, which bounds a
// value must keep, and the one function that decides whether a line's checksum holds. The
// encoder (RecordCodec, LineWriter), the decoder (JournalState+Reading), recovery
// (JournalRecovery) and materialisation (Journal.materialize) all go through these names, and
// all split a line into its fields with the one splitter, RecordFields.
//
//     CRC<TAB>CHANGE<TAB>PART/PARTS<TAB>OP<TAB>ARGUMENTS...<LF>      (a CR before the LF is tolerated)

import KassaCore

/// The fields of a record line after the checksum, by position.
enum RecordField: Int {
    case change = 0, part, op
    /// The first argument (what follows depends on the op).
    case arguments
}

/// The arguments of a commit, import or edit record, in file order.
enum RecordArgument: Int, CaseIterable {
    case id = 0, type, amount, currency, date, time, category, account, toAccount, recurrence, note, input

    /// Index among a line's fields (change, part and op come first).
    var lineIndex: Int { RecordField.arguments.rawValue + rawValue }
}

/// The optional arguments after RecordArgument's twelve: a transaction's optional fields
/// (TransactionField), an amount and its currency per record slot. A transfer's exchange target
/// and an expense's or income's charged amount share slot 0 (the type says which). A line keeps
/// no empty pair at its end, so every line written before them — and every line without one —
/// reads and writes unchanged; a pair before a kept one may be empty (two empty fields).
enum RecordTail {
    /// A transaction record's field count on its line without any pair, and with every one.
    static let plainLineCount = RecordField.arguments.rawValue + RecordArgument.allCases.count
    static let fullLineCount = plainLineCount + 2 * TransactionField.recordSlots

    /// Index among a line's fields of slot `slot`'s amount; its currency is the next one.
    static func lineIndex(_ slot: Int) -> Int { plainLineCount + 2 * slot }

    /// How many pairs a line of `count` fields has; nil when that is no transaction line's count.
    static func slots(lineCount count: Int) -> Int? {
        let extra = count - plainLineCount
        guard extra >= 0, extra % 2 == 0, extra / 2 <= TransactionField.recordSlots else { return nil }
        return extra / 2
    }

    /// The value a transaction keeps in `slot`, if any.
    static func value(_ slot: Int, in t: Transaction) -> Money? {
        TransactionField.inRecordSlot(slot, of: t.type)?.value(in: t)
    }

    /// How many pairs `t`'s record has: up to its last slot with a value.
    static func slots(of t: Transaction) -> Int {
        var count = 0
        for slot in 0..<TransactionField.recordSlots where value(slot, in: t) != nil { count = slot + 1 }
        return count
    }

    /// Puts `value`, read from `slot`, in the field the slot keeps for `t`'s type.
    static func place(_ value: Money?, slot: Int, in t: inout Transaction) {
        guard let value, let field = TransactionField.inRecordSlot(slot, of: t.type) else { return }
        field.set(value, in: &t)
    }

    /// The money of a pair whose amount and currency fields are the bytes at `amount` and
    /// `currency`; nil when the pair is empty or malformed.
    static func money(_ amount: UnsafePointer<UInt8>, _ amountLength: Int,
                      _ currency: UnsafePointer<UInt8>, _ currencyLength: Int) -> Money? {
        let code = String(decoding: UnsafeBufferPointer(start: currency, count: currencyLength), as: UTF8.self)
        guard amountLength > 0, let found = Currency(code: code), found.code == code,
              let units = RecordCodec.parseAmount(amount, amountLength, digits: found.minorDigits) else { return nil }
        return Money(minorUnits: units, currency: found)
    }

    /// The pair names of `slot` as a merge conflict says them: those of its first field.
    static func names(_ slot: Int) -> [String] {
        let field = TransactionField.allCases.first { $0.recordSlot == slot }!
        return [field.keys.amount, field.keys.currency]
    }
}

enum RecordBounds {
    /// At most this many digits before the decimal point (the app's rule: 999 999 999 999).
    /// With at most 3 minor digits every amount fits 10^15 minor units, so sums of thousands of
    /// them cannot overflow Int64 and parsing never multiplies past it.
    static let maxWholeDigits = 12
    /// The largest magnitude in minor units for a currency with `digits` minor digits.
    static func maxMinorUnits(digits: Int) -> Int64 {
        var limit: Int64 = 1
        for _ in 0..<(maxWholeDigits + digits) { limit *= 10 }
        return limit - 1
    }

    /// Why `t` cannot be written to the journal ("amount", "date"), or nil when it can. A
    /// negative amount is refused: the reader would refuse the line it makes.
    static func problem(in t: Transaction) -> String? {
        if t.amount.minorUnits < 0 { return "amount" }
        if t.amount.minorUnits.magnitude > UInt64(maxMinorUnits(digits: t.amount.currency.minorDigits)) { return "amount" }
        if !t.date.isSupported { return "date" }
        // An optional field (an exchange's target, a charged amount): only on a type that has
        // it, in another currency than the amount where it must be, never negative, within the
        // same bounds.
        for field in TransactionField.allCases {
            guard let value = field.value(in: t) else { continue }
            if !field.belongs(to: t.type) || value.minorUnits < 0 { return "amount" }
            if field.isInAnotherCurrency && value.currency == t.amount.currency { return "amount" }
            if value.minorUnits.magnitude > UInt64(maxMinorUnits(digits: value.currency.minorDigits)) { return "amount" }
        }
        return nil
    }
}

enum RecordLine {
    /// `CRC<TAB>`: 8 hex digits and a tab before every record's body.
    static let bodyOffset = 9
    /// The checksum check, the only one: for the line `base[start..<lf]` (`lf` is the index of its
    /// LF), returns where its body ends — before a CR that precedes the LF, which an editor or a
    /// Windows sync tool may have added — when the line is `CRC<TAB>body` and CRC-32(body) is CRC;
    /// nil otherwise. The body is `base[start + bodyOffset ..< end]`. Our writer escapes every CR inside
    /// fields, so a raw CR can only be such a line ending.
    @inline(__always)
    static func verifiedEnd(_ base: UnsafePointer<UInt8>, start: Int, lf: Int) -> Int? {
        var end = lf
        let body = start + bodyOffset
        if end > body, base[end - 1] == 13 { end -= 1 }
        guard end > body, base[body - 1] == RecordCodec.tab, let stored = parseHex(base + start),
              stored == CRC32.checksum(UnsafeRawPointer(base + body), count: end - body) else { return nil }
        return end
    }

    /// Same as `verifiedEnd`, for a line already known good (written by this process): only
    /// where its body ends.
    @inline(__always)
    static func bodyEnd(_ base: UnsafePointer<UInt8>, start: Int, lf: Int) -> Int {
        lf > start + bodyOffset && base[lf - 1] == 13 ? lf - 1 : lf
    }
}
