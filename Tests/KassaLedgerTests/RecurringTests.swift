// Tests for recurring series: the schedule (month-end clamping, leap years, intervals,
// quarterly, no drift), what is due (settled, paused, resumed, reminders), the monthly cost's
// exact rounding, amount changes, and the series and occurrence records' round trip.
import Testing
import KassaCore
@testable import KassaLedger

@Suite struct RecurringTests {
    func d(_ text: String) -> CivilDate { CivilDate(iso: text)! }
    func kzt(_ major: Int64) -> Money { Money(minorUnits: major * 100, currency: .kzt) }

    @Test func monthEndsClampAndNeverDrift() {
        let s = SeriesSchedule(start: d("2026-01-31"), frequency: .monthly)
        #expect((0..<5).compactMap(s.date) == [d("2026-01-31"), d("2026-02-28"), d("2026-03-31"), d("2026-04-30"), d("2026-05-31")])
        let leap = SeriesSchedule(start: d("2028-01-31"), frequency: .monthly)
        #expect(leap.date(1) == d("2028-02-29"))
        let yearly = SeriesSchedule(start: d("2028-02-29"), frequency: .yearly)
        #expect(yearly.date(1) == d("2029-02-28"))
        #expect(yearly.date(4) == d("2032-02-29"))
    }

    @Test func intervalsAndQuarters() {
        let fortnight = SeriesSchedule(start: d("2026-01-05"), frequency: .weekly, interval: 2)
        #expect(fortnight.dates(from: d("2026-01-01"), through: d("2026-02-10")) == [d("2026-01-05"), d("2026-01-19"), d("2026-02-02")])
        let quarterly = SeriesSchedule(start: d("2025-11-30"), frequency: .quarterly)
        #expect((0..<3).compactMap(quarterly.date) == [d("2025-11-30"), d("2026-02-28"), d("2026-05-30")])
        let everyOther = SeriesSchedule(start: d("2026-01-15"), frequency: .monthly, interval: 2)
        #expect(everyOther.next(onOrAfter: d("2026-01-16")) == d("2026-03-15"))
        #expect(SeriesSchedule(start: d("2026-03-01"), frequency: .daily, interval: 3).next(onOrAfter: d("2026-03-05")) == d("2026-03-07"))
        #expect(SeriesSchedule(start: d("2026-01-31"), frequency: .monthly).next(onOrAfter: d("2026-02-01")) == d("2026-02-28"))
        #expect(SeriesSchedule(start: d("2026-01-31"), frequency: .monthly).next(onOrAfter: d("2026-03-01")) == d("2026-03-31"))
    }

    func netflix(status: SeriesStatus = .active, resumed: CivilDate? = nil) -> Series {
        Series(id: 1, note: "netflix", amount: kzt(4990), category: "subscriptions", frequency: .monthly,
               start: d("2026-01-15"), status: status, kind: .subscription, resumedFrom: resumed)
    }

    @Test func dueAreUnsettledDatesUpToToday() {
        let settled = [1: Set([d("2026-01-15")])]
        let due = DueOccurrences.compute(series: [netflix()], settled: settled, today: d("2026-03-20"))
        #expect(due.map(\.date) == [d("2026-02-15"), d("2026-03-15")])
        #expect(due.map(\.daysOverdue) == [33, 5])
        let after = DueOccurrences.compute(series: [netflix()], settled: [1: [d("2026-01-15"), d("2026-02-15"), d("2026-03-15")]],
                                           today: d("2026-03-20"))
        #expect(after.isEmpty)
    }

    @Test func pausedAsksNothingAndResumeDoesNotBackFill() {
        #expect(DueOccurrences.compute(series: [netflix(status: .paused)], settled: [:], today: d("2026-03-20")).isEmpty)
        #expect(DueOccurrences.compute(series: [netflix(status: .archived)], settled: [:], today: d("2026-03-20")).isEmpty)
        let resumed = netflix(resumed: d("2026-03-15"))
        #expect(DueOccurrences.compute(series: [resumed], settled: [1: [d("2026-01-15")]], today: d("2026-03-20")).map(\.date) == [d("2026-03-15")])
    }

