// Tests for the import's fast paths: a backup line encoded for the journal straight from its
// bytes must give exactly the record the journal writes for its transaction; the UTF-8 check
// that stands in for making a String must agree with String's; the encoded stream hands on the
// same rows in the same order as the plain one; and a CSV read with its next rows on another
// thread reads the same as on one.
import Foundation
import KassaCore
import KassaStore
import KassaTestSupport
import Testing
@testable import KassaInterchange

@Suite struct EncodedImportTests {
    /// Runs `second` on a thread of its own while `first` runs here, as the shell's TwoThreads does.
    static func threaded(_ first: () -> Void, _ second: @escaping () -> Void) {
        final class Work: @unchecked Sendable {
            let run: () -> Void
            init(_ run: @escaping () -> Void) { self.run = run }
        }
        let work = Work(second)
        let done = DispatchSemaphore(value: 0)
        Thread { work.run(); done.signal() }.start()
        first()
        done.wait()
    }

    static let lines = [
        #"{"id": "12", "date": "2026-02-03", "time": "07:05", "type": "income", "amount": "1500.50", "currency": "USD", "category": "food", "account": "card", "to_account": null, "note": "кофе", "recurrence": "monthly", "input": "кофе 1500"}"#,
        #"{"id": 13, "date": "2026-02-03", "amount": "1", "currency": "KZT"}"#,
        #"{"id": "007", "date": "1999-12-31", "type": "transfer", "amount": "007.5", "currency": "EUR", "account": "a", "to_account": "b", "note": "", "input": "😀 € é"}"#,
        #"{"date": "2026-02-04", "amount": "999999999999.99", "currency": "USD", "category": "", "account": "", "note": "x", "input": null}"#,
        #"{"id": "20", "date": "2026-02-05", "amount": "12", "currency": "JPY", "account": "cash", "note": "ラーメン"}"#,
        #"{"id": "21", "date": "2026-02-05", "amount": "1.234", "currency": "KWD", "note": "three digits"}"#,
    ]

    @Test func aLineEncodedFromItsBytesIsTheRecordOfItsTransaction() throws {
        for line in EncodedImportTests.lines {
            var decoder = BackupLineDecoder()
            let bytes = Array(line.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let decodedRow = decoder.row(buffer), decoded = decoder.transaction(buffer)
                let row = try #require(decodedRow, "declined: \(line)")
                let t = try #require(decoded)
                #expect(row.transaction == t)
                var fromBytes: [UInt8] = [], fromTransaction: [UInt8] = []
                ImportSink.encode(id: row.id, type: row.type, amount: row.amount, date: row.date, time: row.time,
                                  category: row.category, account: row.account, toAccount: row.toAccount,
                                  recurrence: row.recurrence, note: row.note, input: row.input, to: &fromBytes)
                ImportSink.encode(t, to: &fromTransaction)
                #expect(fromBytes == fromTransaction, "\(line)")
                // The labels as the line's bytes, as the shell's import encodes them.
                var fromLabelBytes: [UInt8] = []
                fromLabelBytes.appendWritten(atMost: row.encodedBound) { cursor in
                    ImportSink.encode(id: row.id, type: row.type, amount: row.amount, date: row.date, time: row.time,
                                      category: row.categoryBytes, account: row.accountBytes, toAccount: row.toAccountBytes,
                                      recurrence: row.recurrence, note: row.note, input: row.input, to: &cursor)
                }
                #expect(fromLabelBytes == fromTransaction, "\(line)")
            }
        }
    }

    @Test func escapesInTheGivenBytesAreWrittenAsTheJournalWritesThem() {
        let note = Array("a\tb\\c\nd\re".utf8)
        let t = Transaction(id: 3, type: .expense, amount: Money(minorUnits: 150, currency: .kzt),
                            date: CivilDate(year: 2026, month: 3, day: 1)!, note: "a\tb\\c\nd\re")
        var fromBytes: [UInt8] = [], fromTransaction: [UInt8] = []
        note.withUnsafeBufferPointer { buffer in
            ImportSink.encode(id: 3, type: .expense, amount: t.amount, date: t.date, time: nil, category: nil, account: nil,
                              toAccount: nil, recurrence: nil, note: buffer, input: UnsafeBufferPointer(start: nil, count: 0),
                              to: &fromBytes)
        }
        ImportSink.encode(t, to: &fromTransaction)
        #expect(fromBytes == fromTransaction)
    }

