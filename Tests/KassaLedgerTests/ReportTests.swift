// Tests for the reports' numbers: spending and income per category, account and month,
// cash flow and trend, each checked against sums computed independently (a plain filter and
// add over the transactions) for several periods; currencies never mixed; overflow an error.
import Testing
import KassaCore
import KassaTestSupport
@testable import KassaLedger

@Suite struct ReportTests {
    static let usd = Currency(code: "USD")!
    static let today = CivilDate(year: 2026, month: 3, day: 20)!

    /// Seeded transactions from 2025-01-01 to 2026-04-10 (some after "today": planned).
    static let transactions: [Transaction] = {
        var random = SeededGenerator(state: 13)
        let categories: [String?] = ["food/groceries", "food/coffee", "food", "transport/taxi", "housing/rent", "health",
                                     nil, "income/salary", "income/gifts"]
        let accounts: [String?] = ["cash", "kaspi", "halyk", nil]
        let start = CivilDate(year: 2025, month: 1, day: 1)!.daysSinceEpoch
        let end = CivilDate(year: 2026, month: 4, day: 10)!.daysSinceEpoch
        return (1...3000).map { id in
            let roll = random.next() % 10
            let type: TransactionType = roll < 7 ? .expense : roll < 9 ? .income : .transfer
            let currency = random.next() % 5 == 0 ? usd : Currency.kzt
            return Transaction(id: id, type: type, amount: Money(minorUnits: Int64(100 + random.next() % 5_000_000), currency: currency),
                               date: CivilDate(daysSinceEpoch: start + Int(random.next() % UInt64(end - start + 1))),
                               category: type == .transfer ? nil : categories[Int(random.next() % UInt64(categories.count))],
                               account: accounts[Int(random.next() % UInt64(accounts.count))],
                               toAccount: type == .transfer ? "deposit" : nil)
        }
    }()

    static var source: TransactionArraySource { TransactionArraySource(transactions) }

    static let periods: [Period] = [
        Period.month(year: 2026, month: 3), Period.month(year: 2025, month: 2), Period.month(year: 2024, month: 12),
        Period.week(containing: today), Period.year(containing: today), Period.year(containing: CivilDate(year: 2025, month: 1, day: 1)!),
        Period(kind: .range, from: CivilDate(year: 2025, month: 3, day: 15)!, to: CivilDate(year: 2025, month: 9, day: 2)!),
        Period(kind: .range, from: today, to: CivilDate(year: 2026, month: 4, day: 30)!),
    ]

    /// The independent sum: minor units of `type` in `currency` between the dates (not after today).
    func naive(_ type: TransactionType, _ currency: Currency, _ period: Period,
               where keep: (Transaction) -> Bool = { _ in true }) -> Int64 {
        Self.transactions.filter {
            $0.type == type && $0.amount.currency == currency && $0.date >= period.from && $0.date <= period.to
                && $0.date <= Self.today && keep($0)
        }.reduce(0) { $0 + $1.amount.minorUnits }
    }

