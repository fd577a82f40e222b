// TenraCSVWriter: `kassa export --format tenra` — the app's own CSV (DOMAIN.md §7), so a
// person can move their kassa history into the app: its header exactly, LF line ends, amounts
// with two decimals, and its conventions — income rows swapped (the `account` column holds
// the income category, `targetAccount` the account), transfers as `internal` rows with their
// destination in the target columns. Categories are written with the names the person sees in
// the interface language (`names`: «Еда», subcategory «Кофе» for food/coffee; the slug's parts
// when no name is known). What a tenra import kept in `input` is written back as the app wrote
// it: the app's own types (deposit_topup, deposit_withdrawal, deposit_interest, loan_payment,
// loan_early_repayment) with their account columns, and a converted row's original amount
// with the converted one in targetCurrency/targetAmount. The app's CSV has no opening balances:
// each account's opening is written first as a row the app books into the account — an income
// (an expense when owed, a loan's) whose category is `openingName` («Начальный остаток»,
// "Opening balance"), which TenraCSVReader reads back as the opening.

import KassaCore

public struct TenraCSVWriter: ExportWriter {
    public static let header = "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount"

    /// Slug → (category, subcategories) and income slug → name: a few dozen slugs, a million rows.
    private var splits: [String: (String, String)] = [:]
    private var incomeNames: [String: String] = [:]

    /// Slug → display name in the interface language.
    private let names: [String: String]
    /// The accounts' opening balances, each on its date; and the category name their rows carry.
    private let openings: [(opening: OpeningBalance, date: CivilDate)]
    private let openingName: String

    public init(names: [String: String] = [:], openings: [(opening: OpeningBalance, date: CivilDate)] = [], openingName: String = "") {
        self.names = names
        self.openings = openingName.isEmpty ? [] : openings
        self.openingName = openingName
    }

    /// What a tenra import kept in `input` ("tenra:" then "key=value" lines): the app's type,
    /// the original amount of a converted row, the category and subcategories as the app named them.
    struct Kept {
        var type: String?
        var original: Money?
        var category: String?
        var subcategories: String?
        /// The category the row was filed under when read: its names hold while it still is.
        var slug: String?
    }

