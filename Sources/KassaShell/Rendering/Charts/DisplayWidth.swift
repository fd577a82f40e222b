// DisplayWidth: how many terminal columns text takes — what aligns report columns. Combining
// marks and zero-width characters take none, East Asian wide and fullwidth characters two,
// everything else (Latin, Cyrillic, box drawing, block elements) one. Escape sequences of
// colour are not counted: widths are measured before styling.

enum DisplayWidth {
    static func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { of($0) }
    }

    /// The width of valid UTF-8 (a String's bytes): printable ASCII is a column a byte, without
    /// decoding; other scalars are decoded and measured one by one.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var width = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                width += lead < 0x20 || lead == 0x7F ? 0 : 1
                index += 1
                continue
            }
            let (value, length) = decode(bytes, at: index)
            width += columns(value)
            index += length
        }
        return width
    }

    /// The scalar whose UTF-8 starts at `index` (a lead byte of valid UTF-8), and its length.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F), 4)
    }

    static func of(_ scalar: Unicode.Scalar) -> Int { columns(scalar.value) }

    /// One scalar's columns. The ranges below hold no combining mark, format character or wide
    /// character (a test checks every scalar against `measured`), so Cyrillic, Greek, Latin
    /// extensions, punctuation (— “ ” …), currency signs (₸ € ₽), arrows (→ ↻), the minus sign and
    /// box drawing are one column without the Unicode property lookup — a listing measures
    /// every amount and note.
    @inline(__always)
    static func columns(_ v: UInt32) -> Int {
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
        if (v >= 0x370 && v < 0x483) || (v >= 0x1E00 && v <= 0x200A) || (v >= 0x2010 && v <= 0x2029)
            || (v >= 0x202F && v <= 0x205F) || (v >= 0x2070 && v <= 0x20CF) || (v >= 0x20F1 && v <= 0x2CEE) {
            return 1
        }
        return measured(v)
    }

    /// One scalar's columns from its Unicode properties (what `of` answers for the rest).
    static func measured(_ v: UInt32) -> Int {
        guard let scalar = Unicode.Scalar(v) else { return 1 }
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // ESC's stand-in in rendered text (TextStyle marks) takes no column, as ESC takes none.
        if v == 0x200B || v == StyleMark.scalar.value { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode EastAsianWidth W/F, condensed).
    static func isWide(_ v: UInt32) -> Bool {
        (v >= 0x1100 && v <= 0x115F) || (v >= 0x2E80 && v <= 0x303E) || (v >= 0x3041 && v <= 0x33FF)
            || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0xA000 && v <= 0xA4CF)
            || (v >= 0xAC00 && v <= 0xD7A3) || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFE30 && v <= 0xFE4F)
            || (v >= 0xFF00 && v <= 0xFF60) || (v >= 0xFFE0 && v <= 0xFFE6) || (v >= 0x1F300 && v <= 0x1F64F)
            || (v >= 0x1F900 && v <= 0x1F9FF) || (v >= 0x20000 && v <= 0x3FFFD)
    }

    /// `text` cut to at most `width` columns, with "…" (or "~" in ASCII) when cut.
    static func truncate(_ text: String, to width: Int, ascii: Bool = false) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var out = ""
        var used = 0
        for character in text {
            let w = of(String(character))
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + (ascii ? "~" : "…")
    }

    /// Spaces after `text` to fill `width` columns.
    static func padRight(_ text: String, to width: Int) -> String {
        let w = of(text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }

    /// Spaces before `text` to fill `width` columns.
    static func padLeft(_ text: String, to width: Int) -> String {
        let w = of(text)
        return w >= width ? text : String(repeating: " ", count: width - w) + text
    }
}
