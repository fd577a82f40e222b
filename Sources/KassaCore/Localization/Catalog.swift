// Catalog: the user-facing messages of one language, read from Locales/<lang>/*.messages.
//
// File format, one entry per line:
//     key = text with {placeholders}
//     key[one] = {count} запись        plural forms, chosen by CLDR rules on {count}
//     # a comment
// `\n` in a text is a line break; a text may not span lines. Later files (the user's) override.

public struct Catalog: Sendable {
    public let language: Language
    private var entries: [String: String] = [:]

    public init(language: Language) {
        self.language = language
    }

    /// Problems found while reading, as "file:line: reason" values for a warning.
    public struct Problem: Sendable, Hashable {
        public let file: String
        public let line: Int
        public let text: String
    }

    /// Adds the entries of one catalog file; returns the lines that could not be read.
    /// Works on UTF-8 bytes: this runs on every start, and Character-by-Character splitting of
    /// the catalogs was a visible share of start-up time.
    @discardableResult
    public mutating func load(_ contents: String, file: String) -> [Problem] {
        var problems: [Problem] = []
        var lineNumber = 0
        let equalsSign = UInt8(ascii: "=")
        for rawLine in contents.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Catalog.trimmed(rawLine)
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            guard let equals = line.firstIndex(of: equalsSign) else {
                problems.append(Problem(file: file, line: lineNumber, text: String(decoding: rawLine, as: UTF8.self)))
                continue
            }
            let key = Catalog.trimmed(line[..<equals])
            let value = Catalog.trimmed(line[line.index(after: equals)...])
            guard !key.isEmpty else {
                problems.append(Problem(file: file, line: lineNumber, text: String(decoding: rawLine, as: UTF8.self)))
                continue
            }
            let text = String(decoding: value, as: UTF8.self)
            entries[String(decoding: key, as: UTF8.self)] = value.contains(UInt8(ascii: "\\")) ? Catalog.unescape(Substring(text)) : text
        }
        return problems
    }

    /// Drops ASCII blanks (space, tab, CR) at both ends of a byte slice.
    public static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        func blank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 13 }
        var slice = bytes
        while let first = slice.first, blank(first) { slice = slice.dropFirst() }
        while let last = slice.last, blank(last) { slice = slice.dropLast() }
        return slice
    }

    public var keys: Set<String> { Set(entries.keys) }

    public func has(_ key: String) -> Bool {
        entries[key] != nil || entries[key + "[other]"] != nil
    }

    /// The raw template of a key, without placeholder substitution.
    public func template(_ key: String) -> String? { entries[key] }

    /// The message for `key` with `{name}` placeholders filled in. A missing key shows as
    /// `⟦key⟧` rather than crashing, and a test keeps the catalogs complete.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        // A message with plural forms and a numeric {count} takes the form the count needs.
        if let count = arguments["count"].flatMap({ Int($0) }), entries[key + "[other]"] != nil {
            return text(key, count: count, arguments)
        }
        guard let template = entries[key] else { return "⟦\(key)⟧" }
        return Catalog.fill(template, arguments)
    }

    /// The plural form of `key` for `count`; `{count}` is filled in too.
    public func text(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        let category = PluralCategory(count: count, language: language)
        var arguments = arguments
        arguments["count"] = arguments["count"] ?? String(count)
        if let template = entries["\(key)[\(category.rawValue)]"] ?? entries["\(key)[other]"] ?? entries[key] {
            return Catalog.fill(template, arguments)
        }
        return "⟦\(key)⟧"
    }

    public static func placeholders(in template: String) -> Set<String> {
        var names: Set<String> = []
        var current: String?
        for ch in template {
            if ch == "{" { current = "" } else if ch == "}" {
                if let name = current { names.insert(name) }
                current = nil
            } else if current != nil { current!.append(ch) }
        }
        return names
    }

    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var name: String?
        for ch in template {
            if ch == "{" {
                if let pending = name { out += "{" + pending }
                name = ""
            } else if ch == "}", let pending = name {
                out += arguments[pending] ?? "{\(pending)}"
                name = nil
            } else if name != nil {
                name!.append(ch)
            } else {
                out.append(ch)
            }
        }
        if let pending = name { out += "{" + pending }
        return out
    }

    static func unescape(_ value: Substring) -> String {
        guard value.contains("\\") else { return String(value) }
        var out = ""
        var escaping = false
        for ch in value {
            if escaping {
                switch ch {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(ch)
                }
                escaping = false
            } else if ch == "\\" {
                escaping = true
            } else {
                out.append(ch)
            }
        }
        return out
    }
}

extension StringProtocol {
    /// Drops ASCII spaces and tabs at both ends (Foundation-free, for hot loaders).
    var trimmingSpaces: SubSequence {
        var start = startIndex, end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" || self[start] == "\r" { start = index(after: start) }
        while end > start {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" || self[before] == "\r" else { break }
            end = before
        }
        return self[start..<end]
    }
}
