// ReadAheadTests: reading a journal with the helper thread (ReadAhead) gives exactly the state and
// the outcome of a one-thread read — on a varied journal cut into many small stretches, and on
// damaged, truncated and invalid copies of it, wherever the damage falls.
import Foundation
import KassaCore
import Testing
import KassaTestSupport
@testable import KassaStore

@Suite struct ReadAheadTests {
    /// A journal with every kind of record: multi-part commits, edits, deletes, undo and redo,
    /// accounts, lessons, objects, several currencies and labels.
    static func variedJournal() throws -> [UInt8] {
        let path = StoreFixtures.journalPath("readahead")
        let journal = try Journal.open(path: path)
        let currencies: [Currency] = [.kzt, Currency(code: "USD")!, Currency(code: "EUR")!]
        for i in 1...60 {
            let currency = currencies[i % 3]
            let drafts = (0..<(i % 4 + 1)).map { k in
                StoreFixtures.draft(Int64(i * 10 + k), "cat/\(i % 7)", note: "n\(i)\t\(k)", currency: currency,
                                    account: k % 2 == 0 ? "acc\(i % 5)" : nil)
            }
            var exchange = drafts
            if i % 8 == 0 {
                // A currency exchange: its target fields are read by the helper too.
                exchange[0].type = .transfer
                exchange[0].toAccount = "acc\(i % 3)"
                exchange[0].toAmount = Money(minorUnits: Int64(i * 5_100), currency: currencies[(i + 1) % 3])
            }
            let made = try journal.commit(exchange, input: "line \(i)")
            if i % 9 == 0 { _ = try journal.edit(id: made[0].id, TransactionPatch(note: "edited \(i)")) }
            if i % 11 == 0 { _ = try journal.delete(ids: [made[made.count - 1].id]) }
            if i % 13 == 0 {
                _ = try journal.undo(count: 1)
                if i % 26 == 0 { _ = try journal.redo(count: 1) }
            }
            if i % 17 == 0 { _ = try journal.defineAccount(Account(name: "bank\(i)", aliases: ["b\(i)"])) }
            if i % 19 == 0 { _ = try journal.learn(phrase: "coffee \(i)", category: "food/coffee") }
            if i % 23 == 0 {
                _ = try journal.write([ObjectRecord(kind: "budget", key: "k\(i)", fields: [.init("amount", "\(i)")])])
            }
        }
        return StoreFixtures.bytes(path)
    }

    /// Everything the read leaves in the state, as text.
    static func fingerprint(_ state: JournalState) -> String {
        [String(describing: state.entries), String(describing: state.changes), "\(state.targets)", "\(state.head)",
         "\(state.current)", "\(state.liveCount) \(state.maxID) \(state.redoStack)", "\(state.labels.strings)",
         "\(state.currencies)", "\(state.accountRecords)", "\(state.learnRecords)", "\(state.objectRecords)",
         "\(state.validEnd) \(state.nextLine) \(state.lastLineStart)",
         "\(state.exchanges.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })"].joined(separator: "\n")
    }

    static func read(_ bytes: [UInt8], readAhead: (minimum: Int, stretch: Int)?) -> (IngestOutcome, String) {
        var state = JournalState()
        state.bytes = bytes
        state.validEnd = (bytes.firstIndex(of: RecordCodec.newline) ?? bytes.count - 1) + 1
        state.nextLine = 2
        let outcome = state.ingest(readAhead: readAhead)
        return (outcome, fingerprint(state))
    }

    @Test func helperReadsGiveTheOneThreadState() throws {
        let bytes = try Self.variedJournal()
        let (outcome, alone) = Self.read(bytes, readAhead: nil)
        #expect(outcome == .clean)
        for stretch in [1, 150, 700, 3000, 1 << 20] {
            let (parallel, state) = Self.read(bytes, readAhead: (0, stretch))
            #expect(parallel == .clean)
            #expect(state == alone, "stretch \(stretch)")
        }
    }

    @Test func damageIsReportedAsByOneThread() throws {
        let original = try Self.variedJournal()
        var rng = SeededGenerator(state: 20261123)
        for round in 0..<120 {
            var bytes = original
            let at = Int.random(in: 20..<bytes.count, using: &rng)
            switch round % 3 {
            case 0: bytes[at] ^= 0x04  // a flipped bit: checksum or record damage
            case 1: bytes.removeLast(bytes.count - at)  // a torn tail
            default:  // a valid checksum over an invalid amount: refused by parseRecord, not by the checksum
                let lineStart = (bytes[..<at].lastIndex(of: RecordCodec.newline) ?? 0) + 1
                guard let lf = bytes[lineStart...].firstIndex(of: RecordCodec.newline) else { continue }
                var body = Array(bytes[(lineStart + RecordLine.bodyOffset)..<lf])
                body = Array(String(decoding: body, as: UTF8.self).replacingOccurrences(of: ".", with: ",").utf8)
                let crc = String(CRC32.checksum(body), radix: 16)
                let line = Array((String(repeating: "0", count: 8 - crc.count) + crc + "\t").utf8) + body
                bytes.replaceSubrange(lineStart..<lf, with: line)
            }
            let alone = Self.read(bytes, readAhead: nil)
            for stretch in [1, 400, 2500] {
                let parallel = Self.read(bytes, readAhead: (0, stretch))
                #expect(parallel.0 == alone.0, "round \(round) stretch \(stretch)")
                #expect(parallel.1 == alone.1, "round \(round) stretch \(stretch)")
            }
        }
    }

    @Test func aBigReadInTwoHalvesGivesTheFileBytes() throws {
        let path = StoreFixtures.journalPath("splitread")
        var rng = SeededGenerator(state: 7)
        let size = JournalFile.splitRead + 12_345
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
        StoreFixtures.write(bytes, to: path)
        let file = try JournalFile.open(path: path, io: SystemJournalIO(), createDirectories: false)
        var whole: [UInt8] = []
        try file.read(from: 0, into: &whole)
        #expect(whole == bytes)
        var tail = Array(bytes[..<3])
        try file.read(from: 3, into: &tail)
        #expect(tail == bytes)
    }
}