    static func kept(_ t: Transaction) -> Kept? {
        guard t.input.hasPrefix("tenra:") else { return nil }
        var kept = Kept()
        for line in t.input.dropFirst(6).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals], value = String(line[line.index(after: equals)...])
            switch key {
            case "type" where appTypes.contains(value): kept.type = value
            case "original":
                let parts = value.split(separator: " ")
                if parts.count == 2, let currency = Currency(code: String(parts[1])) {
                    kept.original = Money(decimal: String(parts[0]), currency: currency)
                }
            case "category": kept.category = value
            case "subcategories": kept.subcategories = value
            case "slug": kept.slug = value
            default: break
            }
        }
        return kept
    }

    static let appTypes: Set<String> = ["deposit_topup", "deposit_withdrawal", "deposit_interest", "loan_payment", "loan_early_repayment"]

    public mutating func begin(_ out: inout [UInt8]) {
        out.add(TenraCSVWriter.header)
        out.append(10)
        for (opening, date) in openings.sorted(by: { ($0.date, $0.opening.account) < ($1.date, $1.opening.account) })
        where !opening.amount.isZero {
            appendOpening(opening, date: date, to: &out)
        }
    }

    /// An opening as the app books it: money into the account (an income row, the category in
    /// the account column, the account in targetAccount) or, owed, out of it (an expense row).
    private func appendOpening(_ opening: OpeningBalance, date: CivilDate, to out: inout [UInt8]) {
        let owed = opening.amount.minorUnits < 0
        let amount = owed ? opening.amount.negated : opening.amount
        DecimalBytes.append(date, to: &out)
        out.add(owed ? ",expense," : ",income,")
        TenraCSVWriter.appendAmount(amount, to: &out)
        out.add("," + amount.currency.code + ",")
        if owed {
            cell(opening.account, &out); cell(openingName, &out)
            out.add(",,,,\n")
        } else {
            cell(openingName, &out); out.add(",,,")
            cell(opening.account, &out)
            out.add(",\n")
        }
    }

    public mutating func append(_ t: Transaction, to out: inout [UInt8]) {
        let kept = TenraCSVWriter.kept(t)
        if let type = kept?.type { appendAppType(type, t, to: &out); return }
        if t.type != .transfer, kept?.original != nil || kept?.category != nil || t.chargedAmount != nil {
            var kept = kept ?? Kept()
            if kept.slug != t.category { kept.category = nil; kept.subcategories = nil }
            appendConverted(kept, t, to: &out)
            return
        }
        let code = t.amount.currency.code
        DecimalBytes.append(t.date, to: &out)
        out.append(44)
        switch t.type {
        case .expense: out.add("expense,")
        case .income: out.add("income,")
        case .transfer: out.add("internal,")
        }
        TenraCSVWriter.appendAmount(t.amount, to: &out)
        out.append(44)
        out.add(code)
        out.append(44)
        switch t.type {
        case .expense:
            let slug = t.category ?? ""
            let (category, subcategories) = splits[slug] ?? split(t.category)
            if splits[slug] == nil { splits[slug] = (category, subcategories) }
            cell(t.account ?? "", &out); cell(category, &out); cell(subcategories, &out)
            CSVField.append(t.note, to: &out, neutralise: true)
            out.add(",,,\n")
        case .income:
            let slug = t.category ?? ""
            let name = incomeNames[slug] ?? (t.category.flatMap { names[$0] } ?? TenraCSVWriter.incomeName(t.category))
            if incomeNames[slug] == nil { incomeNames[slug] = name }
            cell(name, &out); out.add(",,")
            cell(t.note, &out)
            CSVField.append(t.account ?? "", to: &out, neutralise: true)
            out.add(",,\n")
        case .transfer:
            cell(t.account ?? "", &out); out.add(",,")
            cell(t.note, &out); cell(t.toAccount ?? "", &out)
            // What arrives: an exchange's target, else the amount itself (DOMAIN.md §10).
            let arriving = t.arriving
            out.add(arriving.currency.code)
            out.append(44)
            TenraCSVWriter.appendAmount(arriving, to: &out)
            out.append(10)
        }
    }

    /// A row of one of the app's own types, its accounts where the app puts them.
    private mutating func appendAppType(_ type: String, _ t: Transaction, to out: inout [UInt8]) {
        // The app's account column: the deposit or the loan; targetAccount: the other side.
        let (account, target): (String, String)
        switch (type, t.type) {
        case ("deposit_withdrawal", .transfer): (account, target) = (t.account ?? "", t.toAccount ?? "")
        case (_, .transfer): (account, target) = (t.toAccount ?? "", t.account ?? "")
        default: (account, target) = (t.account ?? "", "")
        }
        DecimalBytes.append(t.date, to: &out)
        out.add("," + type + ",")
        TenraCSVWriter.appendAmount(t.amount, to: &out)
        out.add("," + t.amount.currency.code + ",")
        cell(account, &out); out.add(",,")
        cell(t.note, &out)
        CSVField.append(target, to: &out, neutralise: false)
        out.add(",,\n")
    }

    /// An expense or income read from the app's CSV, as the app wrote it: its category names
    /// (unless the category was changed in kassa since) and, for one in another currency than
    /// its account's, the original amount with the converted one in the target columns.
    private mutating func appendConverted(_ kept: Kept, _ t: Transaction, to out: inout [UInt8]) {
        // The row's own amount and what its account moved by: the charge (or, read by an older
        // kassa, the original kept in `input` beside the converted amount).
        let (shown, converted) = kept.original.map { ($0, Optional(t.amount)) } ?? (t.amount, t.chargedAmount)
        DecimalBytes.append(t.date, to: &out)
        out.add(t.type == .income ? ",income," : ",expense,")
        TenraCSVWriter.appendAmount(shown, to: &out)
        out.add("," + shown.currency.code + ",")
        if t.type == .income {
            cell(kept.category ?? t.category.flatMap { names[$0] } ?? TenraCSVWriter.incomeName(t.category), &out); out.add(",,")
            cell(t.note, &out)
            cell(t.account ?? "", &out)
        } else {
            let (category, subcategories) = kept.category.map { ($0, kept.subcategories ?? "") } ?? split(t.category)
            cell(t.account ?? "", &out); cell(category, &out); cell(subcategories, &out)
            cell(t.note, &out)
            out.add(",")
        }
        if let converted {
            out.add(converted.currency.code + ",")
            TenraCSVWriter.appendAmount(converted, to: &out)
        } else {
            out.add(",")
        }
        out.append(10)
    }

    /// A slug as the app's category and subcategories, by the names the person sees.
    private func split(_ slug: String?) -> (String, String) {
        guard let slug else { return ("", "") }
        let parts = slug.split(separator: "/").map(String.init)
        guard let top = parts.first else { return ("", "") }
        let category = names[top] ?? top
        var subs: [String] = []
        for k in parts.indices.dropFirst() {
            let path = parts[...k].joined(separator: "/")
            subs.append(names[path] ?? parts[k])
        }
        return (category, subs.joined(separator: ","))
    }

    /// A cell and the comma after it.
    /// A text cell, neutralised like the csv export's (a spreadsheet opens this file too); the
    /// reader takes the apostrophe off again.
    private func cell(_ text: String, _ out: inout [UInt8]) {
        CSVField.append(text, to: &out, neutralise: true)
        out.append(44)
    }

    /// Two decimals at least (the app's form), all of the currency's minor digits if more.
    static func appendAmount(_ money: Money, to out: inout [UInt8]) {
        DecimalBytes.append(money, to: &out)
        switch money.currency.minorDigits {
        case 0: out.add(".00")
        case 1: out.append(48)
        default: break
        }
    }

    /// "income/salary" → "salary": the app's income categories are a list of their own.
    static func incomeName(_ slug: String?) -> String {
        guard let slug else { return "" }
        return slug.hasPrefix("income/") ? String(slug.dropFirst(7)) : slug
    }

    static func split(_ slug: String?) -> (String, String) {
        guard let slug, let slash = slug.firstIndex(of: "/") else { return (slug ?? "", "") }
        return (String(slug[..<slash]), slug[slug.index(after: slash)...].split(separator: "/").joined(separator: ","))
    }
}
