// ImportSinkRunTests: rows handed to the import sink a run at a time (their ids and encoded
// records together, as the backup reader's threads make them) must give the journal exactly
// what the same transactions give one by one: the same records, and the same ids kept or
// renumbered (distinct, repeated across runs, far away, missing). Runs large and small cross
// the spool's buffer both ways (copied into it, and written past it).
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct ImportSinkRunTests {
    static func rows(_ ids: [Int]) -> [Transaction] {
        ids.enumerated().map { k, id in
            Transaction(id: id, type: k % 3 == 0 ? .income : .expense, amount: Money(minorUnits: Int64(k + 1) * 7, currency: .kzt),
                        date: CivilDate(year: 2026, month: 1, day: k % 28 + 1)!, category: "food/cafe", account: "card",
                        note: "row \(k) \t\\ кофе", input: "кофе \(k)")
        }
    }

    /// Imports `rows` through runs of the given sizes (cycled), into a fresh journal.
    static func importInRuns(_ rows: [Transaction], sizes: [Int]) throws -> (Journal, ImportResult) {
        let journal = try Journal.open(path: StoreFixtures.journalPath("runs"))
        let result = try journal.importChange { sink in
            var at = 0, turn = 0
            while at < rows.count {
                let run = rows[at..<min(rows.count, at + sizes[turn % sizes.count])]
                var records: [UInt8] = []
                for t in run { ImportSink.encode(t, to: &records); records.append(10) }
                let ids = run.map(\.id)
                try ids.withUnsafeBufferPointer { ids in
                    try records.withUnsafeBufferPointer { try sink.add(ids: ids, records: $0) }
                }
                at += run.count
                turn += 1
            }
            return ImportExtras()
        }
        return (journal, result)
    }

    static func importOneByOne(_ rows: [Transaction]) throws -> (Journal, ImportResult) {
        let journal = try Journal.open(path: StoreFixtures.journalPath("runs"))
        let result = try journal.importChange { sink in
            for t in rows { try sink.add(t) }
            return ImportExtras()
        }
        return (journal, result)
    }

    @Test(arguments: [
        [5, 1, 9, 2],                         // distinct, kept
        [3, 4, 5, 4, 6],                      // repeated (within and across runs): renumbered
        [1, 2, 90_000_000, 3],                // far away: renumbered
        [1, 0, 2],                            // one without an id: renumbered
    ])
    func runsGiveTheJournalWhatRowsOneByOneGive(_ pattern: [Int]) throws {
        // The pattern's ids spread over 12,000 rows: several runs, the spool's megabyte crossed.
        let ids = (0..<12_000).map { k in
            let base = pattern[k % pattern.count]
            return base == 0 || base > 1_000_000 ? base : base + (k / pattern.count) * 10
        }
        let rows = ImportSinkRunTests.rows(ids)
        let (one, oneResult) = try ImportSinkRunTests.importOneByOne(rows)
        for sizes in [[1], [7, 1, 300], [12_000]] {
            let (runs, runsResult) = try ImportSinkRunTests.importInRuns(rows, sizes: sizes)
            #expect(runsResult.imported == oneResult.imported && runsResult.firstID == oneResult.firstID
                    && runsResult.lastID == oneResult.lastID, "\(pattern) \(sizes)")
            #expect(runs.transactions == one.transactions, "\(pattern) \(sizes)")
            #expect(try Journal.open(path: runs.path).transactions == one.transactions)
        }
    }
}
