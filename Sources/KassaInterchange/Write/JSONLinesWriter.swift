// JSONLinesWriter: transactions as the contract's TRANSACTION objects, one per line — what
// `kassa list --json` prints and `kassa import` reads back (JSONLinesReader). Bytes, not
// Strings: a million lines stream out in well under a second.

import KassaCore

public enum JSONLinesWriter {
    /// Appends `transaction` as one JSON object and a newline to `out`.
    public static func append(_ transaction: Transaction, to out: inout [UInt8]) {
        var json = JSONWriter(continuing: &out)
        json.add("id", String(transaction.id))
        json.add("date", transaction.date.iso)
        json.add("time", transaction.time?.description)
        json.add("type", transaction.type.rawValue)
        json.add("amount", transaction.amount.decimalString)
        json.add("currency", transaction.amount.currency.code)
        json.add("category", transaction.category)
        json.add("account", transaction.account)
        json.add("to_account", transaction.toAccount)
        json.add("note", transaction.note)
        json.add("recurrence", transaction.recurrence?.rawValue)
        json.add("input", transaction.input)
        json.finish(into: &out)
        out.append(10)
    }

    /// One transaction's line, without the newline (for embedding in other JSON).
    public static func object(_ transaction: Transaction) -> String {
        var out: [UInt8] = []
        append(transaction, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }
}
