// QueryAnswerer over arrays: each kind's number against a hand-computed sum, a category with its
// subcategories, transfers and other currencies left out, rounding of averages, ties in a top
// list, and an overflowing total as an error rather than a wrapped number.

import Testing
import KassaCore
@testable import KassaLedger

@Suite struct QueryAnswererTests {
    let today = CivilDate(iso: "2026-03-20")!
    let kzt = Currency.kzt

    func t(_ id: Int, _ date: String, _ minor: Int64, _ category: String?, type: TransactionType = .expense,
           account: String = "cash", currency: Currency = .kzt) -> Transaction {
        Transaction(id: id, type: type, amount: Money(minorUnits: minor, currency: currency), date: CivilDate(iso: date)!,
                    category: category, account: account, note: "n\(id)")
    }

    var source: TransactionArraySource {
        TransactionArraySource([
            t(1, "2026-03-02", 150_000, "food/coffee"),
            t(2, "2026-03-05", 90_000, "food/coffee", account: "kaspi"),
            t(3, "2026-03-06", 1_200_000, "food/groceries"),
            t(4, "2026-02-10", 300_000, "food/coffee"),
            t(5, "2026-03-07", 45_000_000, "income/salary", type: .income),
            t(6, "2026-03-08", 500_000, nil, type: .transfer),
            t(7, "2026-03-09", 1_000, "food/coffee", currency: Currency(code: "USD")!),
            t(8, "2026-03-10", 250_000, "transport/taxi"),
        ])
    }

    func query(_ kind: QueryKind, category: String? = nil, type: TransactionType? = .expense, from: String = "2026-03-01",
               to: String = "2026-03-20") -> Query {
        var q = Query(kind: kind)
        q.category = category
        q.type = type
        q.period = Period(kind: .month, from: CivilDate(iso: from)!, to: CivilDate(iso: to)!)
        return q
    }

    @Test func totalsIncludeSubcategoriesAndSkipOtherCurrencies() throws {
        let answerer = QueryAnswerer(today: today, base: kzt)
        let food = try answerer.answer(query(.total, category: "food"), source: source)
        #expect(food.amount == Money(minorUnits: 150_000 + 90_000 + 1_200_000, currency: kzt))
        #expect(food.count == 3)
        #expect(food.skipped == 1)
        let income = try answerer.answer(query(.total, type: .income), source: source)
        #expect(income.amount?.minorUnits == 45_000_000)
        var kaspi = query(.total)
        kaspi.account = "KASPI"
        #expect(try answerer.answer(kaspi, source: source).amount?.minorUnits == 90_000)
    }

    @Test func averageCompareTopAndLast() throws {
        let answerer = QueryAnswerer(today: today, base: kzt)
        var average = query(.average, category: "food/coffee")
        average.unit = .day
        // 240,000 over 20 days = 12,000; per transaction: 120,000.
        #expect(try answerer.answer(average, source: source).amount?.minorUnits == 12_000)
        average.unit = .transaction
        #expect(try answerer.answer(average, source: source).amount?.minorUnits == 120_000)
        #expect(QueryAnswerer.divide(5, by: 2) == 3 && QueryAnswerer.divide(4, by: 3) == 1)

        var compare = query(.compare, category: "food/coffee")
        compare.previous = Period.month(year: 2026, month: 2)
        let compared = try answerer.answer(compare, source: source)
        #expect(compared.amount?.minorUnits == 240_000 && compared.previous?.minorUnits == 300_000)

        var top = query(.top)
        top.topCount = 2
        let categories = try answerer.answer(top, source: source)
        #expect(categories.items?.map(\.key) == ["food", "transport"])
        #expect(categories.items?.map(\.amount.minorUnits) == [1_440_000, 250_000])
        top.topBy = .transaction
        #expect(try answerer.answer(top, source: source).items?.map(\.id) == [3, 8])

        var last = query(.last, category: "food/coffee")
        last.period = nil
        let latest = try answerer.answer(last, source: source)
        #expect(latest.id == 2 && latest.date == CivilDate(iso: "2026-03-05"))
    }