    @Test func remindersAndDaysAhead() {
        let settled = [1: Set([d("2026-01-15")])]
        // A subscription reminds 3 days ahead: on 12 Feb the 15th is coming, on 11 Feb not yet.
        #expect(DueOccurrences.compute(series: [netflix()], settled: settled, today: d("2026-02-12"), reminders: true).map(\.daysOverdue) == [-3])
        #expect(DueOccurrences.compute(series: [netflix()], settled: settled, today: d("2026-02-11"), reminders: true).isEmpty)
        #expect(DueOccurrences.compute(series: [netflix()], settled: settled, today: d("2026-02-11"), days: 10).map(\.date) == [d("2026-02-15")])
        #expect(DueOccurrences.compute(series: [netflix()], settled: settled, today: d("2026-02-11")).isEmpty)
    }

    @Test func amountChangesFromADateOn() {
        var s = netflix()
        s.changes = [AmountChange(from: d("2026-04-01"), amount: kzt(5490))]
        #expect(s.amount(on: d("2026-03-15")) == kzt(4990))
        #expect(s.amount(on: d("2026-04-15")) == kzt(5490))
    }

    /// The listing shows the amount its next date will ask: after "from april" on 20 March, the
    /// 15 March payment (settled) is past, the next is 15 April at the new amount — and so is
    /// the monthly cost.
    @Test func theOverviewShowsTheNextPaymentsAmount() throws {
        var s = netflix()
        s.changeAmount(to: kzt(5490), from: d("2026-04-01"))
        let settled = [1: Set([d("2026-01-15"), d("2026-02-15"), d("2026-03-15")])]
        let line = try #require(try RecurringOverview.compute([s], settled: settled, today: d("2026-03-20")).lines.first)
        #expect(line.next == d("2026-04-15") && line.amount == kzt(5490))
        // What a month costs from now on is the next payment's price.
        #expect(line.monthly == kzt(5490))
        let overdue = try #require(try RecurringOverview.compute([s], settled: [:], today: d("2026-03-20")).lines.first)
        #expect(overdue.next == d("2026-01-15") && overdue.amount == kzt(4990))
    }

    @Test func monthlyCostIsExactWithStatedRounding() throws {
        #expect(try MonthlyCost.of(kzt(1000), frequency: .weekly, interval: 1) == kzt(4330))
        #expect(try MonthlyCost.of(kzt(100), frequency: .daily, interval: 1) == kzt(3000))
        // 1000.00 / 3 = 333.333… → 333.33; 2000.00 / 3 = 666.666… → 666.67 (half away from zero).
        #expect(try MonthlyCost.of(kzt(1000), frequency: .quarterly, interval: 1) == Money(minorUnits: 33_333, currency: .kzt))
        #expect(try MonthlyCost.of(kzt(2000), frequency: .quarterly, interval: 1) == Money(minorUnits: 66_667, currency: .kzt))
        #expect(try MonthlyCost.of(kzt(12000), frequency: .yearly, interval: 1) == kzt(1000))
        #expect(try MonthlyCost.of(kzt(4990), frequency: .monthly, interval: 2) == kzt(2495))
        #expect(try MonthlyCost.of(Money(minorUnits: 1, currency: .kzt), frequency: .weekly, interval: 2) == Money(minorUnits: 2, currency: .kzt))
        #expect(throws: MoneyError.self) { try MonthlyCost.of(Money(minorUnits: .max / 2, currency: .kzt), frequency: .daily, interval: 1) }
    }

    @Test func recordsRoundTrip() {
        var s = netflix(resumed: d("2026-03-15"))
        s.changes = [AmountChange(from: d("2026-04-01"), amount: kzt(5490))]
        s.autoSave = true
        s.account = "kaspi"
        #expect(s.record.fields.count <= ObjectRecord.maxFields)
        #expect(Series(record: s.record) == s)
        #expect(s.record["amount"] == "4990.00")
        #expect(s.remindDays == [3])
        let o = Occurrence(series: 1, date: d("2026-02-15"), status: .saved, transaction: 7)
        #expect(o.record.key == "1 2026-02-15")
        #expect(Occurrence(record: o.record) == o)
        #expect(Series(record: ObjectRecord(kind: "series", key: "x")) == nil)
    }
}
