// ViewPrefixHashTests: the prefix hash a ledger's view gets on the merge's thread, hashed ahead
// while its size is not yet known (ViewPrefixHash), is the hash a journal's first open computes
// for the same bytes (ByteShedder) — below and above the size where the hash splits in halves,
// with the middle moving as the view grows, in steps of every size; and a shedder given that
// hash gives the same hash back.
import KassaTestSupport
import Testing
@testable import KassaStore

@Suite struct ViewPrefixHashTests {
    /// The prefix hash a journal's first open computes for `bytes`.
    static func reference(_ bytes: [UInt8]) -> UInt64 {
        var shedder = ByteShedder(count: bytes.count)
        return bytes.withUnsafeBufferPointer { shedder.finish($0.baseAddress!) }
    }

    @Test(arguments: [0, 1, 31, 1 << 20, (1 << 20) + 33, JournalSnapshot.splitHashBytes - 1, JournalSnapshot.splitHashBytes,
                      JournalSnapshot.splitHashBytes + 1, 3 << 23 + 12_345])
    func theViewHashedAheadIsThePrefixHash(count: Int) {
        var random = SeededGenerator(state: UInt64(count) &+ 30)
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        let expected = Self.reference(bytes)
        // Pieces as a merge hands them on: tiny, about a mebibyte, of random sizes, or one.
        for step in [count + 1, 1 << 20, (1 << 20) - 7, 12_345] {
            var hash = ViewPrefixHash()
            var merged = 0
            bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                while merged < count {
                    merged = min(count, merged + max(1, Int.random(in: 1...step, using: &random)))
                    hash.ahead(base, merged: merged)
                }
                var shedder = ByteShedder(count: count, hashed: hash.finish(base, count: count))
                #expect(shedder.finish(base) == expected, "count \(count), step \(step)")
            }
        }
    }
}
