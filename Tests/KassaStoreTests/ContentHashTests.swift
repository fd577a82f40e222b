// ContentHashTests: the snapshot's prefix hash gives the same value however the bytes are fed,
// and tells apart inputs that differ in one byte or in length.
import Testing
@testable import KassaStore

@Suite struct ContentHashTests {
    private func bytes(_ count: Int) -> [UInt8] {
        var state: UInt32 = 7
        return (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
    }

    @Test(arguments: [0, 1, 7, 8, 31, 32, 33, 63, 64, 65, 1000, 4099])
    func piecesGiveTheSameHashAsOneCall(count: Int) {
        let data = bytes(count)
        let whole = data.withUnsafeBytes { ContentHash.hash($0) }
        for piece in [1, 3, 5, 31, 32, 33, 100] {
            var hasher = ContentHash()
            var at = 0
            while at < data.count {
                let end = min(data.count, at + piece)
                data[at..<end].withUnsafeBytes { hasher.update($0) }
                at = end
            }
            #expect(hasher.finish() == whole, "count \(count), pieces of \(piece)")
        }
    }

    @Test func oneChangedByteOrOneMoreByteChangesTheHash() {
        let data = bytes(5000)
        let base = data.withUnsafeBytes { ContentHash.hash($0) }
        for position in [0, 31, 32, 2500, 4999] {
            var changed = data
            changed[position] ^= 1
            #expect(changed.withUnsafeBytes { ContentHash.hash($0) } != base)
        }
        #expect((data + [0]).withUnsafeBytes { ContentHash.hash($0) } != base)
        #expect(data.dropLast().withUnsafeBytes { ContentHash.hash($0) } != base)
        // The seed separates sections that happen to hold the same bytes.
        #expect(data.withUnsafeBytes { ContentHash.hash($0, seed: 1) } != base)
    }
}
