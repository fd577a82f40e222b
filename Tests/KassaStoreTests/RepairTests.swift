// RepairTests: `kassa check` reports every problem with its line, `kassa repair` keeps every
// intact record, moves the rest aside and replaces the file atomically.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct RepairTests {
    private func damagedJournal() throws -> (path: String, original: [UInt8]) {
        let path = StoreFixtures.journalPath("repair")
        let journal = try Journal.open(path: path)
        for amount in [100, 200, 300, 400] as [Int64] { try journal.commit([StoreFixtures.draft(amount)], input: "") }
        var bytes = StoreFixtures.bytes(path)
        // Flip a bit inside line 3 (the second commit).
        let starts = [0] + bytes.indices.filter { bytes[$0] == 10 }.map { $0 + 1 }
        bytes[starts[2] + 40] ^= 0x02
        StoreFixtures.write(bytes, to: path)
        return (path, bytes)
    }

    @Test func checkReportsWithoutChangingAnything() throws {
        let (path, bytes) = try damagedJournal()
        let report = try Journal.check(path: path)
        #expect(report.problems.map(\.line) == [3])
        #expect(report.problems.first?.kind == .checksum)
        #expect(report.transactions == 3)
        #expect(report.messages.last?.key == "store.check.damaged")
        #expect(StoreFixtures.bytes(path) == bytes)
    }

    @Test func repairKeepsEveryIntactRecord() throws {
        let (path, _) = try damagedJournal()
        let open = try Journal.open(path: path.replacingOccurrences(of: "journal.kassa", with: "other.kassa"))
        _ = open
        #expect(throws: StoreError.self) { try Journal.open(path: path) }
        let report = try Journal.repair(path: path)
        #expect(report.side == path + ".damaged-1")
        #expect(StoreFixtures.bytes(path + ".damaged-1").count == report.problems[0].bytes)
        let journal = try Journal.open(path: path)
        #expect(StoreFixtures.amounts(journal) == [100, 300, 400])
        #expect(try Journal.check(path: path).isClean)
        // The history goes on from the repaired file.
        try journal.commit([StoreFixtures.draft(500)], input: "")
        #expect(try journal.undo().transactions.map(\.id) == [5])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    /// The folder's fsync after the rename failing (EIO) is the repair's error,
    /// naming the journal, not a repair reported done that a crash could undo.
    @Test func aFailedFolderSyncFailsTheRepair() throws {
        let (path, _) = try damagedJournal()
        var synced: [String] = []
        do {
            _ = try Journal.repair(path: path, syncFolder: { synced.append($0); return EIO })
            Issue.record("repair reported success after a failed folder fsync")
        } catch let error as StoreError {
            #expect(error.kind == .unwritable && error.errno == EIO && error.path.hasSuffix("journal.kassa"), "\(error)")
        }
        #expect(synced.count == 1 && synced.first?.hasSuffix("journal.kassa") == true)
        // The same repair with a folder that syncs reports what it moved.
        let (again, _) = try damagedJournal()
        #expect(try Journal.repair(path: again, syncFolder: { _ in nil }).side == again + ".damaged-1")
    }

    @Test func repairDropsChangesThatNoLongerApply() throws {
        let path = StoreFixtures.journalPath("repair")
        let journal = try Journal.open(path: path)
        try journal.commit([StoreFixtures.draft(100)], input: "")
        try journal.commit([StoreFixtures.draft(200)], input: "")
        try journal.edit(id: 2, TransactionPatch(note: "edited"))
        try journal.commit([StoreFixtures.draft(300)], input: "")
        var bytes = StoreFixtures.bytes(path)
        let starts = [0] + bytes.indices.filter { bytes[$0] == 10 }.map { $0 + 1 }
        bytes[starts[2] + 12] ^= 0x10  // commit of #2 damaged: the edit of #2 cannot apply either
        StoreFixtures.write(bytes, to: path)
        let report = try Journal.repair(path: path)
        #expect(report.problems.map(\.kind) == [.checksum, .refused])
        #expect(report.problems.map(\.line) == [3, 4])
        #expect(try Journal.open(path: path).transactions.map(\.id) == [1, 3])
    }

    @Test func aJournalOpenElsewhereFollowsTheRepairedFile() throws {
        let path = StoreFixtures.journalPath("repair")
        let session = try Journal.open(path: path)
        try session.commit([StoreFixtures.draft(100)], input: "")
        try session.commit([StoreFixtures.draft(200)], input: "")
        // Another process damages the first record, then repairs.
        var bytes = StoreFixtures.bytes(path)
        let starts = [0] + bytes.indices.filter { bytes[$0] == 10 }.map { $0 + 1 }
        bytes[starts[1] + 20] ^= 0x01
        StoreFixtures.write(bytes, to: path)
        _ = try Journal.repair(path: path)
        // The session's next write notices the new file, reloads, and appends to it.
        try session.commit([StoreFixtures.draft(300)], input: "")
        #expect(StoreFixtures.amounts(try Journal.open(path: path)) == [200, 300])
        #expect(StoreFixtures.amounts(session) == [200, 300])
    }

    @Test func cleanJournalIsLeftAlone() throws {
        let path = StoreFixtures.journalPath("repair")
        try Journal.open(path: path).commit([StoreFixtures.draft(100)], input: "")
        let before = StoreFixtures.bytes(path)
        let report = try Journal.repair(path: path)
        #expect(report.isClean && report.side == nil)
        #expect(report.messages.map(\.key) == ["store.check.clean"])
        #expect(StoreFixtures.bytes(path) == before)
    }

    @Test func checkOfAMissingFileDoesNotCreateIt() throws {
        let path = StoreFixtures.journalPath("repair")
        #expect((#expect(throws: StoreError.self) { try Journal.check(path: path) })?.kind == .unreadable)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
