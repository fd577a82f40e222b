// TenraCSVWriter: `kassa export --format tenra` — the app's own CSV (DOMAIN.md §7), so a
// person can move their kassa history into the app: its header exactly, LF line ends, amounts
// with two decimals, and its conventions — income rows swapped (the `account` column holds
// the income category, `targetAccount` the account), transfers as `internal` rows with their
// destination in the target columns. A slug "food/coffee" is category "food", subcategory
// "coffee".

import KassaCore

public struct TenraCSVWriter: ExportWriter {
    public static let header = "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount"

    public init() {}

    public mutating func begin(_ out: inout [UInt8]) {
        out.add(TenraCSVWriter.header)
        out.append(10)
    }

    public mutating func append(_ t: Transaction, to out: inout [UInt8]) {
        let amount = TenraCSVWriter.amount(t.amount)
        let (category, subcategories) = TenraCSVWriter.split(t.category)
        var row: [String]
        switch t.type {
        case .expense:
            row = [t.date.iso, "expense", amount, t.amount.currency.code, t.account ?? "", category, subcategories, t.note, "", "", ""]
        case .income:
            row = [t.date.iso, "income", amount, t.amount.currency.code, TenraCSVWriter.incomeName(t.category), "", "", t.note, t.account ?? "", "", ""]
        case .transfer:
            row = [t.date.iso, "internal", amount, t.amount.currency.code, t.account ?? "", "", "", t.note, t.toAccount ?? "",
                   t.amount.currency.code, amount]
        }
        for (index, cell) in row.enumerated() {
            if index > 0 { out.append(44) }
            CSVField.append(cell, to: &out, neutralise: false)
        }
        out.append(10)
    }

    /// Two decimals at least (the app's form), all of the currency's minor digits if more.
    static func amount(_ money: Money) -> String {
        guard money.currency.minorDigits < 2 else { return money.decimalString }
        let text = money.decimalString
        return money.currency.minorDigits == 0 ? text + ".00" : text + "0"
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
