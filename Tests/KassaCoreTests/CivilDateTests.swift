// Tests for CivilDate: day arithmetic, weekdays, ISO parsing.
import Testing
@testable import KassaCore

@Suite struct CivilDateTests {
    @Test func epochRoundTrip() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
    }

    @Test func knownWeekdays() {
        #expect(CivilDate(iso: "2026-03-10")?.isoWeekday == 2)  // Tuesday
        #expect(CivilDate(iso: "1970-01-01")?.isoWeekday == 4)  // Thursday
        #expect(CivilDate(iso: "2024-02-29")?.isoWeekday == 4)
    }

    @Test func rejectsImpossibleDates() {
        #expect(CivilDate(iso: "2025-02-29") == nil)
        #expect(CivilDate(iso: "2026-04-31") == nil)
        #expect(CivilDate(iso: "2026-3-10") == nil)
        #expect(CivilDate(iso: "2024-02-29") != nil)
    }

    @Test func addingDaysCrossesMonthsAndYears() {
        #expect(CivilDate(iso: "2026-03-01")!.adding(days: -1).iso == "2026-02-28")
        #expect(CivilDate(iso: "2025-12-31")!.adding(days: 1).iso == "2026-01-01")
    }
}
