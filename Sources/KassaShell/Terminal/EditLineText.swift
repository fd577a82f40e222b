// EditLineText: the pure text work behind EditLineReader, kept apart from the libedit calls so
// it can be tested without a terminal: the word before the cursor, the common prefix of
// completion candidates (whole characters, never half a Cyrillic letter), candidate columns,
// terminal cell widths, prompt escape marking, and wchar_t conversion (libedit's wide API).
import CEditLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum EditLineText {
    /// Wraps each ANSI escape sequence in `marker` (EL_PROMPT_ESC's ignore character) so
    /// libedit does not count its characters as columns (a coloured prompt would otherwise
    /// misplace the cursor).
    static func markingEscapes(_ prompt: String, marker: wchar_t) -> String {
        let marker = Character(Unicode.Scalar(UInt32(marker))!)
        var result = ""
        var inEscape = false
        for scalar in prompt.unicodeScalars {
            if !inEscape, scalar == "\u{1B}" {
                inEscape = true
                result.append(marker)
                result.unicodeScalars.append(scalar)
                continue
            }
            result.unicodeScalars.append(scalar)
            // CSI ends with a final byte in @...~ (after "ESC ["); a bare ESC x ends at x.
            if inEscape, scalar != "[", scalar != "\u{1B}", (0x40...0x7E).contains(scalar.value) {
                inEscape = false
                result.append(marker)
            }
        }
        if inEscape { result.append(marker) }
        return result
    }

    /// The word being completed: everything after the last space before the cursor.
    static func lastWord(of text: String) -> String {
        guard let space = text.lastIndex(where: { $0 == " " || $0 == "\t" }) else { return text }
        return String(text[text.index(after: space)...])
    }

    /// Longest common prefix in whole characters (never half a Cyrillic letter or a cluster).
    static func commonPrefix(of words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let characters = Array(word)
            var length = 0
            while length < prefix.count, length < characters.count, prefix[length] == characters[length] {
                length += 1
            }
            prefix.removeSubrange(length...)
        }
        return String(prefix)
    }

    /// Candidates laid out down-then-across in columns that fit `width` terminal cells.
    static func columnLayout(_ items: [String], width: Int) -> String {
        let widths = items.map(displayWidth)
        let cell = (widths.max() ?? 0) + 2
        let perRow = max(1, width / max(1, cell))
        let rows = (items.count + perRow - 1) / perRow
        var text = ""
        for row in 0..<rows {
            var line = ""
            var column = row
            while column < items.count {
                let next = column + rows
                line += items[column]
                if next < items.count { line += String(repeating: " ", count: cell - widths[column]) }
                column = next
            }
            text += line + "\n"
        }
        return text
    }

    /// Terminal cells taken by `text` (wide CJK characters count two, combining marks none).
    /// wcwidth needs a UTF-8 locale; without one (it answers -1) a printable scalar is one cell.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let width = Int(kassa_wcwidth(wchar_t(bitPattern: scalar.value)))
            if width >= 0 { return total + width }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .control, .format: return total
            default: return total + 1
            }
        }
    }

    /// A NUL-terminated wchar_t copy of `text`; the caller deallocates it.
    static func wideString(_ text: String) -> UnsafeMutablePointer<wchar_t> {
        let scalars = Array(text.unicodeScalars)
        let buffer = UnsafeMutablePointer<wchar_t>.allocate(capacity: scalars.count + 1)
        for (index, scalar) in scalars.enumerated() {
            buffer[index] = wchar_t(bitPattern: scalar.value)
        }
        buffer[scalars.count] = 0
        return buffer
    }

    static func string(from buffer: UnsafePointer<wchar_t>, count: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for index in 0..<max(0, count) {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: buffer[index])) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
