// JSONLinesWriter: transactions as the contract's TRANSACTION objects, one per line — what
// `kassa list --json` prints and `kassa import` reads back (BackupReader). Written straight
// into the output bytes (no String or JSONWriter per row): a million lines are the whole cost
// of a backup.

import KassaCore

public enum JSONLinesWriter {
    /// Appends `transaction` as one JSON object and a newline to `out`.
    public static func append(_ t: Transaction, to out: inout [UInt8]) {
        out.add("{\"id\": \"")
        JSONWriter.appendInteger(t.id, to: &out)
        out.add("\", \"date\": \"")
        DecimalBytes.append(t.date, to: &out)
        out.add("\", \"time\": ")
        if let time = t.time { JSONWriter.appendQuoted(time.description, to: &out) } else { out.add("null") }
        out.add(", \"type\": \"")
        out.add(t.type.rawValue)
        out.add("\", \"amount\": \"")
        DecimalBytes.append(t.amount, to: &out)
        out.add("\", \"currency\": \"")
        out.add(t.amount.currency.code)
        out.add("\", \"category\": ")
        optional(t.category, &out)
        out.add(", \"account\": ")
        optional(t.account, &out)
        out.add(", \"to_account\": ")
        optional(t.toAccount, &out)
        out.add(", \"note\": ")
        JSONWriter.appendQuoted(t.note, to: &out)
        out.add(", \"recurrence\": ")
        if let recurrence = t.recurrence { out.add("\""); out.add(recurrence.rawValue); out.add("\"") } else { out.add("null") }
        out.add(", \"input\": ")
        JSONWriter.appendQuoted(t.input, to: &out)
        out.add("}\n")
    }

    private static func optional(_ text: String?, _ out: inout [UInt8]) {
        if let text { JSONWriter.appendQuoted(text, to: &out) } else { out.add("null") }
    }

    /// One transaction's line, without the newline (for embedding in other JSON).
    public static func object(_ transaction: Transaction) -> String {
        var out: [UInt8] = []
        append(transaction, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }
}
