// JSONLinesWriter: transactions as the contract's TRANSACTION objects, one per line — what
// `kassa list --json` prints, export and backup write, `kassa import` reads back (BackupReader),
// and `kassa repair` writes beside a journal for the damaged transactions it moved aside
// (`PATH.damaged-N.jsonl`). Written straight into the output bytes through a cursor (no String,
// JSONWriter or Array.append per piece): a million lines are the whole cost of a backup.
//
// It lives in KassaCore, not KassaInterchange, because both the interchange and the store
// (recovery) write these lines and KassaStore does not depend on KassaInterchange (nor should it:
// the store knows no file format). Its whole input is a KassaCore Transaction and its tools
// (ByteCursor, JSONWriter, DecimalBytes) are KassaCore's, so the one writer sits below both.

public enum JSONLinesWriter {
    /// Appends `transaction` as one JSON object and a newline to `out`. With `cleared` (a
    /// listing: what the bank confirmed) the line is the whole TRANSACTION of the contract —
    /// the optional pairs it always states (null when none), "cleared" and "bank_note"; without
    /// (a backup, whose clearances are objects of their own) an optional pair only when there is one.
    public static func append(_ t: Transaction, cleared: ClearedSet? = nil, to out: inout [UInt8]) {
        out.appendWritten(atMost: maxBytes(t, cleared)) { write(t, cleared: cleared, to: &$0) }
    }

    /// Appends `transaction`'s line to `out`, written in place.
    public static func append(_ t: Transaction, cleared: ClearedSet? = nil, to out: inout ByteBuffer) {
        out.write(atMost: maxBytes(t, cleared)) { write(t, cleared: cleared, to: &$0) }
    }

    /// The most bytes `write` puts for `t`: the keys and fixed values, and every text escaped
    /// at worst.
    static func maxBytes(_ t: Transaction, _ cleared: ClearedSet? = nil) -> Int {
        var count = 400 + 60 * TransactionField.allCases.count + JSONWriter.maxQuotedBytes(t.note) + JSONWriter.maxQuotedBytes(t.input)
        if let note = cleared?.bankNote(t.id) { count += JSONWriter.maxQuotedBytes(note) }
        if let text = t.category { count += JSONWriter.maxQuotedBytes(text) }
        if let text = t.account { count += JSONWriter.maxQuotedBytes(text) }
        if let text = t.toAccount { count += JSONWriter.maxQuotedBytes(text) }
        return count
    }

    static func write(_ t: Transaction, cleared: ClearedSet? = nil, to out: inout ByteCursor) {
        out.put("{\"id\": \"")
        out.integer(t.id)
        out.put("\", \"date\": \"")
        DecimalBytes.write(t.date, to: &out)
        out.put("\", \"time\": ")
        if let time = t.time {
            out.put(34); out.twoDigits(time.hour); out.put(58); out.twoDigits(time.minute); out.put(34)
        } else {
            out.put("null")
        }
        out.put(", \"type\": \"")
        switch t.type {
        case .expense: out.put("expense")
        case .income: out.put("income")
        case .transfer: out.put("transfer")
        }
        out.put("\", \"amount\": \"")
        DecimalBytes.write(t.amount, to: &out)
        out.put("\", \"currency\": \"")
        let code = t.amount.currency.letterBytes
        out.put(code.0); out.put(code.1); out.put(code.2)
        out.put("\", \"category\": ")
        optional(t.category, &out)
        out.put(", \"account\": ")
        optional(t.account, &out)
        out.put(", \"to_account\": ")
        optional(t.toAccount, &out)
        for field in TransactionField.allCases {
            // An optional field is a pair only a transaction with one has (other lines are
            // unchanged), or its nulls in a listing when the contract states it always.
            if let value = field.value(in: t) {
                moneyPair(value, field.jsonOpening, field.jsonMiddle, to: &out)
            } else if cleared != nil, let nulls = field.jsonNulls {
                out.put(nulls)
            }
        }
        if let cleared {
            out.put(cleared.isCleared(t.id) ? ", \"cleared\": true, \"bank_note\": " : ", \"cleared\": false, \"bank_note\": ")
            optional(cleared.bankNote(t.id), &out)
        }
        out.put(", \"note\": ")
        JSONWriter.writeQuoted(t.note, to: &out)
        out.put(", \"recurrence\": ")
        if let recurrence = t.recurrence { out.put(34); out.put(contentsOf: recurrence.rawValue); out.put(34) } else { out.put("null") }
        out.put(", \"input\": ")
        JSONWriter.writeQuoted(t.input, to: &out)
        out.put("}\n")
    }

    /// `, "KEY_amount": "52000.00", "KEY_currency": "KZT"` — an optional field's pair
    /// (TransactionField): `opening` up to the amount's quote, `middle` from its closing quote to
    /// the code's opening one.
    @inline(__always)
    public static func moneyPair(_ money: Money, _ opening: StaticString, _ middle: StaticString, to out: inout ByteCursor) {
        out.put(opening)
        DecimalBytes.write(money, to: &out)
        out.put(middle)
        let letters = money.currency.letterBytes
        out.put(letters.0); out.put(letters.1); out.put(letters.2)
        out.put(34)
    }

    private static func optional(_ text: String?, _ out: inout ByteCursor) {
        if let text { JSONWriter.writeQuoted(text, to: &out) } else { out.put("null") }
    }

    /// One transaction's line, without the newline (for embedding in other JSON).
    public static func object(_ transaction: Transaction, cleared: ClearedSet? = nil) -> String {
        var out: [UInt8] = []
        append(transaction, cleared: cleared, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }
}
