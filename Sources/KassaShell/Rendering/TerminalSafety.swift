// TerminalSafety: nothing a person (or a paste, or a synced journal) put into a note, an input,
// an account or a category reaches the terminal raw. Control characters (C0, DEL, C1: ESC, CSI,
// OSC, BEL, CR, backspace …), the line and paragraph separators (U+2028, U+2029: a line break
// to some terminals and viewers) and bidirectional overrides (U+202E …) are shown visibly escaped
// (`\x1B`, `\u{202E}`), so a note cannot recolour the screen, move the cursor, retitle the
// window or reverse what follows it. For the parser, escape sequences are not words: they are
// removed from a line before it is read (`\033[31m1500` is 1500, not 31,001,500).
// The TextRenderer passes every line it renders through `rendered`, once, whatever the output:
// no event or command output cleans its own fields.

import KassaCore
import KassaStore

public enum TerminalSafety {
    /// Unicode scalars that must not be printed raw.
    @inline(__always)
    static func isUnsafe(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value <= 0x9F)
            || (value >= 0x202A && value <= 0x202E) || (value >= 0x2066 && value <= 0x2069)
            || value == 0x200E || value == 0x200F || value == 0x061C
            || value == 0x2028 || value == 0x2029
    }

    /// Whether `text` may hold an unsafe scalar, from its UTF-8 bytes alone: a C0 byte or DEL, or
    /// the lead byte of a C1 control (C2), ALM (D8) or a bidi mark (E2). Most lines have none.
    @inline(__always)
    static func mayBeUnsafe(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            // Eight bytes at a time: a line is checked before every parse.
            while index + 8 <= bytes.count {
                if mayHoldUnsafe(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)) { return true }
                index += 8
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 { return true }
                index += 1
            }
            return false
        }
    }

    /// Whether any of eight bytes is below 0x20 or is 7F, C2, D8 or E2 (the zero-byte test is
    /// exact about whether some byte matches).
    @inline(__always)
    static func mayHoldUnsafe(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        return (control | hasZero(word ^ (ones &* 0x7F)) | hasZero(word ^ (ones &* 0xC2))
                | hasZero(word ^ (ones &* 0xD8)) | hasZero(word ^ (ones &* 0xE2))) != 0
    }

    /// `text` with every unsafe scalar written as a visible escape. Fast when there is none.
    public static func visible(_ text: String) -> String {
        guard mayBeUnsafe(text), text.unicodeScalars.contains(where: { isUnsafe($0.value) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if !isUnsafe(scalar.value) {
                out.unicodeScalars.append(scalar)
            } else if scalar.value < 0x100 {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// UTF-8 text of many lines with each line `visible`: its line ends (LF, CR LF) and tabs
    /// kept as they are (an export's layout), every other unsafe scalar escaped.
    static func visibleLines(_ bytes: [UInt8]) -> [UInt8] {
        guard mayBeUnsafe(String(decoding: bytes, as: UTF8.self)) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var start = 0
        let count = bytes.count
        for index in 0...count {
            let byte: UInt8 = index < count ? bytes[index] : 10
            let crlf = byte == 13 && index + 1 < count && bytes[index + 1] == 10
            guard index == count || byte == 10 || byte == 9 || crlf else { continue }
            out.append(contentsOf: visible(String(decoding: bytes[start..<index], as: UTF8.self)).utf8)
            if index < count { out.append(byte) }
            start = index + 1
        }
        return out
    }

    /// Bytes `write(visible:)` may need for `text`: an escape is at most four bytes a byte.
    static func maxVisibleBytes(_ text: String) -> Int { 4 * text.utf8.count }

    /// `visible(text)`'s bytes written through `out` (with room for `maxVisibleBytes`), in
    /// one pass over the UTF-8; returns their display width (`DisplayWidth.of(visible(text))`).
    /// Printable ASCII is copied and counted a column a byte, with no Unicode lookup.
    static func write(visible text: String, to out: inout ByteCursor) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var width = 0
            var index = 0
            var run = 0  // start of the bytes not yet copied
            let count = bytes.count
            while index < count {
                let lead = bytes[index]
                if lead >= 0x20 && lead < 0x7F {
                    width += 1
                    index += 1
                    continue
                }
                // U+0400–U+047F (most of Cyrillic): safe, one column.
                if lead == 0xD0 || lead == 0xD1 {
                    width += 1
                    index += 2
                    continue
                }
                let (value, length) = lead < 0x80 ? (UInt32(lead), 1) : DisplayWidth.decode(bytes, at: index)
                if isUnsafe(value) {
                    if run < index { out.put(UnsafeBufferPointer(rebasing: bytes[run..<index])) }
                    let before = out.count
                    writeEscape(value, to: &out)
                    width += out.count - before
                    run = index + length
                } else {
                    width += DisplayWidth.columns(value)
                }
                index += length
            }
            if run < count { out.put(UnsafeBufferPointer(rebasing: bytes[run..<count])) }
            return width
        }
    }

    /// `\x1B` below U+0100, `\u{202E}` above: upper-case hex, as `visible` writes it.
    private static func writeEscape(_ value: UInt32, to out: inout ByteCursor) {
        let hex: StaticString = "0123456789ABCDEF"
        out.put(92)
        if value < 0x100 {
            out.put(UInt8(ascii: "x"))
            out.put(hex.utf8Start[Int(value >> 4)])
            out.put(hex.utf8Start[Int(value & 15)])
            return
        }
        out.put(UInt8(ascii: "u")); out.put(UInt8(ascii: "{"))
        var shift = 20
        while shift > 0 && (value >> UInt32(shift)) & 15 == 0 { shift -= 4 }
        while shift >= 0 {
            out.put(hex.utf8Start[Int((value >> UInt32(shift)) & 15)])
            shift -= 4
        }
        out.put(UInt8(ascii: "}"))
    }

    /// A line as the parser should read it: ESC sequences (CSI `ESC [ … final`, OSC `ESC ] …
    /// BEL|ST`, two-byte `ESC x`) and other control characters become spaces.
    /// Whether `text` holds an unsafe scalar other than a tab, read from its UTF-8 bytes: the
    /// same answer as testing each scalar with `isUnsafe`, without decoding them. Lines with a
    /// dash, « », … or ₸ (lead bytes C2 and E2) pass `mayBeUnsafe` and come here.
    static func hasUnsafeScalar(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                if c < 0x80 {
                    if (c < 0x20 && c != 0x09) || c == 0x7F { return true }  // C0 (not tab), DEL
                } else if c == 0xC2 {
                    if i + 1 < n, b[i + 1] >= 0x80, b[i + 1] <= 0x9F { return true }  // C1: U+0080–009F
                } else if c == 0xD8 {
                    if i + 1 < n, b[i + 1] == 0x9C { return true }  // ALM U+061C
                } else if c == 0xE2, i + 2 < n {
                    let (d, e) = (b[i + 1], b[i + 2])
                    if d == 0x80, e == 0x8E || e == 0x8F || (e >= 0xA8 && e <= 0xAE) { return true }  // U+200E/F, U+2028–202E
                    if d == 0x81, e >= 0xA6, e <= 0xA9 { return true }  // U+2066–2069
                }
                i += 1
            }
            return false
        }
    }

    public static func readable(_ line: String) -> String {
        guard mayBeUnsafe(line), hasUnsafeScalar(line) else { return line }
        var out = String.UnicodeScalarView()
        var scalars = Array(line.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard isUnsafe(scalar.value) else { out.append(scalar); continue }
            out.append(" ")
            guard scalar == "\u{1B}" || scalar == "\u{9B}" || scalar == "\u{9D}", let next = scalars.first else { continue }
            if scalar == "\u{9B}" || next == "[" {
                if scalar == "\u{1B}" { scalars.removeFirst() }
                // Parameters and intermediates up to the final byte (@ … ~).
                while let c = scalars.popFirst(), !(c.value >= 0x40 && c.value <= 0x7E) {}
            } else if scalar == "\u{9D}" || next == "]" || next == "P" || next == "_" || next == "^" {
                if scalar == "\u{1B}" { scalars.removeFirst() }
                // A string up to BEL or ST (ESC \).
                while let c = scalars.popFirst() {
                    if c == "\u{07}" || c == "\u{9C}" { break }
                    if c == "\u{1B}" { if scalars.first == "\\" { scalars.removeFirst() }; break }
                }
            } else {
                scalars.removeFirst()
            }
        }
        return String(out)
    }
}

