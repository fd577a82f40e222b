// LedgerMergeTests: the merge of device journals (Devices/LedgerMerge.swift) as a property: three
// devices, each with its own copy of the folder, save, edit, delete and undo at random while
// their files reach each other late, in random order, half-written, or as a sync tool's conflict
// copy. Every view on the way must open as a journal; once every file has reached every folder,
// all three see byte-identical ledgers, and every acknowledged save not taken back is there.

import Foundation
import KassaCore
import KassaTestSupport
@testable import KassaStore
import Testing

@Suite struct LedgerMergeTests {
    struct Device {
        let name: String
        let uid: String
        let folder: String
        let cache: String
    }

    static func makeDevices(_ label: String) throws -> [Device] {
        let root = TestSupport.makeTemporaryDirectory(label).path
        var devices: [Device] = []
        for name in ["alma", "bota", "chai"] {
            let folder = root + "/" + name + "-folder", cache = root + "/" + name + "-cache"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            devices.append(Device(name: name, uid: Ledger.newUID(), folder: folder, cache: cache))
        }
        return devices
    }

    static func open(_ d: Device, readOnly: Bool = false) throws -> Ledger {
        try Ledger.open(folder: d.folder, device: (d.name, d.uid), cache: d.cache, readOnly: readOnly)
    }

    /// Copies `from`'s own file into `to`'s folder: whole, or only its first bytes (never fewer
    /// than already arrived, as a sync tool's later copy is never older).
    static func deliver(_ from: Device, _ to: Device, random: inout SeededGenerator, partial: Bool) {
        let source = Ledger.path(of: from.name, in: from.folder), target = Ledger.path(of: from.name, in: to.folder)
        let bytes = Array(FileManager.default.contents(atPath: source) ?? Data())
        let arrived = (FileManager.default.contents(atPath: target) ?? Data()).count
        var count = bytes.count
        if partial, bytes.count > arrived { count = arrived + Int.random(in: 0...(bytes.count - arrived), using: &random) }
        FileManager.default.createFile(atPath: target, contents: Data(bytes[0..<count]))
        if Int.random(in: 0..<10, using: &random) == 0 {
            // A conflict copy with some other content: never read.
            FileManager.default.createFile(atPath: to.folder + "/" + from.name + ".sync-conflict-20260310-101010-ABCDEFG.kassa",
                                           contents: Data(bytes[0..<(count / 2)]))
        }
    }

