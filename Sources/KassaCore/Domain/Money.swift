// Money: an exact amount as integer minor units of one ISO 4217 currency.
// Never a floating-point value: parsing and printing go through decimal digit strings.
// Arithmetic is checked: sums that do not fit and sums of two currencies are errors
// (MoneyError), never a wrap. Amounts that enter kassa (typed, corrected, imported) are
// bounded to `maximumWholeDigits` digits before the decimal point (the app's rule).

public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var minorUnits: Int64
    public var currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Whole major units, e.g. `Money(major: 1500, currency: .kzt)` is 1500.00 KZT.
    /// Returns nil on overflow.
    public init?(major: Int64, currency: Currency) {
        let (value, overflow) = major.multipliedReportingOverflow(by: currency.minorPerMajor)
        guard !overflow else { return nil }
        self.init(minorUnits: value, currency: currency)
    }

    /// Parses a plain decimal string ("1500", "1500.5", "-12.30") with `.` as the decimal mark.
    /// Returns nil for more fractional digits than the currency has, or on overflow.
    public init?(decimal text: String, currency: Currency) {
        // On the UTF-8 bytes: imports read a million of these.
        var value: Int64 = 0
        var negative = false, seenPoint = false, wholeDigits = 0, fractionDigits = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0:
                negative = true
            case UInt8(ascii: "."):
                guard !seenPoint, wholeDigits > 0 else { return nil }
                seenPoint = true
            case 48...57:
                if seenPoint { fractionDigits += 1 } else { wholeDigits += 1 }
                guard fractionDigits <= currency.minorDigits else { return nil }
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int64(byte - 48))
                guard !o1, !o2 else { return nil }
                value = plus
            default:
                return nil
            }
        }
        guard wholeDigits > 0, !seenPoint || fractionDigits > 0 else { return nil }
        for _ in fractionDigits..<currency.minorDigits {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = times
        }
        self.init(minorUnits: negative ? -value : value, currency: currency)
    }

    /// "1500.00": the contract's machine form, `.` decimal mark, no grouping, all minor digits.
    public var decimalString: String {
        let negative = minorUnits < 0
        let magnitude = minorUnits.magnitude
        let per = UInt64(currency.minorPerMajor)
        var text = String(magnitude / per)
        if currency.minorDigits > 0 {
            let fraction = String(magnitude % per)
            text += "." + String(repeating: "0", count: currency.minorDigits - fraction.count) + fraction
        }
        return negative ? "-" + text : text
    }

    public var description: String { decimalString + " " + currency.code }

    public var isZero: Bool { minorUnits == 0 }

    public var negated: Money { Money(minorUnits: -minorUnits, currency: currency) }

    // MARK: - Checked arithmetic and bounds

    /// At most this many digits before the decimal point in an amount that enters kassa.
    public static let maximumWholeDigits = 12

    /// The amount's magnitude fits the entry bound: at most 12 whole digits.
    public var isWithinEntryBound: Bool {
        minorUnits.magnitude / UInt64(currency.minorPerMajor) < 1_000_000_000_000
    }

    /// Checks the entry bound, for amounts that come from outside (typed, imported).
    public func bounded() throws(MoneyError) -> Money {
        guard isWithinEntryBound else { throw MoneyError(.tooLarge, currency: currency) }
        return self
    }

    /// `self + other`, or an error on overflow or when the currencies differ.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw MoneyError(.currencyMismatch, currency: other.currency) }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw MoneyError(.overflow, currency: currency) }
        return Money(minorUnits: sum, currency: currency)
    }

    /// `self - other`, checked like `adding`.
    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        guard other.minorUnits != .min else { throw MoneyError(.overflow, currency: currency) }
        return try adding(other.negated)
    }

    /// The amount multiplied by a whole number (e.g. a monthly price × 12), checked.
    public func multiplied(by factor: Int64) throws(MoneyError) -> Money {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: factor)
        guard !overflow else { throw MoneyError(.overflow, currency: currency) }
        return Money(minorUnits: product, currency: currency)
    }
}

/// A running total in minor units that reports overflow instead of wrapping; the hot loops of
/// balances and reports add plain Int64s through it.
public struct CheckedSum: Sendable, Hashable {
    public private(set) var value: Int64 = 0
    public private(set) var overflowed = false

    public init() {}

    @inline(__always)
    public mutating func add(_ amount: Int64) {
        let (sum, overflow) = value.addingReportingOverflow(amount)
        value = sum
        overflowed = overflowed || overflow
    }

    /// Adds another running total (two threads' halves of one sum).
    public mutating func add(_ other: CheckedSum) {
        add(other.value)
        overflowed = overflowed || other.overflowed
    }

    @inline(__always)
    public mutating func subtract(_ amount: Int64) {
        let (difference, overflow) = value.subtractingReportingOverflow(amount)
        value = difference
        overflowed = overflowed || overflow
    }
}
