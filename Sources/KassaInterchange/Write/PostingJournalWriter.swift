// PostingJournalWriter: what HledgerWriter, LedgerWriter and BeancountWriter share — the
// declarations of every account and commodity (their checks reject undeclared ones), then each
// transaction as an entry with two postings in its own currency, kassa's id and note as
// metadata. A transfer is two postings between assets.
//
// Foreign currency: kassa keeps an account's balance per currency (a USD expense paid from a
// KZT card leaves the card at −10.99 USD), so the journal does the same: both postings in the
// transaction's own currency. Every entry balances by itself, needs no conversion account, and
// every account's balance in every currency equals kassa's. The journal's exchange rates become
// price directives (`P 2026-03-01 USD 480.50 KZT`, beancount `price`), so a tool can value them.
//
// What `kassa balance` counts is all here (JournalExtras): each account's opening balance, as an
// entry against equity:opening-balances on its opening date; and, with --planned, the planned
// (future-dated) entries marked pending (`!` in every tool), so `hledger bal -U` / `ledger bal -U
// --cleared`… are not needed: a plain balance of an export without --planned equals kassa's.
//
// Notes keep their meaning: a description starting with `(`, `*` or `!` gets an empty code `()`
// before it (hledger and ledger would read a code or a status); hledger reads `name:` words in
// any comment as tags, so the note is written there only by ledger and beancount, whose
// metadata value runs to the line's end.

import KassaCore

struct PostingJournalWriter {
    enum Dialect { case hledger, ledger, beancount }

    let dialect: Dialect
    let inventory: ExportInventory
    let operatingCurrency: Currency
    let extras: JournalExtras
    var names: AccountNames

    init(dialect: Dialect, inventory: ExportInventory, operatingCurrency: Currency, extras: JournalExtras = JournalExtras()) {
        self.dialect = dialect
        self.inventory = inventory
        self.operatingCurrency = operatingCurrency
        self.extras = extras
        names = AccountNames(style: dialect == .beancount ? .beancount : .plain)
    }

    /// The day every account and commodity is opened (beancount): the earliest date used.
    private var openingDay: CivilDate {
        var days = [inventory.firstDate].compactMap { $0 } + extras.openings.compactMap(\.date) + extras.prices.map(\.date)
        if extras.openings.contains(where: { $0.date == nil }) { days.append(extras.undatedOpening) }
        return days.min() ?? CivilDate(daysSinceEpoch: 0)
    }

    /// The equity account openings are booked against.
    private var equityName: String { dialect == .beancount ? "Equity:Opening-Balances" : "equity:opening-balances" }

    mutating func begin(_ out: inout [UInt8]) {
        var accounts: [String] = []
        for account in inventory.accounts.sorted() {
            let name = names.asset(account.isEmpty ? nil : account)
            if !accounts.contains(name) { accounts.append(name) }   // "Cash" and "cash": one account
        }
        for slug in inventory.expenseCategories.sorted() { accounts.append(names.expense(slug.isEmpty ? nil : slug)) }
        for slug in inventory.incomeCategories.sorted() { accounts.append(names.income(slug.isEmpty ? nil : slug)) }
        if !extras.openings.isEmpty { accounts.append(equityName) }
        var used = inventory.currencies
        for opening in extras.openings { used.insert(opening.amount.currency) }
        for rate in extras.prices { used.insert(rate.currency); used.insert(rate.base) }
        let currencies = used.sorted { $0.code < $1.code }
        switch dialect {
        case .hledger, .ledger:
            out.add(dialect == .hledger ? "; kassa export for hledger\n\n" : "; kassa export for ledger\n\n")
            for currency in currencies {
                out.add("commodity " + currency.code + "\n    format " + sample(currency) + "\n")
            }
            out.add("\n")
            for account in accounts { out.add("account " + account + "\n") }
            if dialect == .ledger {
                out.add("\ntag kassa-id\ntag kassa-note\n")
                if !extras.openings.isEmpty { out.add("tag kassa-opening\n") }
            }
            out.add("\n")
        case .beancount:
            let opened = openingDay.iso
            out.add("; kassa export for beancount\n\noption \"operating_currency\" \"" + operatingCurrency.code + "\"\n\n")
            for currency in currencies { out.add(opened + " commodity " + currency.code + "\n") }
            out.add("\n")
            for account in accounts { out.add(opened + " open " + account + "\n") }
            out.add("\n")
        }
        writePrices(&out)
        writeOpenings(&out)
    }

