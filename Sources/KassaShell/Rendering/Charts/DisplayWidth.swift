// DisplayWidth: how many terminal columns text takes — what aligns report columns. Combining
// marks and zero-width characters take none, East Asian wide and fullwidth characters two,
// everything else (Latin, Cyrillic, box drawing, block elements) one. Escape sequences of
// colour are not counted: widths are measured before styling.

enum DisplayWidth {
    static func of(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += of(scalar) }
        return width
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
        // Greek, Cyrillic and the like (no combining marks from 0x370 to 0x482): one column,
        // without the Unicode property lookup below — a listing measures every note.
        if v >= 0x370 && v < 0x483 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B { return 0 }
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
