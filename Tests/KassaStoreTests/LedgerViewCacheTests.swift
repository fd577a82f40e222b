// LedgerViewCacheTests: the merged view is a cache (Devices/Ledger.swift: THE CACHE). A first open
// takes the view from the bytes it just merged, never reading the file back: the journal it gives
// is the one reading the file gives. The view is not fsynced, so a crash can leave it torn or
// zeroed under an intact state: such a view is rebuilt, never trusted, nothing of it moved aside.

import Foundation
import KassaCore
import KassaTestSupport
@testable import KassaStore
import Testing

@Suite struct LedgerViewCacheTests {
    typealias Device = LedgerMergeTests.Device

    @Test func aViewOpenedFromMemoryIsWhatReadingItsFileGives() throws {
        let (a, b) = try LedgerPickupTests.twoDevices("ledger-view-memory", count: 4)
        // Changes of both devices, an edit of the other's transaction and an undo in the view.
        let writer = try LedgerMergeTests.open(b)
        _ = try writer.journal.commit([StoreFixtures.draft(200), StoreFixtures.draft(201)], input: "two")
        let other = writer.journal.transactions[0].id
        _ = try writer.journal.edit(id: other) { $0.note = "edited on bota" }
        _ = try writer.journal.commit([StoreFixtures.draft(202)], input: "x")
        _ = try writer.journal.undo()
        writer.close()
        LedgerPickupTests.copy(b, to: a)
        let fresh = try LedgerMergeTests.open(a)
        #expect(fresh.route == .rebuilt)
        let reread = try Journal.open(path: fresh.journal.path, readOnly: true)
        #expect(fresh.journal.transactions == reread.transactions)
        #expect(fresh.journal.changeCount == reread.changeCount)
        #expect(fresh.journal.state.bytes == reread.state.bytes)
        #expect(fresh.journal.state.entries.count == reread.state.entries.count)
        #expect(fresh.journal.state.validEnd == reread.state.validEnd)
        #expect(fresh.journal.state.nextLine == reread.state.nextLine)
        // It keeps working as a journal: a save goes to this device's file and into the view.
        _ = try fresh.journal.commit([StoreFixtures.draft(300)], input: "y")
        #expect(StoreFixtures.amounts(fresh.journal).contains(300))
        try LedgerPickupTests.expectSameAsRebuild(fresh, a.folder, "after a save")
        fresh.close()
    }

    /// Rewrites `path` in place (same inode) with `bytes` and gives it back its mtime: the state's
    /// stamp of the view still matches, as after a crash that lost the view's data but not its size.
    static func overwriteKeepingStamp(_ path: String, _ bytes: [UInt8]) {
        var before = stat()
        #expect(lstat(path, &before) == 0)
        let handle = FileHandle(forWritingAtPath: path)!
        handle.write(Data(bytes))
        handle.closeFile()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test(arguments: [false, true]) func aTornOrZeroedViewIsRebuiltNeverTrusted(readOnly: Bool) throws {
        let (_, b) = try LedgerPickupTests.twoDevices("ledger-view-torn", count: 5)
        let first = try LedgerMergeTests.open(b, readOnly: readOnly)
        let view = first.journal.path
        first.close()
        let good = StoreFixtures.bytes(view)
        var zeroTail = good
        for k in (good.count - 30)..<good.count { zeroTail[k] = 0 }
        var flipped = good
        flipped[good.count / 2] ^= 0x01
        let zeroed = [UInt8](repeating: 0, count: good.count)
        for (label, damaged) in [("torn tail", zeroTail), ("damaged line", flipped), ("zeroed", zeroed)] {
            Self.overwriteKeepingStamp(view, damaged)
            let ledger = try LedgerMergeTests.open(b, readOnly: readOnly)
            #expect(ledger.route == .rebuilt, "\(label)")
            #expect(StoreFixtures.amounts(ledger.journal) == [100, 101, 102, 103, 104], "\(label)")
            #expect(ledger.journal.warnings.isEmpty, "\(label)")
            #expect(StoreFixtures.bytes(view) == good, "\(label)")
            try LedgerPickupTests.expectSameAsRebuild(ledger, b.folder, label)
            ledger.close()
            // Nothing of the cache was moved aside as a journal's torn tail would be.
            let cache = (view as NSString).deletingLastPathComponent
            let sides = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.contains(".torn-") || $0.contains(".damaged-") }
            #expect(sides.isEmpty, "\(label): \(sides)")
        }
    }
}
