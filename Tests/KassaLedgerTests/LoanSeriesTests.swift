// LoanSeriesTests: a loan's payment as a series — its first date (the opening day or the payment
// day, never before the day it is set), a payment day the month is too short for, a later payment
// as an amount change, and no series for an account that is no loan or has no payment.

import Testing
@testable import KassaCore
@testable import KassaLedger

@Suite struct LoanSeriesTests {
    static func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }
    static func loan(payment: Int64? = 5_000_000, opened: String? = "2025-06-10") -> AccountProfile {
        AccountProfile(name: "Car", kind: .loan, opening: Money(minorUnits: -300_000_000, currency: .kzt),
                       openingDate: opened.map(date), payment: payment.map { Money(minorUnits: $0, currency: .kzt) })
    }

    static func make(_ profile: AccountProfile, existing: Series? = nil, day: Int? = nil, from: String? = nil,
                     today: String) -> Series? {
        LoanSeries.series(for: profile, existing: existing, id: 7, from: from, defaultAccount: "cash", paymentDay: day,
                          note: "car loan payment", today: date(today))
    }

    @Test func theFirstPaymentIsTheNextPaymentDayFromTheDayItIsSet() throws {
        let series = try #require(Self.make(Self.loan(), today: "2026-01-05"))
        #expect(series.type == .transfer && series.account == "cash" && series.toAccount == "Car" && series.loan == "car")
        #expect(series.next(onOrAfter: Self.date("2025-06-11")) == Self.date("2026-01-10"))
        // The 10th has passed this month: February's is the first.
        let later = try #require(Self.make(Self.loan(), today: "2026-01-15"))
        #expect(later.next(onOrAfter: Self.date("2025-01-01")) == Self.date("2026-02-10"))
        // A new loan: its first payment is a month after it opens, not on the opening day.
        let fresh = try #require(Self.make(Self.loan(opened: "2026-01-15"), today: "2026-01-15"))
        #expect(fresh.next(onOrAfter: Self.date("2026-01-01")) == Self.date("2026-02-15"))
    }

    @Test func aDayTheMonthIsTooShortForClampsAndComesBack() throws {
        let series = try #require(Self.make(Self.loan(), day: 31, from: "kaspi", today: "2026-02-03"))
        #expect(series.account == "kaspi")
        #expect(series.schedule.dates(from: series.firstDueDate, through: Self.date("2026-05-31"), limit: 10)
            == ["2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"].map(Self.date))
    }

    @Test func aLaterPaymentIsAnAmountChangeAndNoLoanNoSeries() throws {
        let first = try #require(Self.make(Self.loan(), today: "2026-01-05"))
        let changed = try #require(Self.make(Self.loan(payment: 6_000_000), existing: first, today: "2026-03-01"))
        #expect(changed.id == first.id)
        #expect(changed.amount(on: Self.date("2026-02-10")).minorUnits == 5_000_000)
        #expect(changed.amount(on: Self.date("2026-03-10")).minorUnits == 6_000_000)
        #expect(Self.make(Self.loan(payment: 5_000_000), existing: first, today: "2026-03-01") == first)
        #expect(Self.make(Self.loan(payment: nil), today: "2026-01-05") == nil)
        var cash = Self.loan()
        cash.kind = .cash
        #expect(Self.make(cash, today: "2026-01-05") == nil)
    }
}
