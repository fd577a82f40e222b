// Journal+Import: restoring a backup (`kassa list --json` output) and bulk appends. Every line is
// validated before anything is written; then the transactions are appended in batches, one
// change and one fsync per batch. Ids are kept when they are all new to the journal (restoring
// into an empty journal gives the same transactions); otherwise the batch gets fresh ids.

import KassaCore

public struct ImportResult: Sendable, Hashable {
    public var imported: Int
    public var batches: Int
    /// The transactions' ids after import, first and last (nil if nothing was imported).
    public var firstID: Int?
    public var lastID: Int?
}

extension Journal {
    /// Parses JSON lines (blank lines skipped). Throws `.importInvalid` naming the first bad line.
    public func parseImport(_ bytes: [UInt8]) throws -> [Transaction] {
        var out: [Transaction] = []
        var lineNumber = 0
        try bytes.withUnsafeBufferPointer { buffer in
            // A UTF-8 byte order mark (some editors add one) is not part of the first line.
            var start = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
            while start < buffer.count {
                lineNumber += 1
                var end = start
                while end < buffer.count, buffer[end] != RecordCodec.newline { end += 1 }
                var last = end
                while last > start, buffer[last - 1] == 13 || buffer[last - 1] == 32 { last -= 1 }
                var first = start
                while first < last, buffer[first] == 32 || buffer[first] == 9 { first += 1 }
                if first < last {
                    let line = UnsafeBufferPointer(rebasing: buffer[first..<last])
                    do {
                        out.append(try Journal.transaction(from: try JSONLineReader.object(line)))
                    } catch JSONLineReader.Failure.syntax(let what) {
                        throw StoreError(.importInvalid, path: path, detail: "json " + what, record: lineNumber)
                    } catch let field as ImportField {
                        throw StoreError(.importInvalid, path: path, detail: field.name, record: lineNumber)
                    }
                }
                start = end + 1
            }
        }
        return out
    }

    /// Imports a JSON-lines backup: all lines validated first, then batched appends.
    @discardableResult
    public func importJSONLines(_ bytes: [UInt8], batchSize: Int = 50_000,
                                progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ImportResult {
        try append(transactions: try parseImport(bytes), batchSize: batchSize, progress: progress)
    }

    /// Appends whole transactions in batches (one change and one fsync each).
    @discardableResult
    public func append(transactions: [Transaction], batchSize: Int = 50_000,
                       progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ImportResult {
        var result = ImportResult(imported: 0, batches: 0)
        var start = 0
        let size = max(1, batchSize)
        // Room for the whole import up front (~130 bytes a record): no regrowth copies per batch.
        state.bytes.reserveCapacity(state.bytes.count + transactions.count * 140)
        while start < transactions.count {
            let batch = transactions[start..<min(start + size, transactions.count)]
            let index = try append { writer, number in
                // Keep the batch's ids only if they are all unused so far, distinct, and not far
                // beyond the journal's (ids index dense arrays: a stray huge id would cost memory).
                var seen = Set<Int>()
                let ceiling = min(JournalState.maxIDAllowed, state.maxID + 2 * batch.count + 10_000)
                let keep = batch.allSatisfy { t in
                    t.id > state.maxID && t.id < ceiling && seen.insert(t.id).inserted
                }
                var id = state.maxID
                writer.out.reserveCapacity(batch.count * 160)
                for (k, var t) in batch.enumerated() {
                    if !keep { id += 1; t.id = id }
                    writer.begin(change: number, part: k + 1, of: batch.count, op: .importBatch)
                    RecordCodec.appendTransaction(t, to: &writer.out)
                    writer.end()
                }
            }
            ownChanges.append(index)
            let c = state.changes[Int(index)]
            if result.firstID == nil { result.firstID = Int(state.entries[Int(c.firstEntry)].id) }
            result.lastID = Int(state.entries[Int(c.firstEntry + c.entryCount - 1)].id)
            result.imported += batch.count
            result.batches += 1
            start += batch.count
            progress?(result.imported, transactions.count)
        }
        return result
    }

    struct ImportField: Error { let name: String }

    /// One TRANSACTION object of the JSON contract → a Transaction (id 0 when absent).
    static func transaction(from object: [String: String?]) throws -> Transaction {
        func field(_ name: String) -> String? { object[name] ?? nil }
        guard let code = field("currency"), let currency = Currency(code: code), code == currency.code else {
            throw ImportField(name: "currency")
        }
        guard let amountText = field("amount"),
              let minor = amountText.utf8.withContiguousStorageIfAvailable({ buffer in
                  RecordCodec.parseAmount(buffer.baseAddress!, buffer.count, digits: currency.minorDigits)
              }) ?? Money(decimal: amountText, currency: currency)?.minorUnits else {
            throw ImportField(name: "amount")
        }
        guard let dateText = field("date"), let date = CivilDate(iso: dateText) else { throw ImportField(name: "date") }
        let type: TransactionType
        if let typeText = field("type") {
            guard let known = TransactionType(rawValue: typeText) else { throw ImportField(name: "type") }
            type = known
        } else {
            type = .expense
        }
        var time: TimeOfDay?
        if let timeText = field("time") {
            guard let parsed = TimeOfDay(text: timeText) else { throw ImportField(name: "time") }
            time = parsed
        }
        var recurrence: Recurrence?
        if let text = field("recurrence") {
            guard let parsed = Recurrence(rawValue: text) else { throw ImportField(name: "recurrence") }
            recurrence = parsed
        }
        var id = 0
        if let idText = field("id") {
            guard let parsed = Int(idText.hasPrefix("#") ? String(idText.dropFirst()) : idText), parsed > 0 else {
                throw ImportField(name: "id")
            }
            id = parsed
        }
        func label(_ name: String) -> String? {
            guard let value = field(name), !value.isEmpty else { return nil }
            return value
        }
        return Transaction(id: id, type: type, amount: Money(minorUnits: minor, currency: currency), date: date,
                           time: time, category: label("category"), account: label("account"),
                           toAccount: label("to_account"), note: field("note") ?? "", recurrence: recurrence,
                           input: field("input") ?? "")
    }
}
