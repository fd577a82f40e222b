// Tests for Balances: sums per account and currency over arrays and over a real journal, and
// overflow reported instead of wrapped.
import Testing
import KassaCore
import KassaStore
import KassaTestSupport
@testable import KassaLedger

@Suite struct BalancesTests {
    let day = CivilDate(year: 2026, month: 3, day: 9)!

    func transaction(_ id: Int, _ type: TransactionType, _ minor: Int64, _ currency: Currency = .kzt,
                     account: String? = "cash", to: String? = nil) -> Transaction {
        Transaction(id: id, type: type, amount: Money(minorUnits: minor, currency: currency), date: day,
                    account: account, toAccount: to)
    }

    @Test func expensesSubtractIncomeAddsTransfersMove() throws {
        let usd = Currency(code: "USD")!
        let lines = try Balances.compute(TransactionArraySource([
            transaction(1, .income, 100_000),
            transaction(2, .expense, 1_500),
            transaction(3, .transfer, 20_000, to: "kaspi"),
            transaction(4, .expense, 1_200, usd),
            transaction(5, .expense, 700, account: nil),
        ]))
        #expect(lines.map { "\($0.account ?? "-") \($0.amount) \($0.count)" } ==
                ["cash 785.00 KZT 3", "cash -12.00 USD 1", "kaspi 200.00 KZT 1", "- -7.00 KZT 1"])
    }

    @Test func anExchangeTakesTheAmountOutAndPutsTheTargetIn() throws {
        let usd = Currency(code: "USD")!
        var sameAccount = transaction(2, .transfer, 10_000, usd, to: "cash")
        sameAccount.toAmount = Money(minorUnits: 5_200_000, currency: .kzt)
        var toKaspi = transaction(3, .transfer, 2_600_000, to: "kaspi")
        toKaspi.toAmount = Money(minorUnits: 5_000, currency: usd)
        var planned = transaction(4, .transfer, 1_000, usd, to: "kaspi")
        planned.date = day.adding(days: 3)
        planned.toAmount = Money(minorUnits: 520_000, currency: .kzt)
        let lines = try Balances.compute(TransactionArraySource([
            transaction(1, .income, 50_000, usd), sameAccount, toKaspi, planned,
        ]), today: day)
        // Never a sum of two currencies: each side in its own currency's line.
        #expect(lines.map { "\($0.account ?? "-") \($0.amount) \($0.planned)" } ==
                ["cash 26000.00 KZT 0.00 KZT", "cash 400.00 USD -10.00 USD", "kaspi 0.00 KZT 5200.00 KZT", "kaspi 50.00 USD 0.00 USD"])
    }

    @Test func overflowIsAnErrorNotAWrap() {
        let half = Int64.max / 2 + 1
        #expect(throws: MoneyError(.overflow, currency: .kzt)) {
            try Balances.compute(TransactionArraySource([transaction(1, .income, half), transaction(2, .income, half)]))
        }
        #expect(throws: MoneyError(.overflow, currency: .kzt)) {
            try Balances.compute(TransactionArraySource([transaction(1, .expense, half), transaction(2, .expense, half),
                                                         transaction(3, .expense, half)]))
        }
    }

    @Test func journalSourceGivesTheSameAsItsTransactions() throws {
        let path = TestSupport.makeTemporaryDirectory("balances").appendingPathComponent("j.kassa").path
        let journal = try Journal.open(path: path)
        _ = try journal.commit([
            Draft(type: .income, amount: Money(minorUnits: 500_000, currency: .kzt), date: day, account: "kaspi"),
            Draft(amount: Money(minorUnits: 150_000, currency: .kzt), date: day, account: "cash"),
            Draft(amount: Money(minorUnits: 990, currency: Currency(code: "EUR")!), date: day.adding(days: 1), account: "kaspi"),
        ], input: "")
        let fromJournal = try Balances.compute(journal.source())
        let fromArray = try Balances.compute(TransactionArraySource(journal.query()))
        #expect(fromJournal == fromArray)
        #expect(try Balances.compute(journal.source(TransactionFilter(to: day))).count == 2)
    }
}
