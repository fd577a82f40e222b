// RuleLines: the one line reader of kassa's rules-as-data files (Grammars/…). Every line of a
// `.rules` file is `DIRECTIVE WORD… = item, item, …`; the entry grammar's directives are read by
// GrammarLoader, and the others — the session's words (`word`), replies to drafts (`reply`) and
// questions (`ask`) — by their own tables through `rules(_:directive:)`, from any `.rules` file. The
// file is split at every LF (a CR before it dropped, so a file saved on Windows reads the same),
// blank lines and `#` comments left out, each line kept with its number (for problems that name
// it), as written, and without the white space around it. Corpora are read with `read(_:)`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
}

/// One rule of a directive read outside the entry grammar, taken apart (RuleLines.rules).
public struct Rule: Sendable {
    /// One item after `=`: its text without the blanks around it, and its 1-based column from
    /// the rule's first character.
    public struct Item: Sendable {
        public let text: String
        public let column: Int
    }

    /// From 1, as an editor counts.
    public let number: Int
    /// The line as written (without its line break), for problems that show it.
    public let line: String
    /// Blanks before the rule's first character.
    public let indent: Int
    /// The words between the directive and `=`.
    public let head: [String]
    /// The items after `=` (none without one).
    public let items: [Item]
    /// Whether the line has its `=`.
    public let hasEquals: Bool
    /// The rule's length in characters, without the blanks around it.
    public let length: Int
}

public enum RuleLines {
    public static func read(_ contents: String) -> [RuleLine] {
        var lines: [RuleLine] = []
        for (offset, scalars) in contents.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let line = line(Substring(scalars), number: offset + 1) { lines.append(line) }
        }
        return lines
    }

    /// The lines of `contents` that begin with `directive` and a blank, taken apart: found and
    /// split by bytes (every syntax character is ASCII), so the entry grammar's lines of the same
    /// files cost a scan, and a rule's words cost one string each.
    public static func rules(_ contents: String, directive: RuleDirective) -> [Rule] {
        var contents = contents
        return contents.withUTF8 { rules(bytes: $0, directive: Array(directive.rawValue.utf8)) }
    }

    private static func rules(bytes b: UnsafeBufferPointer<UInt8>, directive word: [UInt8]) -> [Rule] {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        func string(_ start: Int, _ end: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self) }
        /// Scalars in b[start..<end]: a column is one scalar.
        func scalars(_ start: Int, _ end: Int) -> Int {
            var count = 0
            for i in start..<end where b[i] & 0xC0 != 0x80 { count += 1 }
            return count
        }
        var rules: [Rule] = []
        var number = 0
        var start = 0
        while start < b.count {
            // The next line break by memchr (vectorised): most lines are other directives'.
            let end = memchr(b.baseAddress! + start, 0x0A, b.count - start)
                .map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - b.baseAddress! } ?? b.count
            number += 1
            defer { start = end + 1 }
            var low = start, high = end
            while low < high, isBlank(b[low]) { low += 1 }
            while high > low, isBlank(b[high - 1]) { high -= 1 }
            guard high - low > word.count, isBlank(b[low + word.count]) else { continue }
            var matches = true
            for k in 0..<word.count where b[low + k] != word[k] { matches = false; break }
            guard matches else { continue }
            var lineEnd = end
            if lineEnd > start, b[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var equals = low
            while equals < high, b[equals] != UInt8(ascii: "=") { equals += 1 }
            var head: [String] = []
            var i = low + word.count
            while i < equals {
                while i < equals, isBlank(b[i]) { i += 1 }
                let wordStart = i
                while i < equals, !isBlank(b[i]) { i += 1 }
                if i > wordStart { head.append(string(wordStart, i)) }
            }
            var items: [Rule.Item] = []
            if equals < high {
                var itemStart = equals + 1
                while itemStart <= high {
                    var itemEnd = itemStart
                    while itemEnd < high, b[itemEnd] != UInt8(ascii: ",") { itemEnd += 1 }
                    var s = itemStart, e = itemEnd
                    while s < e, isBlank(b[s]) { s += 1 }
                    while e > s, isBlank(b[e - 1]) { e -= 1 }
                    items.append(Rule.Item(text: string(s, e), column: scalars(low, s) + 1))
                    itemStart = itemEnd + 1
                }
            }
            rules.append(Rule(number: number, line: string(start, lineEnd), indent: scalars(start, low), head: head,
                              items: items, hasEquals: equals < high, length: scalars(low, high)))
        }
        return rules
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
