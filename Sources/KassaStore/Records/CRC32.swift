// CRC32: the checksum of every journal record (CRC-32/ISO-HDLC, the zlib/PNG polynomial 0xEDB88320).
// Slicing-by-8, because open verifies every record of a 1M-transaction journal (about 100 MB)
// and a byte-at-a-time table would cost a third of the open budget on its own.

enum CRC32 {
    /// Eight 256-entry tables: tables[0] is the classic one, tables[k] advances k more zero bytes.
    static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1) }
            t[i] = c
        }
        for i in 0..<256 {
            for k in 1..<8 {
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
            var crc: UInt32 = 0xFFFF_FFFF
            var p = base
            var n = count
            while n >= 8 {
                let one = p.loadUnaligned(as: UInt32.self).littleEndian ^ crc
                let two = p.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian
                crc = t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int((one >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((one >> 16) & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
                    ^ t[3 * 256 + Int(two & 0xFF)] ^ t[2 * 256 + Int((two >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((two >> 16) & 0xFF)] ^ t[Int(two >> 24)]
                p += 8
                n -= 8
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
