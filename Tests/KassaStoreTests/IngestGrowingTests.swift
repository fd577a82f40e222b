// IngestGrowingTests: a journal read while its bytes are still arriving (JournalState.ingest's
// `more`, as a ledger's view is read while it is merged: Devices/LedgerViewRead.swift) gives
// exactly the outcome and the state of a read of the whole bytes — whatever sizes the bytes come
// in (a byte at a time, cut inside lines and inside changes), with the helper thread (only once
// everything has come) or without, on damaged, torn and invalid copies wherever the damage falls.
// The reader never looks past what has come: the rest of the buffer holds line feeds until then.
import Foundation
import KassaCore
import Testing
import KassaTestSupport
@testable import KassaStore

@Suite struct IngestGrowingTests {
    /// Reads `bytes` as they come in random pieces of 1...`largest` bytes (a look without
    /// waiting sometimes brings a piece too): the outcome and the state's fingerprint.
    static func read(_ bytes: [UInt8], largest: Int, seed: UInt64,
                     readAhead: (minimum: Int, stretch: Int)?) -> (IngestOutcome, String) {
        var rng = SeededGenerator(state: seed)
        // Not yet come: line feeds, which a reader looking past what came would take for line ends.
        var buffer = [UInt8](repeating: RecordCodec.newline, count: bytes.count)
        let header = (bytes.firstIndex(of: RecordCodec.newline) ?? bytes.count - 1) + 1
        var came = header
        buffer.replaceSubrange(0..<came, with: bytes[0..<came])
        var state = JournalState()
        state.validEnd = header
        state.nextLine = 2
        var none: ByteShedder?
        let outcome = buffer.withUnsafeMutableBufferPointer { raw in
            let base = raw.baseAddress!
            func more(_ end: Int, _ wait: Bool) -> (ready: Int, done: Bool) {
                #expect(end <= came)
                if wait || Int.random(in: 0..<3, using: &rng) == 0 {
                    let next = min(bytes.count, came + Int.random(in: 1...largest, using: &rng))
                    for k in came..<next { base[k] = bytes[k] }
                    came = next
                }
                return (came, came == bytes.count)
            }
            return state.ingest(UnsafeBufferPointer(raw), trusted: false, readAhead: readAhead, shedder: &none, more: more)
        }
        return (outcome, ReadAheadTests.fingerprint(state))
    }

    @Test func bytesAsTheyComeGiveTheWholeRead() throws {
        let bytes = try ReadAheadTests.variedJournal()
        let (outcome, whole) = ReadAheadTests.read(bytes, readAhead: nil)
        #expect(outcome == .clean)
        for (k, largest) in [1, 7, 90, 700, 5000, bytes.count].enumerated() {
            for readAhead in [nil, (0, 300)] as [(minimum: Int, stretch: Int)?] {
                let (growing, state) = Self.read(bytes, largest: largest, seed: UInt64(k + 1), readAhead: readAhead)
                #expect(growing == .clean, "pieces up to \(largest)")
                #expect(state == whole, "pieces up to \(largest)")
            }
        }
    }

    @Test func damageIsReportedAsByAWholeRead() throws {
        let original = try ReadAheadTests.variedJournal()
        var rng = SeededGenerator(state: 20261127)
        var corrupt = 0, tails = 0
        for round in 0..<90 {
            var bytes = original
            let at = Int.random(in: 20..<bytes.count, using: &rng)
            switch round % 3 {
            case 0: bytes[at] ^= 0x04  // a flipped bit: checksum or record damage
            case 1: bytes.removeLast(bytes.count - at)  // a torn tail
            default:  // a line feed gone: two lines read as one (or a torn last line)
                guard let lf = bytes[at...].firstIndex(of: RecordCodec.newline) else { continue }
                bytes.remove(at: lf)
            }
            let whole = ReadAheadTests.read(bytes, readAhead: nil)
            if case .corrupt = whole.0 { corrupt += 1 }
            if case .tail = whole.0 { tails += 1 }
            for largest in [1, 60, 900] {
                let readAhead: (minimum: Int, stretch: Int)? = largest == 60 ? (0, 250) : nil
                let growing = Self.read(bytes, largest: largest, seed: UInt64(round * 7 + largest), readAhead: readAhead)
                #expect(growing.0 == whole.0, "round \(round) pieces up to \(largest)")
                #expect(growing.1 == whole.1, "round \(round) pieces up to \(largest)")
            }
        }
        // The copies are damaged in the middle and torn at the end, both.
        #expect(corrupt > 20 && tails > 20)
    }
}
