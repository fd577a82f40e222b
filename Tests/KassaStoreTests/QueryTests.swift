// QueryTests: filters, balances per account and currency, and the history timeline.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct QueryTests {
    private func sample() throws -> Journal {
        let journal = try Journal.open(path: StoreFixtures.journalPath("query"))
        let usd = Currency(code: "USD")!
        var salary = StoreFixtures.draft(450_000, "income/salary", note: "salary", account: "kaspi", days: -8)
        salary.type = .income
        var transfer = StoreFixtures.draft(20_000, nil, note: "to cash", account: "kaspi", days: -1)
        transfer.type = .transfer
        transfer.toAccount = "cash"
        try journal.commit([salary], input: "salary 450000 on kaspi")
        try journal.commit([StoreFixtures.draft(1500, note: "Coffee", days: -1)], input: "coffee 1500 yesterday")
        try journal.commit([StoreFixtures.draft(2000, "transport/taxi", note: "такси", account: "kaspi")],
                           input: "такси 2000 с каспи")
        try journal.commit([transfer], input: "transfer 20000 kaspi to cash")
        try journal.commit([StoreFixtures.draft(12, "food/groceries", note: "apples", currency: usd)], input: "apples $12")
        return journal
    }

    @Test func filtersCombine() throws {
        let journal = try sample()
        #expect(journal.query().count == 5)
        #expect(journal.query(TransactionFilter(category: "food")).map(\.id) == [2, 5])
        #expect(journal.query(TransactionFilter(category: "food/coffee")).map(\.id) == [2])
        #expect(journal.query(TransactionFilter(account: "cash")).map(\.id) == [2, 4, 5])
        #expect(journal.query(TransactionFilter(text: "COFFEE")).map(\.id) == [2])
        #expect(journal.query(TransactionFilter(text: "ТАКСИ")).map(\.id) == [3])
        #expect(journal.query(TransactionFilter(type: .income)).map(\.id) == [1])
        let day = StoreFixtures.day
        #expect(journal.query(TransactionFilter(from: day.adding(days: -1), to: day.adding(days: -1))).map(\.id) == [2, 4])
        #expect(journal.query(TransactionFilter(limit: 2)).map(\.id) == [4, 5])
        #expect(journal.query(TransactionFilter(currency: Currency(code: "USD"))).map(\.id) == [5])
        #expect(journal.query(TransactionFilter(category: "nothing")).isEmpty)
    }

    @Test func balancePerAccountAndCurrency() throws {
        let journal = try sample()
        let lines = journal.balance()
        #expect(lines.map { "\($0.account ?? "-") \($0.amount)" } ==
                ["cash 18500.00 KZT", "cash -12.00 USD", "kaspi 428000.00 KZT"])
        #expect(lines.map(\.count) == [2, 1, 3])
        try journal.delete(ids: [4])
        #expect(journal.balance().first?.amount == Money(major: -1500, currency: .kzt))
        #expect(journal.balance(TransactionFilter(account: "kaspi")).map(\.amount.minorUnits) == [44_800_000])
    }

    @Test func historyShowsWhereUndoAndRedoStand() throws {
        let journal = try sample()
        try journal.edit(id: 2, TransactionPatch(amount: Money(major: 1600, currency: .kzt)))
        _ = try journal.undo(count: 2)
        let history = journal.history(limit: 3)
        #expect(history.total == 7)
        #expect(history.entries.map(\.number) == [5, 6, 7])
        #expect(history.entries.map(\.kind) == [.commit, .edit, .undo])
        #expect(history.entries.map(\.inEffect) == [false, false, false])
        #expect(history.entries[2].targets == [6, 5])
        #expect(history.entries[1].ids == [2])
        #expect(history.nextUndo == 4)
        #expect(history.nextRedo == 5)
    }

    @Test func accountsAndLearnedCategoriesAreUndoableRecords() throws {
        let journal = try sample()
        try journal.defineAccount(Account(name: "kaspi", aliases: ["каспи", "card"], currency: .kzt))
        try journal.defineAccount(Account(name: "cash"))
        try journal.learn(phrase: "латте", category: "food/coffee")
        #expect(journal.accounts.map(\.name) == ["kaspi", "cash"])
        #expect(journal.learnedCategories == ["латте": "food/coffee"])
        let renamed = try journal.renameAccount("kaspi", to: "kaspi-gold")
        #expect(renamed.transactions.map(\.id) == [1, 3, 4])
        #expect(journal.accounts.first?.name == "kaspi-gold")
        #expect(journal.accounts.first?.aliases == ["каспи", "card", "kaspi"])
        #expect(journal.balance().map { $0.account ?? "" } == ["cash", "cash", "kaspi-gold"])
        let reopened = try Journal.open(path: journal.path)
        #expect(reopened.accounts == journal.accounts)
        #expect(reopened.learnedCategories == journal.learnedCategories)
        let undone = try journal.undo()
        #expect(undone.targetKind == .account && undone.subjects == ["kaspi", "kaspi-gold"])
        #expect(journal.accounts.map(\.name) == ["kaspi", "cash"])
        #expect(journal.transaction(id: 1)?.account == "kaspi")
        #expect(try journal.undo(count: 2).map(\.subjects) == [["латте"], ["cash"]])
        #expect(journal.learnedCategories.isEmpty)
        #expect(journal.accounts.map(\.name) == ["kaspi"])
    }

    @Test func forEachStreamsWhatQueryReturns() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("query"))
        for i in 1...9 { try journal.commit([StoreFixtures.draft(Int64(i), days: i % 3)], input: "") }
        var filter = TransactionFilter(from: StoreFixtures.day.adding(days: 1))
        filter.limit = 4
        var streamed: [Transaction] = []
        journal.forEach(filter) { streamed.append($0) }
        #expect(streamed == journal.query(filter) && streamed.count == 4)
    }
}