    @Test func theUTF8CheckAgreesWithString() {
        var samples: [[UInt8]] = [
            [], Array("plain".utf8), Array("кофе 😀 €".utf8), [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xC2],
            [0xE2, 0x82], [0x80], [0xFF], [0xF5, 0x80, 0x80, 0x80], [0xC1, 0xBF], [0xEF, 0xBF, 0xBD],
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let count = Int.random(in: 1...6, using: &generator)
            samples.append((0..<count).map { _ in [0x41, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xA0, 0x9F, 0x90, 0x8F].randomElement(using: &generator)! })
        }
        for sample in samples {
            let viaString = Array(String(decoding: sample, as: UTF8.self).utf8) == sample
            #expect(sample.withUnsafeBufferPointer(BackupLineDecoder.isValidUTF8) == viaString, "\(sample)")
        }
    }

    @Test func theEncodedStreamHandsOnTheSameRowsInOrder() throws {
        // Many lines (several blocks), fast ones mixed with careful ones, records and bad lines.
        var text = ""
        for k in 0..<30_000 {
            switch k % 7 {
            case 3: text += #"{"id": "\#(k + 1)", "date": "2026-01-02", "amount": "1", "currency": "KZT", "note": "esc\"aped"}"# + "\n"
            case 5 where k % 5 == 0: text += "not json\n"
            case 6 where k % 3 == 0: text += #"{"record": "account", "name": "acc\#(k)"}"# + "\n"
            default: text += EncodedImportTests.lines[k % EncodedImportTests.lines.count].replacingOccurrences(of: "\"id\": \"", with: "\"id\": \"9\(k)") + "\n"
            }
        }
        let bytes = Array(text.utf8)
        var plainRecords = ImportRecords(), plain: [Transaction] = []
        try BackupReader.read(ImportInput(bytes: bytes), into: &plainRecords, split: EncodedImportTests.threaded) { plain.append($0) }
        let read = try EncodedImportTests.readEncoded(ImportInput(bytes: bytes))
        #expect(plain.count > 20_000)
        #expect(read.fast.count > 15_000)
        #expect(plain == read.all)
        EncodedImportTests.expectRunsMatchTheirRows(read)
        #expect(plainRecords.problems == read.records.problems)
        #expect(plainRecords.accounts == read.records.accounts)
    }

    /// What the encoded stream handed on: every transaction in order (runs read back from their
    /// lines), the runs' rows, ids and records, and the counts.
    struct EncodedRead {
        var records = ImportRecords()
        var all: [Transaction] = [], fast: [Transaction] = []
        var ids: [Int] = [], spooled: [UInt8] = []
        var counted = RowCounts(), accounts: [String?: Int] = [:]
    }

    static func readEncoded(_ input: ImportInput) throws -> EncodedRead {
        var read = EncodedRead()
        var records = ImportRecords(), all: [Transaction] = [], fast: [Transaction] = []
        var ids: [Int] = [], spooled: [UInt8] = []
        var counted = RowCounts(), accounts: [String?: Int] = [:]
        try BackupReader.read(input, into: &records, split: EncodedImportTests.threaded, encode: { row, out in
            ImportSink.encode(id: row.id, type: row.type, amount: row.amount, date: row.date, time: row.time,
                              category: row.categoryBytes, account: row.accountBytes, toAccount: row.toAccountBytes,
                              recurrence: row.recurrence, note: row.note, input: row.input, to: &out)
        }, rows: { run in
            for k in 0..<run.count { fast.append(run.transaction(k)) }
            all += fast[(fast.count - run.count)...]
            ids.append(contentsOf: run.ids)
            spooled.append(contentsOf: run.records)
        }, counts: { counts in
            counted.expense += counts.expense
            counted.income += counts.income
            counted.transfer += counts.transfer
            for (name, n) in counts.accounts { accounts[name, default: 0] += n }
        }, transaction: { all.append($0) })
        read.records = records
        read.all = all
        read.fast = fast
        read.ids = ids
        read.spooled = spooled
        read.counted = counted
        read.accounts = accounts
        return read
    }

    /// The runs' ids, records and counts are those of their rows' transactions.
    static func expectRunsMatchTheirRows(_ read: EncodedRead) {
        var expected: [UInt8] = [], expectedAccounts: [String?: Int] = [:]
        for t in read.fast {
            ImportSink.encode(t, to: &expected)
            expected.append(10)
            expectedAccounts[t.account, default: 0] += 1
            if let to = t.toAccount { expectedAccounts[to, default: 0] += 1 }
        }
        #expect(read.ids == read.fast.map(\.id))
        #expect(read.spooled == expected)
        #expect(read.counted.expense == read.fast.filter { $0.type == .expense }.count)
        #expect(read.counted.income == read.fast.filter { $0.type == .income }.count)
        #expect(read.counted.transfer == read.fast.filter { $0.type == .transfer }.count)
        #expect(read.accounts == expectedAccounts)
    }

