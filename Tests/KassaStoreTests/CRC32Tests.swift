// CRC32Tests: the record checksum is CRC-32/ISO-HDLC (zlib's): its check value, and the same
// result as the plain bitwise definition for every length around the sliced loop's steps.
import Testing
@testable import KassaStore

@Suite struct CRC32Tests {
    /// The definition, one bit at a time.
    private func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test func checkValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func everyLengthMatchesTheDefinition() {
        var state: UInt32 = 12_345
        let data: [UInt8] = (0..<300).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        for length in 0...data.count {
            for start in [0, 1, 3] where start <= length {
                let slice = Array(data[start..<length])
                #expect(CRC32.checksum(slice) == bitwise(slice), "bytes \(start)..<\(length)")
            }
        }
    }
}
