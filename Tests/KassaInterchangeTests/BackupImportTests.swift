// Tests for reading a backup the way `kassa import` does: streamed in chunks (lines cut by a
// chunk's end, a byte order mark, CRLF), the fast line decoder held to the careful reader, bad
// lines named by number, and the round trip kassa → jsonl → journal through the journal's
// streamed import, accounts and lessons in the same change (one undo takes the restore back).
import Foundation
import KassaCore
import KassaStore
import KassaTestSupport
import Testing
@testable import KassaInterchange

@Suite struct BackupImportTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The careful path alone: JSONObjectReader + BackupReader.transaction.
    func careful(_ line: String) -> Transaction? {
        let bytes = Array(line.utf8)
        var fields = BackupReader.Fields()
        return bytes.withUnsafeBufferPointer { buffer -> Transaction? in
            guard (try? JSONObjectReader.forEachField(buffer, { fields.set($0, $1) })) != nil else { return nil }
            return try? BackupReader.transaction(fields)
        }
    }

    /// The fast decoder either agrees with the careful reader or declines (nil): it never accepts
    /// a line differently, nor one the careful reader refuses.
    @Test func fastDecoderAgreesWithTheCarefulReader() {
        let lines = [
            #"{"id": "12", "date": "2026-02-03", "time": "07:05", "type": "income", "amount": "1500.50", "currency": "USD", "category": "food", "account": "card", "to_account": null, "note": "кофе", "recurrence": "monthly", "input": "кофе 1500"}"#,
            #"{"id": 12, "date": "2026-02-03", "amount": "1", "currency": "KZT"}"#,
            ##"{"id": "#7", "date": "2026-02-03", "amount": "3", "currency": "JPY", "category": "", "note": null}"##,
            #"{ "amount" : "1" , "currency":"KZT","date":"2026-02-03" }"#,
            #"{"date": "2026-02-03", "amount": 1500, "currency": "KZT", "type": "transfer", "account": "a", "to_account": "b"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "note": "a \" quote"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "extra": "x"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "amount": "2"}"#,
            #"{"date": "2026-02-03", "amount": "1.5", "currency": "JPY"}"#,
            #"{"date": "2026-02-03", "amount": "-1", "currency": "KZT"}"#,
            #"{"date": "2026-02-03", "amount": "1000000000000", "currency": "KZT"}"#,
            #"{"date": "2026-02-30", "amount": "1", "currency": "KZT"}"#,
            #"{"date": "3000-01-01", "amount": "1", "currency": "KZT"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "kzt"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "time": "24:00"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "id": "0"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "type": "gift"}"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT"} x"#,
            #"{"date": "2026-02-03", "amount": "1", "currency": "KZT",}"#,
            #"{"date": "2026-02-03", "amount": 1.5, "currency": "KZT", "note": 5}"#,
            #"{"record": "account", "name": "wallet"}"#,
        ]
        var decoded = 0
        var fast = BackupLineDecoder()
        for line in lines {
            let bytes = Array(line.utf8)
            if let t = bytes.withUnsafeBufferPointer({ fast.transaction($0) }) {
                decoded += 1
                #expect(t == careful(line), "\(line)")
            }
        }
        #expect(decoded == 4)
        var invalid = Array(#"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "note": ""#.utf8)
        invalid += [0xFF] + Array("\"}".utf8)
        #expect(invalid.withUnsafeBufferPointer { fast.transaction($0) } == nil)
        #expect(BackupReader.read(invalid).problems.map(\.reason) == ["json"])
    }

    /// Keys the fast decoder recognises by their first letters and length: any other key, one
    /// written with an escape, or one cut short is declined (the careful path decides), never
    /// read as a neighbour; labels past the decoder's known ones still read the same.
    @Test func fastDecoderDeclinesKeysItDoesNotKnowExactly() {
        let tail = #""date": "2026-02-03", "amount": "1", "currency": "KZT"}"#
        let declined = [
            #"{"idx": "5", "# + tail, #"{"i\u0064": "5", "# + tail, #"{"typo": "expense", "# + tail,
            #"{"amounts": "1", "# + tail, #"{"to_accountx": "a", "# + tail, #"{"": "a", "# + tail, #"{"no": "a", "# + tail,
            #"{"inputs": "a", "# + tail, #"{"dat": "a", "# + tail, #"{"i"#, #"{"id"#, #"{"id": "#, #"{"note": "a\tb", "# + tail,
            #"{"category": "caf\u00e9", "# + tail, #"{"account": "a", "account": "b", "# + tail,
        ]
        var fast = BackupLineDecoder()
        for line in declined {
            let bytes = Array(line.utf8)
            #expect(bytes.withUnsafeBufferPointer { fast.transaction($0) } == nil, "\(line)")
        }
        // Every key once, in another order; then hundreds of labels, each read as the careful path reads it.
        var lines = [#"{"input": "i", "recurrence": "weekly", "note": "n", "to_account": "b", "account": "a", "category": "c", "currency": "USD", "amount": "2.5", "type": "transfer", "time": "23:59", "date": "2026-02-03", "id": "9"}"#]
        for k in 0..<700 {
            lines.append(#"{"category": "c\#(k % 300)", "account": "кошелёк \#(k)", "to_account": "\#(k % 2 == 0 ? "x" : "кошелёк \(k / 2)")", "# + tail)
        }
        var decoded = 0
        for line in lines {
            let bytes = Array(line.utf8)
            let t = bytes.withUnsafeBufferPointer { fast.transaction($0) }
            #expect(t != nil, "\(line)")
            if let t {
                decoded += 1
                #expect(t == careful(line), "\(line)")
            }
        }
        #expect(decoded == lines.count)
    }

    /// Lines cut by every chunk size from one byte up read the same as the file whole.
    @Test func streamedInChunksReadsTheSameAsWhole() throws {
        var writer = BackupWriter(accounts: [Account(name: "wallet", currency: InterchangeFixtures.usd)], lessons: ["чай": "food/coffee"])
        let text = "\u{FEFF}" + writer.text(InterchangeFixtures.transactions).replacingOccurrences(of: "\n", with: "\r\n")
            + "\n   \nnot json"
        let whole = BackupReader.read(bytes(text))
        #expect(whole.transactions == InterchangeFixtures.transactions && whole.accounts.count == 1 && whole.lessons.count == 1)
        #expect(whole.problems.map(\.line) == [11])
        let path = TestSupport.makeTemporaryDirectory("backup-chunks").appendingPathComponent("b.jsonl").path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        for chunk in [1, 2, 3, 7, 64, 1 << 20] {
            var records = ImportRecords()
            var streamed: [Transaction] = []
            try BackupReader.read(try #require(ImportInput(path: path, chunkSize: chunk)), into: &records) { streamed.append($0) }
            #expect(streamed == whole.transactions, "chunk \(chunk)")
            #expect(records.accounts == whole.accounts && records.problems == whole.problems, "chunk \(chunk)")
        }
        #expect(ImportInput(path: path + ".missing") == nil)
    }

    @Test func byteOrderMarkAndBareIntegersAreAccepted() {
        let text = [0xEF, 0xBB, 0xBF] + bytes(#"{"date": "2026-01-01", "amount": 1500, "currency": "KZT", "type": "income"}"#)
        let records = BackupReader.read(text)
        #expect(records.transactions.map(\.amount) == [Money(major: 1500, currency: .kzt)!])
        #expect(records.transactions.first?.type == .income)
    }

    @Test func badLinesAreNamedByNumberWithTheFieldAtFault() {
        let good = #"{"id": "1", "date": "2026-03-09", "type": "expense", "amount": "1500.00", "currency": "KZT"}"#
        let cases: [(String, String, String)] = [
            (#"{"date": "2026-02-30", "amount": "1", "currency": "KZT"}"#, "field", "date"),
            (#"{"date": "2026-02-03", "amount": "1.234", "currency": "KZT"}"#, "field", "amount"),
            (#"{"date": "2026-02-03", "amount": "1", "currency": "XYZ"}"#, "field", "currency"),
            (#"{"date": "2026-02-03", "amount": "1", "currency": "KZT", "type": "gift"}"#, "field", "type"),
            (#"{"date": "2026-01-01", "amount": "99999999999999999", "currency": "KZT"}"#, "amount-bounds", "99999999999999999"),
            (#"{"date": "3000-01-01", "amount": "1", "currency": "KZT"}"#, "date-bounds", "3000-01-01"),
            (#"{"date": "2026-02-03", "amount": "1", "currency": "KZT""#, "json", "}"),
            ("not json", "json", "{"),
        ]
        for (bad, reason, detail) in cases {
            let records = BackupReader.read(bytes(good + "\n\n" + bad + "\n" + good))
            #expect(records.problems == [ImportProblem(line: 3, reason: reason, detail: detail)], "\(bad)")
            #expect(records.transactions.count == 2)
        }
    }

    /// kassa → jsonl → kassa through the journal's streamed import: the same transactions with
    /// their ids, the accounts and lessons, all one change.
    @Test func aBackupRestoresIntoTheJournalAsOneChange() throws {
        let accounts = [Account(name: "wallet", aliases: ["кошелёк"], currency: InterchangeFixtures.usd), Account(name: "наличные")]
        var writer = BackupWriter(accounts: accounts, lessons: ["чай": "food/coffee"])
        let text = writer.text(InterchangeFixtures.transactions)
        let path = TestSupport.makeTemporaryDirectory("backup-restore").appendingPathComponent("j.kassa").path
        let journal = try Journal.open(path: path)
        let result = try journal.importChange(batchSize: 4) { sink in
            var records = ImportRecords()
            try BackupReader.read(ImportInput(bytes: bytes(text)), into: &records) { try sink.add($0) }
            return ImportExtras(accounts: records.accounts, lessons: records.lessons.map { Lesson(phrase: $0.phrase, category: $0.category) })
        }
        // Parts 1-4, then 5-6 with the two accounts and the lesson: two writes, one change.
        #expect(result.imported == 6 && result.batches == 2 && result.accounts == 2 && result.lessons == 1)
        let reopened = try Journal.open(path: path)
        #expect(reopened.transactions == InterchangeFixtures.transactions)
        #expect(reopened.accounts == accounts && reopened.learnedCategories == ["чай": "food/coffee"])
        #expect(reopened.changeCount == 1)
        try reopened.undo()
        #expect(reopened.count == 0 && reopened.accounts.isEmpty && reopened.learnedCategories.isEmpty)
    }
}
