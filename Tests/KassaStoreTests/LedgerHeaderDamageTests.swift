// LedgerHeaderDamageTests: a device file whose first line is not a journal header (damaged, or
// from a newer kassa) does not stop the folder from opening (Devices/DeviceFile.swift,
// init(badHeader:)): the other devices' ledger opens, the file reads as damaged at line 1 (what
// `check` reports), and once the file is whole again the folder is merged with it.

import Foundation
import KassaCore
import KassaTestSupport
@testable import KassaStore
import Testing

@Suite struct LedgerHeaderDamageTests {
    @Test func aDamagedHeaderLeavesTheOtherDevicesReadable() throws {
        let (a, b) = try LedgerPickupTests.twoDevices("ledger-bad-header", count: 3)
        let path = Ledger.path(of: a.name, in: b.folder)
        let whole = StoreFixtures.bytes(path)
        var damaged = whole
        damaged[2] = UInt8(ascii: "X")
        FileManager.default.createFile(atPath: path, contents: Data(damaged))

        let ledger = try LedgerMergeTests.open(b)
        #expect(StoreFixtures.amounts(ledger.journal).isEmpty)
        // The open says so, naming the file.
        #expect(ledger.journal.warnings.map(\.kind) == [.deviceHeaderDamaged])
        #expect(ledger.journal.warnings.first?.path == path)
        #expect(ledger.journal.warnings.first?.messageKey == "store.warning.device-header-damaged")
        let summary = try #require(ledger.summaries.first { $0.name == a.name })
        #expect(summary.damaged && summary.stoppedAt == 1 && summary.transactions == 0)
        // This device still saves.
        _ = try ledger.journal.commit([StoreFixtures.draft(900)], input: "y")
        ledger.close()

        // The file whole again (a sync tool brought the intact copy): merged with the rest.
        FileManager.default.createFile(atPath: path, contents: Data(whole))
        let again = try LedgerMergeTests.open(b)
        #expect(again.route == .rebuilt)
        #expect(StoreFixtures.amounts(again.journal) == [100, 101, 102, 900])
        #expect(again.summaries.allSatisfy { !$0.damaged })
        #expect(again.journal.warnings.isEmpty)
        again.close()
    }
}
