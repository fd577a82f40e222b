// ViewNumberSpaceTests: a ledger view's number space is the device's — when the view is read
// again from scratch (another device's changes rewrote it under a running session), a save is
// still numbered in this device's space, never after another device's numbers.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct ViewNumberSpaceTests {
    let hooks = Journal.DeviceHooks(owns: { _ in true }, forward: { _, _ in })

    @Test func aViewReadAgainKeepsThisDevicesNumbers() throws {
        let path = StoreFixtures.journalPath("view-space")
        let laptop = try Journal.open(path: path)
        laptop.attach(hooks, idSpace: 0..<1_000_000)
        #expect(try laptop.commit([StoreFixtures.draft(100)], input: "")[0].id == 1)
        let phone = try Journal.open(path: path)
        phone.attach(hooks, idSpace: 1_000_000..<2_000_000)
        #expect(try phone.commit([StoreFixtures.draft(200)], input: "")[0].id == 1_000_001)
        // The view rewritten in place of the old file, as a merge writes it.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.write(to: URL(fileURLWithPath: path + ".new"))
        #expect(rename(path + ".new", path) == 0)
        #expect(try laptop.commit([StoreFixtures.draft(300)], input: "")[0].id == 2)
    }
}
