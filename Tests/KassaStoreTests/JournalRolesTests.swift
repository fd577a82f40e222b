// JournalRolesTests: the journal's surface split by role (Journal/Roles/) — each role is usable on
// its own, through its protocol alone, by code that is handed only that role: a writer that can
// only change, a keeper of accounts and objects, an importer, and a reader that sees what the
// others wrote (and a second session's reader sees it too, after a refresh).
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct JournalRolesTests {
    private func save(_ changes: some JournalChanges) throws -> [Int] {
        let saved = try changes.commit([StoreFixtures.draft(1500), StoreFixtures.draft(700, note: "tea")], input: "coffee 1500, tea 700")
        try changes.edit(id: saved[1].id) { $0.note = "green tea" }
        try changes.delete(ids: [saved[0].id])
        try changes.undo()
        #expect(changes.nextUndo != nil)
        #expect(changes.history(limit: 10).entries.count == 4)
        return saved.map(\.id)
    }

    private func keep(_ objects: some JournalObjects) throws {
        try objects.defineAccount(Account(name: "card", aliases: ["visa"], currency: .kzt), objects: [])
        try objects.learn(phrase: "green tea", category: "food/tea")
        try objects.write([ObjectRecord(kind: "budget", key: "food", removed: false, fields: [.init("amount", "100")])])
        #expect(objects.accounts.map(\.name) == ["card"])
        #expect(objects.learnedCategories["green tea"] == "food/tea")
        #expect(objects.object("budget", key: "food")?["amount"] == "100")
        #expect(objects.allObjects.count == 1)
    }

    private func bring(_ importer: some JournalImport) throws -> ImportResult {
        let t = Transaction(id: 0, type: .income, amount: Money(major: 90_000, currency: .kzt)!, date: StoreFixtures.day,
                            account: "card", note: "salary")
        return try importer.importTransactions([t], allowDuplicates: false, batchSize: 10, progress: nil)
    }

    private func read(_ reader: some JournalQueries) -> [String] {
        reader.query(TransactionFilter()).map(\.note)
    }

    @Test func eachRoleWorksThroughItsProtocolAlone() throws {
        let path = StoreFixtures.journalPath("roles")
        let journal = try Journal.open(path: path)
        let ids = try save(journal)
        try keep(journal)
        #expect(try bring(journal).imported == 1)

        let reader: any JournalQueries = journal
        #expect(read(journal) == ["coffee", "green tea", "salary"])
        #expect(reader.count == 3)
        #expect(reader.transaction(id: ids[1])?.note == "green tea")
        #expect(reader.listing(TransactionFilter(), byDate: true).count == 3)
        #expect(reader.accountsInUse() == ["card", "cash"])
        #expect(reader.holdsTransactions(account: "card"))
        var seen = 0
        reader.forEach(TransactionFilter()) { _ in seen += 1 }
        #expect(seen == 3)

        let other = try Journal.open(path: path, readOnly: true)
        #expect(read(other) == read(journal))
        #expect((other as any JournalObjects).accounts.map(\.name) == ["card"])
    }
}
