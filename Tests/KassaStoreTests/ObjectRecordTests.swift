// ObjectRecordTests: budgets, series and the like as journal records — written, read back after
// a reopen, replaced by key, removed, undone as one change, saved in the same change as
// transactions, and seen by a second session.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct ObjectRecordTests {
    static func budget(_ key: String, _ amount: String, removed: Bool = false) -> ObjectRecord {
        ObjectRecord(kind: "budget", key: key, removed: removed,
                     fields: [.init("amount", amount), .init("memo", "tab\tand=equals\nnewline")])
    }

    @Test func writtenReplacedRemovedAndReadBack() throws {
        let path = StoreFixtures.journalPath()
        let journal = try Journal.open(path: path)
        try journal.write([Self.budget("food", "100"), Self.budget("cafe", "50")])
        try journal.write([Self.budget("food", "120")])
        #expect(journal.objects("budget").map(\.key) == ["food", "cafe"])
        #expect(journal.object("budget", key: "food")?["amount"] == "120")
        #expect(journal.object("budget", key: "food")?["memo"] == "tab\tand=equals\nnewline")
        let reopened = try Journal.open(path: path)
        #expect(reopened.objects("budget") == journal.objects("budget"))
        #expect(reopened.objects("series").isEmpty)
        try reopened.write([Self.budget("cafe", "", removed: true)])
        #expect(reopened.objects("budget").map(\.key) == ["food"])
        #expect(reopened.object("budget", key: "cafe") == nil)
    }

    @Test func undoTakesBackTheObjectChange() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        try journal.write([Self.budget("food", "100")])
        let change = try journal.write([Self.budget("food", "200")])
        #expect(change.kind == .object && change.objectKinds == ["budget"] && change.subjects == ["food"])
        let undone = try journal.undo()
        #expect(undone.targetKind == .object)
        #expect(journal.object("budget", key: "food")?["amount"] == "100")
        try journal.redo()
        #expect(journal.object("budget", key: "food")?["amount"] == "200")
    }

    @Test func savedWithTransactionsAsOneChange() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        let saved = try journal.commit([StoreFixtures.draft(4990)], inputs: ["netflix 4990 monthly"]) { transactions in
            [ObjectRecord(kind: "series", key: "1", fields: [.init("first", String(transactions[0].id))])]
        }
        #expect(journal.object("series", key: "1")?["first"] == String(saved[0].id))
        try journal.undo()
        #expect(journal.transactions.isEmpty && journal.objects("series").isEmpty)
    }

    @Test func anotherSessionSeesTheChange() throws {
        let path = StoreFixtures.journalPath()
        let first = try Journal.open(path: path)
        let second = try Journal.open(path: path)
        try first.write([Self.budget("food", "100")])
        try second.refresh()
        #expect(second.object("budget", key: "food")?["amount"] == "100")
    }

    @Test func refusesWhatALineCannotHold() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        let tooMany = ObjectRecord(kind: "series", key: "1", fields: (0...ObjectRecord.maxFields).map { .init("f\($0)", "v") })
        #expect(throws: StoreError.self) { try journal.write([tooMany]) }
        #expect(throws: StoreError.self) { try journal.write([ObjectRecord(kind: "budget", key: "")]) }
        #expect(throws: StoreError.self) {
            try journal.write([ObjectRecord(kind: "budget", key: "x", fields: [.init("a=b", "c")])])
        }
        #expect(journal.changeCount == 0)
    }

    @Test func anObjectLineWithAGoodChecksumButNoEqualsIsReported() throws {
        let path = StoreFixtures.journalPath()
        let journal = try Journal.open(path: path)
        try journal.write([Self.budget("food", "100")])
        // A record a hand edit (or another tool) wrote with a valid checksum, then a good change after it.
        var writer = LineWriter()
        writer.begin(change: 2, part: 1, of: 1, op: .object)
        for field in ["budget", "cafe", "+", "amount50"] { writer.field(field) }
        writer.end()
        writer.begin(change: 3, part: 1, of: 1, op: .object)
        for field in ["budget", "tea", "+", "amount=5"] { writer.field(field) }
        writer.end()
        StoreFixtures.write(StoreFixtures.bytes(path) + writer.out, to: path)
        #expect(throws: StoreError.self) { _ = try Journal.open(path: path) }
    }
}
