// PlainTextDialect: how hledger and ledger journals are written (PostingJournalWriter does the
// rest): `commodity` and `account` declarations (ledger also declares its metadata tags), `P`
// price directives, lower-case account names (AccountNames.Style.plain), postings indented by
// four spaces. Notes keep their meaning: a description starting with `(`, `*` or `!` gets an
// empty code `()` before it (it would be read as a code or a status); hledger reads `name:`
// words in any comment as tags, so the note is written as metadata by ledger always and by
// hledger only when the description could not hold it (a ';'). An account whose kassa name the
// journal's cannot give back has it in a `kassa-account` comment under its declaration.

import KassaCore

struct PlainTextDialect: PostingDialect {
    enum Tool: String { case hledger, ledger }

    let tool: Tool

    var accountStyle: AccountNames.Style { .plain }
    var equityName: String { "equity:opening-balances" }
    var postingIndent: StaticString { "    " }

    func declare(accounts: [String], kassaNames: [String: String], currencies: [Currency], openingDay: CivilDate, hasOpenings: Bool,
                 to out: inout [UInt8]) {
        out.add("; kassa export for " + tool.rawValue + "\n\n")
        for currency in currencies {
            // "1000.00 KZT": the format line the tools take for a commodity.
            let sample = Money(minorUnits: 1000 * currency.minorPerMajor, currency: currency).decimalString + " " + currency.code
            out.add("commodity " + currency.code + "\n    format " + sample + "\n")
        }
        out.add("\n")
        for account in accounts {
            out.add("account " + account + "\n")
            if let own = kassaNames[account] { out.add("    ; kassa-account: " + PostingText.oneLine(own) + "\n") }
        }
        if tool == .ledger {
            out.add("\ntag kassa-id\ntag kassa-note\n")
            if !kassaNames.isEmpty { out.add("tag kassa-account\n") }
            if hasOpenings { out.add("tag kassa-opening\n") }
        }
        out.add("\n")
    }

    func priceHead(_ date: CivilDate) -> String { "P " + date.iso + " " }

    func openingHead(account: String, planned: Bool, to out: inout [UInt8]) {
        out.add(planned ? " ! opening balance\n    ; kassa-opening: " : " opening balance\n    ; kassa-opening: ")
        out.add(String(PostingText.oneLine(account).map { $0 == "," ? " " : $0 }))
        out.add("\n    ")
    }

    func entryHead(_ t: Transaction, note: String, status: JournalExtras.Status, to out: inout [UInt8]) {
        switch status {
        case .planned: out.add(" !")
        case .cleared: out.add(" *")
        case .uncleared, .unmarked: break
        }
        // A ';' would start a comment in the description; ledger keeps the exact note in
        // kassa-note. A leading '(' '*' '!' would be read as a code or a status: an empty
        // code before it leaves the description as it is.
        if !note.isEmpty {
            if let first = note.utf8.first, first == 40 || first == 42 || first == 33 { out.add(" ()") }
            out.append(32)
            for byte in note.utf8 { out.append(byte == 59 ? 44 : byte) }
        }
        out.add("\n    ; kassa-id: ")
        JSONWriter.appendInteger(t.id, to: &out)
        out.append(10)
        // hledger gets the exact note only where the description could not hold it (a ';').
        if !note.isEmpty, tool == .ledger || note.utf8.contains(59) {
            out.add("    ; kassa-note: ")
            out.add(note)
            out.append(10)
        }
    }
}
