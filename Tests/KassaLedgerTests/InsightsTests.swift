// Tests for the insights and the health score: each insight appears exactly when its data is
// there, and is right at its thresholds (a spike strictly above 1.5×, savings grades at 20% and
// 10%, dormant from 30 days, three increases for growth); the health score's weights are
// rescaled when budgets and recurring payments are missing.
import Testing
import KassaCore
@testable import KassaLedger

@Suite struct InsightsTests {
    static let today = CivilDate(year: 2026, month: 3, day: 20)!

    struct Builder {
        var transactions: [Transaction] = []
        mutating func add(_ date: String, _ type: TransactionType, _ major: Int64, _ category: String? = nil,
                          account: String = "cash", currency: Currency = .kzt) {
            transactions.append(Transaction(id: transactions.count + 1, type: type,
                                            amount: Money(minorUnits: major * currency.minorPerMajor, currency: currency),
                                            date: CivilDate(iso: date)!, category: category, account: account))
        }
        mutating func addMinor(_ date: String, _ minor: Int64, _ category: String) {
            transactions.append(Transaction(id: transactions.count + 1, type: .expense, amount: Money(minorUnits: minor, currency: .kzt),
                                            date: CivilDate(iso: date)!, category: category, account: "cash"))
        }
        func insights(today: CivilDate = InsightsTests.today) throws -> [Insight] {
            try Insights.compute(TransactionArraySource(transactions), today: today).insights
        }
        func codes(today: CivilDate = InsightsTests.today) throws -> [String] { try insights(today: today).map(\.code) }
    }

    @Test func nothingWithoutTransactions() throws {
        #expect(try Builder().insights().isEmpty)
        let health = try HealthScore.compute(TransactionArraySource([]), today: Self.today)
        #expect(health.score == nil && health.grade == nil)
    }

