// Base64: the standard alphabet with padding, for bytes that must travel as text — the compiled
// grammar's binary part embedded in a Swift string literal (GrammarArchive.embeddedData).
// Decoding runs at start-up, so it works on raw buffers with a lookup table.

enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let v = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[Int(v & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return out
    }

    /// 0-63 for an alphabet byte, 255 for anything else.
    static let values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// Nil when the text is not padded base64 of the standard alphabet.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        guard text.count > 0 else { return [] }
        let padding = text[text.count - 1] != UInt8(ascii: "=") ? 0 : text[text.count - 2] != UInt8(ascii: "=") ? 1 : 2
        let length = text.count / 4 * 3 - padding
        let quads = text.count / 4 - 1
        var bad: UInt8 = 0
        let out = values.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                // Every quad but the last gives three whole bytes: no checks in the loop but one
                // accumulated bit for a byte outside the alphabet.
                var i = 0, o = 0
                for _ in 0..<quads {
                    let c0 = table[Int(text[i])], c1 = table[Int(text[i + 1])]
                    let c2 = table[Int(text[i + 2])], c3 = table[Int(text[i + 3])]
                    bad |= c0 | c1 | c2 | c3
                    let v = UInt32(c0) << 18 | UInt32(c1) << 12 | UInt32(c2) << 6 | UInt32(c3)
                    buffer[o] = UInt8(truncatingIfNeeded: v >> 16)
                    buffer[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    buffer[o + 2] = UInt8(truncatingIfNeeded: v)
                    i += 4
                    o += 3
                }
                let c0 = table[Int(text[i])], c1 = table[Int(text[i + 1])]
                let c2 = padding >= 2 ? 0 : table[Int(text[i + 2])], c3 = padding >= 1 ? 0 : table[Int(text[i + 3])]
                bad |= c0 | c1 | c2 | c3
                let v = UInt32(c0) << 18 | UInt32(c1) << 12 | UInt32(c2) << 6 | UInt32(c3)
                buffer[o] = UInt8(truncatingIfNeeded: v >> 16)
                if padding < 2 { buffer[o + 1] = UInt8(truncatingIfNeeded: v >> 8) }
                if padding < 1 { buffer[o + 2] = UInt8(truncatingIfNeeded: v) }
                initialized = length
            }
        }
        // 255 marks a byte outside the alphabet; valid values are below 64.
        return bad & 0xC0 == 0 ? out : nil
    }
}
