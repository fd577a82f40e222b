// BeancountFormat: `beancount` — read by BeancountReader, written by BeancountWriter. Known by
// its extensions (.beancount, .bean) or by a first line only it has: `option "…"`, `plugin "…"`,
// `include "…"` (a path in quotes), or a dated directive (`2024-01-01 open …`, `… * "payee"`).

import KassaCore

extension InterchangeFormat {
    public static let beancount = InterchangeFormat(
        name: "beancount", extensions: ["beancount", "bean"],
        detection: .journalLine { words in
            guard words.count > 1, let first = words.first else { return false }
            if ["option", "plugin", "include"].contains(first) { return words[1].hasPrefix("\"") }
            return first.count == 10 && PlainTextReader.State.date(first, year: nil) != nil
                && (BeancountReader.directives.contains(String(words[1]))
                    || (["*", "!"].contains(words[1]) && words.count > 2 && words[2].hasPrefix("\"")))
        },
        reading: .journal { bytes, key, include, _ in BeancountReader.parse(bytes, key: key, include: include) },
        writing: { source in
            let (inventory, extras) = source.journalParts()
            return BeancountWriter(inventory: inventory, operatingCurrency: source.operatingCurrency, extras: extras)
        },
        isJournal: true)
}
