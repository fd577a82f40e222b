// PostingJournalWriter: what the plain-text journal writers share (PlainText/, and the other
// journal formats' folders), each saying how it differs through its PostingDialect — the
// declarations of every account and commodity (their checks reject undeclared ones), then each
// transaction as an entry with two postings in its own currency, kassa's id and note as
// metadata. A transfer is two postings between the person's accounts. A loan is a liability
// (`liabilities:loan`, `Liabilities:Loan`): its opening is what is owed, a negative balance, as
// in `kassa balance`; a payment into it is a transfer that lowers the debt.
//
// Foreign currency: kassa keeps an account's balance per currency (a USD expense paid from a
// KZT card leaves the card at −10.99 USD), so the journal does the same: both postings in the
// transaction's own currency. Every entry balances by itself, needs no conversion account, and
// every account's balance in every currency equals kassa's. The journal's exchange rates become
// price directives (`P 2026-03-01 USD 480.50 KZT`), so a tool can value them. A currency
// exchange (a transfer with a target) is an entry in two currencies: what arrives on the
// destination's posting, what leaves on the source's at its total cost (`-100.00 USD @@ 52000.00
// KZT`), which hledger, ledger and beancount all balance. So is a purchase the bank charged in
// the account's currency: the category's posting in the purchase's currency at its total cost
// (`10.99 USD @@ 5200.00 KZT`), the account's the charge. A transaction the bank confirmed is
// cleared (`*`).
//
// What `kassa balance` counts is all here (JournalExtras): each account's opening balance, as an
// entry against the equity account on its opening date; and, with --planned, the planned
// (future-dated) entries marked pending (`!` in every tool), so `hledger bal -U` / `ledger bal -U
// --cleared`… are not needed: a plain balance of an export without --planned equals kassa's.

import KassaCore

/// What one journal format writes its own way; the rest is PostingJournalWriter's.
protocol PostingDialect {
    /// How kassa's names become account names.
    var accountStyle: AccountNames.Style { get }
    /// The equity account openings are booked against.
    var equityName: String { get }
    /// Before each posting line.
    var postingIndent: StaticString { get }
    /// The header and the declarations: accounts and commodities (opened on `openingDay`).
    /// `kassaNames`: an account's own name where the journal's name does not give it back
    /// (written beside its declaration as `kassa-account`).
    func declare(accounts: [String], kassaNames: [String: String], currencies: [Currency], openingDay: CivilDate, hasOpenings: Bool,
                 to out: inout [UInt8])
    /// A price directive up to the commodity: "P 2026-03-01 ".
    func priceHead(_ date: CivilDate) -> String
    /// An opening balance entry after its date, up to its first posting's account.
    func openingHead(account: String, planned: Bool, to out: inout [UInt8])
    /// A transaction's entry after its date, up to its first posting's indent: status, description, metadata.
    func entryHead(_ t: Transaction, note: String, status: JournalExtras.Status, to out: inout [UInt8])
}

struct PostingJournalWriter<Dialect: PostingDialect> {
    let dialect: Dialect
    let inventory: ExportInventory
    let extras: JournalExtras
    var names: AccountNames

    init(dialect: Dialect, inventory: ExportInventory, extras: JournalExtras = JournalExtras()) {
        self.dialect = dialect
        self.inventory = inventory
        self.extras = extras
        names = AccountNames(style: dialect.accountStyle, liabilities: extras.liabilities)
    }

    /// The day every account and commodity is opened, where a format opens them: the earliest date used.
    private var openingDay: CivilDate {
        var days = [inventory.firstDate].compactMap { $0 } + extras.openings.compactMap(\.date) + extras.prices.map(\.date)
        if extras.openings.contains(where: { $0.date == nil }) { days.append(extras.undatedOpening) }
        return days.min() ?? CivilDate(daysSinceEpoch: 0)
    }

