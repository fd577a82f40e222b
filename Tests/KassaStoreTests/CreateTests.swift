// CreateTests: Journal.create writes a whole journal at once, atomically, never over a file.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct CreateTests {
    @Test func createWritesAWholeJournalAtomically() throws {
        let path = StoreFixtures.journalPath("create")
        let transactions = (1...5).map { i in
            Transaction(id: i * 2, type: .expense, amount: Money(major: Int64(i), currency: .kzt)!,
                        date: StoreFixtures.day, category: "food/coffee", account: "cash", note: "n\(i)", input: "")
        }
        try Journal.create(path: path, transactions: transactions, changeSize: 2)
        let journal = try Journal.open(path: path)
        #expect(journal.transactions == transactions)
        #expect(journal.history().entries.map(\.transactionCount) == [2, 2, 1])
        #expect(try journal.undo().transactions.map(\.id) == [10])
        // Never over an existing file, and ids must increase.
        #expect(throws: StoreError.self) { try Journal.create(path: path, transactions: []) }
        let other = StoreFixtures.journalPath("create")
        #expect(throws: StoreError.self) { try Journal.create(path: other, transactions: transactions.reversed()) }
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}
