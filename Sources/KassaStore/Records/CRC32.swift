// CRC32: the checksum of every journal record (CRC-32/ISO-HDLC, the zlib/PNG polynomial 0xEDB88320).
// Slicing-by-16 (16 KB of tables, in L1): open verifies every record of a 1M-transaction journal
// (about 100 MB) and an import checksums as many new lines, where a byte-at-a-time table would
// cost a third of the budget on its own and slicing-by-8 still a fifth of an import's line building.

enum CRC32 {
    /// Sixteen 256-entry tables: tables[0] is the classic one, tables[k] advances k more zero bytes.
    static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 16 * 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1) }
            t[i] = c
        }
        for i in 0..<256 {
            for k in 1..<16 {
                let prev = t[(k - 1) * 256 + i]
                t[k * 256 + i] = (prev >> 8) ^ t[Int(prev & 0xFF)]
            }
        }
        return t
    }()

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        return checksum(base, count: bytes.count)
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ base: UnsafeRawPointer, count: Int) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            @inline(__always) func at(_ k: Int, _ byte: UInt32) -> UInt32 { t[k &* 256 &+ Int(byte & 0xFF)] }
            var crc: UInt32 = 0xFFFF_FFFF
            var p = base
            var n = count
            while n >= 16 {
                let one = p.loadUnaligned(as: UInt32.self).littleEndian ^ crc
                let two = p.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian
                let three = p.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian
                let four = p.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian
                crc = at(15, one) ^ at(14, one >> 8) ^ at(13, one >> 16) ^ at(12, one >> 24)
                    ^ at(11, two) ^ at(10, two >> 8) ^ at(9, two >> 16) ^ at(8, two >> 24)
                    ^ at(7, three) ^ at(6, three >> 8) ^ at(5, three >> 16) ^ at(4, three >> 24)
                    ^ at(3, four) ^ at(2, four >> 8) ^ at(1, four >> 16) ^ at(0, four >> 24)
                p += 16
                n -= 16
            }
            while n > 0 {
                crc = t[Int((crc ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                p += 1
                n -= 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }
}
