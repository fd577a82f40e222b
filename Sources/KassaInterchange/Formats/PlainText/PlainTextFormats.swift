// PlainTextFormats: `hledger` and `ledger`, the plain-text journals both tools read (one reader,
// PlainTextReader; one writer each, through PlainTextDialect). Known by their extensions, or by a
// directive only they have as a first word (`account`, `commodity`, `P`, `include` of a path
// not in quotes …). A file whose lines do not say which is read as hledger's.

import KassaCore

extension InterchangeFormat {
    public static let hledger = InterchangeFormat(
        name: "hledger", extensions: ["journal", "hledger", "j"],
        detection: .journalLine { words in
            guard words.count > 1, let first = words.first else { return false }
            if first == "include" { return !words[1].hasPrefix("\"") }
            return ["account", "commodity", "P", "~", "=", "alias", "decimal-mark", "payee", "tag"].contains(first)
        },
        reading: .journal { bytes, key, include, year in PlainTextReader.parse(bytes, key: key, include: include, year: year) },
        writing: { source in
            let (inventory, extras) = source.journalParts()
            return HledgerWriter(inventory: inventory, extras: extras)
        },
        isJournal: true)

    public static let ledger = InterchangeFormat(
        name: "ledger", extensions: ["ledger", "dat"],
        reading: .journal { bytes, key, include, year in PlainTextReader.parse(bytes, key: key, include: include, year: year) },
        writing: { source in
            let (inventory, extras) = source.journalParts()
            return LedgerWriter(inventory: inventory, extras: extras)
        },
        isJournal: true)
}
