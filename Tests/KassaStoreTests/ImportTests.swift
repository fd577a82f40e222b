// ImportTests: the journal's import — one change however large, streamed through a sink and a
// spool, written in batches; duplicates by id and fingerprint; ids kept or renumbered; bounds
// checked before anything is written; accounts and lessons in the same change; a kill between
// batches invisible. The store knows no file format: JSON lines and CSV are read by
// KassaInterchange (its tests cover the readers and the round trip through the journal).
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct ImportTests {
    static func row(_ minor: Int64, id: Int = 0, day: Int = 1, note: String = "", currency: Currency = .kzt) -> Transaction {
        Transaction(id: id, type: .expense, amount: Money(minorUnits: minor, currency: currency),
                    date: CivilDate(year: 2026, month: 1, day: day)!, category: "food/cafe", note: note)
    }

    @Test func aBackupsTransactionsRestoreTheSameAndAgainAddNothing() throws {
        let source = try Journal.open(path: StoreFixtures.journalPath("import"))
        var odd = StoreFixtures.draft(7, note: "quote \" backslash \\ tab \t newline \n юникод 😀",
                                      currency: Currency(code: "JPY")!)
        odd.time = TimeOfDay(hour: 7, minute: 5)
        odd.recurrence = .yearly
        try source.commit([StoreFixtures.draft(1500), odd], input: "кофе 1500")
        try source.commit([StoreFixtures.draft(900)], input: "")
        try source.delete(ids: [1])
        let target = try Journal.open(path: StoreFixtures.journalPath("import"))
        let result = try target.importTransactions(source.transactions)
        #expect(result.imported == 2 && result.batches == 1 && result.firstID == 2 && result.lastID == 3)
        #expect(target.transactions == source.transactions)
        #expect(try Journal.open(path: target.path).transactions == source.transactions)
        // Importing again skips what is already there (by id).
        let again = try target.importTransactions(source.transactions)
        #expect(again.imported == 0 && again.skipped == 2 && target.count == 2 && again.batches == 0)
        // Forced, the copies cannot reuse the ids: they get fresh ones.
        let forced = try target.importTransactions(source.transactions, allowDuplicates: true)
        #expect(forced.firstID == 4 && forced.lastID == 5 && forced.skipped == 0)
        #expect(target.transactions.suffix(2).map(\.note) == source.transactions.map(\.note))
        // And the import undoes as one change.
        #expect(try target.undo().targetKind == .import)
        #expect(target.count == 2)
    }

    @Test func idLessRowsAreSkippedByFingerprintEachLiveOneAbsorbingOne() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        try journal.importTransactions([ImportTests.row(100, note: "coffee"), ImportTests.row(100, note: "coffee")])
        #expect(journal.count == 2)
        let result = try journal.importTransactions([ImportTests.row(100, note: "coffee"), ImportTests.row(100, note: "coffee"),
                                                     ImportTests.row(100, note: "coffee"), ImportTests.row(100, day: 2, note: "coffee")])
        #expect(result.skipped == 2 && result.imported == 2 && journal.count == 4)
    }

    @Test func batchesArePartsOfOneChangeWithOneRecordPerTransaction() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        var seen: [Int] = []
        let result = try journal.importTransactions((1...25).map { ImportTests.row(Int64($0) * 100) }, batchSize: 10) {
            done, _ in seen.append(done)
        }
        #expect(result.batches == 3 && seen == [10, 20, 25])
        #expect(journal.transactions.map(\.amount.minorUnits) == (1...25).map { Int64($0) * 100 })
        // Three writes (one fsync each), one change: one undo takes the whole import back.
        #expect(journal.history().entries.map(\.transactionCount) == [25])
        #expect(try journal.undo().transactions.count == 25 && journal.count == 0)
    }

    /// Big enough that each block of records is built by two threads: every part number and
    /// fresh id follows the rows' order, and the journal replays to the same rows.
    @Test(arguments: [true, false])
    func aLargeImportIsNumberedInOrder(keepIDs: Bool) throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import-large"))
        try journal.commit([StoreFixtures.draft(1)], input: "")
        let rows = (1...20_000).map { k in
            ImportTests.row(Int64(k), id: keepIDs ? k + 1 : 7, note: "row \(k) " + String(repeating: "x", count: k % 90))
        }
        let result = try journal.importTransactions(rows, allowDuplicates: true, batchSize: 3_000)
        #expect(result.imported == 20_000 && result.batches == 7 && result.firstID == 2 && result.lastID == 20_001)
        let expected = (1...20_000).map { "\($0 + 1) \($0) row \($0)" }
        let seen = journal.transactions.dropFirst().map { "\($0.id) \($0.amount.minorUnits) \($0.note.split(separator: " ").prefix(2).joined(separator: " "))" }
        #expect(seen == expected)
        let reopened = try Journal.open(path: journal.path)
        #expect(reopened.warnings.isEmpty && reopened.count == 20_001 && reopened.history().entries.map(\.transactionCount) == [1, 20_000])
    }

    @Test func farAwayOrRepeatedIdsAreRenumbered() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        let far = try journal.importTransactions([ImportTests.row(5, id: 60_000_000)])
        #expect(far.firstID == 1)
        let repeated = try journal.importTransactions([ImportTests.row(5, id: 7), ImportTests.row(6, id: 7)], allowDuplicates: true)
        #expect(repeated.firstID == 2 && repeated.lastID == 3)
        let kept = try journal.importTransactions([ImportTests.row(5, id: 9), ImportTests.row(6, id: 4)])
        #expect(kept.firstID == 9 && kept.lastID == 4 && journal.transaction(id: 9)?.amount.minorUnits == 5)
    }

    /// What a kill between two batches leaves on disk, taken at every batch boundary: a journal
    /// whose import is all there or not there at all, never a prefix of it.
    @Test func anImportKilledBetweenBatchesIsInvisible() throws {
        let path = StoreFixtures.journalPath("import")
        let journal = try Journal.open(path: path)
        try journal.commit([StoreFixtures.draft(1)], input: "")
        var snapshots: [[UInt8]] = []
        try journal.importChange(batchSize: 5, progress: { _, _ in snapshots.append(StoreFixtures.bytes(path)) }) { sink in
            for i in 1...23 { try sink.add(ImportTests.row(Int64(i), note: "n\(i)")) }
            return ImportExtras(accounts: [Account(name: "wallet", currency: Currency(code: "USD"))],
                                lessons: [Lesson(phrase: "чай", category: "food/coffee")])
        }
        #expect(snapshots.count == 5)
        for (k, snapshot) in snapshots.enumerated() {
            let copy = StoreFixtures.journalPath("killed")
            StoreFixtures.write(snapshot, to: copy)
            let reader = try Journal.open(path: copy, readOnly: true)
            let whole = k == snapshots.count - 1
            #expect(reader.count == (whole ? 24 : 1), "after batch \(k + 1)")
            #expect(reader.accounts.count == (whole ? 1 : 0) && reader.learnedCategories.count == (whole ? 1 : 0))
            #expect(StoreFixtures.bytes(copy) == snapshot, "a reader never writes")
            // A writer moves the unfinished import aside and goes on after the intact records;
            // the ids it had used are not handed out again.
            let writer = try Journal.open(path: copy)
            #expect(writer.count == (whole ? 24 : 1))
            let saved = try writer.commit([StoreFixtures.draft(2)], input: "")
            #expect(saved.first!.id == (whole ? 25 : 2 + 5 * (k + 1)), "after batch \(k + 1)")
        }
    }

    @Test func accountsAndLessonsAreTheSameChangeAsTheTransactions() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        let result = try journal.importChange { sink in
            try sink.add(ImportTests.row(100))
            return ImportExtras(accounts: [Account(name: "wallet", aliases: ["кошелёк"], currency: Currency(code: "USD"))],
                                lessons: [Lesson(phrase: "чай", category: "food/coffee")])
        }
        #expect(result.imported == 1 && result.accounts == 1 && result.lessons == 1)
        #expect(journal.changeCount == 1 && journal.history().entries.first?.kind == .import)
        #expect(journal.accounts.map(\.name) == ["wallet"] && journal.learnedCategories == ["чай": "food/coffee"])
        let reopened = try Journal.open(path: journal.path)
        #expect(reopened.accounts == journal.accounts && reopened.learnedCategories == journal.learnedCategories)
        // One undo takes the whole restore back.
        try journal.undo()
        #expect(journal.count == 0 && journal.accounts.isEmpty && journal.learnedCategories.isEmpty)
        // Only accounts: still one change.
        try journal.importChange { _ in ImportExtras(accounts: [Account(name: "cash")]) }
        #expect(journal.accounts.map(\.name) == ["cash"])
    }

    @Test func nothingIsWrittenWhenTheProducerDeclinesOrOnlyCounts() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        try journal.importChange { sink in
            try sink.add(ImportTests.row(100))
            return nil
        }
        let preview = try journal.importChange(write: false) { sink in
            try sink.add(ImportTests.row(100))
            return ImportExtras(accounts: [Account(name: "cash")])
        }
        #expect(preview.imported == 1 && preview.accounts == 1)
        #expect(journal.count == 0 && journal.changeCount == 0 && journal.accounts.isEmpty)
    }

    @Test func importIsRefusedWholeForAnAmountOrDateOutOfBounds() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        let jpy = Currency(code: "JPY")!, kwd = Currency(code: "KWD")!
        var late = ImportTests.row(1)
        late.date = CivilDate(year: 3000, month: 1, day: 1)!
        let cases: [Transaction] = [ImportTests.row(9_999_999_999_999_999), ImportTests.row(-1_000_000_000_000, currency: jpy),
                                    ImportTests.row(9_999_999_999_999_999, currency: kwd), late,
                                    // Negative: the type says the direction; the reader would refuse the line.
                                    ImportTests.row(-150_000)]
        for bad in cases {
            let error = #expect(throws: StoreError.self) {
                try journal.importTransactions([ImportTests.row(150_000), bad], batchSize: 1)
            }
            #expect(error?.kind == .invalid, "\(bad)")
        }
        #expect(journal.count == 0 && journal.changeCount == 0)
        // The largest amount allowed goes through exactly.
        try journal.importTransactions([Transaction(id: 0, type: .expense, amount: Money(minorUnits: 999_999_999_999_999, currency: kwd),
                                                    date: CivilDate(year: 2999, month: 12, day: 31)!)])
        #expect(journal.transactions.first?.amount.minorUnits == 999_999_999_999_999)
    }
}
