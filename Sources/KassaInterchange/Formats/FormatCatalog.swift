// FormatCatalog: THE list of formats kassa imports and exports — import, export, detection,
// `--help` and usage, completions and kassa-bench all read it, so a format is declared once
// (in its folder, Formats/<Name>/) and named here once. The order is the order people see.
// Detection when --format is not given: the file's extension; else a format that knows the
// first bytes (a backup starts with '{'); with CSV rules, a CSV; a journal's first lines
// (sniffJournal); a table whose header one format knows (the app's CSV); a header with a date
// and an amount (a bank's CSV); a text one format knows (a statement); anything else is tried as
// CSV (and its header reported if unknown).

import KassaCore

public enum FormatCatalog {
    public static let all: [InterchangeFormat] = [.jsonl, .csv, .tenra, .statement, .hledger, .ledger, .beancount]

    /// The --format words of `kassa import`.
    public static var importNames: [String] { all.filter { $0.reading != nil }.map(\.name) }
    /// The --format words of `kassa export`.
    public static var exportNames: [String] { all.filter { $0.writing != nil }.map(\.name) }

    /// The format named `word` (any case) that imports, if any.
    public static func importing(_ word: String) -> InterchangeFormat? {
        all.first { $0.name == word.lowercased() && $0.reading != nil }
    }

    /// The format named `word` (any case) that exports, if any.
    public static func exporting(_ word: String) -> InterchangeFormat? {
        all.first { $0.name == word.lowercased() && $0.writing != nil }
    }

    /// The format a file name's extension says, if any.
    public static func named(path: String) -> InterchangeFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        return all.first { $0.extensions.contains(ext) }
    }

    public static func detect(_ bytes: [UInt8], vocabulary: ImportVocabulary, rules: ImportRules?) -> InterchangeFormat {
        for format in all { if case .content(let knows)? = format.detection, knows(bytes) { return format } }
        if rules?.fields != nil || rules?.hledger != nil { return .csv }
        if let journal = sniffJournal(bytes[...]) { return journal }
        let table = CSVTable(Array(bytes.prefix(1 << 16)), delimiter: rules?.separator)
        var header: [String] = []
        var skipped = 0
        table.forEachRow { _, cells in
            if skipped < rules?.skip ?? 0 { skipped += 1; return true }
            header = cells.map(table.text)
            return false
        }
        for format in all { if case .header(let knows)? = format.detection, knows(header) { return format } }
        // A header with a date and an amount, on the first row or after a bank's preamble.
        if let found = BankHeader.find(table, vocabulary: vocabulary, skip: rules?.skip ?? 0), BankHeader.isUsable(found.columns) {
            return .csv
        }
        let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        for format in all { if case .text(let knows)? = format.detection, knows(text) { return format } }
        return .csv
    }

    /// The journal format the first lines say, if any (looks at most at 64 KiB): a line that is
    /// a format's own directive (Detection.journalLine), or a dated line followed by an indented
    /// posting (the plain-text journal every such tool reads).
    public static func sniffJournal(_ bytes: ArraySlice<UInt8>) -> InterchangeFormat? {
        let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        var lastDated = false
        for raw in TextLines.split(text).prefix(400) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            guard let first = line.first else { lastDated = false; continue }
            if first == ";" || first == "#" || first == "*" { continue }
            if first == " " || first == "\t" {
                if lastDated, PlainTextPosting.trim(line).first.map({ $0.isLetter || $0 == "(" || $0 == "[" }) == true { return .hledger }
                continue
            }
            let words = line.split(separator: " ", maxSplits: 2)
            for format in all { if case .journalLine(let knows)? = format.detection, knows(words) { return format } }
            // A dated line, not a CSV row: an entry's first line if an indented posting follows.
            let head = line.prefix { !($0 == " " || $0 == "\t" || $0 == "=") }
            lastDated = PlainTextReader.State.date(head, year: nil) != nil && !line.contains(",")
        }
        return nil
    }
}
