// JournalSnapshotTests: a big journal opened from its snapshot is the same journal as one replayed
// record by record — after appends by others, undo, accounts, lessons and objects — and the
// snapshot is never trusted over the file: a journal changed in place, a damaged snapshot or one
// from another layout is replayed in full; text read after an outside rewrite is checked per line.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaTestSupport
import Testing
@testable import KassaStore

@Suite struct JournalSnapshotTests {
    /// A journal just over the size that gets a snapshot: rows with notes, plus an account, a
    /// lesson, an object, an edit and an undo. Returns its path and a snapshot directory.
    private func bigJournal(rows: Int = 22_000) throws -> (path: String, snapshots: String) {
        let directory = TestSupport.makeTemporaryDirectory("snapshot")
        let path = directory.appendingPathComponent("journal.kassa").path
        let journal = try Journal.open(path: path)
        try journal.append(transactions: (1...rows).map { i in
            // Every 1000th a currency exchange: its target is kept in the snapshot, not only in its line.
            Transaction(id: 0, type: i % 1000 == 0 ? .transfer : i % 7 == 0 ? .income : .expense,
                        amount: Money(minorUnits: Int64(i * 37 % 90_000 + 100), currency: i % 5 == 0 ? Currency(code: "USD")! : .kzt),
                        date: CivilDate(year: 2026, month: 1 + i % 12, day: 1 + i % 28)!,
                        category: i % 3 == 0 ? "food/coffee" : "transport", account: i % 2 == 0 ? "cash" : "card",
                        toAccount: i % 1000 == 0 ? "cash" : nil, note: "note \(i)", input: "line \(i)",
                        toAmount: i % 1000 == 0 ? Money(minorUnits: Int64(i * 520), currency: Currency(code: "EUR")!) : nil)
        })
        _ = try journal.defineAccount(Account(name: "wallet", aliases: ["кошелёк"], currency: Currency(code: "USD")))
        _ = try journal.learn(phrase: "латте", category: "food/coffee")
        _ = try journal.write([ObjectRecord(kind: "budget", key: "food", fields: [.init("limit", "100000.00")])])
        _ = try journal.edit(id: 3) { $0.note = "edited three" }

        try journal.commit([StoreFixtures.draft(700)], input: "taken back")
        _ = try journal.undo()
        #expect(StoreFixtures.bytes(path).count >= JournalSnapshot.minimumBytes)
        return (path, directory.appendingPathComponent("cache/snapshots").path)
    }

    /// Everything a command can see of a journal, text included.
    private func signature(_ journal: Journal) -> String {
        var lines = journal.transactions.map { "\($0)" }
        lines += journal.balance().map { "\($0)" }
        lines += journal.accounts.map { "\($0)" }
        lines += journal.objects("budget").map { "\($0)" }
        lines.append("changes \(journal.changeCount) next \(journal.nextID) count \(journal.count)")
        return lines.joined(separator: "\n")
    }

    /// A bulk import writes the snapshot while its lines are still being written: when the write
    /// fails, that snapshot describes bytes the file never got. Neither the journal that failed
    /// nor a later open may see anything of the import.
    @Test func anImportWhoseWriteFailedLeavesNoTraceThroughTheSnapshot() throws {
        let (path, snapshots) = try bigJournal()
        let before = signature(try Journal.open(path: path))
        let failing = try Journal.open(path: path, io: FailingIO(budget: 2 << 20, error: ENOSPC), snapshots: snapshots)
        let rows = (1...60_000).map { ImportTests.row(Int64($0), note: "a note to make the import long \($0)") }
        #expect(throws: StoreError.self) { try failing.importTransactions(rows, allowDuplicates: true) }
        #expect(signature(failing) == before)
        let reopened = try Journal.open(path: path, snapshots: snapshots)
        #expect(signature(reopened) == before)
        #expect(reopened.warnings.isEmpty)
    }

    /// A bulk import into a journal opened from its snapshot (its text still unread) is the same
    /// as one into a journal replayed in full, and leaves a snapshot a third open agrees with.
    @Test func aBulkImportIntoAJournalOpenedFromItsSnapshot() throws {
        let (path, snapshots) = try bigJournal()
        _ = try Journal.open(path: path, snapshots: snapshots)
        let opened = try Journal.open(path: path, snapshots: snapshots)
        #expect(!opened.state.hole.isEmpty)
        let rows = (1...30_000).map { ImportTests.row(Int64($0), note: "bulk \($0)") }
        try opened.importTransactions(rows, allowDuplicates: true)
        let replayed = signature(try Journal.open(path: path))
        #expect(signature(opened) == replayed)
        #expect(signature(try Journal.open(path: path, snapshots: snapshots)) == replayed)
    }