    @Test(arguments: 1...3) func devicesApartConvergeOnOneLedger(seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed) * 7919)
        let devices = try LedgerMergeTests.makeDevices("ledger-merge")
        // Each joins after the files of those before it arrived: each gets its own number space.
        for (k, d) in devices.enumerated() {
            for before in devices[0..<k] { LedgerMergeTests.deliver(before, d, random: &random, partial: false) }
            _ = try Ledger.join(folder: d.folder, name: d.name, uid: d.uid, journal: nil)
        }
        var acknowledged: Set<Int> = [], removed: Set<Int> = []
        var amount: Int64 = 100
        for _ in 0..<24 {
            let i = Int.random(in: 0..<3, using: &random)
            let d = devices[i]
            let ledger = try LedgerMergeTests.open(d)
            defer { ledger.close() }
            let journal = ledger.journal
            let live = journal.transactions.map(\.id)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                amount += 1
                let saved = try journal.commit([StoreFixtures.draft(amount, note: "n\(amount)")], input: "x")
                acknowledged.formUnion(saved.map(\.id))
            case 4..<6 where !live.isEmpty:
                let id = live.randomElement(using: &random)!
                let field = Int.random(in: 0..<2, using: &random)
                amount += 1
                let value = amount
                _ = try journal.edit(id: id) { t in
                    if field == 0 { t.note = "edited \(value)" } else { t.amount = Money(major: value, currency: .kzt)! }
                }
            case 6 where !live.isEmpty:
                let id = live.randomElement(using: &random)!
                _ = try journal.delete(ids: [id])
                removed.insert(id)
            case 7:
                if let change = try? journal.undo() { removed.formUnion(change.transactions.map(\.id)) }
            default:
                // Files travel: one device's file reaches another folder, maybe half-written.
                let j = Int.random(in: 0..<3, using: &random), k = Int.random(in: 0..<3, using: &random)
                if j != k { LedgerMergeTests.deliver(devices[j], devices[k], random: &random, partial: Bool.random(using: &random)) }
            }
        }
        // Everything arrives everywhere, in a random order.
        var pairs: [(Int, Int)] = []
        for j in 0..<3 { for k in 0..<3 where j != k { pairs.append((j, k)) } }
        pairs.shuffle(using: &random)
        for (j, k) in pairs { LedgerMergeTests.deliver(devices[j], devices[k], random: &random, partial: false) }
        let views = try devices.map { try LedgerMergeTests.open($0, readOnly: true) }
        let reference = views[0].journal
        let bytes = views.map { StoreFixtures.bytes($0.journal.path) }
        #expect(bytes[1] == bytes[0])
        #expect(bytes[2] == bytes[0])
        for view in views.dropFirst() {
            #expect(view.journal.transactions == reference.transactions)
            #expect(view.journal.changeCount == reference.changeCount)
        }
        for id in acknowledged.subtracting(removed) {
            #expect(reference.transaction(id: id) != nil, "acknowledged #\(id) is missing")
        }
    }

    @Test func aHalfWrittenFileIsReadUpToItsLastCompleteChange() throws {
        let devices = try LedgerMergeTests.makeDevices("ledger-torn")
        let d = devices[0]
        _ = try Ledger.join(folder: d.folder, name: d.name, uid: d.uid, journal: nil)
        let ledger = try LedgerMergeTests.open(d)
        _ = try ledger.journal.commit([StoreFixtures.draft(1500)], input: "a")
        _ = try ledger.journal.commit([StoreFixtures.draft(2500), StoreFixtures.draft(3500)], input: "b")
        let path = Ledger.path(of: d.name, in: d.folder)
        let whole = StoreFixtures.bytes(path)
        // Cut inside the last change (two records): only the first save is there.
        let cut = whole.count - 20
        let other = devices[1]
        FileManager.default.createFile(atPath: Ledger.path(of: d.name, in: other.folder), contents: Data(whole[0..<cut]))
        let seen = try Ledger.open(folder: other.folder, device: nil, cache: other.cache, readOnly: true)
        #expect(StoreFixtures.amounts(seen.journal) == [1500])
        #expect(seen.summaries[0].stoppedAt != nil && !seen.summaries[0].damaged)
        // Nothing of another device's file is ever changed by reading it.
        #expect(StoreFixtures.bytes(Ledger.path(of: d.name, in: other.folder)) == Array(whole[0..<cut]))
    }

    @Test func twoMachinesClaimingOneNameAreRefused() throws {
        let devices = try LedgerMergeTests.makeDevices("ledger-names")
        let d = devices[0]
        _ = try Ledger.join(folder: d.folder, name: "laptop", uid: d.uid, journal: nil)
        #expect(throws: LedgerError(.nameTaken, ["name": "laptop", "folder": d.folder])) {
            _ = try Ledger.join(folder: d.folder, name: "laptop", uid: Ledger.newUID(), journal: nil)
        }
        #expect(throws: LedgerError(.nameTaken, ["name": "laptop", "folder": d.folder])) {
            _ = try Ledger.open(folder: d.folder, device: ("laptop", Ledger.newUID()), cache: d.cache, readOnly: true)
        }
        #expect(try Ledger.join(folder: d.folder, name: "laptop", uid: d.uid, journal: nil).already)
    }

    @Test func aJoiningJournalKeepsItsHistoryInItsOwnNumberSpace() throws {
        let devices = try LedgerMergeTests.makeDevices("ledger-join")
        let first = devices[0], second = devices[1]
        _ = try Ledger.join(folder: first.folder, name: first.name, uid: first.uid, journal: nil)
        let firstLedger = try LedgerMergeTests.open(first)
        _ = try firstLedger.journal.commit([StoreFixtures.draft(100)], input: "a")
        // The second device used kassa alone before: its journal moves into the folder.
        let old = second.folder + "/../old.kassa"
        let alone = try Journal.open(path: old)
        _ = try alone.commit([StoreFixtures.draft(200)], input: "b")
        _ = try alone.commit([StoreFixtures.draft(300)], input: "c")
        _ = try alone.undo()
        let joined = try Ledger.join(folder: first.folder, name: second.name, uid: second.uid, journal: old)
        #expect(joined.base == Ledger.spaceSize && joined.changes == 3)
        #expect(!FileManager.default.fileExists(atPath: old))
        let view = try Ledger.open(folder: first.folder, device: (second.name, second.uid), cache: second.cache, readOnly: false)
        #expect(view.journal.transactions.map(\.id) == [1, Ledger.spaceSize + 1])
        // Its own history came along: its undo reaches the save it made before joining.
        _ = try view.journal.undo()
        #expect(StoreFixtures.amounts(view.journal) == [100])
        _ = try view.journal.redo()
        #expect(StoreFixtures.amounts(view.journal) == [100, 200])
        // And the first device's undo never takes another device's change.
        let again = try LedgerMergeTests.open(first)
        _ = try again.journal.undo()
        #expect(StoreFixtures.amounts(again.journal) == [200])
    }

    @Test func aSaveKilledHalfWayOnThisDeviceIsMovedAsideAndTheNextSaveCounts() throws {
        let devices = try LedgerMergeTests.makeDevices("ledger-killed")
        let d = devices[0]
        _ = try Ledger.join(folder: d.folder, name: d.name, uid: d.uid, journal: nil)
        let first = try LedgerMergeTests.open(d)
        _ = try first.journal.commit([StoreFixtures.draft(1500)], input: "a")
        first.close()
        // A kill in the middle of the next save's write: half a record line, never acknowledged.
        let path = Ledger.path(of: d.name, in: d.folder)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("0badc0de\t999\t1/1\tcommit\t2\texpe".utf8))
        handle.closeFile()
        let second = try LedgerMergeTests.open(d)
        defer { second.close() }
        #expect(StoreFixtures.amounts(second.journal) == [1500])
        _ = try second.journal.commit([StoreFixtures.draft(2500)], input: "b")
        // Another device reads both acknowledged saves; the torn bytes are beside the file, not read.
        FileManager.default.createFile(atPath: Ledger.path(of: d.name, in: devices[1].folder),
                                       contents: FileManager.default.contents(atPath: path))
        let other = try Ledger.open(folder: devices[1].folder, device: nil, cache: devices[1].cache, readOnly: true)
        #expect(StoreFixtures.amounts(other.journal) == [1500, 2500])
        #expect(other.summaries[0].stoppedAt == nil)
        #expect(FileManager.default.fileExists(atPath: path + ".torn-1"))
        #expect(try Ledger.open(folder: d.folder, device: nil, cache: d.cache, readOnly: true).copies == [d.name + ".kassa.torn-1"])
    }
}
