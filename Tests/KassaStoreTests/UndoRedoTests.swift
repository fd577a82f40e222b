// UndoRedoTests: undo/redo semantics — levels, counts, by id, conflicts, across reopen and
// across two Journal instances (two sessions) on one file.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct UndoRedoTests {
    @Test func undoAndRedoSeveralLevels() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        for amount in [100, 200, 300] as [Int64] { try journal.commit([StoreFixtures.draft(amount)], input: "") }
        let undone = try journal.undo()
        #expect(undone.kind == .undo && undone.targetKind == .commit && undone.transactions.map(\.id) == [3])
        _ = try journal.undo()
        #expect(StoreFixtures.amounts(journal) == [100])
        let redone = try journal.redo()
        #expect(redone.kind == .redo && redone.transactions.map(\.id) == [2])
        #expect(StoreFixtures.amounts(journal) == [100, 200])
        _ = try journal.redo()
        #expect(StoreFixtures.amounts(journal) == [100, 200, 300])
        #expect(throws: StoreError(.nothingToRedo, path: journal.path)) { try journal.redo() }
    }

    @Test func undoOfNothingSaysSo() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        #expect(throws: StoreError(.nothingToUndo, path: journal.path)) { try journal.undo() }
    }

    @Test func newCommitClearsRedo() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        try journal.commit([StoreFixtures.draft(100)], input: "")
        _ = try journal.undo()
        try journal.commit([StoreFixtures.draft(200)], input: "")
        #expect(throws: StoreError.self) { try journal.redo() }
        // Ids are never reused, even for an undone commit.
        #expect(journal.transactions.map(\.id) == [2])
    }

    @Test func historySurvivesReopen() throws {
        let path = StoreFixtures.journalPath()
        do {
            let journal = try Journal.open(path: path)
            for amount in [100, 200, 300] as [Int64] { try journal.commit([StoreFixtures.draft(amount)], input: "") }
            _ = try journal.undo(count: 2)
            #expect(StoreFixtures.amounts(journal) == [100])
        }
        let fresh = try Journal.open(path: path)
        #expect(StoreFixtures.amounts(fresh) == [100])
        let redone = try fresh.redo()
        #expect(redone.transactions.map(\.id) == [2])
        #expect(StoreFixtures.amounts(try Journal.open(path: path)) == [100, 200])
        // A fresh session undoes the latest change in the journal: the redo brought #2 back.
        let third = try Journal.open(path: path)
        #expect(try third.undo().transactions.map(\.id) == [2])
    }

    @Test func multiDraftCommitIsUndoneAsOne() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        try journal.commit([StoreFixtures.draft(100)], input: "")
        try journal.commit([StoreFixtures.draft(200), StoreFixtures.draft(300)], input: "")
        let change = try journal.undo()
        #expect(change.transactions.map(\.id) == [2, 3])
        #expect(StoreFixtures.amounts(journal) == [100])
    }

    @Test func sessionUndoTakesBackItsOwnChange() throws {
        let path = StoreFixtures.journalPath()
        let a = try Journal.open(path: path)
        let b = try Journal.open(path: path)
        try a.commit([StoreFixtures.draft(100)], input: "")
        try b.commit([StoreFixtures.draft(200)], input: "")
        try a.commit([StoreFixtures.draft(300)], input: "")
        try b.commit([StoreFixtures.draft(400)], input: "")
        // a's undo takes back a's own latest (#3), not b's later #4.
        #expect(try a.undo().transactions.map(\.id) == [3])
        #expect(try a.undo().transactions.map(\.id) == [1])
        try b.refresh()
        #expect(StoreFixtures.amounts(b) == [200, 400])
        // a has nothing of its own left: it falls back to the journal's latest (#4, b's).
        #expect(try a.undo().transactions.map(\.id) == [4])
        // a's redo brings back what a undid last.
        #expect(try a.redo().transactions.map(\.id) == [4])
        #expect(try a.redo().transactions.map(\.id) == [1])
        try b.refresh()
        #expect(StoreFixtures.amounts(b) == [100, 200, 400])
    }

    @Test func twoInstancesSeeEachOthersWritesBeforeWriting() throws {
        let path = StoreFixtures.journalPath()
        let a = try Journal.open(path: path)
        let b = try Journal.open(path: path)
        let first = try a.commit([StoreFixtures.draft(100)], input: "")
        let second = try b.commit([StoreFixtures.draft(200)], input: "")
        #expect(first[0].id == 1 && second[0].id == 2)
        #expect(b.count == 2)
        try a.refresh()
        #expect(a.transactions == b.transactions)
        #expect(try Journal.open(path: path).transactions == a.transactions)
    }

    @Test func undoByIDAndConflicts() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        try journal.commit([StoreFixtures.draft(100)], input: "")
        try journal.commit([StoreFixtures.draft(200), StoreFixtures.draft(250)], input: "")
        try journal.commit([StoreFixtures.draft(300)], input: "")
        try journal.edit(id: 3, TransactionPatch(category: "food/groceries"))
        // #1's commit has nothing built on it: undo it out of order.
        #expect(try journal.undo(id: 1).targetKind == .commit)
        #expect(journal.transaction(id: 1) == nil)
        // #3's latest change is the edit: undo by id takes back the edit first.
        let edit = try journal.undo(id: 3)
        #expect(edit.targetKind == .edit)
        #expect(journal.transaction(id: 3)?.category == "food/coffee")
        try journal.edit(id: 3, TransactionPatch(note: "latte"))
        // The commit of #2 and #3 is under the new edit of #3: refused, nothing changes.
        let error = #expect(throws: StoreError.self) { try journal.undo(id: 2) }
        #expect(error?.kind == .undoConflict && error?.ids == [3])
        #expect(journal.count == 3)
        #expect(throws: StoreError.self) { try journal.undo(id: 99) }
    }

    @Test func undoCountIsAllOrNothing() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        try journal.commit([StoreFixtures.draft(100)], input: "")
        try journal.commit([StoreFixtures.draft(200)], input: "")
        #expect(throws: StoreError.self) { try journal.undo(count: 3) }
        #expect(journal.count == 2)
        let changes = try journal.undo(count: 2)
        #expect(changes.map { $0.transactions[0].id } == [2, 1])
        #expect(journal.count == 0)
        #expect(try journal.redo(count: 2).map { $0.transactions[0].id } == [1, 2])
    }

    @Test func editAndDeleteAreUndoable() throws {
        let path = StoreFixtures.journalPath()
        let journal = try Journal.open(path: path)
        try journal.commit([StoreFixtures.draft(100), StoreFixtures.draft(200), StoreFixtures.draft(300)], input: "")
        let edited = try journal.edit(id: 2, TransactionPatch(amount: Money(major: 1600, currency: .kzt)))
        #expect(edited.transactions[0].amount == Money(major: 1600, currency: .kzt))
        let recategorised = try journal.edit(ids: [1, 3], TransactionPatch(category: "transport/taxi"))
        #expect(recategorised.transactions.map(\.category) == ["transport/taxi", "transport/taxi"])
        let deleted = try journal.delete(ids: [1, 2])
        #expect(deleted.transactions.map(\.amount.minorUnits) == [10000, 160000])
        #expect(StoreFixtures.amounts(journal) == [300])
        #expect(try journal.undo().targetKind == .delete)
        #expect(StoreFixtures.amounts(journal) == [100, 1600, 300])
        #expect(try journal.undo().targetKind == .edit)
        #expect(journal.transactions.map(\.category) == ["food/coffee", "food/coffee", "food/coffee"])
        #expect(StoreFixtures.amounts(try Journal.open(path: path)) == [100, 1600, 300])
        #expect(throws: StoreError.self) { try journal.delete(ids: [7]) }
        #expect(throws: StoreError.self) { try journal.edit(id: 7, TransactionPatch(note: "x")) }
    }
}
