// TextLines: the lines of a text file, split at every LF, and at a CR no LF follows (a file
// whose lines end in a lone CR has as many lines as it shows). Swift reads CR LF as one Character, so
// `text.split(separator: "\n")` finds no line break at all in a Windows file: a CRLF bank
// statement read as one line imported nothing and said nothing. Splitting the Unicode scalars
// finds every LF; the CR before it stays on the line, where the readers' trimming removes it.
// The journal readers read bytes: `forEach` splits them at LF, drops a CR before it, and says
// which lines are not UTF-8 (each is a problem naming its line).

enum TextLines {
    /// Every line of `text` (ended by LF, CR LF or a lone CR), empty ones included (their numbers are the file's line numbers).
    static func split(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if scalar == "\n" || (scalar == "\r" && (next == scalars.endIndex || scalars[next] != "\n")) {
                lines.append(Substring(scalars[start..<index]))
                start = next
            }
            index = next
        }
        lines.append(Substring(scalars[start..<scalars.endIndex]))
        return lines
    }

    /// Each line of `bytes` (LF, CR LF or a lone CR; no empty line after a last one), numbered from 1: its
    /// text, or nil when it is not UTF-8.
    static func forEach(_ bytes: [UInt8], _ body: (_ number: Int, _ line: Substring?) -> Void) {
        var number = 0
        var start = 0
        let count = bytes.count
        while start < count {
            var end = start
            while end < count && bytes[end] != 10 && !(bytes[end] == 13 && (end + 1 == count || bytes[end + 1] != 10)) { end += 1 }
            number += 1
            var stop = end
            if stop > start && bytes[stop - 1] == 13 { stop -= 1 }
            let lineStart = start
            start = end + 1
            body(number, String(validating: bytes[lineStart..<stop], as: UTF8.self).map { Substring($0) })
        }
    }
}
