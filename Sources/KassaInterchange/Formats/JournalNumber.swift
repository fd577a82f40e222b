// JournalNumber: a number as the plain-text journals write one ("1,000.00", "-5", "0.12",
// "1.000,50" under a decimal-comma mark) — exact, an Int64 of digits and a scale, never a
// Double; a number that does not fit is no number (the reader names its line). Products for
// costs (`10 AAPL @ $30.25`) are exact too, rounded half away from zero only when a result has
// more decimals than its currency.

import KassaCore

public struct JournalNumber: Sendable, Hashable {
    public var value: Int64
    /// Digits after the decimal mark (at most 18).
    public var scale: Int

    public init(value: Int64, scale: Int) {
        self.value = value
        self.scale = scale
    }

    /// Reads digits with an optional sign, a decimal mark and digit-group marks. `decimalComma`:
    /// the file said its decimal mark is ','. Otherwise a '.' is the decimal mark, and a ',' is
    /// one when it is the only mark and not followed by exactly three digits ("1,5"; "1,000" is a thousand).
    public static func read(_ text: Substring, decimalComma: Bool? = nil) -> JournalNumber? {
        var bytes = Array(text.utf8)
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        let dots = bytes.filter { $0 == UInt8(ascii: ".") }.count
        let commas = bytes.filter { $0 == UInt8(ascii: ",") }.count
        var mark: UInt8?
        if let decimalComma {
            mark = decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        } else if dots > 0 && commas > 0 {
            mark = bytes.lastIndex { $0 == UInt8(ascii: ".") }! > bytes.lastIndex { $0 == UInt8(ascii: ",") }! ? UInt8(ascii: ".") : UInt8(ascii: ",")
        } else if dots == 1 {
            mark = UInt8(ascii: ".")
        } else if commas == 1, let at = bytes.firstIndex(of: UInt8(ascii: ",")), bytes.count - at - 1 != 3 {
            mark = UInt8(ascii: ",")
        }
        var value: Int64 = 0
        var scale = 0
        var seenMark = false
        var digits = 0
        // Digits since the last group mark: a group after one has exactly three ("1,000", not "1.2.3").
        var group = 0
        var grouped = false
        for byte in bytes {
            if byte == mark {
                guard !seenMark, !grouped || group == 3 else { return nil }
                seenMark = true
                continue
            }
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "_") {
                // Group marks only in the whole part, between groups of three.
                guard !seenMark, digits > 0, !grouped || group == 3 else { return nil }
                grouped = true
                group = 0
                continue
            }
            group += 1
            guard byte >= 48 && byte <= 57 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(Int64(byte - 48))
            guard !o1, !o2 else { return nil }
            value = plus
            digits += 1
            if seenMark { scale += 1 }
        }
        guard digits > 0, scale <= 18, seenMark || !grouped || group == 3 else { return nil }
        return JournalNumber(value: negative ? -value : value, scale: scale)
    }

    public var isZero: Bool { value == 0 }
    public var negated: JournalNumber { JournalNumber(value: -value, scale: scale) }

    /// Minor units of `currency`; nil when it has more (non-zero) decimals than the currency or does not fit.
    public func money(_ currency: Currency) -> Money? {
        var v = value, s = scale
        while s > currency.minorDigits {
            guard v % 10 == 0 else { return nil }
            v /= 10
            s -= 1
        }
        while s < currency.minorDigits {
            let (times, overflow) = v.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            v = times
            s += 1
        }
        return Money(minorUnits: v, currency: currency)
    }

    /// self × other in minor units of `currency`, rounded half away from zero; nil on overflow.
    public func times(_ other: JournalNumber, in currency: Currency) -> Money? {
        let (product, overflow) = value.multipliedReportingOverflow(by: other.value)
        guard !overflow else { return nil }
        var v = product, s = scale + other.scale
        while s > currency.minorDigits {
            let rest = v % 10
            v /= 10
            s -= 1
            if s == currency.minorDigits, rest >= 5 || rest <= -5 { v += v < 0 || (v == 0 && rest < 0) ? -1 : 1 }
        }
        while s < currency.minorDigits {
            let (times, o) = v.multipliedReportingOverflow(by: 10)
            guard !o else { return nil }
            v = times
            s += 1
        }
        return Money(minorUnits: v, currency: currency)
    }
}
