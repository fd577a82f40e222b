// CaseFolding: lower case as String.lowercased() gives it, with ASCII and Cyrillic mapped by
// byte. Unicode's case tables are the slow part of reading vocabulary files at every start-up
// (about 4,000 instructions a word); the words kassa ships are Latin or Cyrillic, so anything
// else still goes through the standard library and the answer is the same.

public enum CaseFolding {
    /// `text.lowercased()`, faster for Latin and Cyrillic.
    @inlinable
    public static func lowercased(_ text: some StringProtocol) -> String {
        var text = String(text)
        return text.withUTF8 { lowercased(bytes: $0) }
    }

    /// The lower case of UTF-8 bytes, as a String (invalid bytes repaired as String repairs them).
    public static func lowercased(bytes: UnsafeBufferPointer<UInt8>) -> String {
        var other = false
        let lowered = String(unsafeUninitializedCapacity: bytes.count) { out in
            var i = 0
            while i < bytes.count {
                let c = bytes[i]
                if c < 0x80 {
                    out[i] = c >= 0x41 && c <= 0x5A ? c + 32 : c
                    i += 1
                    continue
                }
                // Two-byte Cyrillic (U+0400–U+045F) keeps its length; anything else: none of this.
                guard c == 0xD0 || c == 0xD1, i + 1 < bytes.count else { other = true; return 0 }
                let d = bytes[i + 1]
                switch (c, d) {
                case (0xD0, 0x80...0x8F): out[i] = 0xD1; out[i + 1] = d + 0x10     // Ѐ–Џ → ѐ–џ
                case (0xD0, 0x90...0x9F): out[i] = 0xD0; out[i + 1] = d + 0x20     // А–П → а–п
                case (0xD0, 0xA0...0xAF): out[i] = 0xD1; out[i + 1] = d - 0x20     // Р–Я → р–я
                case (0xD0, 0xB0...0xBF), (0xD1, 0x80...0x9F): out[i] = c; out[i + 1] = d  // lower case already
                default: other = true; return 0
                }
                i += 2
            }
            return bytes.count
        }
        return other ? String(decoding: bytes, as: UTF8.self).lowercased() : lowered
    }
}
