// RecoveryTests: torn tails, bit flips and truncation — detected by checksum, tails moved aside
// into a side file with a warning, damage in the middle refused naming the line.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct RecoveryTests {
    /// A journal with three single-draft commits (lines 2, 3, 4).
    private func threeCommits() throws -> String {
        let path = StoreFixtures.journalPath("recovery")
        let journal = try Journal.open(path: path)
        for amount in [100, 200, 300] as [Int64] { try journal.commit([StoreFixtures.draft(amount)], input: "") }
        return path
    }

    private func lineStarts(_ bytes: [UInt8]) -> [Int] {
        [0] + bytes.indices.filter { bytes[$0] == 10 }.map { $0 + 1 }.dropLast()
    }

    @Test func tornTailIsMovedAsideWithAWarning() throws {
        let path = try threeCommits()
        let bytes = StoreFixtures.bytes(path)
        let starts = lineStarts(bytes)
        // Cut the last record in the middle, as a crash during write would.
        let cut = starts[3] + 20
        StoreFixtures.write(Array(bytes[0..<cut]), to: path)
        let journal = try Journal.open(path: path)
        #expect(StoreFixtures.amounts(journal) == [100, 200])
        #expect(journal.warnings.count == 1)
        let warning = try #require(journal.warnings.first)
        #expect(warning.kind == .tornTail && warning.line == 4 && warning.bytes == 20)
        #expect(warning.side == path + ".torn-1")
        #expect(StoreFixtures.bytes(warning.side) == Array(bytes[starts[3]..<cut]))
        #expect(StoreFixtures.bytes(path) == Array(bytes[0..<starts[3]]))
        // The journal works on: the next commit follows the intact records.
        try journal.commit([StoreFixtures.draft(400)], input: "")
        #expect(StoreFixtures.amounts(try Journal.open(path: path)) == [100, 200, 400])
    }

    /// A change of several parts cut short: its first parts were read (their rows placed while
    /// the rest was read) and none of them stays; the journal goes on from the change before.
    @Test func aChangeOfSeveralPartsCutShortLeavesNoneOfItsRows() throws {
        let path = StoreFixtures.journalPath("recovery-parts")
        let journal = try Journal.open(path: path)
        try journal.commit([StoreFixtures.draft(100)], input: "")
        try journal.commit([StoreFixtures.draft(200), StoreFixtures.draft(300), StoreFixtures.draft(400)], input: "")
        let bytes = StoreFixtures.bytes(path)
        let starts = lineStarts(bytes)
        StoreFixtures.write(Array(bytes[0..<(starts[4] + 20)]), to: path)
        let reopened = try Journal.open(path: path)
        #expect(StoreFixtures.amounts(reopened) == [100])
        #expect(reopened.state.entries.count == 1, "the cut change's first rows were not dropped")
        #expect(reopened.warnings.first?.kind == .tornTail && reopened.warnings.first?.line == 3)
        try reopened.commit([StoreFixtures.draft(500), StoreFixtures.draft(600)], input: "")
        #expect(StoreFixtures.amounts(try Journal.open(path: path)) == [100, 500, 600])
    }

    @Test func missingFinalNewlineIsATornTail() throws {
        let path = try threeCommits()
        let bytes = StoreFixtures.bytes(path)
        StoreFixtures.write(Array(bytes.dropLast()), to: path)
        let journal = try Journal.open(path: path)
        #expect(StoreFixtures.amounts(journal) == [100, 200])
        #expect(journal.warnings.first?.kind == .tornTail)
    }

    @Test func bitFlipInTheLastRecordIsATornTail() throws {
        let path = try threeCommits()
        var bytes = StoreFixtures.bytes(path)
        let starts = lineStarts(bytes)
        bytes[starts[3] + 30] ^= 0x04
        StoreFixtures.write(bytes, to: path)
        let journal = try Journal.open(path: path)
        #expect(StoreFixtures.amounts(journal) == [100, 200])
        #expect(journal.warnings.first?.line == 4)
    }

    @Test func bitFlipInTheMiddleStopsTheOpenNamingTheLine() throws {
        let path = try threeCommits()
        var bytes = StoreFixtures.bytes(path)
        let starts = lineStarts(bytes)
        bytes[starts[2] + 30] ^= 0x01
        StoreFixtures.write(bytes, to: path)
        let error = #expect(throws: StoreError.self) { try Journal.open(path: path) }
        #expect(error?.kind == .corrupt && error?.record == 3)
        // Nothing was moved or cut.
        #expect(StoreFixtures.bytes(path) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + ".torn-1"))
    }

    @Test func incompleteMultiPartChangeAtTheEndIsDroppedWhole() throws {
        let path = StoreFixtures.journalPath("recovery")
        let journal = try Journal.open(path: path)
        try journal.commit([StoreFixtures.draft(100)], input: "")
        try journal.commit([StoreFixtures.draft(200), StoreFixtures.draft(300)], input: "")
        let bytes = StoreFixtures.bytes(path)
        let starts = lineStarts(bytes)
        // Only part 1/2 of change 2 reached the disk: both parts go, never half a commit.
        StoreFixtures.write(Array(bytes[0..<starts[3]]), to: path)
        let reopened = try Journal.open(path: path)
        #expect(StoreFixtures.amounts(reopened) == [100])
        #expect(reopened.warnings.first?.line == 3)
    }

    @Test func truncatedAtEveryByteOpensWithThePrefix() throws {
        let path = try threeCommits()
        let bytes = StoreFixtures.bytes(path)
        let starts = lineStarts(bytes) + [bytes.count]
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            let copy = StoreFixtures.journalPath("truncated")
            StoreFixtures.write(Array(bytes[0..<cut]), to: copy)
            let journal = try Journal.open(path: copy)
            let whole = starts.filter { $0 <= cut }.count - 2  // records fully present (minus header)
            #expect(journal.count == max(0, whole), "cut at \(cut)")
            #expect(journal.transactions.map(\.id) == Array(1...3).prefix(max(0, whole)).map { $0 })
        }
    }

    @Test func sideFilesAreNeverOverwritten() throws {
        let path = try threeCommits()
        StoreFixtures.write(Array("garbage".utf8), to: path + ".torn-1")
        var bytes = StoreFixtures.bytes(path)
        bytes.append(contentsOf: Array("deadbeef\t9\t1/1\tcommit\n".utf8))
        StoreFixtures.write(bytes, to: path)
        let journal = try Journal.open(path: path)
        #expect(journal.warnings.first?.side == path + ".torn-2")
        #expect(StoreFixtures.bytes(path + ".torn-1") == Array("garbage".utf8))
    }
}