    @Test func paymentsToComeListEveryUnpaidDateInThePeriodWithoutIncome() throws {
        func money(_ major: Int64, _ currency: Currency = .kzt) -> Money { Money(minorUnits: major * 100, currency: currency) }
        let series = [
            Series(id: 1, note: "rent", amount: money(250_000), frequency: .monthly, start: CivilDate(iso: "2026-01-01")!),
            Series(id: 2, note: "tea club", amount: money(3_000), frequency: .weekly, start: CivilDate(iso: "2026-03-06")!),
            Series(id: 3, note: "salary", amount: money(500_000), type: .income, frequency: .monthly, start: CivilDate(iso: "2026-01-05")!),
            Series(id: 4, note: "vps", amount: money(10, Currency(code: "USD")!), frequency: .monthly, start: CivilDate(iso: "2026-01-25")!),
            Series(id: 5, note: "gym", amount: money(15_000), frequency: .monthly, start: CivilDate(iso: "2026-01-15")!, status: .paused),
        ]
        // The tea club paid 6 and 20 March: its next is 27 March (dates before the last one paid
        // are not owed, as `recurring` says). The vps, never paid since 25 January, owes every
        // month since: overdue, listed first while the period starts today.
        let settled: [Int: Set<CivilDate>] = [2: [CivilDate(iso: "2026-03-06")!, CivilDate(iso: "2026-03-20")!],
                                              1: [CivilDate(iso: "2026-03-01")!]]
        let overview = try RecurringOverview.compute(series, settled: settled, today: today)
        var q = Query(kind: .upcoming)
        q.period = PeriodWord.ahead(PeriodWord.nextDays.period(today: today, count: 14), today: today)
        #expect(q.period == Period(kind: .range, from: today, to: CivilDate(iso: "2026-04-02")!))
        let answer = try QueryAnswerer(today: today, base: kzt).answer(q, source: source, facts: .init(recurring: overview))
        let listed = (answer.items ?? []).map { "\($0.date!.iso) \($0.key)" }
        #expect(listed == ["2026-01-25 vps", "2026-02-25 vps", "2026-03-25 vps", "2026-03-27 tea club", "2026-04-01 rent"])
        #expect(answer.count == 5)
        // In tenge only: the dollars are counted as skipped, never added as tenge.
        #expect(answer.amount == money(250_000 + 3_000))
        #expect(answer.skipped == 3)
        // A period after today starts on its own first day: nothing overdue comes with it.
        q.period = PeriodWord.nextWeek.period(today: today)
        let next = try QueryAnswerer(today: today, base: kzt).answer(q, source: source, facts: .init(recurring: overview))
        #expect((next.items ?? []).map { "\($0.date!.iso) \($0.key)" } == ["2026-03-25 vps", "2026-03-27 tea club"])
    }

    @Test func theRestOfAPeriodRunningNowIsAhead() {
        let thisMonth = PeriodWord.thisMonth.period(today: today)
        #expect(PeriodWord.ahead(thisMonth, today: today) == Period(kind: .month, from: today, to: CivilDate(iso: "2026-03-31")!))
        #expect(PeriodWord.ahead(nil, today: today) == Period(kind: .range, from: today, to: CivilDate(iso: "2026-04-18")!))
        let lastWeek = PeriodWord.lastWeek.period(today: today)
        #expect(PeriodWord.ahead(lastWeek, today: today) == lastWeek)
        #expect(PeriodWord.nextWeek.period(today: today) == Period(kind: .week, from: CivilDate(iso: "2026-03-23")!, to: CivilDate(iso: "2026-03-29")!))
        #expect(PeriodWord.nextMonth.period(today: today)?.from == CivilDate(iso: "2026-04-01")!)
    }

    @Test func anOverflowingTotalIsAnError() {
        let big = TransactionArraySource([t(1, "2026-03-02", Int64.max - 1, "food"), t(2, "2026-03-03", 10, "food")])
        #expect(throws: MoneyError.self) { try QueryAnswerer(today: today, base: kzt).answer(query(.total), source: big) }
    }
}
