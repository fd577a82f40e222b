// LedgerExchangeMergeTests: an exchange's target (what arrives) in the devices' merge. It goes with
// the amount's group: one device changing the target while another edits the note keeps both; a
// target added to a transaction written without one merges like any field; a merge whose groups
// leave a target the record cannot keep (no longer a transfer) drops it, so every view still opens.

import Foundation
import KassaCore
import KassaTestSupport
@testable import KassaStore
import Testing

@Suite struct LedgerExchangeMergeTests {
    let usd = Currency(code: "USD")!

    func exchange(to tenge: Int64?) -> Draft {
        var draft = Draft(type: .transfer, amount: Money(minorUnits: 10_000, currency: usd), date: StoreFixtures.day,
                          account: "cash", toAccount: "cash", note: "exchange")
        draft.toAmount = tenge.map { Money(major: $0, currency: .kzt)! }
        return draft
    }

    /// Two joined devices that have seen each other's files; `alma` saved `draft` first.
    func twoDevices(_ label: String, saving draft: Draft) throws -> (LedgerMergeTests.Device, LedgerMergeTests.Device, Int) {
        let devices = try LedgerMergeTests.makeDevices(label)
        let (a, b) = (devices[0], devices[1])
        _ = try Ledger.join(folder: a.folder, name: a.name, uid: a.uid, journal: nil)
        var random = SeededGenerator(state: 1)
        LedgerMergeTests.deliver(a, b, random: &random, partial: false)
        _ = try Ledger.join(folder: b.folder, name: b.name, uid: b.uid, journal: nil)
        let ledger = try LedgerMergeTests.open(a)
        let id = try ledger.journal.commit([draft], input: "x")[0].id
        ledger.close()
        LedgerMergeTests.deliver(a, b, random: &random, partial: false)
        LedgerMergeTests.deliver(b, a, random: &random, partial: false)
        return (a, b, id)
    }

    func edit(_ d: LedgerMergeTests.Device, _ id: Int, _ modify: (inout Transaction) -> Void) throws {
        let ledger = try LedgerMergeTests.open(d)
        defer { ledger.close() }
        _ = try ledger.journal.edit(id: id) { modify(&$0) }
    }

    /// Both files everywhere; the two views, read-only.
    func converged(_ a: LedgerMergeTests.Device, _ b: LedgerMergeTests.Device) throws -> [Ledger] {
        var random = SeededGenerator(state: 2)
        LedgerMergeTests.deliver(a, b, random: &random, partial: false)
        LedgerMergeTests.deliver(b, a, random: &random, partial: false)
        return try [a, b].map { try LedgerMergeTests.open($0, readOnly: true) }
    }

    @Test func aTargetChangedOnOneDeviceAndANoteOnAnotherBothStay() throws {
        let (a, b, id) = try twoDevices("exchange-merge-note", saving: exchange(to: 52_000))
        try edit(a, id) { $0.toAmount = Money(major: 51_000, currency: .kzt) }
        try edit(b, id) { $0.note = "dollars for the trip" }
        let views = try converged(a, b)
        for view in views {
            let t = try #require(view.journal.transaction(id: id))
            #expect(t.toAmount == Money(major: 51_000, currency: .kzt))
            #expect(t.note == "dollars for the trip")
            #expect(view.conflicts.isEmpty)
        }
        #expect(StoreFixtures.bytes(views[0].journal.path) == StoreFixtures.bytes(views[1].journal.path))
    }

    @Test func aTargetAddedToALineWithoutOneMerges() throws {
        var plain = exchange(to: nil)
        plain.toAccount = "kaspi"
        let (a, b, id) = try twoDevices("exchange-merge-add", saving: plain)
        try edit(a, id) { $0.toAmount = Money(major: 52_000, currency: .kzt) }
        try edit(b, id) { $0.note = "at the airport" }
        for view in try converged(a, b) {
            let t = try #require(view.journal.transaction(id: id))
            #expect(t.toAmount == Money(major: 52_000, currency: .kzt))
            #expect(t.note == "at the airport")
            #expect(view.conflicts.isEmpty)
        }
    }

    @Test func aTargetTheMergedRecordCannotKeepIsDropped() throws {
        let (a, b, id) = try twoDevices("exchange-merge-type", saving: exchange(to: 52_000))
        // alma changes what arrives; bota makes it an expense (its own edit drops the target).
        try edit(a, id) { $0.toAmount = Money(major: 51_000, currency: .kzt) }
        try edit(b, id) { t in t.type = .expense; t.toAccount = nil; t.toAmount = nil; t.category = "travel" }
        let views = try converged(a, b)
        for view in views {
            let t = try #require(view.journal.transaction(id: id))
            #expect(t.type == .expense && t.toAmount == nil)
        }
        #expect(StoreFixtures.bytes(views[0].journal.path) == StoreFixtures.bytes(views[1].journal.path))
    }
}