    /// Each rate as a price directive: "P 2026-03-01 USD 480.50 KZT" / "2026-03-01 price USD 480.50 KZT".
    private func writePrices(_ out: inout [UInt8]) {
        guard !extras.prices.isEmpty else { return }
        for rate in extras.prices.sorted(by: { ($0.date, $0.currency.code) < ($1.date, $1.currency.code) }) {
            out.add(dialect == .beancount ? rate.date.iso + " price " : "P " + rate.date.iso + " ")
            out.add(rate.currency.code + " " + PostingJournalWriter.rateText(rate.micros) + " " + rate.base.code + "\n")
        }
        out.add("\n")
    }

    /// Each opening balance as an entry against equity on its opening date (undated ones on the
    /// journal's first day); one dated after today only with --planned, marked pending.
    private mutating func writeOpenings(_ out: inout [UInt8]) {
        for opening in extras.openings.sorted(by: { $0.account < $1.account }) {
            let date = opening.date ?? extras.undatedOpening
            let planned = date > extras.today
            if planned && !extras.planned { continue }
            let account = asset(opening.account)
            out.add(date.iso)
            switch dialect {
            case .beancount:
                out.add(planned ? " ! \"opening balance\"\n  kassa-opening: " : " * \"opening balance\"\n  kassa-opening: ")
                PostingJournalWriter.appendQuoted(opening.account, to: &out)
                out.add("\n  ")
            case .hledger, .ledger:
                out.add(planned ? " ! opening balance\n    ; kassa-opening: " : " opening balance\n    ; kassa-opening: ")
                out.add(String(PostingJournalWriter.oneLine(opening.account).map { $0 == "," ? " " : $0 }))
                out.add("\n    ")
            }
            out.append(contentsOf: account)
            out.add("  ")
            DecimalBytes.append(opening.amount, to: &out)
            out.add(" " + opening.amount.currency.code + (dialect == .beancount ? "\n  " : "\n    "))
            out.add(equityName + "  ")
            DecimalBytes.append(opening.amount, to: &out, negated: true)
            out.add(" " + opening.amount.currency.code + "\n\n")
        }
    }

    /// A rate's micros as a decimal with at least two places: 480_500_000 → "480.50".
    static func rateText(_ micros: Int64) -> String {
        let whole = micros / ExchangeRate.scale, fraction = micros % ExchangeRate.scale
        var digits = String(fraction)
        digits = String(repeating: "0", count: ExchangeRate.scaleDigits - digits.count) + digits
        while digits.count > 2, digits.last == "0" { digits.removeLast() }
        return String(whole) + "." + digits
    }

    /// Account names as bytes, by kind and kassa name: one look-up per posting.
    private var assetBytes: [String: [UInt8]] = [:]
    private var expenseBytes: [String: [UInt8]] = [:]
    private var incomeBytes: [String: [UInt8]] = [:]

    private mutating func asset(_ name: String?) -> [UInt8] {
        // Accounts are one account whatever their case ("Cash" is "cash").
        let key = (name ?? "").lowercased()
        if let known = assetBytes[key] { return known }
        let made = Array(names.asset(name).utf8)
        assetBytes[key] = made
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
        let planned = t.date > extras.today
        if beancount {
            out.add(planned ? " ! " : " * ")
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
            if planned { out.add(" !") }
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
            if !note.isEmpty, dialect == .ledger {
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
