// LedgerWriter: transactions as a plain-text-accounting journal that ledger and hledger read
// (DOMAIN.md §9): ISO code after the number, `.` decimal mark, no grouping, two postings each.
// Used by kassa-bench to time `ledger bal` / `hledger bal` on the same data as kassa.

import KassaCore

public enum LedgerWriter {
    /// Appends `transaction` as one ledger entry (date, payee line, two postings) to `out`.
    public static func append(_ transaction: Transaction, to out: inout String) {
        let amount = transaction.amount.decimalString + " " + transaction.amount.currency.code
        let account = "assets:" + (transaction.account ?? "cash")
        out += transaction.date.iso + " " + (transaction.note.isEmpty ? "-" : payee(transaction.note)) + "\n"
        switch transaction.type {
        case .expense:
            out += "    expenses:" + path(transaction.category) + "  " + amount + "\n"
            out += "    " + account + "\n"
        case .income:
            out += "    " + account + "  " + amount + "\n"
            out += "    income:" + path(transaction.category) + "\n"
        case .transfer:
            out += "    assets:" + (transaction.toAccount ?? "cash") + "  " + amount + "\n"
            out += "    " + account + "\n"
        }
    }

    /// A whole journal.
    public static func journal(_ transactions: some Sequence<Transaction>) -> String {
        var out = ""
        for transaction in transactions { append(transaction, to: &out) }
        return out
    }

    /// A category slug as an account path: "food/coffee" → "food:coffee".
    static func path(_ slug: String?) -> String {
        (slug ?? "other").split(separator: "/").joined(separator: ":")
    }

    /// A note on one line (a payee cannot hold a newline).
    static func payee(_ note: String) -> String {
        String(note.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
