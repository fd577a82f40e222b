// ImportTests: backup and restore through JSON lines, validation before any write, batching.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct ImportTests {
    /// The `kassa list --json` shape, written the way the shell writes it.
    static func json(_ t: Transaction) -> String {
        var w = JSONWriter()
        w.add("id", String(t.id))
        w.add("date", t.date.iso)
        w.add("time", t.time?.description)
        w.add("type", t.type.rawValue)
        w.add("amount", t.amount.decimalString)
        w.add("currency", t.amount.currency.code)
        w.add("category", t.category)
        w.add("account", t.account)
        w.add("to_account", t.toAccount)
        w.add("note", t.note)
        w.add("recurrence", t.recurrence?.rawValue)
        w.add("input", t.input)
        return w.result
    }

    /// The fast line decoder either agrees with the careful reader or declines (nil): it never
    /// accepts a line differently, nor one the careful reader refuses.
    @Test func fastDecoderAgreesWithTheCarefulReader() throws {
        let lines = [
            #"{"id": "12", "date": "2026-02-03", "time": "07:05", "type": "income", "amount": "1500.50", "currency": "USD", "category": "food", "account": "card", "to_account": null, "note": "кофе", "recurrence": "monthly", "input": "кофе 1500"}"#,
            #"{"id": 12, "date": "2026-02-03", "amount": "1", "currency": "KZT"}"#,
            ##"{"id": "#7", "date": "2026-02-03", "amount": "-3", "currency": "JPY", "category": "", "note": null}"##,
            #"{ "amount" : "1" , "currency":"KZT","date":"2026-02-03" }"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "note": "a " quote"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "extra": "x"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "amount": "2"}"#,
            #"{"date": "2026-02-03", "amount": "1.5", "currency": "JPY"}"#,
            #"{"date": "2026-02-30", "amount": "1", "currency": "KZT"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "kzt"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "time": "24:00"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "id": "0"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "type": "gift"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT"} x"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT",}"#,
            #"{"date": "2026-02-03", "amount": 1, "currency": "KZT", "note": 5}"#,
        ]
        var decoded = 0
        for line in lines {
            let bytes = Array(line.utf8)
            let fast = bytes.withUnsafeBufferPointer { ImportLineDecoder.transaction($0) }
            let careful = try? bytes.withUnsafeBufferPointer { try Journal.transaction(from: try JSONLineReader.object($0)) }
            if let fast {
                decoded += 1
                #expect(fast == careful, "\(line)")
            }
        }
        #expect(decoded == 5)
        var invalid = Array("\"note\": \"".utf8)
        invalid.append(0xFF)
        let bad = Array(#"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "#.utf8) + invalid + Array("\"}".utf8)
        #expect(bad.withUnsafeBufferPointer { ImportLineDecoder.transaction($0) } == nil)
    }

    @Test func backupRestoresTheSameTransactions() throws {
        let source = try Journal.open(path: StoreFixtures.journalPath("import"))
        var odd = StoreFixtures.draft(7, note: "quote \" backslash \\ tab \t newline \n юникод 😀",
                                      currency: Currency(code: "JPY")!)
        odd.time = TimeOfDay(hour: 7, minute: 5)
        odd.recurrence = .yearly
        try source.commit([StoreFixtures.draft(1500), odd], input: "кофе 1500")
        try source.commit([StoreFixtures.draft(900)], input: "")
        try source.delete(ids: [1])
        let backup = source.transactions.map(ImportTests.json).joined(separator: "\n") + "\n"
        let target = try Journal.open(path: StoreFixtures.journalPath("import"))
        let result = try target.importJSONLines(Array(backup.utf8))
        #expect(result.imported == 2 && result.batches == 1)
        #expect(target.transactions == source.transactions)
        #expect(try Journal.open(path: target.path).transactions == source.transactions)
        // Importing again skips what is already there (by id: the lines come from a backup).
        let again = try target.importJSONLines(Array(backup.utf8))
        #expect(again.imported == 0 && again.skipped == 2 && target.count == 2)
        // Forced, the copies cannot reuse the ids: they get fresh ones.
        let forced = try target.importJSONLines(Array(backup.utf8), allowDuplicates: true)
        #expect(forced.firstID == 4 && forced.lastID == 5 && forced.skipped == 0)
        // And the import undoes as one change.
        #expect(try target.undo().targetKind == .import)
        #expect(target.count == 2)
    }

    @Test func aBadLineIsReportedAndNothingIsWritten() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        let good = #"{"id": "1", "date": "2026-03-09", "type": "expense", "amount": "1500.00", "currency": "KZT"}"#
        let cases: [(String, String)] = [
            (#"{"date": "2026-02-30", "amount": "1", "currency": "KZT"}"#, "date"),
            (#"{"date": "2026-02-03", "amount": "1.234", "currency": "KZT"}"#, "amount"),
            (#"{"date": "2026-02-03", "amount": "1", "currency": "XYZ"}"#, "currency"),
            (#"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "type": "gift"}"#, "type"),
            (#"{"date": "2026-02-03", "amount": "1", "currency": "KZT""#, "json }"),
            ("not json", "json {"),
        ]
        for (bad, detail) in cases {
            let text = good + "\n\n" + bad + "\n" + good
            let error = #expect(throws: StoreError.self) { try journal.importJSONLines(Array(text.utf8)) }
            #expect(error?.kind == .importInvalid && error?.record == 3 && error?.detail == detail, "\(bad)")
        }
        #expect(journal.count == 0 && journal.changeCount == 0)
    }

    @Test func batchesArePartsOfOneChangeWithOneRecordPerTransaction() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        let lines = (1...25).map { i in
            #"{"date": "2026-01-01", "amount": "\#(i)", "currency": "KZT", "category": "food/cafe"}"#
        }
        var seen: [Int] = []
        let result = try journal.importJSONLines(Array(lines.joined(separator: "\r\n").utf8), batchSize: 10) {
            done, _ in seen.append(done)
        }
        #expect(result.batches == 3 && seen == [10, 20, 25])
        #expect(journal.transactions.map(\.amount.minorUnits) == (1...25).map { Int64($0) * 100 })
        // Three writes (one fsync each), one change: one undo takes the whole import back.
        #expect(journal.history().entries.map(\.transactionCount) == [25])
        #expect(try journal.undo().transactions.count == 25 && journal.count == 0)
    }

    @Test func byteOrderMarkAndBareIntegersAreAccepted() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        let text = [0xEF, 0xBB, 0xBF] + Array(#"{"date": "2026-01-01", "amount": 1500, "currency": "KZT", "type": "income"}"#.utf8)
        try journal.importJSONLines(text)
        #expect(journal.transactions.map(\.amount) == [Money(major: 1500, currency: .kzt)!])
        #expect(journal.transactions.first?.type == .income)
    }

    @Test func farAwayIdsAreRenumbered() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        let line = #"{"id": "60000000", "date": "2026-01-01", "amount": "5", "currency": "KZT"}"#
        let result = try journal.importJSONLines(Array(line.utf8))
        #expect(result.firstID == 1)
    }

    /// What a kill between two batches leaves on disk, taken at every batch boundary: a journal
    /// whose import is all there or not there at all, never a prefix of it.
    @Test func anImportKilledBetweenBatchesIsInvisible() throws {
        let path = StoreFixtures.journalPath("import")
        let journal = try Journal.open(path: path)
        try journal.commit([StoreFixtures.draft(1)], input: "")
        let lines = (1...23).map { i in #"{"date": "2026-01-01", "amount": "\#(i)", "currency": "KZT", "note": "n\#(i)"}"# }
        var snapshots: [[UInt8]] = []
        try journal.importJSONLines(Array(lines.joined(separator: "\n").utf8), batchSize: 5) { _, _ in
            snapshots.append(StoreFixtures.bytes(path))
        }
        #expect(snapshots.count == 5)
        for (k, snapshot) in snapshots.enumerated() {
            let copy = StoreFixtures.journalPath("killed")
            StoreFixtures.write(snapshot, to: copy)
            let reader = try Journal.open(path: copy, readOnly: true)
            let expected = k == snapshots.count - 1 ? 24 : 1
            #expect(reader.count == expected, "after batch \(k + 1)")
            #expect(StoreFixtures.bytes(copy) == snapshot, "a reader never writes")
            // A writer moves the unfinished import aside and goes on after the intact records;
            // the ids it had used are not handed out again.
            let writer = try Journal.open(path: copy)
            #expect(writer.count == expected)
            let saved = try writer.commit([StoreFixtures.draft(2)], input: "")
            #expect(saved.first!.id == (k == snapshots.count - 1 ? 25 : 2 + 5 * (k + 1)), "after batch \(k + 1)")
        }
    }

    @Test func importIsRefusedWholeForAnAmountOrDateOutOfBounds() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("import"))
        let good = #"{"date": "2026-03-09", "amount": "1500.00", "currency": "KZT"}"#
        let cases: [(String, String)] = [
            (#"{"date": "2026-01-01", "amount": "99999999999999999", "currency": "KZT"}"#, "amount"),
            (#"{"date": "2026-01-01", "amount": "9999999999999999.999", "currency": "KWD"}"#, "amount"),
            (#"{"date": "2026-01-01", "amount": "-1000000000000", "currency": "JPY"}"#, "amount"),
            (#"{"date": "2026-01-01", "amount": 123456789012345678901234567890, "currency": "KZT"}"#, "amount"),
            (#"{"date": "3000-01-01", "amount": "1", "currency": "KZT"}"#, "date"),
            (#"{"date": "1899-12-31", "amount": "1", "currency": "KZT"}"#, "date"),
            (#"{"date": "0000-01-01", "amount": "1", "currency": "KZT"}"#, "date"),
        ]
        for (bad, detail) in cases {
            let error = #expect(throws: StoreError.self) { try journal.importJSONLines(Array((good + "\n" + bad).utf8)) }
            #expect(error?.kind == .importInvalid && error?.record == 2 && error?.detail == detail, "\(bad)")
            #expect(error?.messageKey == "store.import-invalid-" + detail)
        }
        #expect(journal.count == 0)
        // The largest amount allowed goes through exactly.
        try journal.importJSONLines(Array(#"{"date": "2999-12-31", "amount": "-999999999999.999", "currency": "KWD"}"#.utf8))
        #expect(journal.transactions.first?.amount.minorUnits == -999_999_999_999_999)
    }
}

