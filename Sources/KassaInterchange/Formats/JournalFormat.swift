// JournalFormat: how `kassa import` knows an hledger, ledger or beancount journal without
// --format — by the file's extension (.journal, .hledger, .j → hledger; .ledger, .dat → ledger;
// .beancount, .bean → beancount), else by its first lines: a beancount directive
// (`2024-01-01 open …`, `option "…"`), or a dated line followed by an indented posting or a
// plain-text journal directive (`account`, `commodity`, `P`, `include`, `~`, `=`) — and reading
// one: the format's parser, then JournalBook.

import KassaCore

extension ImportFormat {
    public var isJournal: Bool { self == .hledger || self == .ledger || self == .beancount }

    /// The journal format a file name says, if any.
    public static func journal(path: String) -> ImportFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "journal", "hledger", "j": return .hledger
        case "ledger", "dat": return .ledger
        case "beancount", "bean": return .beancount
        default: return nil
        }
    }

    /// The journal format the first lines say, if any (looks at most at 64 KiB).
    public static func sniffJournal(_ bytes: ArraySlice<UInt8>) -> ImportFormat? {
        let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        var lastDated = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(400) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            guard let first = line.first else { lastDated = false; continue }
            if first == ";" || first == "#" || first == "*" { continue }
            if first == " " || first == "\t" {
                if lastDated, PlainTextPosting.trim(line).first.map({ $0.isLetter || $0 == "(" || $0 == "[" }) == true { return .hledger }
                continue
            }
            let words = line.split(separator: " ", maxSplits: 2)
            if ["option", "plugin"].contains(words.first ?? ""), words.count > 1, words[1].hasPrefix("\"") { return .beancount }
            if words.first == "include", words.count > 1 { return words[1].hasPrefix("\"") ? .beancount : .hledger }
            if words.count >= 2, words[0].count == 10, PlainTextReader.State.date(words[0], year: nil) != nil,
               ["open", "close", "commodity", "price", "balance", "pad", "event", "note", "txn", "custom"].contains(words[1])
                || (["*", "!"].contains(words[1]) && words.count > 2 && words[2].hasPrefix("\"")) {
                return .beancount
            }
            if ["account", "commodity", "P", "~", "=", "alias", "decimal-mark", "payee", "tag"].contains(words.first ?? ""), words.count > 1 {
                return .hledger
            }
            // A dated line, not a CSV row: an entry's first line if an indented posting follows.
            let head = line.prefix { !($0 == " " || $0 == "\t" || $0 == "=") }
            lastDated = PlainTextReader.State.date(head, year: nil) != nil && !line.contains(",")
        }
        return nil
    }

    /// A journal file's records: parsed in its format, made into kassa's by JournalBook.
    public static func readJournal(_ bytes: [UInt8], format: ImportFormat, vocabulary: ImportVocabulary,
                                   key: String = "", include: JournalIncluder?) throws -> ImportRecords {
        let parse = format == .beancount ? BeancountReader.parse(bytes, key: key, include: include)
            : PlainTextReader.parse(bytes, key: key, include: include)
        return try JournalBook(vocabulary: vocabulary).make(parse)
    }
}
