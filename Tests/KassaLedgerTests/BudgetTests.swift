// BudgetTests: budget periods at their boundaries (weeks from Monday or Sunday, reset day 25,
// reset day 31 in February of common and leap years, years), the status arithmetic (percent,
// projection, warning and over), rollover across three months (leftover and overspend), a
// parent counting its subcategories, conversion at each expense's own date with a missing rate
// named, the incremental path agreeing with a full scan, and the record round trip.
import KassaCore
import KassaTestSupport
import Testing
@testable import KassaLedger

@Suite struct BudgetTests {
    static func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }
    static func kzt(_ major: Int64) -> Money { Money(major: major, currency: .kzt)! }
    static let usd = Currency(code: "USD")!

    static func period(_ day: String, _ frequency: Budget.Frequency, reset: Int = 1, weekStart: Int = 1) -> (String, String) {
        let p = BudgetPeriod(containing: date(day), frequency: frequency, resetDay: reset, weekStart: weekStart)
        return (p.start.iso, p.end.iso)
    }

    // MARK: - Periods

    @Test func weeksStartOnMondayOrSunday() {
        // 2026-03-10 is a Tuesday.
        #expect(Self.period("2026-03-10", .weekly) == ("2026-03-09", "2026-03-15"))
        #expect(Self.period("2026-03-09", .weekly) == ("2026-03-09", "2026-03-15"))
        #expect(Self.period("2026-03-15", .weekly) == ("2026-03-09", "2026-03-15"))
        #expect(Self.period("2026-03-10", .weekly, weekStart: 7) == ("2026-03-08", "2026-03-14"))
        #expect(Self.period("2026-03-08", .weekly, weekStart: 7) == ("2026-03-08", "2026-03-14"))
        #expect(Self.period("2026-03-07", .weekly, weekStart: 7) == ("2026-03-01", "2026-03-07"))
        // Across a year end.
        #expect(Self.period("2026-01-01", .weekly) == ("2025-12-29", "2026-01-04"))
    }

    @Test func monthsFromResetDay25() {
        #expect(Self.period("2026-03-25", .monthly, reset: 25) == ("2026-03-25", "2026-04-24"))
        #expect(Self.period("2026-03-24", .monthly, reset: 25) == ("2026-02-25", "2026-03-24"))
        #expect(Self.period("2026-01-10", .monthly, reset: 25) == ("2025-12-25", "2026-01-24"))
        #expect(Self.period("2026-12-31", .monthly, reset: 25) == ("2026-12-25", "2027-01-24"))
        #expect(Self.period("2026-03-10", .monthly) == ("2026-03-01", "2026-03-31"))
    }

    @Test func resetDay31ClampsInShortMonthsAndLeapYears() {
        // Common year: 28 February.
        #expect(Self.period("2026-02-27", .monthly, reset: 31) == ("2026-01-31", "2026-02-27"))
        #expect(Self.period("2026-02-28", .monthly, reset: 31) == ("2026-02-28", "2026-03-30"))
        #expect(Self.period("2026-03-31", .monthly, reset: 31) == ("2026-03-31", "2026-04-29"))
        #expect(Self.period("2026-04-30", .monthly, reset: 31) == ("2026-04-30", "2026-05-30"))
        // Leap year: 29 February.
        #expect(Self.period("2028-02-28", .monthly, reset: 31) == ("2028-01-31", "2028-02-28"))
        #expect(Self.period("2028-02-29", .monthly, reset: 31) == ("2028-02-29", "2028-03-30"))
        #expect(Self.period("2028-02-29", .monthly, reset: 30) == ("2028-02-29", "2028-03-29"))
        #expect(BudgetPeriod(containing: Self.date("2028-02-10"), frequency: .monthly).dayCount == 29)
        #expect(BudgetPeriod(containing: Self.date("2100-02-10"), frequency: .monthly).dayCount == 28)
        #expect(BudgetPeriod(containing: Self.date("2000-02-10"), frequency: .monthly).dayCount == 29)
    }

    @Test func yearsAndNeighbours() {
        #expect(Self.period("2028-07-04", .yearly) == ("2028-01-01", "2028-12-31"))
        #expect(BudgetPeriod(containing: Self.date("2028-07-04"), frequency: .yearly).dayCount == 366)
        let p = BudgetPeriod(containing: Self.date("2026-03-10"), frequency: .monthly, resetDay: 31)
        #expect(p.start.iso == "2026-02-28" && p.previous.start.iso == "2026-01-31" && p.next.start.iso == "2026-03-31")
        #expect(p.periodsSince(Self.date("2025-12-31")) == 2)
        let w = BudgetPeriod(containing: Self.date("2026-03-10"), frequency: .weekly)
        #expect(w.periodsSince(Self.date("2026-02-23")) == 2)
        #expect(w.periodsSince(Self.date("2026-03-11")) == 0)
        #expect(BudgetPeriod(containing: Self.date("2026-03-10"), frequency: .yearly).periodsSince(Self.date("2024-05-01")) == 2)
    }

    // MARK: - Status

    @Test func statusPercentProjectionAndLevels() throws {
        let budget = Budget(category: "food/groceries", limit: Self.kzt(100_000), since: Self.date("2026-03-01"))
        let period = BudgetPeriod(containing: Self.date("2026-03-10"), budget: budget)
        let zero = Self.kzt(0)
        // 10 of 31 days gone, 30,000 spent: projected 93,000 — fine.
        let fine = try BudgetStatus(budget: budget, period: period, today: Self.date("2026-03-10"), spent: Self.kzt(30_000), carried: zero)
        #expect(fine.percent == 30 && fine.daysLeft == 22 && fine.daysElapsed == 10)
        #expect(fine.projected == Self.kzt(93_000) && !fine.projectedOver && fine.level == .fine)
        #expect(fine.remaining == Self.kzt(70_000))
        // 40,000 by day 10: projected 124,000 > 100,000 — a warning though only 40% is used.
        let fast = try BudgetStatus(budget: budget, period: period, today: Self.date("2026-03-10"), spent: Self.kzt(40_000), carried: zero)
        #expect(fast.projectedOver && fast.level == .warning)
        // 79,999.99 on the last day: 79%, fine; 80,000: 80%, a warning.
        let last = Self.date("2026-03-31")
        let under = try BudgetStatus(budget: budget, period: period, today: last, spent: Money(minorUnits: 7_999_999, currency: .kzt), carried: zero)
        #expect(under.percent == 79 && under.level == .fine && under.daysLeft == 1)
        let at = try BudgetStatus(budget: budget, period: period, today: last, spent: Self.kzt(80_000), carried: zero)
        #expect(at.percent == 80 && at.level == .warning)
        // Exactly the limit is not over; a tenge more is.
        #expect(try BudgetStatus(budget: budget, period: period, today: last, spent: Self.kzt(100_000), carried: zero).over == false)
        let over = try BudgetStatus(budget: budget, period: period, today: last, spent: Self.kzt(100_001), carried: zero)
        #expect(over.over && over.level == .over && over.remaining == Self.kzt(-1))
        // Nothing available after a big overspend carried in: no percent, over with any spending.
        let none = try BudgetStatus(budget: budget, period: period, today: last, spent: Self.kzt(1), carried: Self.kzt(-100_000))
        #expect(none.percent == nil && none.over)
    }

    // MARK: - Tracker

    static func expense(_ id: Int, _ amount: Money, _ category: String, _ day: String) -> Transaction {
        Transaction(id: id, type: .expense, amount: amount, date: date(day), category: category, account: "cash")
    }

    @Test func rolloverAcrossThreeMonthsLeftoverAndOverspend() throws {
        let budget = Budget(category: "food/groceries", limit: Self.kzt(100_000), rollover: true, since: Self.date("2026-01-05"))
        let transactions = [
            Self.expense(1, Self.kzt(70_000), "food/groceries", "2026-01-20"),   // January: 30,000 left
            Self.expense(2, Self.kzt(150_000), "food/groceries", "2026-02-11"),  // February: 50,000 over
            Self.expense(3, Self.kzt(25_000), "food/groceries", "2026-03-02"),   // March so far
            Self.expense(4, Self.kzt(9_000), "food/groceries", "2025-12-30"),    // before the budget: not counted
            Self.expense(5, Self.kzt(5_000), "food/groceries", "2026-03-20"),    // planned: after today
        ]
        var tracker = BudgetTracker(budgets: [budget], today: Self.date("2026-03-10"), rates: RateTable(base: .kzt, rates: []))
        tracker.scan(TransactionArraySource(transactions))
        let status = try tracker.status(0)
        // Carried: (100,000 − 70,000) + (100,000 − 150,000) = −20,000.
        #expect(status.carried == Self.kzt(-20_000))
        #expect(status.available == Self.kzt(80_000))
        #expect(status.spent == Self.kzt(25_000))
        #expect(status.remaining == Self.kzt(55_000))
        #expect(status.percent == 31)
        #expect(try BudgetRollover.carried(limit: Self.kzt(100_000), spent: [Self.kzt(70_000), Self.kzt(150_000)]) == Self.kzt(-20_000))
        // Without rollover nothing is carried.
        var plain = BudgetTracker(budgets: [Budget(category: "food/groceries", limit: Self.kzt(100_000), since: Self.date("2026-01-05"))],
                                  today: Self.date("2026-03-10"), rates: RateTable(base: .kzt, rates: []))
        plain.scan(TransactionArraySource(transactions))
        #expect(try plain.status(0).carried == Self.kzt(0) && (try plain.status(0).spent) == Self.kzt(25_000))
        // A month later (April), March's leftover (75,000, with the planned 5,000 now spent) adds on.
        var april = BudgetTracker(budgets: [budget], today: Self.date("2026-04-01"), rates: RateTable(base: .kzt, rates: []))
        april.scan(TransactionArraySource(transactions))
        #expect(try april.status(0).carried == Self.kzt(-20_000 + 70_000))
    }

    @Test func aParentCountsItsSubcategoriesOnly() throws {
        let budgets = [
            Budget(category: "food", limit: Self.kzt(200_000), since: Self.date("2026-03-01")),
            Budget(category: "food/coffee", limit: Self.kzt(20_000), since: Self.date("2026-03-01")),
        ]
        let transactions = [
            Self.expense(1, Self.kzt(1_500), "food/coffee", "2026-03-02"),
            Self.expense(2, Self.kzt(10_000), "food/groceries", "2026-03-03"),
            Self.expense(3, Self.kzt(3_000), "food", "2026-03-04"),
            Self.expense(4, Self.kzt(7_000), "foodtruck", "2026-03-04"),  // not under "food"
            Self.expense(5, Self.kzt(4_000), "transport/taxi", "2026-03-05"),
            Transaction(id: 6, type: .income, amount: Self.kzt(50_000), date: Self.date("2026-03-05"), category: "food"),
            Self.expense(7, Self.kzt(2_000), "food/coffee", "2026-02-28"),  // last month
        ]
        var tracker = BudgetTracker(budgets: budgets, today: Self.date("2026-03-10"), rates: RateTable(base: .kzt, rates: []))
        tracker.scan(TransactionArraySource(transactions))
        #expect(try tracker.status(0).spent == Self.kzt(14_500))
        #expect(try tracker.status(1).spent == Self.kzt(1_500))
        #expect(budgets[0].covers("food/coffee/beans") && !budgets[0].covers("foodtruck") && !budgets[1].covers("food"))
    }

    @Test func otherCurrenciesConvertAtTheirOwnDateAndAMissingRateIsNamed() throws {
        let budget = Budget(category: "food", limit: Self.kzt(100_000), since: Self.date("2026-03-01"))
        let rates = RateTable(base: .kzt, rates: [
            ExchangeRate(currency: Self.usd, base: .kzt, micros: 480_000_000, date: Self.date("2026-03-05")),
            ExchangeRate(currency: Self.usd, base: .kzt, micros: 500_000_000, date: Self.date("2026-03-08")),
        ])
        let transactions = [
            Self.expense(1, Money(minorUnits: 1000, currency: Self.usd), "food", "2026-03-06"),  // 10 USD × 480
            Self.expense(2, Money(minorUnits: 1000, currency: Self.usd), "food", "2026-03-09"),  // 10 USD × 500
            Self.expense(3, Money(minorUnits: 500, currency: Self.usd), "food", "2026-03-03"),   // no rate yet
            Self.expense(4, Money(minorUnits: 500, currency: Self.usd), "food", "2026-03-02"),   // no rate yet, earlier
            Self.expense(5, Money(minorUnits: 100, currency: Currency(code: "EUR")!), "food", "2026-03-09"),
            Self.expense(6, Self.kzt(1_000), "food", "2026-03-09"),
        ]
        var tracker = BudgetTracker(budgets: [budget], today: Self.date("2026-03-10"), rates: rates)
        tracker.scan(TransactionArraySource(transactions))
        let status = try tracker.status(0)
        #expect(status.spent == Self.kzt(4_800 + 5_000 + 1_000))
        #expect(status.missingRates == [
            ConversionError(kind: .missingRate, currency: Currency(code: "EUR")!, date: Self.date("2026-03-09")),
            ConversionError(kind: .missingRate, currency: Self.usd, date: Self.date("2026-03-02")),
        ])
    }

    @Test func recordingASaveAgreesWithAFullScan() throws {
        let budgets = [
            Budget(category: "food", limit: Self.kzt(50_000), frequency: .weekly, since: Self.date("2026-03-01")),
            Budget(category: "transport", limit: Self.kzt(90_000), rollover: true, since: Self.date("2026-01-01")),
        ]
        var all: [Transaction] = []
        var generator = SeededGenerator(state: 7)
        let slugs = ["food/coffee", "food", "transport/taxi", "transport", "home/rent", "food/groceries"]
        for id in 1...400 {
            let day = CivilDate(year: 2026, month: 1, day: 1)!.adding(days: Int(generator.next() % 80))
            all.append(Self.expense(id, Self.kzt(Int64(generator.next() % 9_000) + 1), slugs[Int(generator.next() % 6)], day.iso))
        }
        let today = Self.date("2026-03-12")
        var full = BudgetTracker(budgets: budgets, today: today, rates: RateTable(base: .kzt, rates: []))
        full.scan(TransactionArraySource(all))
        var incremental = BudgetTracker(budgets: budgets, today: today, rates: RateTable(base: .kzt, rates: []))
        incremental.scan(TransactionArraySource(Array(all.prefix(150))))
        for transaction in all.dropFirst(150) { incremental.record(transaction) }
        #expect(try full.statuses() == incremental.statuses())
    }

    @Test func recordRoundTrip() {
        let budget = Budget(category: "food/coffee", limit: Money(minorUnits: 2_000_050, currency: .kzt), frequency: .monthly,
                            resetDay: 25, rollover: true, since: Self.date("2026-02-25"))
        #expect(Budget(record: budget.record) == budget)
        var broken = budget.record
        broken.set("period", "fortnightly")
        #expect(Budget(record: broken) == nil)
        broken = budget.record
        broken.set("reset-day", "32")
        #expect(Budget(record: broken) == nil)
        #expect(Budget(record: ObjectRecord(kind: "budget", key: "food", removed: true)) == nil)
    }

    @Test func healthScoreCountsBudgetsKept() throws {
        let budgets = [
            Budget(category: "food", limit: Self.kzt(1_000), since: Self.date("2026-03-01")),
            Budget(category: "transport", limit: Self.kzt(1_000), since: Self.date("2026-03-01")),
        ]
        var tracker = BudgetTracker(budgets: budgets, today: Self.date("2026-03-10"), rates: RateTable(base: .kzt, rates: []))
        tracker.scan(TransactionArraySource([Self.expense(1, Self.kzt(1_500), "food/coffee", "2026-03-02")]))
        let health = try HealthScore.compute(TransactionArraySource([]), today: Self.date("2026-03-10"), budgets: tracker.statuses())
        let part = health.parts.first { $0.component == .budgetAdherence }!
        #expect(part.score == 50 && part.reason == nil && part.weight == 1)
        let none = try HealthScore.compute(TransactionArraySource([]), today: Self.date("2026-03-10"))
        #expect(none.parts.first { $0.component == .budgetAdherence }!.reason == "no-budgets")
    }

    @Test func budgetInsightsSayOverOnPaceOrHeadroom() throws {
        let budgets = ["food", "transport", "health", "gifts"].map {
            Budget(category: $0, limit: Self.kzt(100_000), since: Self.date("2026-03-01"))
        }
        var tracker = BudgetTracker(budgets: budgets, today: Self.date("2026-03-10"), rates: RateTable(base: .kzt, rates: []))
        tracker.scan(TransactionArraySource([
            Self.expense(1, Self.kzt(120_000), "food", "2026-03-02"),       // over by 20,000
            Self.expense(2, Self.kzt(40_000), "transport", "2026-03-02"),   // 40% by day 10: on pace for 124,000
            Self.expense(3, Self.kzt(10_000), "health", "2026-03-02"),      // headroom 90,000
            Self.expense(4, Self.kzt(85_000), "gifts", "2026-03-09"),       // 85%: neither headroom nor on pace? on pace too
        ]))
        let insights = Insights.budgetInsights(try tracker.statuses())
        #expect(insights == [
            .budgetOverspend(category: "food", over: Self.kzt(20_000), available: Self.kzt(100_000)),
            .projectedOverspend(category: "transport", projected: Self.kzt(124_000), available: Self.kzt(100_000)),
            .budgetHeadroom(category: "health", remaining: Self.kzt(90_000), daysLeft: 22),
            .projectedOverspend(category: "gifts", projected: Self.kzt(263_500), available: Self.kzt(100_000)),
        ])
        let report = try Insights.compute(TransactionArraySource([]), today: Self.date("2026-03-10"), budgets: try tracker.statuses())
        #expect(!report.missing.contains(.budgetOverspend) && report.missing.contains(.recurringCost))
    }
}