    @Test(arguments: periods)
    func spendingAndIncomeByCategoryEqualIndependentSums(period: Period) throws {
        for type in [TransactionType.expense, .income] {
            let report = try CategoryReport.compute(Self.source, type: type, period: period, grouping: .category, today: Self.today)
            for currency in [Currency.kzt, Self.usd] {
                let total = naive(type, currency, period)
                let previous = naive(type, currency, report.previousPeriod)
                let section = report.sections.first { $0.currency == currency }
                #expect((section?.total.minorUnits ?? 0) == total)
                #expect((section?.previousTotal.minorUnits ?? 0) == previous)
                guard let section else { continue }
                for row in section.rows {
                    let expected = naive(type, currency, period) { t in
                        guard let key = row.key else { return t.category == nil }
                        return row.depth == 0 ? (t.category == key || t.category?.hasPrefix(key + "/") == true) : t.category == key
                    }
                    #expect(row.amount.minorUnits == expected, "\(row.key ?? "-") in \(period)")
                }
                // Parents add up to the total; shares of parents to 1.
                let parents = section.rows.filter { $0.depth == 0 }
                #expect(parents.reduce(0) { $0 + $1.amount.minorUnits } == total)
                if total > 0 { #expect(abs(parents.reduce(0.0) { $0 + $1.share } - 1) < 1e-9) }
            }
        }
    }

    @Test(arguments: periods)
    func byAccountAndByMonthEqualIndependentSums(period: Period) throws {
        let byAccount = try CategoryReport.compute(Self.source, type: .expense, period: period, grouping: .account, today: Self.today)
        let byMonth = try CategoryReport.compute(Self.source, type: .expense, period: period, grouping: .month, today: Self.today)
        for section in byAccount.sections {
            for row in section.rows {
                #expect(row.amount.minorUnits == naive(.expense, section.currency, period) { $0.account == row.key })
            }
        }
        for section in byMonth.sections {
            #expect(section.rows.reduce(0) { $0 + $1.amount.minorUnits } == naive(.expense, section.currency, period))
            for row in section.rows {
                #expect(row.amount.minorUnits == naive(.expense, section.currency, period) { String($0.date.iso.prefix(7)) == row.key })
            }
        }
    }

    @Test func sectionsPutTheBaseCurrencyFirstAndNeverMixCurrencies() throws {
        let period = Period.year(containing: Self.today)
        let report = try CategoryReport.compute(Self.source, type: .expense, period: period, grouping: .category, today: Self.today)
        #expect(report.sections.map(\.currency) == [.kzt, Self.usd])
        let based = try CategoryReport.compute(Self.source, type: .expense, period: period, grouping: .category,
                                               today: Self.today, base: Self.usd)
        #expect(based.sections.map(\.currency) == [Self.usd, .kzt])
        for section in report.sections { #expect(section.rows.allSatisfy { $0.amount.currency == section.currency }) }
    }

    @Test func subcategoriesFollowTheirParentLargestFirst() throws {
        let report = try CategoryReport.compute(Self.source, type: .expense, period: Period.year(containing: Self.today),
                                                grouping: .category, today: Self.today)
        let rows = report.sections[0].rows
        var parent: String?
        for row in rows {
            if row.depth == 0 { parent = row.key } else { #expect(row.key?.hasPrefix((parent ?? "") + "/") == true) }
        }
        let parents = rows.filter { $0.depth == 0 && $0.key != nil }
        #expect(parents.map(\.amount.minorUnits) == parents.map(\.amount.minorUnits).sorted(by: >))
        #expect(rows.last?.key == nil)  // no category comes last
    }

    @Test func cashflowAndTrendEqualIndependentSums() throws {
        let span = CashflowReport.defaultPeriod(today: Self.today)
        #expect(span.from == CivilDate(year: 2025, month: 4, day: 1)! && span.to == CivilDate(year: 2026, month: 3, day: 31)!)
        let flow = try CashflowReport.compute(Self.source, period: span, today: Self.today)
        let trend = try TrendReport.compute(Self.source, period: span, category: nil, today: Self.today)
        let food = try TrendReport.compute(Self.source, period: span, category: "food", today: Self.today)
        for section in flow.sections {
            for month in section.months {
                let period = Period.month(containing: month.start)
                #expect(month.income.minorUnits == naive(.income, section.currency, period))
                #expect(month.expense.minorUnits == naive(.expense, section.currency, period))
                #expect(month.net.minorUnits == month.income.minorUnits - month.expense.minorUnits)
            }
            #expect(section.net.minorUnits == naive(.income, section.currency, span) - naive(.expense, section.currency, span))
        }
        for section in trend.sections {
            for line in section.lines {
                for (offset, start) in trend.monthStarts.enumerated() {
                    #expect(line.months[offset].minorUnits == naive(.expense, section.currency, Period.month(containing: start)) { t in
                        guard let key = line.category else { return t.category == nil }
                        return t.category == key || t.category?.hasPrefix(key + "/") == true
                    })
                }
            }
        }
        #expect(food.sections[0].lines.map(\.category).sorted { ($0 ?? "") < ($1 ?? "") } == ["food", "food/coffee", "food/groceries"])
    }

    @Test func aRunningPeriodIsComparedWithTheSameDaysOfThePreviousOne() {
        let today = Self.today  // 2026-03-20
        let march = CategoryReport.comparedPeriod(.month(containing: today), today: today)
        #expect(march.from == CivilDate(year: 2026, month: 2, day: 1)! && march.to == CivilDate(year: 2026, month: 2, day: 20)!)
        let year = CategoryReport.comparedPeriod(.year(containing: today), today: today)
        #expect(year.from == CivilDate(year: 2025, month: 1, day: 1)! && year.to == CivilDate(year: 2025, month: 3, day: 20)!)
        // 31 March against February: all of February, never into March.
        let endOfMarch = CivilDate(year: 2026, month: 3, day: 31)!
        #expect(CategoryReport.comparedPeriod(.month(containing: endOfMarch), today: endOfMarch) == .month(year: 2026, month: 2))
        let lastDay = CivilDate(year: 2026, month: 3, day: 30)!
        #expect(CategoryReport.comparedPeriod(.month(containing: lastDay), today: lastDay).to == CivilDate(year: 2026, month: 2, day: 28)!)
        // A finished period: the whole previous one.
        #expect(CategoryReport.comparedPeriod(.month(year: 2026, month: 2), today: today) == .month(year: 2026, month: 1))
    }

    @Test func plannedTransactionsAreLeftOut() throws {
        let april = Period.month(year: 2026, month: 4)
        let report = try CategoryReport.compute(Self.source, type: .expense, period: april, grouping: .category, today: Self.today)
        #expect(report.sections.allSatisfy { $0.total.isZero })
    }

    @Test func overflowIsAnErrorNotAWrap() {
        let day = Self.today
        let half = Int64.max / 2 + 1
        let source = TransactionArraySource([
            Transaction(id: 1, type: .expense, amount: Money(minorUnits: half, currency: .kzt), date: day, category: "food"),
            Transaction(id: 2, type: .expense, amount: Money(minorUnits: half, currency: .kzt), date: day, category: "food/coffee"),
        ])
        #expect(throws: MoneyError(.overflow, currency: .kzt)) {
            try CategoryReport.compute(source, type: .expense, period: .month(containing: day), grouping: .category, today: day)
        }
        #expect(throws: MoneyError(.overflow, currency: .kzt)) {
            try CashflowReport.compute(source, period: .month(containing: day), today: day)
        }
    }
}
