// FuzzTests: seeded random damage to journal bytes never crashes the loader, check or repair;
// every open either gives a journal or refuses with a StoreError (never another error), whatever
// opens holds only records that were written, and the rounds reach both outcomes (a fuzz that
// never opens, or never refuses, tests nothing).
import Foundation
import KassaCore
import Testing
import KassaTestSupport
@testable import KassaStore

@Suite struct FuzzTests {
    /// How the opens of a fuzz went: each must be a journal or a StoreError.
    struct Opens {
        var opened = 0, refused = 0

        mutating func open(_ path: String, readOnly: Bool = false, round: Int) -> Journal? {
            do {
                let journal = try Journal.open(path: path, readOnly: readOnly)
                opened += 1
                return journal
            } catch is StoreError {
                refused += 1
                return nil
            } catch {
                Issue.record("round \(round): open threw \(error), not a StoreError")
                return nil
            }
        }
    }

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
        var opens = Opens()
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
            if let opened = opens.open(copy, round: round) {
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
        #expect(opens.opened > 0 && opens.refused > 0, "opened \(opens.opened), refused \(opens.refused)")
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
        var opens = Opens()
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
            if let opened = opens.open(copy, round: round) {
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
        #expect(opens.opened > 0 && opens.refused > 0, "opened \(opens.opened), refused \(opens.refused)")
    }

    /// Hostile records with valid checksums, as a hand edit or another device could write them:
    /// huge numbers everywhere, dates far outside the supported range, 1 MB fields, every control
    /// byte. Open, list, balance, history, check and repair must never crash; whatever opens holds
    /// only amounts and dates within bounds.
    @Test func hostileRecordsWithValidChecksumsNeverCrashAnything() throws {
        let path = StoreFixtures.journalPath("fuzz")
        let journal = try Journal.open(path: path)
        for i in 1...6 { try journal.commit([StoreFixtures.draft(Int64(i) * 100)], input: "line \(i)") }
        let original = String(decoding: StoreFixtures.bytes(path), as: UTF8.self).split(separator: "\n").map(String.init)
        func line(_ fields: [String]) -> String {
            let text = fields.joined(separator: "\t")
            let hex = String(CRC32.checksum(Array(text.utf8)), radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex + "\t" + text
        }
        let controls = String(decoding: (0..<32).map { UInt8($0) }.filter { $0 != 9 && $0 != 10 } + [127], as: UTF8.self)
        let megabyte = String(repeating: "я", count: 512 * 1024)
        let amounts = ["99999999999999999", "99999999999999999.00", "-99999999999999999.00", "9223372036854775807",
                       "18446744073709551616.00", "999999999999.99", "1000000000000.00", "0.00", "-0.00", "1e5",
                       String(repeating: "9", count: 400) + ".00", "1500.00" + controls]
        let dates = ["0000-01-01", "9999-12-31", "1899-12-31", "3000-01-01", "1900-01-01", "2999-12-31", "2026-02-29",
                     "-001-01-01", "99999-01-01", "2026-13-01"]
        let texts = ["", controls, megabyte, "\\", "\\t\\n\\r", String(repeating: "\\", count: 1001), "\r"]
        let numbers = ["1", "7", "99999999999999999", "18446744073709551616", "0", "67108864", "4294967296"]
        var rng = SeededGenerator(state: 9_2026)
        let copy = StoreFixtures.journalPath("hostile")
        var opens = Opens(), repairs = Opens()
        for round in 0..<60 {
            var body = original
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let change = body.count - 1 + Int.random(in: 0...2, using: &rng)
                let op = ["commit", "import", "edit", "delete", "undo", "redo", "account", "learn"].randomElement(using: &rng)!
                var fields = [Bool.random(using: &rng) ? String(change) : numbers.randomElement(using: &rng)!,
                              Bool.random(using: &rng) ? "1/1" : numbers.randomElement(using: &rng)! + "/" + numbers.randomElement(using: &rng)!,
                              op]
                switch op {
                case "commit", "import", "edit":
                    fields += [Bool.random(using: &rng) ? String(change) : numbers.randomElement(using: &rng)!,
                               ["expense", "income", "transfer"].randomElement(using: &rng)!,
                               amounts.randomElement(using: &rng)!, ["KZT", "KWD", "JPY", "XXX"].randomElement(using: &rng)!,
                               dates.randomElement(using: &rng)!, ["", "23:59", "99:99"].randomElement(using: &rng)!,
                               texts.randomElement(using: &rng)!, texts.randomElement(using: &rng)!, texts.randomElement(using: &rng)!,
                               ["", "weekly", texts.randomElement(using: &rng)!].randomElement(using: &rng)!,
                               texts.randomElement(using: &rng)!, texts.randomElement(using: &rng)!]
                case "account":
                    fields += [texts.randomElement(using: &rng)!, ["+", "-"].randomElement(using: &rng)!, "", texts.randomElement(using: &rng)!]
                case "learn":
                    fields += [texts.randomElement(using: &rng)!, texts.randomElement(using: &rng)!]
                default:
                    fields += [numbers.randomElement(using: &rng)!]
                }
                body.insert(line(fields), at: Int.random(in: 1...body.count, using: &rng))
            }
            let bytes = Array((body.joined(separator: Bool.random(using: &rng) ? "\n" : "\r\n") + "\n").utf8)
            StoreFixtures.write(bytes, to: copy)
            // Whatever opens — as written, or after a repair — holds only amounts and dates in bounds.
            func inBounds(_ journal: Journal) {
                for t in journal.transactions {
                    #expect(t.date.isSupported, "round \(round)")
                    #expect(t.amount.minorUnits.magnitude < 1_000_000_000_000_000, "round \(round)")
                }
                _ = journal.balance()
                _ = journal.history()
                _ = journal.accounts
            }
            if let opened = opens.open(copy, readOnly: true, round: round) { inBounds(opened) }
            #expect(StoreFixtures.bytes(copy) == bytes, "a read-only open never writes (round \(round))")
            _ = try Journal.check(path: copy)
            if (try? Journal.repair(path: copy)) != nil {
                let repaired = repairs.open(copy, round: round)
                #expect(repaired != nil, "round \(round): a repaired journal opens")
                if let repaired {
                    inBounds(repaired)
                    #expect(throws: Never.self) { try repaired.commit([StoreFixtures.draft(5)], input: "after repair") }
                }
            }
            let directory = (copy as NSString).deletingLastPathComponent
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name != "journal.kassa" {
                try? FileManager.default.removeItem(atPath: directory + "/" + name)
            }
        }
        // Hostile records refuse a read-only open; a repair then opens what was whole.
        #expect(opens.refused > 0 && repairs.opened > 0, "refused \(opens.refused), opened after repair \(repairs.opened)")
    }
}

