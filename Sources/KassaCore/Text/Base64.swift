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
        var padding = 0
        if text.count >= 4 {
            if text[text.count - 1] == UInt8(ascii: "=") { padding += 1 }
            if text[text.count - 2] == UInt8(ascii: "=") { padding += 1 }
        }
        let length = text.count / 4 * 3 - padding
        var bad = false
        let out = values.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                var o = 0, i = 0
                while i < text.count {
                    let last = i + 4 == text.count
                    let c0 = table[Int(text[i])], c1 = table[Int(text[i + 1])]
                    let c2 = last && padding >= 2 ? 0 : table[Int(text[i + 2])]
                    let c3 = last && padding >= 1 ? 0 : table[Int(text[i + 3])]
                    if (c0 | c1 | c2 | c3) & 0xC0 != 0 { bad = true; break }
                    let v = UInt32(c0) << 18 | UInt32(c1) << 12 | UInt32(c2) << 6 | UInt32(c3)
                    buffer[o] = UInt8(truncatingIfNeeded: v >> 16)
                    if o + 1 < length { buffer[o + 1] = UInt8(truncatingIfNeeded: v >> 8) }
                    if o + 2 < length { buffer[o + 2] = UInt8(truncatingIfNeeded: v) }
                    o += 3
                    i += 4
                }
                initialized = bad ? 0 : length
            }
        }
        return bad ? nil : out
    }
}