    mutating func begin(_ out: inout [UInt8]) {
        var accounts: [String] = []
        var kassaNames: [String: String] = [:]
        for account in inventory.accounts.sorted() {
            let name = names.asset(account.isEmpty ? nil : account)
            guard !accounts.contains(name) else { continue }   // "Cash" and "cash": one account
            accounts.append(name)
            // An import takes the last component in lower case: where that is not the name, it is said.
            let last = name.split(separator: ":").last.map { $0.lowercased() } ?? ""
            if !account.isEmpty, last != account { kassaNames[name] = account }
        }
        for slug in inventory.expenseCategories.sorted() { accounts.append(names.expense(slug.isEmpty ? nil : slug)) }
        for slug in inventory.incomeCategories.sorted() { accounts.append(names.income(slug.isEmpty ? nil : slug)) }
        if !extras.openings.isEmpty { accounts.append(dialect.equityName) }
        var used = inventory.currencies
        for opening in extras.openings { used.insert(opening.amount.currency) }
        for rate in extras.prices { used.insert(rate.currency); used.insert(rate.base) }
        let currencies = used.sorted { $0.code < $1.code }
        dialect.declare(accounts: accounts, kassaNames: kassaNames, currencies: currencies, openingDay: openingDay, hasOpenings: !extras.openings.isEmpty, to: &out)
        writePrices(&out)
        writeOpenings(&out)
    }

    /// Each rate as a price directive: "P 2026-03-01 USD 480.50 KZT".
    private func writePrices(_ out: inout [UInt8]) {
        guard !extras.prices.isEmpty else { return }
        for rate in extras.prices.sorted(by: { ($0.date, $0.currency.code) < ($1.date, $1.currency.code) }) {
            out.add(dialect.priceHead(rate.date))
            out.add(rate.currency.code + " " + PostingText.rateText(rate.micros) + " " + rate.base.code + "\n")
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
            dialect.openingHead(account: opening.account, planned: planned, to: &out)
            out.append(contentsOf: account)
            out.add("  ")
            DecimalBytes.append(opening.amount, to: &out)
            out.add(" " + opening.amount.currency.code + "\n")
            out.add(dialect.postingIndent)
            out.add(dialect.equityName + "  ")
            DecimalBytes.append(opening.amount, to: &out, negated: true)
            out.add(" " + opening.amount.currency.code + "\n\n")
        }
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
        let note = PostingText.oneLine(t.note)
        let debit: [UInt8], credit: [UInt8]
        switch t.type {
        case .expense: debit = expense(t.category); credit = asset(t.account)
        case .income: debit = asset(t.account); credit = income(t.category)
        case .transfer: debit = asset(t.toAccount); credit = asset(t.account)
        }
        DecimalBytes.append(t.date, to: &out)
        dialect.entryHead(t, note: note, status: extras.status(t), to: &out)
        // Two currencies: an exchange (the destination gets the target; the source gives the
        // amount at that cost) or a purchase charged in the account's currency (the account
        // moves by the charge; the category gets the amount at that cost).
        switch t.type {
        case .transfer:
            posting(debit, t.arriving, cost: nil, to: &out)
            posting(credit, t.amount, negated: true, cost: t.arriving == t.amount ? nil : t.arriving, to: &out)
        case .expense:
            posting(debit, t.amount, cost: t.chargedAmount, to: &out)
            posting(credit, t.charged, negated: true, cost: nil, to: &out)
        case .income:
            posting(debit, t.charged, cost: nil, to: &out)
            posting(credit, t.amount, negated: true, cost: t.chargedAmount, to: &out)
        }
        out.append(10)
    }

    /// One posting line: the account, the amount (`negated`: its opposite) and its total cost.
    private func posting(_ account: [UInt8], _ amount: Money, negated: Bool = false, cost: Money?, to out: inout [UInt8]) {
        out.add(dialect.postingIndent)
        out.append(contentsOf: account)
        out.add("  ")
        DecimalBytes.append(amount, to: &out, negated: negated)
        out.append(32)
        out.add(amount.currency.code)
        if let cost {
            out.add(" @@ ")
            DecimalBytes.append(cost, to: &out)
            out.append(32)
            out.add(cost.currency.code)
        }
        out.append(10)
    }
}

/// The text pieces every journal dialect writes the same way.
enum PostingText {
    /// A rate's micros as a decimal with at least two places: 480_500_000 → "480.50".
    static func rateText(_ micros: Int64) -> String {
        let whole = micros / ExchangeRate.scale, fraction = micros % ExchangeRate.scale
        var digits = String(fraction)
        digits = String(repeating: "0", count: ExchangeRate.scaleDigits - digits.count) + digits
        while digits.count > 2, digits.last == "0" { digits.removeLast() }
        return String(whole) + "." + digits
    }

    /// A note on one line: a description and a metadata value end at the line's end.
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 9 }) else { return text }
        return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    }
}
