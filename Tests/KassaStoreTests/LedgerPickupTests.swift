// LedgerPickupTests: the ledger's cache (Devices/Ledger.swift: THE CACHE) never changes what a
// person sees. Over random device histories and arrival orders, a view kept up by picking up
// only what grew is byte for byte the view a full merge of the folder writes, with the same
// conflicts; a torn tail, a shrunk or replaced file, a damaged or missing state and a running
// session's refresh each take the path they should and give the same ledger.

import Foundation
import KassaCore
import KassaTestSupport
@testable import KassaStore
import Testing

@Suite struct LedgerPickupTests {
    typealias Device = LedgerMergeTests.Device

    /// The view a full merge of `folder` gives (a cache nothing was ever built in).
    static func fullRebuild(_ folder: String) throws -> (view: [UInt8], conflicts: [LedgerConflict]) {
        let cache = TestSupport.makeTemporaryDirectory("ledger-fresh").path
        let ledger = try Ledger.open(folder: folder, device: nil, cache: cache, readOnly: true)
        defer { ledger.close() }
        #expect(ledger.route == .rebuilt)
        return (StoreFixtures.bytes(ledger.journal.path), ledger.conflicts)
    }

    static func expectSameAsRebuild(_ ledger: Ledger, _ folder: String, _ context: String) throws {
        let full = try fullRebuild(folder)
        #expect(StoreFixtures.bytes(ledger.journal.path) == full.view, "view differs from a full merge: \(context)")
        #expect(ledger.conflicts == full.conflicts, "conflicts differ from a full merge: \(context)")
        // And the journal replayed what the file holds.
        let reread = try Journal.open(path: ledger.journal.path, readOnly: true)
        #expect(ledger.journal.transactions == reread.transactions, "journal state differs from its file: \(context)")
    }

    /// Copies `from`'s own file to `to`'s folder, whole or cut anywhere after what arrived before;
    /// by replacing the file (a new inode, as Syncthing and git do) or by appending in place.
    static func deliver(_ from: Device, _ to: Device, random: inout SeededGenerator, partial: Bool) {
        let source = Ledger.path(of: from.name, in: from.folder), target = Ledger.path(of: from.name, in: to.folder)
        let bytes = Array(FileManager.default.contents(atPath: source) ?? Data())
        let arrived = (FileManager.default.contents(atPath: target) ?? Data()).count
        var count = bytes.count
        if partial, bytes.count > arrived { count = arrived + Int.random(in: 0...(bytes.count - arrived), using: &random) }
        if arrived > 0, arrived <= count, Bool.random(using: &random), let handle = FileHandle(forWritingAtPath: target) {
            handle.seekToEndOfFile()
            handle.write(Data(bytes[arrived..<count]))
            handle.closeFile()
        } else {
            FileManager.default.createFile(atPath: target, contents: Data(bytes[0..<count]))
        }
    }

