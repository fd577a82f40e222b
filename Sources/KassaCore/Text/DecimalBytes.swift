// DecimalBytes: numbers written straight into an output buffer — an amount as "1500.00" (the
// contract's machine form, as Money.decimalString writes it, without making a String) — since
// a million-row export spends its time in exactly these few bytes per row. In KassaCore beside
// JSONLinesWriter, which writes amounts and dates through it.

public enum DecimalBytes {
    /// The most bytes `write(money)` puts: a sign, 20 digits and a mark, with room to spare.
    public static let maxMoneyBytes = 32
    /// The bytes of `2026-03-04`.
    public static let dateBytes = 10

    /// `money` (or its negation) with '-' when negative, all minor digits, '.' as the mark.
    public static func append(_ money: Money, to out: inout [UInt8], negated: Bool = false) {
        out.appendWritten(atMost: maxMoneyBytes) { write(money, to: &$0, negated: negated) }
    }

    /// `append(money)` through a cursor with room for `maxMoneyBytes`.
    @inlinable public static func write(_ money: Money, to out: inout ByteCursor, negated: Bool = false) {
        let negative = negated ? money.minorUnits > 0 : money.minorUnits < 0
        if negative { out.put(45) }
        var magnitude = money.minorUnits.magnitude
        let digits = money.currency.minorDigits
        // How many bytes, then written backwards in place: at most 20 digits and a mark.
        var length = 1
        var probe = magnitude
        while probe >= 10 { probe /= 10; length += 1 }
        if length <= digits { length = digits + 1 }
        if digits > 0 { length += 1 }
        let at = out.current
        var index = length
        var written = 0
        repeat {
            if written == digits && digits > 0 { index -= 1; at[index] = 46 }
            index -= 1
            at[index] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
            written += 1
            magnitude /= 10
        } while magnitude > 0 || written <= digits
        out.advance(by: length)
    }
}

extension DecimalBytes {
    /// `2026-03-04`, as CivilDate.iso writes it (years 0–9999).
    public static func append(_ date: CivilDate, to out: inout [UInt8]) {
        out.appendWritten(atMost: dateBytes) { write(date, to: &$0) }
    }

    /// `append(date)` through a cursor with room for `dateBytes`.
    @inlinable public static func write(_ date: CivilDate, to out: inout ByteCursor) {
        let y = date.year
        out.twoDigits(y / 100)
        out.twoDigits(y)
        out.put(45)
        out.twoDigits(date.month)
        out.put(45)
        out.twoDigits(date.day)
    }
}