    /// A file read in blocks of every size (a block's last line carried into the next, lines
    /// longer than a block, blank lines, CRLF, a byte order mark, no newline at the end) and
    /// hundreds of accounts (past the decoder's 256 known labels) reads the same encoded as
    /// plainly and whole: the same rows in order, the same problems on the same lines.
    @Test func theEncodedStreamReadInSmallBlocksReadsTheSame() throws {
        var text = "\u{FEFF}"
        for k in 0..<3_000 {
            switch k % 11 {
            case 2: text += "\r\n"
            case 4: text += "  not json  \n"
            case 7: text += #"{"date": "2026-02-0\#(k % 9 + 1)", "amount": "\#(k).5", "currency": "USD", "account": "a\#(k % 700)", "note": "\#(String(repeating: "long ", count: k % 3 == 0 ? 900 : 1))"}"# + "\r\n"
            case 9: text += #"{"id": "\#(k + 1)", "date": "2026-01-02", "type": "transfer", "amount": "1", "currency": "KZT", "account": "a\#(k % 600)", "to_account": "b\#(k % 400)"}"# + "\n"
            default: text += EncodedImportTests.lines[k % EncodedImportTests.lines.count].replacingOccurrences(of: "\"card\"", with: "\"c\(k % 500)\"") + "\n"
            }
        }
        text += #"{"date": "2026-02-03", "amount": "2", "currency": "KZT", "account": "last"}"#
        let bytes = Array(text.utf8)
        let whole = BackupReader.read(bytes)
        #expect(whole.transactions.count > 2_000)
        let path = TestSupport.makeTemporaryDirectory("encoded-blocks").appendingPathComponent("b.jsonl").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        for chunk in [1, 5, 64, 4096, 1 << 16] {
            let read = try EncodedImportTests.readEncoded(try #require(ImportInput(path: path, chunkSize: chunk)))
            #expect(read.all == whole.transactions, "chunk \(chunk)")
            #expect(read.records.problems == whole.problems, "chunk \(chunk)")
            #expect(read.fast.count > 2_000)
            #expect(Set(read.accounts.keys).count > 256)
            EncodedImportTests.expectRunsMatchTheirRows(read)
        }
    }

    /// Standard input is a pipe that gives a few bytes a read: blocks still gather about a
    /// chunk each and read the same as the bytes whole.
    @Test func aPipeWrittenInSmallPiecesReadsTheSameAsWhole() throws {
        var text = ""
        for k in 0..<5_000 {
            text += k % 97 == 3 ? "bad line\n" : EncodedImportTests.lines[k % EncodedImportTests.lines.count] + "\n"
        }
        let bytes = Array(text.utf8)
        let whole = BackupReader.read(bytes)
        let pipe = Pipe()
        final class Writer: @unchecked Sendable {
            let handle: FileHandle, bytes: [UInt8]
            init(_ handle: FileHandle, _ bytes: [UInt8]) { self.handle = handle; self.bytes = bytes }
            func run() {
                var at = 0
                while at < bytes.count {
                    let end = min(bytes.count, at + 777)
                    handle.write(Data(bytes[at..<end]))
                    at = end
                }
                try? handle.close()
            }
        }
        let writer = Writer(pipe.fileHandleForWriting, bytes)
        Thread { writer.run() }.start()
        let read = try EncodedImportTests.readEncoded(ImportInput(fd: pipe.fileHandleForReading.fileDescriptor, chunkSize: 1 << 16))
        #expect(read.all == whole.transactions)
        #expect(read.records.problems == whole.problems)
        #expect(read.records.problems.count > 40)
        EncodedImportTests.expectRunsMatchTheirRows(read)
    }

    @Test func aCSVReadWithItsNextRowsOnAnotherThreadReadsTheSame() throws {
        var text = "date,amount,currency,category,account,note\n"
        for k in 0..<20_000 {
            text += k % 997 == 5 ? "not a date,1,KZT,food,cash,bad\n"
                : "2026-01-\(String(format: "%02d", k % 28 + 1)),-\(k + 1).50,KZT,\(k % 13 == 0 ? "mystery" : "food"),cash,\"n,\(k)\"\n"
        }
        let bytes = Array(text.utf8)
        let vocabulary = InterchangeFixtures.vocabulary
        let one = CSVReader.read(bytes, vocabulary: vocabulary)
        var rows: [Transaction] = []
        let two = try CSVReader.read(bytes, vocabulary: vocabulary, split: EncodedImportTests.threaded) { rows.append($0) }
        #expect(one.transactions.count > 19_000)
        #expect(rows == one.transactions)
        #expect(two.problems == one.problems)
        #expect(two.unknownCategories == one.unknownCategories)
    }
}