    @Test(arguments: 1...3) func pickingUpGivesTheViewOfAFullMerge(seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed) * 104_729)
        let devices = try LedgerMergeTests.makeDevices("ledger-pickup")
        for (k, d) in devices.enumerated() {
            for before in devices[0..<k] { LedgerMergeTests.deliver(before, d, random: &random, partial: false) }
            _ = try Ledger.join(folder: d.folder, name: d.name, uid: d.uid, journal: nil)
        }
        var routes: [Ledger.Route: Int] = [:]
        var amount: Int64 = 100
        for step in 0..<30 {
            let d = devices[Int.random(in: 0..<3, using: &random)]
            let ledger = try LedgerMergeTests.open(d)
            defer { ledger.close() }
            routes[ledger.route, default: 0] += 1
            try Self.expectSameAsRebuild(ledger, d.folder, "seed \(seed) step \(step) \(d.name) \(ledger.route)")
            let journal = ledger.journal
            let live = journal.transactions.map(\.id)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                amount += 1
                _ = try journal.commit([StoreFixtures.draft(amount, note: "n\(amount)")], input: "x")
            case 3..<5 where !live.isEmpty:
                let id = live.randomElement(using: &random)!
                let field = Int.random(in: 0..<2, using: &random)
                amount += 1
                let value = amount
                _ = try journal.edit(id: id) { t in
                    if field == 0 { t.note = "edited \(value)" } else { t.amount = Money(major: value, currency: .kzt)! }
                }
            case 5 where !live.isEmpty:
                _ = try journal.delete(ids: [live.randomElement(using: &random)!])
            case 6:
                _ = try? journal.undo()
            default:
                let j = Int.random(in: 0..<3, using: &random), k = Int.random(in: 0..<3, using: &random)
                if j != k { LedgerPickupTests.deliver(devices[j], devices[k], random: &random, partial: Bool.random(using: &random)) }
            }
            // A running session of another device refreshes after files travelled.
            if step % 5 == 4 {
                let other = devices[(devices.firstIndex { $0.name == d.name }! + 1) % 3]
                let session = try LedgerMergeTests.open(other)
                defer { session.close() }
                LedgerPickupTests.deliver(d, other, random: &random, partial: false)
                try session.journal.refresh()
                try Self.expectSameAsRebuild(session, other.folder, "seed \(seed) step \(step) refresh \(other.name) \(session.route)")
            }
        }
        var pairs: [(Int, Int)] = []
        for j in 0..<3 { for k in 0..<3 where j != k { pairs.append((j, k)) } }
        pairs.shuffle(using: &random)
        for (j, k) in pairs {
            LedgerPickupTests.deliver(devices[j], devices[k], random: &random, partial: false)
            let ledger = try LedgerMergeTests.open(devices[k], readOnly: true)
            routes[ledger.route, default: 0] += 1
            try Self.expectSameAsRebuild(ledger, devices[k].folder, "seed \(seed) final \(devices[k].name) \(ledger.route)")
            ledger.close()
        }
        // The cheap paths were taken, not only rebuilds (else this test would prove nothing).
        #expect(routes[.pickedUp, default: 0] > 0 && routes[.unchanged, default: 0] > 0, "routes: \(routes)")
    }

    /// Two devices: `a` saved `count` transactions, and `b`'s folder has them.
    static func twoDevices(_ label: String, count: Int) throws -> (Device, Device) {
        let devices = try LedgerMergeTests.makeDevices(label)
        let a = devices[0], b = devices[1]
        _ = try Ledger.join(folder: a.folder, name: a.name, uid: a.uid, journal: nil)
        let writer = try LedgerMergeTests.open(a)
        for k in 0..<count { _ = try writer.journal.commit([StoreFixtures.draft(Int64(100 + k))], input: "x") }
        writer.close()
        Self.copy(a, to: b)
        _ = try Ledger.join(folder: b.folder, name: b.name, uid: b.uid, journal: nil)
        return (a, b)
    }

    static func copy(_ from: Device, to: Device, bytes: Int? = nil) {
        let whole = StoreFixtures.bytes(Ledger.path(of: from.name, in: from.folder))
        FileManager.default.createFile(atPath: Ledger.path(of: from.name, in: to.folder),
                                       contents: Data(whole[0..<(bytes ?? whole.count)]))
    }

    @Test func anUnchangedFolderAndThisDevicesOwnSavesNeedNoRebuild() throws {
        let (_, b) = try Self.twoDevices("ledger-unchanged", count: 3)
        let first = try LedgerMergeTests.open(b)
        #expect(first.route == .rebuilt)
        _ = try first.journal.commit([StoreFixtures.draft(900)], input: "y")
        first.close()
        let again = try LedgerMergeTests.open(b)
        #expect(again.route == .unchanged)
        #expect(StoreFixtures.amounts(again.journal) == [100, 101, 102, 900])
        try Self.expectSameAsRebuild(again, b.folder, "after own save")
        again.close()
    }

    @Test func aGrownFileWithATornTailIsPickedUpToItsLastCompleteChange() throws {
        let (a, b) = try Self.twoDevices("ledger-torn-pickup", count: 2)
        _ = try LedgerMergeTests.open(b, readOnly: true)
        let writer = try LedgerMergeTests.open(a)
        _ = try writer.journal.commit([StoreFixtures.draft(300)], input: "x")
        _ = try writer.journal.commit([StoreFixtures.draft(400), StoreFixtures.draft(500)], input: "x")
        writer.close()
        let whole = StoreFixtures.bytes(Ledger.path(of: a.name, in: a.folder))
        Self.copy(a, to: b, bytes: whole.count - 20)
        let torn = try LedgerMergeTests.open(b, readOnly: true)
        #expect(torn.route == .pickedUp)
        #expect(StoreFixtures.amounts(torn.journal) == [100, 101, 300])
        try Self.expectSameAsRebuild(torn, b.folder, "torn tail")
        Self.copy(a, to: b)
        try torn.journal.refresh()
        #expect(torn.route == .pickedUp)
        #expect(StoreFixtures.amounts(torn.journal) == [100, 101, 300, 400, 500])
        try Self.expectSameAsRebuild(torn, b.folder, "rest arrived")
        torn.close()
    }

    @Test func aShrunkOrReplacedFileIsMergedAgain() throws {
        let (a, b) = try Self.twoDevices("ledger-replaced", count: 3)
        _ = try LedgerMergeTests.open(b, readOnly: true)
        let whole = StoreFixtures.bytes(Ledger.path(of: a.name, in: a.folder))
        // Shrunk (a sync tool brought an older version): the last save is gone.
        let shorter = whole[..<(whole.count - 1)].lastIndex(of: RecordCodec.newline)! + 1
        Self.copy(a, to: b, bytes: shorter)
        let shrunk = try LedgerMergeTests.open(b, readOnly: true)
        #expect(shrunk.route == .rebuilt)
        #expect(StoreFixtures.amounts(shrunk.journal) == [100, 101])
        shrunk.close()
        // Replaced by other content of the same size: a digit of an amount changed (and its checksum
        // made right), as a file rewritten on another machine would be.
        Self.copy(a, to: b)
        _ = try LedgerMergeTests.open(b, readOnly: true)
        var changed = whole
        let line = changed[..<(changed.count - 1)].lastIndex(of: RecordCodec.newline)! + 1
        var body = String(decoding: changed[(line + RecordLine.bodyOffset)..<(changed.count - 1)], as: UTF8.self)
        body = body.replacingOccurrences(of: "102.00", with: "902.00")
        var rewritten = Array(changed[..<line])
        Ledger.appendLine(body, to: &rewritten)
        changed = rewritten
        #expect(changed.count == whole.count)
        FileManager.default.createFile(atPath: Ledger.path(of: a.name, in: b.folder), contents: Data(changed))
        let replaced = try LedgerMergeTests.open(b, readOnly: true)
        #expect(replaced.route == .rebuilt)
        #expect(StoreFixtures.amounts(replaced.journal) == [100, 101, 902])
        try Self.expectSameAsRebuild(replaced, b.folder, "replaced")
        replaced.close()
    }

    @Test func aDamagedOrMissingStateIsNeverTrusted() throws {
        let (a, b) = try Self.twoDevices("ledger-state", count: 3)
        let first = try LedgerMergeTests.open(b, readOnly: true)
        let statePath = String(first.journal.path.dropLast(".kassa".count)) + ".state"
        first.close()
        let good = StoreFixtures.bytes(statePath)
        #expect(!good.isEmpty)
        // Another save arrives, and the state is damaged in each way in turn: the open merges
        // again, and sees what a full merge sees.
        let writer = try LedgerMergeTests.open(a)
        _ = try writer.journal.commit([StoreFixtures.draft(700)], input: "x")
        writer.close()
        Self.copy(a, to: b)
        var flipped = good
        flipped[good.count / 2] ^= 0x20
        for damaged in [flipped, Array(good[0..<(good.count / 2)]), [], nil] as [[UInt8]?] {
            if let damaged {
                FileManager.default.createFile(atPath: statePath, contents: Data(damaged))
            } else {
                try? FileManager.default.removeItem(atPath: statePath)
            }
            let ledger = try LedgerMergeTests.open(b, readOnly: true)
            #expect(ledger.route == .rebuilt)
            #expect(StoreFixtures.amounts(ledger.journal) == [100, 101, 102, 700])
            try Self.expectSameAsRebuild(ledger, b.folder, "damaged state")
            ledger.close()
        }
        // An intact state that no longer describes the view (the view was rewritten): rebuilt too.
        let ledger = try LedgerMergeTests.open(b, readOnly: true)
        ledger.close()
        FileManager.default.createFile(atPath: ledger.journal.path, contents: Data(RecordCodec.header))
        let again = try LedgerMergeTests.open(b, readOnly: true)
        #expect(again.route == .rebuilt)
        #expect(StoreFixtures.amounts(again.journal) == [100, 101, 102, 700])
        again.close()
    }

    @Test func aRunningSessionSeesAnotherDevicesChangesOnRefresh() throws {
        let (a, b) = try Self.twoDevices("ledger-refresh", count: 2)
        let session = try LedgerMergeTests.open(b)
        defer { session.close() }
        #expect(StoreFixtures.amounts(session.journal) == [100, 101])
        let writer = try LedgerMergeTests.open(a)
        _ = try writer.journal.commit([StoreFixtures.draft(800)], input: "x")
        // And an edit, made after seeing the session's device.
        Self.copy(b, to: a)
        try writer.journal.refresh()
        _ = try writer.journal.edit(id: 1) { $0.note = "from a" }
        writer.close()
        Self.copy(a, to: b)
        try session.journal.refresh()
        #expect(session.route == .pickedUp)
        #expect(StoreFixtures.amounts(session.journal) == [100, 101, 800])
        #expect(session.journal.transaction(id: 1)?.note == "from a")
        // The session still saves, above what it picked up, and its undo takes only its own save.
        _ = try session.journal.commit([StoreFixtures.draft(50)], input: "z")
        _ = try session.journal.undo()
        #expect(StoreFixtures.amounts(session.journal) == [100, 101, 800])
        try Self.expectSameAsRebuild(session, b.folder, "after refresh and own save")
    }
}
