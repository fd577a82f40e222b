// FuzzTests: seeded random damage to journal bytes never crashes the loader, check or repair;
// whatever opens holds only records that were written.
import Foundation
import KassaCore
import Testing
import KassaTestSupport
@testable import KassaStore

@Suite struct FuzzTests {
    @Test func randomDamageNeverCrashesTheLoader() throws {
        let path = StoreFixtures.journalPath("fuzz")
        let journal = try Journal.open(path: path)
        for i in 1...12 {
            try journal.commit([StoreFixtures.draft(Int64(i) * 100, note: "n\(i)\tx"), StoreFixtures.draft(5)], input: "line \(i)")
        }
        try journal.edit(id: 3, TransactionPatch(note: "edited"))
        try journal.delete(ids: [4, 6])
        _ = try journal.undo(count: 2)
        try journal.defineAccount(Account(name: "kaspi", aliases: ["каспи"]))
        let original = StoreFixtures.bytes(path)
        let written = Set(try Journal.open(path: path).query().map(\.id) + [4, 6])
        var rng = SeededGenerator(state: 20261121)
        let copy = StoreFixtures.journalPath("fuzz")
        for round in 0..<300 {
            var bytes = original
            switch round % 5 {
            case 0:  // flip bits
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
                }
            case 1:  // truncate
                bytes.removeLast(Int.random(in: 0..<bytes.count, using: &rng))
            case 2:  // overwrite a run with random bytes
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                for k in at..<min(bytes.count, at + Int.random(in: 1...40, using: &rng)) {
                    bytes[k] = UInt8.random(in: 0...255, using: &rng)
                }
            case 3:  // insert garbage (tabs, newlines, digits)
                let alphabet: [UInt8] = Array("0123456789abcdef\t\n/ -commitundo".utf8)
                let at = Int.random(in: 0...bytes.count, using: &rng)
                bytes.insert(contentsOf: (0..<Int.random(in: 1...30, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! },
                             at: at)
            default:  // drop a range
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...80, using: &rng)))
            }
            StoreFixtures.write(bytes, to: copy)
            if let opened = try? Journal.open(path: copy) {
                #expect(Set(opened.query().map(\.id)).isSubset(of: written), "round \(round)")
                _ = opened.balance()
                _ = opened.history()
            }
            StoreFixtures.write(bytes, to: copy)
            _ = try? Journal.check(path: copy)
            if (try? Journal.repair(path: copy)) != nil {
                // After a repair, the journal opens (unless the header itself was destroyed).
                #expect((try? Journal.open(path: copy)) != nil, "round \(round)")
            }
            for suffix in ["torn-1", "damaged-1"] { try? FileManager.default.removeItem(atPath: copy + "." + suffix) }
        }
    }

    /// Damage that keeps checksums valid: each garbled body gets a fresh CRC, so the parser's
    /// field and replay validation (not the checksum) must reject it — or accept it safely.
    @Test func garbledRecordsWithValidChecksumsNeverCrashTheLoader() throws {
        let path = StoreFixtures.journalPath("fuzz")
        let journal = try Journal.open(path: path)
        for i in 1...8 { try journal.commit([StoreFixtures.draft(Int64(i) * 100)], input: "line \(i)") }
        try journal.edit(id: 2, TransactionPatch(note: "edited"))
        try journal.delete(ids: [3])
        _ = try journal.undo(count: 2)
        _ = try journal.redo()
        try journal.learn(phrase: "латте", category: "food/coffee")
        let lines = String(decoding: StoreFixtures.bytes(path), as: UTF8.self).split(separator: "\n").map(String.init)
        var rng = SeededGenerator(state: 4_2026)
        let pieces = ["0", "1", "9", "-1", "99999999", "2/1", "1/2", "commit", "edit", "delete", "undo", "redo",
                      "account", "learn", "expense", "KZT", "XXX", "2026-02-30", "25:00", "", "\\", "+", "-",
                      "1.5", "weekly", "\t", "18446744073709551616"]
        let copy = StoreFixtures.journalPath("fuzz")
        for round in 0..<400 {
            var body = lines
            let k = Int.random(in: 1..<body.count, using: &rng)
            var fields = body[k].split(separator: "\t", omittingEmptySubsequences: false).dropFirst().map(String.init)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<fields.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: fields[at] = pieces.randomElement(using: &rng)!
                case 1: fields.insert(pieces.randomElement(using: &rng)!, at: at)
                default: if fields.count > 1 { fields.remove(at: at) }
                }
            }
            let text = fields.joined(separator: "\t")
            let crc = CRC32.checksum(Array(text.utf8))
            let hex = String(crc, radix: 16)
            body[k] = String(repeating: "0", count: 8 - hex.count) + hex + "\t" + text
            StoreFixtures.write(Array((body.joined(separator: "\n") + "\n").utf8), to: copy)
            if let opened = try? Journal.open(path: copy) {
                _ = opened.transactions
                _ = opened.balance()
                _ = opened.history()
                _ = opened.accounts
                _ = try? opened.undo()
                _ = try? opened.redo()
            }
            StoreFixtures.write(Array((body.joined(separator: "\n") + "\n").utf8), to: copy)
            if (try? Journal.repair(path: copy)) != nil {
                #expect((try? Journal.open(path: copy)) != nil, "round \(round)")
            }
            for suffix in ["torn-1", "damaged-1"] { try? FileManager.default.removeItem(atPath: copy + "." + suffix) }
        }
    }
}
