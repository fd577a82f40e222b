// ViewSnapshotWriterTests: a view's snapshot written on its own thread after the open returned
// (ViewSnapshotWriter) is the snapshot written at once — the next open reads it and sees the same
// journal — even when the journal changes while it is being written (the thread saves the state
// it was given); `finish` waits for it.
import Foundation
import KassaCore
import KassaTestSupport
import Testing
@testable import KassaStore

@Suite struct ViewSnapshotWriterTests {
    private func signature(_ journal: Journal) -> String {
        var lines = journal.transactions.map { "\($0)" }
        lines += journal.balance().map { "\($0)" }
        lines.append("changes \(journal.changeCount) next \(journal.nextID) count \(journal.count)")
        return lines.joined(separator: "\n")
    }

    @Test func aSnapshotWrittenAfterTheOpenIsReadByTheNextOpen() throws {
        let directory = TestSupport.makeTemporaryDirectory("view-snapshot")
        let path = directory.appendingPathComponent("view.kassa").path
        let snapshots = directory.appendingPathComponent("snapshots").path
        let journal = try Journal.open(path: path)
        try journal.append(transactions: (1...22_000).map { i in
            Transaction(id: 0, type: .expense, amount: Money(minorUnits: Int64(i * 37 % 90_000 + 100), currency: .kzt),
                        date: CivilDate(year: 2026, month: 1 + i % 12, day: 1 + i % 28)!, category: "food/coffee",
                        account: "cash", note: "note \(i)", input: "line \(i)")
        })
        let bytes = StoreFixtures.bytes(path)
        #expect(bytes.count >= JournalSnapshot.minimumBytes)
        let read = try Journal.open(path: path, readOnly: true)
        let prefix = try #require(JournalSnapshot.prefixHash(of: bytes, count: read.state.validEnd))
        let snapshot = JournalSnapshot.path(for: path, in: snapshots)
        ViewSnapshotWriter.save(read.state, to: snapshot, prefix: prefix)
        // The journal goes on while the snapshot is written: the snapshot is of what it was given.
        try journal.commit([StoreFixtures.draft(1234)], input: "after the open")
        ViewSnapshotWriter.finish()
        #expect(FileManager.default.fileExists(atPath: snapshot))
        let again = try Journal.open(path: path, readOnly: true, snapshots: snapshots)
        #expect(!again.state.hole.isEmpty, "opened from the snapshot")
        #expect(signature(again) == signature(try Journal.open(path: path, readOnly: true)))
        #expect(again.count == 22_001)
        // Nothing left to wait for.
        ViewSnapshotWriter.finish()
    }
}
