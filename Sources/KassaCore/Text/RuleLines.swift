// RuleLines: the one line reader of kassa's rules-as-data files (Grammars/…). Every line of a
// `.rules` file is `DIRECTIVE WORD… = item, item, …`; the entry grammar's directives are read by
// GrammarLoader, and the others — the session's words (`word`), replies to drafts (`reply`) and
// questions (`ask`) — by their own tables through `read(_:directive:)`, from any `.rules` file. The
// file is split at every LF (a CR before it dropped, so a file saved on Windows reads the same),
// blank lines and `#` comments left out, each line kept with its number (for problems that name
// it), as written, and without the white space around it. Corpora are read with `read(_:)`.

/// The directives read outside the entry grammar, each by its own table.
public enum RuleDirective: String, CaseIterable, Sendable {
    /// The session's words: `word GROUP NAME = w, w, …` (command names, answers, field words …).
    case word
    /// Words of replies to waiting drafts: `reply KIND [VALUE] = phrase, …`.
    case reply
    /// Words that make a line a question: `ask GROUP [NAME] = phrase, …`.
    case ask
}

public struct RuleLine: Sendable {
    /// From 1, as an editor counts.
    public let number: Int
    /// The line as written (without its line break).
    public let raw: Substring
    /// The line without the white space around it: never empty, never a comment.
    public let text: String

    /// Spaces and tabs before the text.
    public var indent: Int { raw.prefix { $0 == " " || $0 == "\t" }.count }

    /// A rule line taken apart: the words between the directive and `=`, and the items after it
    /// (comma-separated, trimmed, each with its 1-based column in `text`); nil without `=`.
    public struct Parts: Sendable {
        public let head: [String]
        public let items: [(text: Substring, column: Int)]
        /// The column just after `=`.
        public let bodyColumn: Int
    }

    /// This line as a rule whose first word is its directive.
    public var parts: Parts? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let head = text[..<equals].split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().map(String.init)
        var items: [(text: Substring, column: Int)] = []
        var column = text.distance(from: text.startIndex, to: equals) + 2
        let bodyColumn = column
        for piece in text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
            let lead = piece.prefix { $0 == " " || $0 == "\t" }.count
            var item = piece.dropFirst(lead)
            while let last = item.last, last == " " || last == "\t" { item = item.dropLast() }
            items.append((item, column + lead))
            column += piece.count + 1
        }
        return Parts(head: head, items: items, bodyColumn: bodyColumn)
    }
}

public enum RuleLines {
    public static func read(_ contents: String) -> [RuleLine] {
        var lines: [RuleLine] = []
        for (offset, scalars) in contents.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let line = line(Substring(scalars), number: offset + 1) { lines.append(line) }
        }
        return lines
    }

    /// The lines of `contents` that begin with `directive` and a blank: found by bytes, so the
    /// entry grammar's lines of the same files cost a scan, not a string each.
    public static func read(_ contents: String, directive: RuleDirective) -> [RuleLine] {
        let word = Array(directive.rawValue.utf8)
        var lines: [RuleLine] = []
        let utf8 = contents.utf8
        var number = 0
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
            number += 1
            var first = start
            while first < end, utf8[first] == 0x20 || utf8[first] == 0x09 { first = utf8.index(after: first) }
            var matches = true
            var cursor = first
            for byte in word {
                guard cursor < end, utf8[cursor] == byte else { matches = false; break }
                cursor = utf8.index(after: cursor)
            }
            if matches, cursor < end, utf8[cursor] == 0x20 || utf8[cursor] == 0x09,
               let line = line(Substring(contents.unicodeScalars[start..<end]), number: number) {
                lines.append(line)
            }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        return lines
    }

    private static func line(_ raw: Substring, number: Int) -> RuleLine? {
        var raw = raw
        if raw.unicodeScalars.last == "\r" { raw = Substring(raw.unicodeScalars.dropLast()) }
        guard let first = raw.firstIndex(where: { !$0.isWhitespace }), let last = raw.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        let text = String(raw[first...last])
        if text.hasPrefix("#") { return nil }
        return RuleLine(number: number, raw: raw, text: text)
    }
}
