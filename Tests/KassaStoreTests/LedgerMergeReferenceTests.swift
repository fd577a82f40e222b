// LedgerMergeReferenceTests: the fast merge (Devices/DeviceFile.swift reading lines as bytes,
// LedgerMerge.swift merging by k-way and copying lines) against the straightforward one it
// replaced (ReferenceLedgerMerge, in this target), on random seeded folders of three devices:
// commits, multi-part imports, edits of each other's transactions (groups kept, conflicts),
// deletes, undo and redo (taken, left out), accounts, lessons and objects, clocks that tie across
// devices — and what a synced file really holds: non-ASCII and canonically equivalent text,
// bytes that are not UTF-8, CRLF lines, numbers written `+5`, a torn tail, a damaged line,
// changes out of order (both read past damage, leaving it out by line). Both must read every
// file alike and give the same view byte for byte, the same origins, conflicts and records.

import Foundation
import KassaCore
import KassaTestSupport
@testable import KassaStore
import Testing

@Suite struct LedgerMergeReferenceTests {
    static let names = ["alma", "bota", "chai"]
    static let notes = ["coffee", "кофе", "caf\u{E9}", "cafe\u{301}", "", "a\\tb", "obed", "taxi home"]
    static let categories = ["food/coffee", "food", "transport/taxi", "еда"]
    static let amounts = ["1500", "2000", "99.50", "1500"]

    /// One random folder: each device's file as bytes.
    static func folder(seed: UInt64, changesPerDevice: Int) -> [[UInt8]] {
        var random = SeededGenerator(state: seed)
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
        var known: [Int] = [] // transaction numbers written so far, by any device
        var files: [[UInt8]] = []
        for (d, name) in names.enumerated() {
            let base = d * Ledger.spaceSize
            var next = base
            var number = Int64.random(in: 1...4, using: &random)
            var own: [Int64] = []
            var out = RecordCodec.header
            func write(_ body: [UInt8]) {
                out += Array(String(format: "%08x", CRC32.checksum(body)).utf8) + [RecordCodec.tab] + body
                if chance(15) { out.append(13) }
                out.append(RecordCodec.newline)
            }
            func change(_ records: [String], number n: Int64? = nil) {
                let n = n ?? number
                for (k, record) in records.enumerated() {
                    var body = Array("\(chance(40) ? "+" : "")\(n)\t\(k + 1)/\(records.count)\t".utf8) + Array(record.utf8)
                    // Bytes that are not UTF-8, checksummed as they are.
                    if chance(30) { body.append(0xFF) }
                    write(body)
                }
                own.append(n)
                number += Int64.random(in: 1...3, using: &random)
            }
            func transaction(_ id: Int) -> String {
                let id = chance(40) ? "+\(id)" : chance(60) ? "x\(id)" : String(id)
                return [id, pick(["expense", "income"]), pick(amounts), pick(["KZT", "USD"]), pick(["2026-03-09", "2026-03-10"]),
                        pick(["", "09:30"]), pick(categories), pick(["cash", "card"]), "", "", pick(notes), pick(notes)]
                    .joined(separator: "\t")
            }
            change(["object\tdevice\t\(name)\t+\tuid=\(String(format: "%016x", d + 1))\tbase=\(base)"])
            for _ in 0..<changesPerDevice {
                switch Int.random(in: 0..<20, using: &random) {
                case 0..<6:
                    next += 1
                    known.append(next)
                    change(["commit\t" + transaction(next)])
                case 6..<8:
                    var records: [String] = []
                    for _ in 0..<Int.random(in: 1...4, using: &random) {
                        // Now and then a number twice, or one of another device's space.
                        if chance(8), let other = known.randomElement(using: &random) {
                            records.append("import\t" + transaction(other))
                        } else {
                            next += 1
                            known.append(next)
                            records.append("import\t" + transaction(next))
                        }
                    }
                    change(records)
                case 8..<13:
                    guard let id = known.randomElement(using: &random) else { continue }
                    var record = "edit\t" + transaction(id)
                    if chance(20) { record += "\textra" }
                    if chance(6) {
                        change(["account\tcash\t+\tKZT", record]) // a rename writes both
                    } else {
                        change([record])
                    }
                case 13..<15:
                    guard let id = known.randomElement(using: &random) else { continue }
                    change(["delete\t\(id)"])
                case 15..<18:
                    guard let target = own.dropFirst().randomElement(using: &random) else { continue }
                    let op = chance(3) ? "redo" : "undo"
                    if chance(5), let second = own.dropFirst().randomElement(using: &random) {
                        change(["\(op)\t\(target)", "\(op)\t\(second)"])
                    } else {
                        change(["\(op)\t\(chance(10) ? target + 1 : target)"])
                    }
                case 18:
                    change([pick(["account\tcard\t+\tUSD\tвиза", "learn\tkofe\tfood/coffee", "object\tbudget\tfood\t+\tlimit=100"])])
                default:
                    // A change whose number does not go up: left out (damage), the rest read.
                    if chance(4) { change(["commit\t" + transaction(next + 1)], number: number - 5) }
                }
            }
            if chance(3) {
                // A torn tail: the last line cut short.
                out.removeLast(Int.random(in: 1...min(30, out.count - RecordCodec.header.count), using: &random))
            } else if chance(3), let lf = out.indices.dropFirst(out.count / 2).first(where: { out[$0] == RecordCodec.newline }), lf + 3 < out.count {
                // A damaged line in the middle (its checksum no longer holds).
                out[lf + 3] ^= 0x01
            }
            files.append(out)
        }
        return files
    }

