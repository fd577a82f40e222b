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

/// The two optional arguments after RecordArgument's twelve: the other amount and its
/// currency — a currency exchange's target (what arrives in `toAccount`), or what the account
/// was charged for an expense or income in another currency. Only a record with one has them, so
/// every line written before them — and every line without one — reads and writes unchanged.
enum TargetField: Int, CaseIterable {
    case amount = 12, currency

    var lineIndex: Int { RecordField.arguments.rawValue + rawValue }

    /// A transaction record's field count on its line, without and with a target.
    static let plainLineCount = RecordField.arguments.rawValue + RecordArgument.allCases.count
    static let targetLineCount = plainLineCount + allCases.count
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
        // A transfer's target (an exchange) or an expense's or income's charged amount: in
        // another currency than the amount, never negative, within the same bounds; never both.
        if t.toAmount != nil && t.type != .transfer || t.chargedAmount != nil && t.type == .transfer { return "amount" }
        if let target = t.otherAmount {
            if target.minorUnits < 0 || target.currency == t.amount.currency { return "amount" }
            if target.minorUnits.magnitude > UInt64(maxMinorUnits(digits: target.currency.minorDigits)) { return "amount" }
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
