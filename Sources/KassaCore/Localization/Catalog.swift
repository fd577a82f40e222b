// Catalog: the user-facing messages of one language, read from Locales/<lang>/*.messages.
//
// File format, one entry per line:
//     key = text with {placeholders}
//     key[one] = {count} запись        plural forms, chosen by CLDR rules on {count}
//     # a comment
// `\n` in a text is a line break; a text may not span lines. Later files (the user's) override.

public struct Catalog: Sendable {
    public let language: Language
    private var loaded: [String: String] = [:]
    /// Files not read yet (the built-in ones, which cannot hold mistakes: a test reads them):
    /// read on the first lookup, shared by every copy of this catalog.
    private var later: Deferred<[String: String]>?

    public init(language: Language) {
        self.language = language
    }

    /// A catalog of `files` (contents, display name) in order, read only when first asked.
    public init(language: Language, readingLater files: [(contents: String, file: String)]) {
        self.language = language
        later = Deferred {
            var catalog = Catalog(language: language)
            for file in files { catalog.load(file.contents, file: file.file) }
            return catalog.loaded
        }
    }

    /// Every entry, the deferred files read first if they were not.
    private var entries: [String: String] { later?.value ?? loaded }

    /// Problems found while reading, as "file:line: reason" values for a warning.
    public struct Problem: Sendable, Hashable {
        public let file: String
        public let line: Int
        public let text: String
    }

    /// Room for `count` entries in all, before loading files that hold about that many: one
    /// table instead of one rehash per doubling (this runs at every start).
    public mutating func reserve(_ count: Int) { loaded.reserveCapacity(count) }

    /// Adds the entries of one catalog file; returns the lines that could not be read.
    /// Works on the text's UTF-8 bytes in place: this runs on every start (the built-in catalogs
    /// are string literals, read without a copy), and splitting into slices or Characters was
    /// most of the catalogs' share of start-up time.
    @discardableResult
    public mutating func load(_ contents: String, file: String) -> [Problem] {
        // Files added to a deferred catalog go over the deferred ones, read now.
        if let later { loaded = later.value; self.later = nil }
        var contents = contents
        return contents.withUTF8 { bytes in load(bytes: bytes, file: file) }
    }

    private mutating func load(bytes: UnsafeBufferPointer<UInt8>, file: String) -> [Problem] {
        var problems: [Problem] = []
        @inline(__always) func blank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 13 }
        @inline(__always) func text(_ from: Int, _ to: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        }
        Catalog.forEachLine(bytes) { lineNumber, line, content in
            let (low, high) = (content.lowerBound, content.upperBound)
            var equals = low
            while equals < high && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            var keyEnd = equals
            while keyEnd > low && blank(bytes[keyEnd - 1]) { keyEnd -= 1 }
            guard equals < high, keyEnd > low else {
                problems.append(Problem(file: file, line: lineNumber, text: text(line.lowerBound, line.upperBound)))
                return
            }
            var valueStart = equals + 1
            while valueStart < high && blank(bytes[valueStart]) { valueStart += 1 }
            var escaped = false
            for index in valueStart..<high where bytes[index] == UInt8(ascii: "\\") { escaped = true; break }
            loaded[text(low, keyEnd)] = escaped
                ? Catalog.unescape(UnsafeBufferPointer(rebasing: bytes[valueStart..<high]))
                : text(valueStart, high)
        }
        return problems
    }

    /// The lines of a data file that say something (not blank, not a `#` comment), on bytes:
    /// `body` gets the line's number, its bounds, and its bounds without the blanks around it.
    /// Message catalogs and session.rules are read this way at every start.
    public static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>,
                                   _ body: (_ number: Int, _ line: Range<Int>, _ content: Range<Int>) -> Void) {
        @inline(__always) func blank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 13 }
        var number = 0, start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            number += 1
            var low = start, high = end
            while low < high && blank(bytes[low]) { low += 1 }
            while high > low && blank(bytes[high - 1]) { high -= 1 }
            if low < high && bytes[low] != UInt8(ascii: "#") { body(number, start..<end, low..<high) }
            start = end + 1
        }
    }

    /// `\n` a line break, `\t` a tab, a backslash before anything else that thing (`\\` one
    /// backslash); a lone backslash at the end is dropped.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaping = false
        for byte in bytes {
            if escaping {
                switch byte {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                default: out.append(byte)
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
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
