// ImportSaveRecordTests: a transaction saved (Journal.commit) and the same transaction imported
// (ImportSink.add, and ImportSink.encode from bytes as the readers' threads do) must be written
// as the same record fields, byte for byte — the journal has one record encoder
// (TransactionRecord). Covers every field: each type, time, transfer, recurrence, currencies of
// 0, 2 and 3 minor digits, and notes whose tab, newline, CR and backslash are escaped.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct ImportSaveRecordTests {
    static func drafts() -> [Draft] {
        let day = CivilDate(year: 2026, month: 3, day: 14)!
        let jpy = Currency(code: "JPY")!, kwd = Currency(code: "KWD")!
        return [
            Draft(amount: Money(minorUnits: 1_250_00, currency: .kzt), date: day, time: TimeOfDay(hour: 8, minute: 5),
                  category: "food/coffee", account: "card", note: "кофе\tс \\ молоком\nи\rещё"),
            Draft(type: .income, amount: Money(minorUnits: 450_000_00, currency: .kzt), date: day.adding(days: 1),
                  category: "income/salary", account: "Kaspi Gold", note: "salary"),
            Draft(type: .transfer, amount: Money(minorUnits: 12_345, currency: Currency(code: "USD")!), date: day.adding(days: 2),
                  account: "card", toAccount: "savings", note: ""),
            Draft(amount: Money(minorUnits: 1_500, currency: jpy), date: day.adding(days: 3), category: "transport",
                  note: "taxi", recurrence: .monthly),
            Draft(amount: Money(minorUnits: 1_234_567, currency: kwd), date: day.adding(days: 4), category: nil, account: nil,
                  note: "no category, no account"),
        ]
    }

    /// Each record line's fields (after CRC, CHANGE, PART/PARTS and OP) whose op is `op`.
    static func fields(_ path: String, op: String) -> [[UInt8]] {
        let bytes = Array(FileManager.default.contents(atPath: path) ?? Data())
        return bytes.split(separator: 10).dropFirst().compactMap { line -> [UInt8]? in
            let parts = line.split(separator: 9, maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, Array(parts[3]) == Array(op.utf8) else { return nil }
            return Array(parts[4])
        }
    }

    @Test func anImportWritesTheRecordsASaveWrites() throws {
        let savedPath = StoreFixtures.journalPath("saved")
        let saved = try Journal.open(path: savedPath)
        let drafts = Self.drafts()
        let transactions = try saved.commit(drafts, inputs: drafts.map { "typed " + $0.note })
        let savedFields = Self.fields(savedPath, op: "commit")
        #expect(savedFields.count == drafts.count)

        // One by one, from the Transaction.
        let importedPath = StoreFixtures.journalPath("imported")
        let imported = try Journal.open(path: importedPath)
        _ = try imported.importChange { sink in
            for t in transactions { try sink.add(t) }
            return ImportExtras()
        }
        #expect(Self.fields(importedPath, op: "import") == savedFields)

        // From bytes, as a reader encodes its rows.
        let encodedPath = StoreFixtures.journalPath("encoded")
        let encoded = try Journal.open(path: encodedPath)
        _ = try encoded.importChange { sink in
            var records: [UInt8] = []
            for t in transactions {
                var note = t.note, input = t.input, category = t.category ?? "", account = t.account ?? "", to = t.toAccount ?? ""
                note.withUTF8 { note in input.withUTF8 { input in category.withUTF8 { category in account.withUTF8 { account in
                    to.withUTF8 { to in
                        records.appendWritten(atMost: 4096) { cursor in
                            ImportSink.encode(id: t.id, type: t.type, amount: t.amount, date: t.date, time: t.time,
                                              category: category, account: account, toAccount: to, recurrence: t.recurrence,
                                              note: note, input: input, to: &cursor)
                        }
                    }
                } } } }
                records.append(10)
            }
            let ids = transactions.map(\.id)
            try ids.withUnsafeBufferPointer { ids in try records.withUnsafeBufferPointer { try sink.add(ids: ids, records: $0) } }
            return ImportExtras()
        }
        #expect(Self.fields(encodedPath, op: "import") == savedFields)
    }
}
