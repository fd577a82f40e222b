// Percent: an annual rate such as 14.5 % as an exact integer of ten-thousandths of a percent
// (145000), read from "14.5" or "14,5"; never a Double, so interest sums are exact.

public struct Percent: Sendable, Hashable, Comparable {
    /// Ten-thousandths of a percent: 14.5 % is 145_000.
    public var tenThousandths: Int64

    public static let scale: Int64 = 10_000
    /// Rates above this are a typo (1000 %), not a deposit.
    public static let maximum = Percent(tenThousandths: 1_000 * scale)

    public init(tenThousandths: Int64) {
        self.tenThousandths = tenThousandths
    }

    /// "14.5", "14,5", "7", "0.0125"; at most four decimals, 0 … 1000.
    public init?(text: String) {
        var whole: Int64 = 0, fraction: Int64 = 0, fractionDigits = 0, seenMark = false, digits = 0
        for character in text {
            if character == "." || character == "," {
                guard !seenMark, digits > 0 else { return nil }
                seenMark = true
            } else if let digit = character.wholeNumberValue, character.isASCII {
                digits += 1
                if seenMark {
                    fractionDigits += 1
                    guard fractionDigits <= 4 else { return nil }
                    fraction = fraction * 10 + Int64(digit)
                } else {
                    guard whole < 10_000 else { return nil }
                    whole = whole * 10 + Int64(digit)
                }
            } else {
                return nil
            }
        }
        guard digits > 0, !seenMark || fractionDigits > 0 else { return nil }
        for _ in fractionDigits..<4 { fraction *= 10 }
        let value = Percent(tenThousandths: whole * Percent.scale + fraction)
        guard value <= Percent.maximum else { return nil }
        self = value
    }

    /// "14.5": the shortest exact decimal, `.` as the mark (the journal's and JSON's form).
    public var text: String {
        let whole = tenThousandths / Percent.scale
        var fraction = String(tenThousandths % Percent.scale)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : String(whole) + "." + fraction
    }

    public static func < (a: Percent, b: Percent) -> Bool { a.tenThousandths < b.tenThousandths }
}
