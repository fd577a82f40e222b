// CSVWriter: `kassa export --format csv` — RFC 4180, UTF-8, a header, one row per transaction
// with every field of the JSON contract's TRANSACTION (same names, same order; the optional
// fields' pairs last, in TransactionField order, so every earlier column keeps its place), CRLF
// line ends.
// Text cells a spreadsheet would run as a formula are neutralised (CSVField).

import KassaCore

public struct CSVWriter: ExportWriter {
    public static let columns = ["id", "date", "time", "type", "amount", "currency", "category", "account",
                                 "to_account", "note", "recurrence", "input"]
        + TransactionField.allCases.flatMap { [$0.keys.amount, $0.keys.currency] }

    public init() {}

    public mutating func begin(_ out: inout [UInt8]) {
        out.add(CSVWriter.columns.joined(separator: ","))
        out.add("\r\n")
    }

    public mutating func append(_ t: Transaction, to out: inout [UInt8]) {
        JSONWriter.appendInteger(t.id, to: &out); out.append(44)
        DecimalBytes.append(t.date, to: &out); out.append(44)
        if let time = t.time { out.add(time.description) }
        out.append(44)
        out.add(t.type.rawValue); out.append(44)
        DecimalBytes.append(t.amount, to: &out); out.append(44)
        out.add(t.amount.currency.code); out.append(44)
        CSVField.append(t.category ?? "", to: &out, neutralise: true); out.append(44)
        CSVField.append(t.account ?? "", to: &out, neutralise: true); out.append(44)
        CSVField.append(t.toAccount ?? "", to: &out, neutralise: true); out.append(44)
        CSVField.append(t.note, to: &out, neutralise: true); out.append(44)
        if let recurrence = t.recurrence { out.add(recurrence.rawValue) }
        out.append(44)
        CSVField.append(t.input, to: &out, neutralise: true)
        for field in TransactionField.allCases {
            out.append(44)
            if let other = field.value(in: t) {
                DecimalBytes.append(other, to: &out)
                out.append(44)
                out.add(other.currency.code)
            } else {
                out.append(44)
            }
        }
        out.add("\r\n")
    }
}
