// LoanPayment: the monthly payment of an annuity loan (DOMAIN.md §1):
//     payment = P × r × (1 + r)^n / ((1 + r)^n − 1),  r = annual rate / 12 / 100
// in integers: the growth (1 + r)^n and the factor r × g / (g − 1) are 128-bit fixed-point
// numbers (15 decimals, each step truncated; (1 + r)^n above a million is refused), the
// payment is rounded to the nearest minor unit, half up.
// A zero rate is P / n, rounded the same way. Overflow is an error, never a wrap.

import KassaCore

public enum LoanPayment {
    static let one: Int128 = 1_000_000_000_000_000
    /// The precision of the factor r × g / (g − 1) before the principal multiplies it.
    static let extra: Int128 = 1_000_000_000_000_000

    public static func annuity(principal: Money, rate: Percent, months: Int) throws(MoneyError) -> Money {
        guard months > 0, principal.minorUnits >= 0 else { throw MoneyError(.overflow, currency: principal.currency) }
        let p = Int128(principal.minorUnits)
        let n = Int128(months)
        guard rate.tenThousandths > 0 else {
            return Money(minorUnits: Int64((p + n / 2) / n), currency: principal.currency)
        }
        // r = R / D with R the rate in ten-thousandths of a percent, D = 12 × 100 × 10 000.
        let r = Int128(rate.tenThousandths)
        let d = Int128(12 * 100) * Int128(Percent.scale)
        let step = one + one * r / d
        var growth = one
        for _ in 0..<months {
            let (product, overflow) = growth.multipliedReportingOverflow(by: step)
            guard !overflow else { throw MoneyError(.overflow, currency: principal.currency) }
            growth = product / one
        }
        // factor = r × g / (g − 1), scaled by `extra`; payment = P × factor / extra.
        let (scaled, o1) = (r * extra / d).multipliedReportingOverflow(by: growth)
        guard !o1, growth > one else { throw MoneyError(.overflow, currency: principal.currency) }
        let factor = scaled / (growth - one)
        let (product, o2) = p.multipliedReportingOverflow(by: factor)
        guard !o2 else { throw MoneyError(.overflow, currency: principal.currency) }
        let minor = (product + extra / 2) / extra
        guard minor <= Int128(Int64.max) else { throw MoneyError(.overflow, currency: principal.currency) }
        return Money(minorUnits: Int64(minor), currency: principal.currency)
    }
}
