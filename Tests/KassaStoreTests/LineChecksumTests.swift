// LineChecksumTests: a line's checksum with its change number replaced, computed from the old
// checksum (Devices/LineChecksum.swift), equals CRC-32 of the new body — for prefixes and rests of
// every length around the 16- and 4-byte steps, and numbers growing and shrinking in length.
import Testing
@testable import KassaStore

@Suite struct LineChecksumTests {
    /// Deterministic bytes.
    private static func bytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
    }

    @Test func replacedPrefixMatchesAWholeChecksum() {
        let rests = (0...70).map { LineChecksumTests.bytes($0, seed: UInt32($0) + 7) } + [LineChecksumTests.bytes(4000, seed: 3)]
        let numbers = ["1", "12", "+5", "0005", "123456789012345678", "117496351989760001", "999999"].map { Array($0.utf8) }
        for rest in rests {
            for old in numbers {
                for new in numbers {
                    let crc = LineChecksum.replacingPrefix(of: CRC32.checksum(old + rest), old: CRC32.checksum(old),
                                                           new: CRC32.checksum(new), restCount: rest.count)
                    #expect(crc == CRC32.checksum(new + rest), "rest of \(rest.count) bytes, \(old) → \(new)")
                }
            }
        }
    }

    @Test func zeroBytesAreTheRegisterRunOverZeros() {
        // The register run over n zero bytes one at a time, with the classic table.
        for start: UInt32 in [0, 1, 0xFFFF_FFFF, 0x1234_5678, 0x8000_0000] {
            var slow = start
            for n in 0...40 {
                #expect(LineChecksum.zeros(start, count: n) == slow, "\(n) zero bytes from \(start)")
                slow = CRC32.tables[Int(slow & 0xFF)] ^ (slow >> 8)
            }
        }
    }
}
