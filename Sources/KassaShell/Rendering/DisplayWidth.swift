// DisplayWidth: how many terminal columns a string takes — 1 for Latin and Cyrillic, 2 for East
// Asian wide and fullwidth characters and most emoji, 0 for combining marks and joiners — so
// columns line up whatever script a note is in.

enum DisplayWidth {
    static func of(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += of(scalar.value) }
        return width
    }

    static func of(_ value: UInt32) -> Int {
        if value < 0x300 { return 1 }
        if (0x300...0x36F).contains(value) || (0x200B...0x200F).contains(value) || value == 0xFE0F
            || (0x1AB0...0x1AFF).contains(value) || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value) {
            return 0
        }
        if (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value) || (0x3041...0x33FF).contains(value)
            || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xA000...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1F64F).contains(value)
            || (0x1F900...0x1F9FF).contains(value) || (0x20000...0x3FFFD).contains(value) {
            return 2
        }
        return 1
    }

    /// `text` padded with spaces to `width` columns (never cut).
    static func pad(_ text: String, to width: Int) -> String {
        let own = of(text)
        return own >= width ? text : text + String(repeating: " ", count: width - own)
    }

    /// Spaces before `text` so it ends at `width` columns (numbers align on the right).
    static func padLeft(_ text: String, to width: Int) -> String {
        let own = of(text)
        return own >= width ? text : String(repeating: " ", count: width - own) + text
    }
}
