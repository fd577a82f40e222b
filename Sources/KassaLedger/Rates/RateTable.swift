// RateTable: converts money between currencies with the rate in effect on a given date — the
// newest rate dated on or before it — never today's rate for history (the app's shortcut), and
// never a silent 1 or 0: a currency with no rate on or before the date is a ConversionError that
// names it. Only rates recorded against the table's base currency are used; a conversion between
// two non-base currencies goes through the base.

import KassaCore

public struct RateTable: Sendable {
    public let base: Currency
    /// Per currency, its rates in date order.
    private var byCurrency: [Currency: [ExchangeRate]] = [:]

    public init(base: Currency, rates: [ExchangeRate]) {
        self.base = base
        for rate in rates where rate.base == base && rate.currency != base {
            byCurrency[rate.currency, default: []].append(rate)
        }
        for currency in byCurrency.keys {
            // The newest record for a date wins when two share it (a later `rate set` replaces).
            byCurrency[currency]!.sort { $0.date < $1.date }
        }
    }

    /// Every rate the table holds, by currency code then date.
    public var rates: [ExchangeRate] {
        byCurrency.keys.sorted { $0.code < $1.code }.flatMap { byCurrency[$0]! }
    }

    /// The rate of `currency` in effect on `date`: the newest dated on or before it.
    public func rate(_ currency: Currency, on date: CivilDate) -> ExchangeRate? {
        guard let list = byCurrency[currency] else { return nil }
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].date <= date { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? list[lo - 1] : nil
    }

    /// `money` in `target` at the rates in effect on `date`, rounded half away from zero to the
    /// target's minor units.
    public func convert(_ money: Money, to target: Currency, on date: CivilDate) throws(ConversionError) -> Money {
        if money.currency == target { return money }
        let from = try micros(money.currency, on: date)
        let to = try micros(target, on: date)
        // target = amount × from / to, with both currencies' minor digits: Int128 holds every
        // bounded amount (10^15) times a rate (10^15) times 10^3.
        let numerator = Int128(money.minorUnits) * Int128(from) * Int128(target.minorPerMajor)
        let denominator = Int128(to) * Int128(money.currency.minorPerMajor)
        let quotient = numerator / denominator
        let remainder = numerator % denominator
        var rounded = quotient
        if 2 * remainder.magnitude >= denominator.magnitude { rounded += numerator < 0 ? -1 : 1 }
        guard let minor = Int64(exactly: rounded) else { throw ConversionError(kind: .overflow, currency: money.currency, date: date) }
        return Money(minorUnits: minor, currency: target)
    }

    private func micros(_ currency: Currency, on date: CivilDate) throws(ConversionError) -> Int64 {
        if currency == base { return ExchangeRate.scale }
        guard let rate = rate(currency, on: date) else { throw ConversionError(kind: .missingRate, currency: currency, date: date) }
        return rate.micros
    }
}

/// Why an amount could not be converted: no rate for `currency` on or before `date`, or a
/// result too large for an amount.
public struct ConversionError: LocalizableError, Hashable {
    public enum Kind: String, Sendable { case missingRate = "missing-rate", overflow }
    public var kind: Kind
    public var currency: Currency
    public var date: CivilDate

    public var messageKey: String { "rate.\(kind.rawValue)" }
    public var messageArguments: [String: String] { ["currency": currency.code, "date": date.iso] }
}
