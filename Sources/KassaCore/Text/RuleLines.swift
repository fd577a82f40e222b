// RuleLines: the one line reader of kassa's rules-as-data files — dialog replies, questions and
// their corpora (Grammars/…): the file split at every LF (a CR before it dropped, so a file saved
// on Windows reads the same), blank lines and `#` comments left out, each line kept with its
// number (for problems that name it), as written, and without the white space around it.

public struct RuleLine: Sendable {
    /// From 1, as an editor counts.
    public let number: Int
    /// The line as written (without its line break).
    public let raw: Substring
    /// The line without the white space around it: never empty, never a comment.
    public let text: String

    /// Spaces and tabs before the text.
    public var indent: Int { raw.prefix { $0 == " " || $0 == "\t" }.count }
}

public enum RuleLines {
    public static func read(_ contents: String) -> [RuleLine] {
        var lines: [RuleLine] = []
        for (offset, scalars) in contents.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var raw = Substring(scalars)
            if raw.unicodeScalars.last == "\r" { raw = Substring(raw.unicodeScalars.dropLast()) }
            guard let first = raw.firstIndex(where: { !$0.isWhitespace }), let last = raw.lastIndex(where: { !$0.isWhitespace }) else { continue }
            let text = String(raw[first...last])
            if text.hasPrefix("#") { continue }
            lines.append(RuleLine(number: offset + 1, raw: raw, text: text))
        }
        return lines
    }
}
