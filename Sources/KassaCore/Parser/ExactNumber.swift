// ExactNumber: a decimal read from the input (digits or words) as integer units and a count of
// fraction digits. Every operation checks for overflow and returns nil rather than trapping, so a
// hostile line ("nine nine nine ... million million") can never crash the parser.

public struct ExactNumber: Hashable, Sendable, CustomStringConvertible {
    /// value = units / 10^fractionDigits
    public var units: Int64
    public var fractionDigits: Int

    public init(units: Int64, fractionDigits: Int = 0) {
        self.units = units
        self.fractionDigits = fractionDigits
    }

    public static let zero = ExactNumber(units: 0)
    /// A number past what Int64 holds, kept as the largest one so that it is refused as too large
    /// rather than read short.
    public static let tooLarge = ExactNumber(units: .max)

    public var isZero: Bool { units == 0 }
    public var isInteger: Bool { normalized.fractionDigits == 0 }

    /// The integer value when there is no fraction, else nil.
    public var intValue: Int64? {
        let n = normalized
        return n.fractionDigits == 0 ? n.units : nil
    }

    /// Trailing zero fraction digits removed (1.50 → 1.5).
    public var normalized: ExactNumber {
        var n = self
        while n.fractionDigits > 0, n.units % 10 == 0 { n.units /= 10; n.fractionDigits -= 1 }
        return n
    }

    static func pow10(_ n: Int) -> Int64? {
        guard n >= 0, n <= 18 else { return nil }
        var v: Int64 = 1
        for _ in 0..<n { v *= 10 }
        return v
    }

    /// Both numbers brought to the same number of fraction digits.
    static func aligned(_ a: ExactNumber, _ b: ExactNumber) -> (Int64, Int64, Int)? {
        let digits = max(a.fractionDigits, b.fractionDigits)
        guard let fa = pow10(digits - a.fractionDigits), let fb = pow10(digits - b.fractionDigits) else { return nil }
        let (x, o1) = a.units.multipliedReportingOverflow(by: fa)
        let (y, o2) = b.units.multipliedReportingOverflow(by: fb)
        guard !o1, !o2 else { return nil }
        return (x, y, digits)
    }

    public func adding(_ other: ExactNumber) -> ExactNumber? {
        guard let (x, y, digits) = ExactNumber.aligned(self, other) else { return nil }
        let (sum, o) = x.addingReportingOverflow(y)
        return o ? nil : ExactNumber(units: sum, fractionDigits: digits).normalized
    }

    public func subtracting(_ other: ExactNumber) -> ExactNumber? {
        guard let (x, y, digits) = ExactNumber.aligned(self, other) else { return nil }
        let (difference, o) = x.subtractingReportingOverflow(y)
        return o ? nil : ExactNumber(units: difference, fractionDigits: digits).normalized
    }

    public func multiplied(by other: ExactNumber) -> ExactNumber? {
        let a = normalized, b = other.normalized
        let (product, o) = a.units.multipliedReportingOverflow(by: b.units)
        guard !o, a.fractionDigits + b.fractionDigits <= 18 else { return nil }
        return ExactNumber(units: product, fractionDigits: a.fractionDigits + b.fractionDigits).normalized
    }

    public static func < (a: ExactNumber, b: ExactNumber) -> Bool {
        guard let (x, y, _) = aligned(a, b) else { return a.fractionDigits > b.fractionDigits }
        return x < y
    }

    /// Minor units of `currency`, rounding half away from zero when the input had more
    /// fraction digits than the currency keeps. nil on overflow.
    public func money(_ currency: Currency) -> Money? {
        let n = normalized
        if n.fractionDigits <= currency.minorDigits {
            guard let f = ExactNumber.pow10(currency.minorDigits - n.fractionDigits) else { return nil }
            let (v, o) = n.units.multipliedReportingOverflow(by: f)
            return o ? nil : Money(minorUnits: v, currency: currency)
        }
        guard let f = ExactNumber.pow10(n.fractionDigits - currency.minorDigits) else { return nil }
        var v = n.units / f
        if (n.units % f) * 2 >= f { v += 1 }
        return Money(minorUnits: v, currency: currency)
    }

    public var description: String {
        let n = normalized
        guard n.fractionDigits > 0, let f = ExactNumber.pow10(n.fractionDigits) else { return String(n.units) }
        let whole = n.units / f, frac = String(n.units % f)
        return String(whole) + "." + String(repeating: "0", count: n.fractionDigits - frac.count) + frac
    }
}