    @Test func thisMonthsInsightsNeedThisMonthsSpending() throws {
        var b = Builder()
        b.add("2026-02-10", .expense, 1000, "food")
        #expect(try !b.codes().contains("top-category"))
        #expect(try !b.codes().contains("average-per-day"))
        b.add("2026-03-02", .expense, 3000, "food/coffee")
        b.add("2026-03-05", .expense, 1000, "transport/taxi")
        let found = try b.insights()
        #expect(found.contains(.topCategory(category: "food", amount: Money(major: 3000, currency: .kzt)!, share: 0.75)))
        #expect(found.contains(.averagePerDay(amount: Money(major: 200, currency: .kzt)!, days: 20)))
        // Last month's same days (1–20 February) had 1000: +300%.
        #expect(found.contains(.monthOverMonth(now: Money(major: 4000, currency: .kzt)!, before: Money(major: 1000, currency: .kzt)!,
                                               change: 3)))
    }

    @Test func aSpikeIsStrictlyAboveOneAndAHalfTimesTheAverage() throws {
        var b = Builder()
        for month in ["2025-11", "2025-12", "2026-01"] { b.add("\(month)-10", .expense, 1000, "food/groceries") }
        var exactly = b
        exactly.add("2026-02-10", .expense, 1500, "food")
        #expect(try !exactly.codes().contains("spike"))
        var above = b
        above.addMinor("2026-02-10", 150_001, "food")
        let spikes = try above.insights().filter { $0.code == "spike" }
        #expect(spikes.count == 1)
        if case .spike(let category, _, let average, _) = spikes.first {
            #expect(category == "food" && average == Money(major: 1000, currency: .kzt)!)
        }
        // Without four months of history there is no average to compare with.
        var short = Builder()
        for month in ["2025-12", "2026-01"] { short.add("\(month)-10", .expense, 1000, "food") }
        short.add("2026-02-10", .expense, 9000, "food")
        #expect(try !short.codes().contains("spike"))
    }

    @Test func growingNeedsThreeIncreasesInARow() throws {
        var b = Builder()
        for (month, amount) in [("2025-11", 100), ("2025-12", 200), ("2026-01", 300)] { b.add("\(month)-03", .expense, Int64(amount), "health") }
        var flat = b
        flat.add("2026-02-03", .expense, 300, "health")
        #expect(try !flat.codes().contains("growing-category"))
        var growing = b
        growing.add("2026-02-03", .expense, 400, "health")
        #expect(try growing.insights().contains(.growing(category: "health", months: 3, from: Money(major: 100, currency: .kzt)!,
                                                         to: Money(major: 400, currency: .kzt)!)))
    }

    @Test func savingsGradesAtTheirThresholds() {
        let income = Money(major: 1000, currency: .kzt)!
        func grade(_ expense: Int64) -> SavingsGrade { .of(income: income, expense: Money(minorUnits: expense, currency: .kzt)) }
        #expect(grade(80_000) == .fair)     // exactly 20%: not above it
        #expect(grade(79_999) == .good)
        #expect(grade(90_000) == .fair)     // exactly 10%
        #expect(grade(90_001) == .poor)
        #expect(grade(150_000) == .poor)    // spending more than earned
    }

    @Test func monthlyFiguresUseTheCompleteMonthsThereAre() throws {
        var b = Builder()
        for month in ["2025-12", "2026-01", "2026-02"] {
            b.add("\(month)-05", .income, 1000, "income/salary")
            b.add("\(month)-06", .expense, 800, "housing/rent")
        }
        let found = try b.insights()
        #expect(found.contains(.savingsRate(rate: 0.2, grade: .fair, over: 3)))
        #expect(found.contains { $0.code == "income-vs-expense" })
        #expect(found.contains(.emergencyFund(months: 0.75, balance: Money(major: 600, currency: .kzt)!,
                                              monthlyExpense: Money(major: 800, currency: .kzt)!)))
        #expect(!found.contains { $0.code == "balance-runway" })  // the balance grows
        // Two complete months: the figures come from those two, and say so.
        var short = Builder()
        short.transactions = b.transactions.filter { $0.date.month != 12 }
        #expect(try short.insights().contains(.savingsRate(rate: 0.2, grade: .fair, over: 2)))
        #expect(try short.codes().contains("emergency-fund"))
        // Only this month: no complete month, no monthly figures.
        var none = Builder()
        none.add("2026-03-05", .income, 1000, "income/salary")
        none.add("2026-03-06", .expense, 800, "housing/rent")
        #expect(try !none.codes().contains("savings-rate"))
        #expect(try !none.codes().contains("emergency-fund"))
    }

    @Test func runwayOnlyWhenTheBalanceShrinks() throws {
        var b = Builder()
        b.add("2025-11-01", .income, 10_000)
        for month in ["2025-12", "2026-01", "2026-02"] {
            b.add("\(month)-05", .income, 1000)
            b.add("\(month)-06", .expense, 1200, "housing")
        }
        #expect(try b.insights().contains(.runway(months: 47, balance: Money(major: 9400, currency: .kzt)!,
                                                  monthlyNet: Money(major: -200, currency: .kzt)!, over: 3)))
    }

    @Test func forecastUntilTheMonthsLastDay() throws {
        var b = Builder()
        b.add("2026-03-01", .expense, 3000, "food")
        b.add("2026-03-18", .expense, 3000, "food")
        // 6000 in the last 30 days: 200 a day × 12 days left (today included, as budgets count
        // them) + 6000 spent.
        #expect(try b.insights().contains(.forecast(amount: Money(major: 8400, currency: .kzt)!,
                                                    spent: Money(major: 6000, currency: .kzt)!,
                                                    recurring: Money(minorUnits: 0, currency: .kzt), daysLeft: 12)))
        // On the month's last day, that day is left.
        #expect(try b.insights(today: CivilDate(year: 2026, month: 3, day: 31)!).contains {
            if case .forecast(_, _, _, 1) = $0 { return true } else { return false }
        })
    }

    @Test func dormantFromThirtyDays() throws {
        var b = Builder()
        b.add("2026-02-18", .expense, 10, account: "old")      // 30 days before the 20th of March
        b.add("2026-02-19", .expense, 10, account: "recent")   // 29 days
        let dormant = try b.insights().filter { $0.code == "dormant-account" }
        #expect(dormant == [.dormant(account: "old", days: 30)])
    }

    @Test func otherCurrenciesAreLeftOutAndNamed() throws {
        var b = Builder()
        b.add("2026-03-02", .expense, 50, "food", currency: Currency(code: "USD")!)
        let report = try Insights.compute(TransactionArraySource(b.transactions), today: Self.today)
        #expect(report.facts.otherCurrencies == [Currency(code: "USD")!])
        #expect(!report.insights.contains { $0.code == "top-category" })
        #expect(report.missing.map(\.reason).contains("no-budgets"))
    }

    @Test func healthRescalesTheWeightsWithoutBudgetsAndRecurringPayments() throws {
        var b = Builder()
        for month in ["2025-12", "2026-01", "2026-02"] {
            b.add("\(month)-05", .income, 1000)
            b.add("\(month)-06", .expense, 800, "housing")
        }
        let health = try HealthScore.compute(TransactionArraySource(b.transactions), today: Self.today)
        let weights = Dictionary(uniqueKeysWithValues: health.parts.map { ($0.component, $0.weight) })
        #expect(weights[.budgetAdherence] == 0 && weights[.recurringLoad] == 0)
        #expect(abs(health.parts.reduce(0) { $0 + $1.weight } - 1) < 1e-12)
        #expect(abs(weights[.savingsRate]! - 0.30 / 0.55) < 1e-12)
        // savings 20% → 100; emergency 0.75 months → 25; cash flow (0.2 + 0.2) / 0.4 → 100.
        let scores = Dictionary(uniqueKeysWithValues: health.parts.map { ($0.component, $0.score) })
        #expect(scores[.savingsRate] == 100 && scores[.emergencyFund] == 25 && scores[.cashFlow] == 100)
        #expect(health.score == 80 && health.grade == .excellent)  // (30 + 3.75 + 10) / 0.55 = 79.5
        #expect(health.parts.first { $0.component == .budgetAdherence }?.reason == "no-budgets")
        #expect(health.parts.first { $0.component == .recurringLoad }?.reason == "no-recurring-series")
    }

    @Test func gradesAtTheirBoundaries() {
        #expect(HealthScore.Grade.of(80) == .excellent && HealthScore.Grade.of(79) == .good)
        #expect(HealthScore.Grade.of(60) == .good && HealthScore.Grade.of(59) == .fair)
        #expect(HealthScore.Grade.of(40) == .fair && HealthScore.Grade.of(39) == .needsAttention)
    }
}
