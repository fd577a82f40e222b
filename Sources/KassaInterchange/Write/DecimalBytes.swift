// DecimalBytes: numbers written straight into an output buffer — an amount as "1500.00" (the
// contract's machine form, as Money.decimalString writes it, without making a String) — since
// a million-row export spends its time in exactly these few bytes per row.

import KassaCore

public enum DecimalBytes {
    /// `money` (or its negation) with '-' when negative, all minor digits, '.' as the mark.
    public static func append(_ money: Money, to out: inout [UInt8], negated: Bool = false) {
        let negative = negated ? money.minorUnits > 0 : money.minorUnits < 0
        if negative { out.append(45) }
        var magnitude = money.minorUnits.magnitude
        let digits = money.currency.minorDigits
        // Written backwards into a scratch: at most 20 digits and a mark.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
            var count = 0
            var written = 0
            repeat {
                if written == digits && digits > 0 { scratch[count] = 46; count += 1 }
                scratch[count] = UInt8(48 + magnitude % 10)
                count += 1
                written += 1
                magnitude /= 10
            } while magnitude > 0 || written <= digits
            while count > 0 { count -= 1; out.append(scratch[count]) }
        }
    }
}

extension DecimalBytes {
    /// `2026-03-04`, as CivilDate.iso writes it (years 0–9999).
    public static func append(_ date: CivilDate, to out: inout [UInt8]) {
        let y = date.year
        out.append(UInt8(48 + y / 1000 % 10)); out.append(UInt8(48 + y / 100 % 10))
        out.append(UInt8(48 + y / 10 % 10)); out.append(UInt8(48 + y % 10))
        out.append(45)
        out.append(UInt8(48 + date.month / 10)); out.append(UInt8(48 + date.month % 10))
        out.append(45)
        out.append(UInt8(48 + date.day / 10)); out.append(UInt8(48 + date.day % 10))
    }
}
