// MonthlyCost: what a series costs a month (DOMAIN.md §6): daily × 30, weekly × 4.33,
// monthly × 1, quarterly ÷ 3, yearly ÷ 12, divided again by the interval. Exact integer math:
// amount × numerator / (denominator × interval) in minor units, one division at the end,
// rounded half away from zero to the currency's minor unit. Overflow is an error, never a wrap.

import KassaCore

public enum MonthlyCost {
    /// The factor as a fraction: weekly 433/100.
    static func factor(_ frequency: Recurrence) -> (numerator: Int64, denominator: Int64) {
        switch frequency {
        case .daily: return (30, 1)
        case .weekly: return (433, 100)
        case .monthly: return (1, 1)
        case .quarterly: return (1, 3)
        case .yearly: return (1, 12)
        }
    }

    public static func of(_ amount: Money, frequency: Recurrence, interval: Int) throws(MoneyError) -> Money {
        let (numerator, denominator) = factor(frequency)
        let (scaled, overflow) = amount.minorUnits.multipliedReportingOverflow(by: numerator)
        let (divisor, overflow2) = denominator.multipliedReportingOverflow(by: Int64(max(1, interval)))
        guard !overflow, !overflow2 else { throw MoneyError(.overflow, currency: amount.currency) }
        var quotient = scaled / divisor
        let remainder = scaled % divisor
        // Half away from zero: |remainder| × 2 ≥ divisor rounds the magnitude up.
        if remainder.magnitude * 2 >= divisor.magnitude { quotient += scaled < 0 ? -1 : 1 }
        return Money(minorUnits: quotient, currency: amount.currency)
    }

    /// A series' monthly cost at its amount on `date`.
    public static func of(_ series: Series, on date: CivilDate) throws(MoneyError) -> Money {
        try of(series.amount(on: date), frequency: series.frequency, interval: series.interval)
    }
}
