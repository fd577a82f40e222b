// Tests for Period and PeriodSpec: weeks start on Monday, month ends and leap years, the
// previous period of the same kind, and the forms --period accepts.
import Testing
import KassaCore
@testable import KassaLedger

@Suite struct PeriodTests {
    func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test func weeksRunMondayToSunday() {
        // 2026-03-10 is a Tuesday; 2026-03-15 a Sunday; 2026-03-16 a Monday.
        #expect(Period.week(containing: date("2026-03-10")).from == date("2026-03-09"))
        #expect(Period.week(containing: date("2026-03-15")).to == date("2026-03-15"))
        #expect(Period.week(containing: date("2026-03-16")).from == date("2026-03-16"))
        // Across a year end.
        let week = Period.week(containing: date("2026-01-01"))
        #expect(week.from == date("2025-12-29") && week.to == date("2026-01-04"))
        #expect(week.previous.from == date("2025-12-22") && week.previous.dayCount == 7)
    }

    @Test func monthsEndOnTheirLastDayLeapYearsIncluded() {
        #expect(Period.month(containing: date("2024-02-10")).to == date("2024-02-29"))
        #expect(Period.month(containing: date("2026-02-10")).to == date("2026-02-28"))
        #expect(Period.month(containing: date("2000-02-01")).to == date("2000-02-29"))
        #expect(Period.month(containing: date("2100-02-01")).to == date("2100-02-28"))
        #expect(Period.month(containing: date("2026-04-30")).dayCount == 30)
        #expect(Period.month(containing: date("2026-03-31")).previous == Period.month(year: 2026, month: 2))
        #expect(Period.month(year: 2026, month: 1).previous == Period.month(year: 2025, month: 12))
        #expect(Period.month(year: 2026, month: 0) == Period.month(year: 2025, month: 12))
        #expect(Period.month(year: 2026, month: -11) == Period.month(year: 2025, month: 1))
        #expect(Period.month(year: 2024, month: 3).previous.dayCount == 29)
    }

    @Test func yearsAndRanges() {
        let year = Period.year(containing: date("2024-06-01"))
        #expect(year.dayCount == 366 && year.previous.dayCount == 365 && year.previous.from == date("2023-01-01"))
        let range = Period(kind: .range, from: date("2026-03-01"), to: date("2026-03-10"))
        #expect(range.previous.from == date("2026-02-19") && range.previous.to == date("2026-02-28"))
        #expect(range.previous.dayCount == range.dayCount)
        #expect(range.months == Period.monthNumber(date("2026-03-01"))...Period.monthNumber(date("2026-03-01")))
    }

    @Test func specsReadEveryForm() {
        let today = date("2026-03-10")
        #expect(PeriodSpec("month")?.resolve(today: today) == Period.month(year: 2026, month: 3))
        #expect(PeriodSpec("WEEK")?.resolve(today: today).from == date("2026-03-09"))
        #expect(PeriodSpec("year")?.resolve(today: today).from == date("2026-01-01"))
        #expect(PeriodSpec("2024-02")?.resolve(today: today).to == date("2024-02-29"))
        #expect(PeriodSpec("2025")?.resolve(today: today) == Period.year(containing: date("2025-05-05")))
        #expect(PeriodSpec("2026-01-01..2026-01-31")?.resolve(today: today).dayCount == 31)
        for bad in ["", "2026-13", "2026-3", "26", "2026-03-01..", "..2026-03-01", "2026-03-10..2026-03-01",
                    "2026-02-30..2026-03-01", "fortnight", "2026-01-01...2026-02-01"] {
            #expect(PeriodSpec(bad) == nil, "\(bad)")
        }
    }
}
