// LineChecksum: the checksum of a record line whose change number the merge replaced, computed
// from the line's own (verified) checksum instead of over its whole body again.
//
// Why: a first open of a folder copies a million lines into the view with a merged number in
// place of the device's clock value, and checksumming every copied body again was as much work
// as verifying them all on reading. CRC-32 is affine, so for a body `A || B` (A the number, B
// the rest of the line from the tab after it):
//
//     CRC(A' || B) = CRC(A || B) ^ Z|B|( CRC(A') ^ CRC(A) )
//
// where Z|B| is the CRC register run over |B| zero bytes (the init and final xors cancel: both
// sides start from the same register). Z over 16 zero bytes is four table lookups of the
// slicing-by-16 tables, over 4 zero bytes four more, so a 100-byte line costs about 30 lookups
// rather than 110 — the same value, bit for bit (LineChecksumTests check it against CRC32 on
// random bodies; LedgerMergeReferenceTests compare whole views).

enum LineChecksum {
    /// The CRC-32 of `A' || B`, given `crc` = CRC-32(`A || B`), `old` = CRC-32(A), `new` =
    /// CRC-32(A') and `restCount` = |B|.
    @inline(__always)
    static func replacingPrefix(of crc: UInt32, old: UInt32, new: UInt32, restCount: Int) -> UInt32 {
        crc ^ zeros(old ^ new, count: restCount)
    }

    /// The CRC register `register` run over `count` zero bytes (no init, no final xor).
    @inline(__always)
    static func zeros(_ register: UInt32, count: Int) -> UInt32 {
        CRC32.tables.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            @inline(__always) func at(_ k: Int, _ byte: UInt32) -> UInt32 { t[k &* 256 &+ Int(byte & 0xFF)] }
            var c = register
            var n = count
            // Sixteen zero bytes: of a slicing-by-16 step only the register's four bytes remain.
            while n >= 16 {
                c = at(15, c) ^ at(14, c >> 8) ^ at(13, c >> 16) ^ at(12, c >> 24)
                n &-= 16
            }
            while n >= 4 {
                c = at(3, c) ^ at(2, c >> 8) ^ at(1, c >> 16) ^ at(0, c >> 24)
                n &-= 4
            }
            while n > 0 {
                c = at(0, c) ^ (c >> 8)
                n &-= 1
            }
            return c
        }
    }
}