extension TerminalSafety {
    /// A line the TextRenderer rendered, made safe in one pass: every unsafe scalar (a note's
    /// ESC, a name's bidi override) is made visible, then the renderer's own style marks become
    /// the escape sequences they stand for (TextStyle, StyleMark). Every rendered line goes
    /// through here, whatever the command, so no output can forget a field.
    public static func rendered(_ line: String) -> String {
        guard mayBeUnsafe(line) || mayHoldMark(line) else { return line }
        var out = String.UnicodeScalarView()
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == StyleMark.scalar, let code = markCode(scalars, at: index) {
                out.append("\u{1B}")
                out.append(contentsOf: code.unicodeScalars)
                index += code.unicodeScalars.count
            } else if isUnsafe(scalar.value) {
                out.append(contentsOf: visible(String(scalar)).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `text` may hold a style mark: the mark is a plane-15 private-use scalar, whose
    /// UTF-8 starts with F3.
    private static func mayHoldMark(_ text: String) -> Bool {
        text.utf8.contains(0xF3)
    }

    /// The style code (`[32m`) after a mark at `index`, if one of TextStyle's follows.
    private static func markCode(_ scalars: [Unicode.Scalar], at index: Int) -> String? {
        StyleMark.codes.first { code in
            let code = Array(code.unicodeScalars)
            return index + code.count <= scalars.count && Array(scalars[index..<(index + code.count)]) == code
        }
    }
}
