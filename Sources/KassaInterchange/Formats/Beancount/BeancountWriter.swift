// BeancountWriter: `kassa export --format beancount` — a file `bean-check` accepts: the
// operating currency, a commodity and an `open` for everything used (on the first date), `price`
// directives, names made beancount-safe (BeancountDialect.accountStyle), the note quoted as the
// payee-less narration, kassa's id and note as metadata (lower-case keys, values to the line's
// end), an account's kassa name as `kassa-account` metadata of its `open` where the
// beancount-safe name cannot give it back. See PostingJournalWriter for what every journal shares.

import KassaCore

public struct BeancountWriter: ExportWriter {
    var journal: PostingJournalWriter<BeancountDialect>

    public init(inventory: ExportInventory, operatingCurrency: Currency, extras: JournalExtras = JournalExtras()) {
        journal = PostingJournalWriter(dialect: BeancountDialect(operatingCurrency: operatingCurrency), inventory: inventory, extras: extras)
    }

    public mutating func begin(_ out: inout [UInt8]) { journal.begin(&out) }
    public mutating func append(_ transaction: Transaction, to out: inout [UInt8]) { journal.append(transaction, to: &out) }
}

struct BeancountDialect: PostingDialect {
    let operatingCurrency: Currency

    var accountStyle: AccountNames.Style { .beancount }
    var equityName: String { "Equity:Opening-Balances" }
    var postingIndent: StaticString { "  " }

    func declare(accounts: [String], kassaNames: [String: String], currencies: [Currency], openingDay: CivilDate, hasOpenings: Bool,
                 to out: inout [UInt8]) {
        let opened = openingDay.iso
        out.add("; kassa export for beancount\n\noption \"operating_currency\" \"" + operatingCurrency.code + "\"\n\n")
        for currency in currencies { out.add(opened + " commodity " + currency.code + "\n") }
        out.add("\n")
        for account in accounts {
            out.add(opened + " open " + account + "\n")
            if let own = kassaNames[account] {
                out.add("  kassa-account: ")
                BeancountDialect.appendQuoted(PostingText.oneLine(own), to: &out)
                out.append(10)
            }
        }
        out.add("\n")
    }

    func priceHead(_ date: CivilDate) -> String { date.iso + " price " }

    func openingHead(account: String, planned: Bool, to out: inout [UInt8]) {
        out.add(planned ? " ! \"opening balance\"\n  kassa-opening: " : " * \"opening balance\"\n  kassa-opening: ")
        BeancountDialect.appendQuoted(account, to: &out)
        out.add("\n  ")
    }

    func entryHead(_ t: Transaction, note: String, status: JournalExtras.Status, to out: inout [UInt8]) {
        // Beancount has no unmarked entry: complete (`*`) is what the bank confirmed; the rest
        // is flagged (`!`), a planned one too — and reads back as it was.
        switch status {
        case .cleared: out.add(" * ")
        case .planned, .uncleared, .unmarked: out.add(" ! ")
        }
        BeancountDialect.appendQuoted(note, to: &out)
        out.add("\n  kassa-id: \"")
        JSONWriter.appendInteger(t.id, to: &out)
        out.add("\"\n")
        if !note.isEmpty {
            out.add("  kassa-note: ")
            BeancountDialect.appendQuoted(note, to: &out)
            out.append(10)
        }
    }

    /// A beancount string: backslash and quote escaped.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(34)
        for byte in text.utf8 {
            if byte == 34 || byte == 92 { out.append(92) }
            out.append(byte)
        }
        out.append(34)
    }
}

extension AccountNames.Style {
    /// Beancount's: capitalised roots; each part letters (any script), digits and '-', its first
    /// one a capital letter or a digit. A script without letter case (Chinese, Japanese, Korean,
    /// Hebrew, Arabic, Thai …) has no capital to start with: "X" goes first, the name follows whole.
    public static let beancount = AccountNames.Style(roots: ("Assets", "Liabilities", "Expenses", "Income")) { raw in
        var out = ""
        for ch in raw {
            if ch.isLetter || ch.isNumber && ch.isASCII {
                out.append(ch)
            } else if out.last != "-" {
                out.append("-")
            }
        }
        while out.last == "-" { out.removeLast() }
        while out.first == "-" { out.removeFirst() }
        guard let first = out.first else { return "X" }
        let upper = first.uppercased()
        let startsWell = upper.unicodeScalars.first.map {
            $0.properties.generalCategory == .uppercaseLetter || $0.properties.generalCategory == .titlecaseLetter
                || ($0.isASCII && $0.properties.numericType == .decimal)
        } ?? false
        return startsWell ? upper + out.dropFirst() : "X" + out
    }
}
