// TenraCSVWriter: `kassa export --format tenra` — the app's own CSV (DOMAIN.md §7), so a
// person can move their kassa history into the app: its header exactly, LF line ends, amounts
// with two decimals, and its conventions — income rows swapped (the `account` column holds
// the income category, `targetAccount` the account), transfers as `internal` rows with their
// destination in the target columns. A slug "food/coffee" is category "food", subcategory
// "coffee".

import KassaCore

public struct TenraCSVWriter: ExportWriter {
    public static let header = "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount"

    /// Slug → (category, subcategories) and income slug → name: a few dozen slugs, a million rows.
    private var splits: [String: (String, String)] = [:]
    private var incomeNames: [String: String] = [:]

    public init() {}

    public mutating func begin(_ out: inout [UInt8]) {
        out.add(TenraCSVWriter.header)
        out.append(10)
    }

    public mutating func append(_ t: Transaction, to out: inout [UInt8]) {
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
            let (category, subcategories) = splits[slug] ?? TenraCSVWriter.split(t.category)
            if splits[slug] == nil { splits[slug] = (category, subcategories) }
            cell(t.account ?? "", &out); cell(category, &out); cell(subcategories, &out)
            CSVField.append(t.note, to: &out, neutralise: true)
            out.add(",,,\n")
        case .income:
            let slug = t.category ?? ""
            let name = incomeNames[slug] ?? TenraCSVWriter.incomeName(t.category)
            if incomeNames[slug] == nil { incomeNames[slug] = name }
            cell(name, &out); out.add(",,")
            cell(t.note, &out)
            CSVField.append(t.account ?? "", to: &out, neutralise: true)
            out.add(",,\n")
        case .transfer:
            cell(t.account ?? "", &out); out.add(",,")
            cell(t.note, &out); cell(t.toAccount ?? "", &out)
            out.add(code)
            out.append(44)
            TenraCSVWriter.appendAmount(t.amount, to: &out)
            out.append(10)
        }
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
