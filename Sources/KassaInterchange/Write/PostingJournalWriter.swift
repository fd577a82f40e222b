// PostingJournalWriter: what HledgerWriter, LedgerWriter and BeancountWriter share — the
// declarations of every account and commodity (their checks reject undeclared ones), then each
// transaction as an entry with two postings in its own currency, kassa's id and note as
// metadata. A transfer is two postings between assets.
//
// Foreign currency: kassa keeps an account's balance per currency (a USD expense paid from a
// KZT card leaves the card at −10.99 USD), and kassa has no exchange rates yet, so the journal
// does the same: both postings in the transaction's own currency. Every entry balances by
// itself, needs no conversion account, and every account's balance in every currency equals
// kassa's. Once rates exist an entry can carry its cost (`10.99 USD @@ 5500.00 KZT`).

import KassaCore

struct PostingJournalWriter {
    enum Dialect { case hledger, ledger, beancount }

    let dialect: Dialect
    let inventory: ExportInventory
    let operatingCurrency: Currency
    var names: AccountNames

    init(dialect: Dialect, inventory: ExportInventory, operatingCurrency: Currency) {
        self.dialect = dialect
        self.inventory = inventory
        self.operatingCurrency = operatingCurrency
        names = AccountNames(style: dialect == .beancount ? .beancount : .plain)
    }

    mutating func begin(_ out: inout [UInt8]) {
        var accounts: [String] = []
        for account in inventory.accounts.sorted() { accounts.append(names.asset(account.isEmpty ? nil : account)) }
        for slug in inventory.expenseCategories.sorted() { accounts.append(names.expense(slug.isEmpty ? nil : slug)) }
        for slug in inventory.incomeCategories.sorted() { accounts.append(names.income(slug.isEmpty ? nil : slug)) }
        let currencies = inventory.currencies.sorted { $0.code < $1.code }
        switch dialect {
        case .hledger, .ledger:
            out.add(dialect == .hledger ? "; kassa export for hledger\n\n" : "; kassa export for ledger\n\n")
            for currency in currencies {
                out.add("commodity " + currency.code + "\n    format " + sample(currency) + "\n")
            }
            out.add("\n")
            for account in accounts { out.add("account " + account + "\n") }
            if dialect == .ledger { out.add("\ntag kassa-id\ntag kassa-note\n") }
            out.add("\n")
        case .beancount:
            let opened = (inventory.firstDate ?? CivilDate(daysSinceEpoch: 0)).iso
            out.add("; kassa export for beancount\n\noption \"operating_currency\" \"" + operatingCurrency.code + "\"\n\n")
            for currency in currencies { out.add(opened + " commodity " + currency.code + "\n") }
            out.add("\n")
            for account in accounts { out.add(opened + " open " + account + "\n") }
            out.add("\n")
        }
    }

    /// Account names as bytes, by kind and kassa name: one look-up per posting.
    private var assetBytes: [String: [UInt8]] = [:]
    private var expenseBytes: [String: [UInt8]] = [:]
    private var incomeBytes: [String: [UInt8]] = [:]

    private mutating func asset(_ name: String?) -> [UInt8] {
        if let known = assetBytes[name ?? ""] { return known }
        let made = Array(names.asset(name).utf8)
        assetBytes[name ?? ""] = made
        return made
    }

    private mutating func expense(_ slug: String?) -> [UInt8] {
        if let known = expenseBytes[slug ?? ""] { return known }
        let made = Array(names.expense(slug).utf8)
        expenseBytes[slug ?? ""] = made
        return made
    }

    private mutating func income(_ slug: String?) -> [UInt8] {
        if let known = incomeBytes[slug ?? ""] { return known }
        let made = Array(names.income(slug).utf8)
        incomeBytes[slug ?? ""] = made
        return made
    }

    mutating func append(_ t: Transaction, to out: inout [UInt8]) {
        let note = PostingJournalWriter.oneLine(t.note)
        let beancount = dialect == .beancount
        let debit: [UInt8], credit: [UInt8]
        switch t.type {
        case .expense: debit = expense(t.category); credit = asset(t.account)
        case .income: debit = asset(t.account); credit = income(t.category)
        case .transfer: debit = asset(t.toAccount); credit = asset(t.account)
        }
        DecimalBytes.append(t.date, to: &out)
        if beancount {
            out.add(" * ")
            PostingJournalWriter.appendQuoted(note, to: &out)
            out.add("\n  kassa-id: \"")
            JSONWriter.appendInteger(t.id, to: &out)
            out.add("\"\n")
            if !note.isEmpty {
                out.add("  kassa-note: ")
                PostingJournalWriter.appendQuoted(note, to: &out)
                out.append(10)
            }
        } else {
            // A ';' would start a comment in the description; the note keeps it in kassa-note.
            if !note.isEmpty {
                out.append(32)
                for byte in note.utf8 { out.append(byte == 59 ? 44 : byte) }
            }
            out.add("\n    ; kassa-id: ")
            JSONWriter.appendInteger(t.id, to: &out)
            out.append(10)
            if !note.isEmpty {
                out.add("    ; kassa-note: ")
                out.add(note)
                out.append(10)
            }
        }
        let code = t.amount.currency.code
        out.add(beancount ? "  " : "    ")
        out.append(contentsOf: debit)
        out.add("  ")
        DecimalBytes.append(t.amount, to: &out)
        out.append(32)
        out.add(code)
        out.add(beancount ? "\n  " : "\n    ")
        out.append(contentsOf: credit)
        out.add("  ")
        DecimalBytes.append(t.amount, to: &out, negated: true)
        out.append(32)
        out.add(code)
        out.add("\n\n")
    }

    /// "1000.00 KZT": the format line hledger and ledger take for a commodity.
    private func sample(_ currency: Currency) -> String {
        Money(minorUnits: 1000 * currency.minorPerMajor, currency: currency).decimalString + " " + currency.code
    }

    /// A note on one line: a description and a metadata value end at the line's end.
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 9 }) else { return text }
        return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
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
