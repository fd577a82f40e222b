// ExchangeRate: how many units of a base currency one unit of another cost on a date
// ("1 USD = 480.50 KZT from 2026-01-15"), kept exactly as a decimal with at most six places.
// A rate is a journal object (kind "rate", key "USD 2026-01-15"), so rates undo and travel with
// backups; a conversion uses the rate in effect on the transaction's own date (RateTable).

public struct ExchangeRate: Sendable, Hashable {
    public var currency: Currency
    public var base: Currency
    /// Units of `base` per 1 unit of `currency`, times 10^6 (480.5 → 480_500_000).
    public var micros: Int64
    /// In effect from this date until the next rate of the same currency.
    public var date: CivilDate

    public static let kind = "rate"
    /// Six decimal places: enough for any published rate (the NBK publishes two to four).
    public static let scaleDigits = 6
    public static let scale: Int64 = 1_000_000
    /// Rates of 10^9 or more units of base per unit are refused as input mistakes.
    static let maxWholeDigits = 9

    public init(currency: Currency, base: Currency, micros: Int64, date: CivilDate) {
        self.currency = currency
        self.base = base
        self.micros = micros
        self.date = date
    }

    /// Reads a rate as people write it ("480.5", "480,50", "0.0021"): positive, at most six
    /// decimal places and nine whole digits. Nil for anything else.
    public static func micros(from text: String) -> Int64? {
        var whole: Int64 = 0, fraction: Int64 = 0
        var wholeDigits = 0, fractionDigits = 0, seenMark = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard !seenMark, wholeDigits > 0 else { return nil }
                seenMark = true
            case 48...57:
                if seenMark {
                    fractionDigits += 1
                    guard fractionDigits <= scaleDigits else { return nil }
                    fraction = fraction * 10 + Int64(byte - 48)
                } else {
                    wholeDigits += 1
                    guard wholeDigits <= maxWholeDigits else { return nil }
                    whole = whole * 10 + Int64(byte - 48)
                }
            default:
                return nil
            }
        }
        guard wholeDigits > 0, !seenMark || fractionDigits > 0 else { return nil }
        for _ in fractionDigits..<scaleDigits { fraction *= 10 }
        let value = whole * scale + fraction
        return value > 0 ? value : nil
    }

    /// "480.5": the rate with trailing zeros dropped (the machine form in JSON and records).
    public var decimalString: String {
        let whole = micros / Self.scale
        var fraction = String(micros % Self.scale)
        fraction = String(repeating: "0", count: Self.scaleDigits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }

    public static func key(currency: Currency, date: CivilDate) -> String { currency.code + " " + date.iso }

    public var record: ObjectRecord {
        ObjectRecord(kind: Self.kind, key: Self.key(currency: currency, date: date),
                     fields: [.init("base", base.code), .init("rate", decimalString)])
    }

    public init?(record: ObjectRecord) {
        let parts = record.key.split(separator: " ")
        guard record.kind == Self.kind, !record.removed, parts.count == 2,
              let currency = Currency(code: String(parts[0])), let date = CivilDate(iso: String(parts[1])),
              let base = record["base"].flatMap(Currency.init(code:)),
              let micros = record["rate"].flatMap(Self.micros(from:)) else { return nil }
        self.init(currency: currency, base: base, micros: micros, date: date)
    }
}