    @Test(arguments: 1...40) func theFastMergeGivesWhatTheReferenceGives(seed: Int) throws {
        let files = LedgerMergeReferenceTests.folder(seed: UInt64(seed) &* 2_654_435_761, changesPerDevice: 20 + seed * 3)
        var fast: [DeviceFile] = [], reference: [ReferenceDeviceFile] = []
        for (k, bytes) in files.enumerated() {
            let name = LedgerMergeReferenceTests.names[k]
            let f = try DeviceFile(name: name, path: "/folder/\(name).kassa", bytes: bytes)
            let r = try ReferenceDeviceFile(name: name, path: "/folder/\(name).kassa", bytes: bytes)
            #expect(f.stoppedAt == r.stoppedAt && f.damage.map(\.line) == r.damage && f.validEnd == r.validEnd, "\(name)")
            #expect(f.nextLine == r.nextLine && f.lastNumber == r.lastNumber && f.size == r.size, "\(name)")
            #expect(f.uid == r.uid && f.base == r.base, "\(name)")
            #expect(f.changes.map(\.number) == r.changes.map(\.number), "\(name)")
            #expect(f.changes.map { f.records($0) } == r.changes.map(\.records), "\(name)")
            #expect(f.changes.map { f.ops($0) } == r.changes.map(\.ops), "\(name)")
            #expect(f.changes.map { f.isIdentity($0) } == r.changes.map { ReferenceDeviceFile.isIdentity($0) }, "\(name)")
            fast.append(f)
            reference.append(r)
        }
        let merged = LedgerMerge(fast), expected = ReferenceLedgerMerge(reference)
        #expect(merged.origins == expected.origins)
        #expect(merged.conflicts == expected.conflicts)
        #expect(merged.raws == expected.raws)
        #expect(merged.lastConsumed == expected.lastConsumed)
        #expect(merged.bytes == expected.bytes)
        // The histories are not trivial: something is merged, and some seeds have conflicts.
        #expect(merged.origins.count > 10)
    }

    @Test func randomFoldersExerciseWhatTheMergeDecides() throws {
        // Across the seeds above: changes left out, edit groups kept, copied and rewritten lines.
        var leftOut = 0, groups = 0, raws = 0
        for seed in 1...40 {
            let files = LedgerMergeReferenceTests.folder(seed: UInt64(seed) &* 2_654_435_761, changesPerDevice: 20 + seed * 3)
            let devices = try files.enumerated().map { try DeviceFile(name: LedgerMergeReferenceTests.names[$0], path: "", bytes: $1) }
            let merged = LedgerMerge(devices)
            leftOut += merged.conflicts.filter { $0.field == "change" }.count
            groups += merged.conflicts.filter { $0.field != "change" }.count
            raws += merged.raws.count
        }
        #expect(leftOut > 20)
        #expect(groups > 5)
        #expect(raws > 5)
    }

    @Test func numbersAreReadAsTheTextReadsThem() {
        let samples = ["0", "7", "+7", "-7", "", "+", "-", "007", "1a", " 1", "9223372036854775807", "9223372036854775808",
                       "-9223372036854775808", "-9223372036854775809", "++1", "1+", "١٢"]
        for text in samples {
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBufferPointer { DeviceFile.integer($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, 0, $0.count) }
            #expect(read == Int64(text), "\(text)")
        }
    }

    @Test func utf8IsValidatedAsStringsDo() {
        var random = SeededGenerator(state: 30)
        let pieces: [[UInt8]] = [[0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x92, 0xB0], [0xC0, 0x80], [0xED, 0xA0, 0x80],
                                 [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8], [0x80], [0xC3], [0xE2, 0x82]]
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) { bytes += pieces.randomElement(using: &random)! }
            let valid = bytes.withUnsafeBufferPointer { DeviceFile.isValidUTF8($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
            #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