    @Test func aSecondOpenReadsTheSnapshotAndSeesTheSameJournal() throws {
        let (path, snapshots) = try bigJournal()
        let plain = signature(try Journal.open(path: path))
        let first = try Journal.open(path: path, snapshots: snapshots)
        #expect(first.state.hole.isEmpty && first.snapshotEnd == first.state.validEnd)
        #expect(FileManager.default.fileExists(atPath: JournalSnapshot.path(for: path, in: snapshots)))

        let second = try Journal.open(path: path, snapshots: snapshots)
        #expect(!second.state.hole.isEmpty, "opened from the snapshot, the records it covers unread")
        // The first records, read whole with the header's page or from the file, one crossing
        // the page's end among them.
        let replayed = try Journal.open(path: path)
        for id in 1...80 { #expect("\(second.transaction(id: id)!)" == "\(replayed.transaction(id: id)!)") }
        // A few transactions are read line by line, leaving the rest unread.
        #expect(second.transaction(id: 3)?.note == "edited three")
        #expect(second.transaction(id: 19_999)?.input == "line 19999")
        #expect(!second.state.hole.isEmpty)
        #expect(signature(second) == plain)
        #expect(second.state.hole.isEmpty && !second.textSuspect)
    }

    @Test func aListingForwardThroughTheFileReadsItInWindowsAnyOtherReadsItWhole() throws {
        let (path, snapshots) = try bigJournal()
        _ = try Journal.open(path: path, snapshots: snapshots)
        let replayed = try Journal.open(path: path)
        let expected = replayed.listing(byDate: false).map { "\($0)" }
        // In id order the rows go forward through the file: read in windows, never held whole.
        let forward = try Journal.open(path: path, snapshots: snapshots)
        #expect(forward.listing(byDate: false).map { "\($0)" } == expected)
        #expect(forward.textWindows != nil && !forward.state.hole.isEmpty)
        // By date (the rows' months go round and round) they jump about: the part is read whole.
        let byDate = try Journal.open(path: path, snapshots: snapshots)
        #expect(byDate.listing().map { "\($0)" } == replayed.listing().map { "\($0)" })
        #expect(byDate.textWindows == nil && byDate.state.hole.isEmpty)
    }

    @Test func cursorsReadTheSameRowsFromWindowsAndLeaveOutTheInputWhenAsked() throws {
        let (path, snapshots) = try bigJournal()
        _ = try Journal.open(path: path, snapshots: snapshots)
        let expected = try Journal.open(path: path).listing(byDate: false).map { $0 }
        let forward = try Journal.open(path: path, snapshots: snapshots)
        let listing = forward.listing(byDate: false)
        #expect(forward.textWindows != nil)
        // Two cursors going forward through interleaved stretches, as the two listing threads do.
        let first = ListingCursor(), second = ListingCursor(readsInput: false)
        for start in stride(from: 0, to: listing.count, by: 1_000) {
            let cursor = start / 1_000 % 2 == 0 ? first : second
            for index in start..<min(listing.count, start + 1_000) {
                let row = listing.transaction(at: index, cursor: cursor)
                var want = expected[index]
                if !cursor.readsInput { want.input = "" }
                #expect(row == want)
            }
        }
    }

    @Test func recordsAppendedAfterTheSnapshotAreReadAsUsual() throws {
        let (path, snapshots) = try bigJournal()
        _ = try Journal.open(path: path, snapshots: snapshots)
        let other = try Journal.open(path: path)
        try other.commit([StoreFixtures.draft(900, note: "after")], input: "after")
        _ = try other.undo()
        _ = try other.redo()
        _ = try other.edit(id: 10) { $0.note = "changed later" }
        let reopened = try Journal.open(path: path, snapshots: snapshots)
        #expect(!reopened.state.hole.isEmpty)
        #expect(signature(reopened) == signature(try Journal.open(path: path)))
        // A session opened from the snapshot writes on after it.
        try reopened.commit([StoreFixtures.draft(1_000)], input: "")
        #expect(signature(try Journal.open(path: path, snapshots: snapshots)) == signature(try Journal.open(path: path)))
    }

    @Test func aJournalChangedInPlaceIsReplayedInFull() throws {
        let (path, snapshots) = try bigJournal()
        _ = try Journal.open(path: path, snapshots: snapshots)
        // Rewrite an early record with a valid checksum and another amount, same length.
        var text = String(decoding: StoreFixtures.bytes(path), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fields = lines[5].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let amount = fields[6]
        fields[6] = String(amount.map { $0 == "." ? "." : ($0 == "9" ? "8" : "9") })
        let body = fields.dropFirst().joined(separator: "\t")
        let crc = String(CRC32.checksum(Array(body.utf8)), radix: 16)
        lines[5] = String(repeating: "0", count: 8 - crc.count) + crc + "\t" + body
        text = lines.joined(separator: "\n")
        StoreFixtures.write(Array(text.utf8), to: path)
        let reopened = try Journal.open(path: path, snapshots: snapshots)
        #expect(reopened.state.hole.isEmpty, "the snapshot no longer matches the file")
        #expect(signature(reopened) == signature(try Journal.open(path: path)))
        let id = Int(fields[4])!
        #expect(reopened.transaction(id: id)?.amount.minorUnits != Money(decimal: amount, currency: .kzt)?.minorUnits)
    }

    @Test(arguments: ["garbage", "truncated", "layout", "content"])
    func aDamagedOrForeignSnapshotIsIgnoredAndWrittenAgain(damage: String) throws {
        let (path, snapshots) = try bigJournal()
        let plain = signature(try Journal.open(path: path))
        _ = try Journal.open(path: path, snapshots: snapshots)
        let snapshot = JournalSnapshot.path(for: path, in: snapshots)
        var bytes = StoreFixtures.bytes(snapshot)
        switch damage {
        case "garbage": bytes = Array(repeating: 0x5A, count: 4096)
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "layout": bytes[16] ^= 0xFF // the layout word: a snapshot from another build
        default: bytes[bytes.count - 100] ^= 0x01 // one flipped bit in the small part
        }
        StoreFixtures.write(bytes, to: snapshot)
        let reopened = try Journal.open(path: path, snapshots: snapshots)
        #expect(reopened.state.hole.isEmpty)
        #expect(signature(reopened) == plain)
        // The open wrote a good one again.
        #expect(!(try Journal.open(path: path, snapshots: snapshots)).state.hole.isEmpty)
    }

    @Test func aSnapshotWithAnyByteChangedIsNeverTrusted() throws {
        let (path, snapshots) = try bigJournal()
        let plain = signature(try Journal.open(path: path))
        _ = try Journal.open(path: path, snapshots: snapshots)
        let snapshot = JournalSnapshot.path(for: path, in: snapshots)
        let good = StoreFixtures.bytes(snapshot)
        // Every header word, and bytes spread over the rows and the small part.
        var random: UInt64 = 0x736E_6170
        let positions = Array(stride(from: 0, to: 17 * 8, by: 3)) + (0..<12).map { _ -> Int in
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(random >> 33) % good.count
        }
        for position in positions {
            var bytes = good
            bytes[position] ^= 0x10
            StoreFixtures.write(bytes, to: snapshot)
            let journal = try Journal.open(path: path, snapshots: snapshots)
            #expect(journal.state.hole.isEmpty, "byte \(position)")
            #expect(journal.transaction(id: 40)?.note == "note 40")
            #expect(journal.count == 22_000)
        }
        StoreFixtures.write(good, to: snapshot)
        #expect(signature(try Journal.open(path: path, snapshots: snapshots)) == plain)
    }

    @Test func textReadAfterAnOutsideRewriteIsCheckedLineByLine() throws {
        let (path, snapshots) = try bigJournal()
        _ = try Journal.open(path: path, snapshots: snapshots)
        let journal = try Journal.open(path: path, snapshots: snapshots)
        #expect(!journal.state.hole.isEmpty)
        // Cut the file short in place under the open journal (as `cp` of an older backup would).
        #expect(truncate(path, off_t(StoreFixtures.bytes(path).count / 2)) == 0)
        let late = try #require(journal.transaction(id: 19_000))
        #expect(late.note == "" && late.input == "", "its line is gone: only what the state knows")
        #expect(late.amount.minorUnits == Int64(19_000 * 37 % 90_000 + 100))
        #expect(journal.transaction(id: 20)?.note == "note 20", "an intact line still reads")
        // Reading the whole unread part finds it changed: every line is checked from then on.
        let all = journal.transactions
        #expect(journal.textSuspect)
        #expect(all.count == journal.count)
        #expect(all.first { $0.id == 19_000 }?.note == "")
        #expect(all.first { $0.id == 20 }?.note == "note 20")
    }

    @Test func smallJournalsHaveNoSnapshot() throws {
        let directory = TestSupport.makeTemporaryDirectory("snapshot-small")
        let path = directory.appendingPathComponent("journal.kassa").path
        let snapshots = directory.appendingPathComponent("cache").path
        let journal = try Journal.open(path: path, snapshots: snapshots)
        for amount in [100, 200, 300] as [Int64] { try journal.commit([StoreFixtures.draft(amount)], input: "") }
        _ = try Journal.open(path: path, snapshots: snapshots)
        #expect(!FileManager.default.fileExists(atPath: JournalSnapshot.path(for: path, in: snapshots)))
    }

    @Test func staleSnapshotsAreWrittenAgainOnlyWhenWorthIt() {
        let big = 100 << 20
        #expect(!JournalSnapshot.isStale(end: JournalSnapshot.minimumBytes - 1, snapshotEnd: 0))
        #expect(JournalSnapshot.isStale(end: JournalSnapshot.minimumBytes, snapshotEnd: 0))
        #expect(!JournalSnapshot.isStale(end: big + 1000, snapshotEnd: big), "one more record: replay it")
        #expect(JournalSnapshot.isStale(end: big + (4 << 20), snapshotEnd: big))
    }
}
