// Journal+Import: restoring a backup (`kassa list --json` output) and bulk appends.
// Two steps kept apart: decoding (JSON lines → [Transaction], every line validated before
// anything is written; JSONLineReader does the JSON) and the store's import of decoded
// transactions. An import is ONE change, however large: its records are written in batches (one
// write and one fsync per batch, under one lock held for the whole import) as parts 1/N ... N/N
// of a single change, so a kill midway leaves an incomplete change — never counted, moved aside
// as a torn tail by the next writer — and one undo takes the whole import back.
// Re-importing is idempotent: a line whose id is a live transaction of the journal (a backup of
// it), or an id-less line matching a live transaction's fingerprint (date, amount, currency,
// account, note; counted, so two equal coffees in the journal absorb two equal lines), is
// skipped and counted, unless duplicates are allowed. Ids are kept when they are all new to the
// journal (restoring into an empty journal gives the same transactions); otherwise the import
// gets fresh ids.

import KassaCore

public struct ImportResult: Sendable, Hashable {
    public var imported: Int
    /// Write batches (one fsync each); all of them belong to one change.
    public var batches: Int
    /// Lines skipped as already present in the journal.
    public var skipped: Int = 0
    /// The transactions' ids after import, first and last (nil if nothing was imported).
    public var firstID: Int?
    public var lastID: Int?
}

extension Journal {
    /// Decodes JSON lines (blank lines skipped) into transactions (id 0 when absent). Throws
    /// `.importInvalid` naming the first bad line; writes nothing.
    public func parseImport(_ bytes: [UInt8]) throws -> [Transaction] {
        var out: [Transaction] = []
        var lineNumber = 0
        // ~150 bytes a line: one reservation instead of regrowing (and copying) a million rows.
        out.reserveCapacity(bytes.count / 150 + 1)
        try bytes.withUnsafeBufferPointer { buffer in
            // A UTF-8 byte order mark (some editors add one) is not part of the first line.
            var start = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
            while start < buffer.count {
                lineNumber += 1
                let end = memchrLF(buffer.baseAddress! + start, buffer.count - start).map { $0 - buffer.baseAddress! }
                    ?? buffer.count
                var last = end
                while last > start, buffer[last - 1] == 13 || buffer[last - 1] == 32 { last -= 1 }
                var first = start
                while first < last, buffer[first] == 32 || buffer[first] == 9 { first += 1 }
                if first < last {
                    let line = UnsafeBufferPointer(rebasing: buffer[first..<last])
                    // The usual line decodes directly; anything else (and every error) takes the careful path.
                    if let t = ImportLineDecoder.transaction(line) {
                        out.append(t)
                        start = end + 1
                        continue
                    }
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

    /// Imports a JSON-lines backup: decoded and validated whole first, then `importTransactions`.
    @discardableResult
    public func importJSONLines(_ bytes: [UInt8], allowDuplicates: Bool = false, batchSize: Int = 50_000,
                                progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ImportResult {
        try importTransactions(try parseImport(bytes), allowDuplicates: allowDuplicates, batchSize: batchSize,
                               progress: progress)
    }

    /// Bulk append of whole transactions as one change (the benchmark's path): no duplicate check.
    @discardableResult
    public func append(transactions: [Transaction], batchSize: Int = 50_000,
                       progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ImportResult {
        try importTransactions(transactions, allowDuplicates: true, batchSize: batchSize, progress: progress)
    }

    /// Imports decoded transactions as one change written in batches of `batchSize` records (one
    /// fsync each), skipping those already present unless `allowDuplicates`.
    @discardableResult
    public func importTransactions(_ transactions: [Transaction], allowDuplicates: Bool = false, batchSize: Int = 50_000,
                                   progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ImportResult {
        for t in transactions {
            if let problem = RecordBounds.problem(in: t) { throw StoreError(.invalid, path: path, detail: problem) }
        }
        var result = ImportResult(imported: 0, batches: 0)
        let size = max(1, batchSize)
        let index = try appendParts { emit in
            // Decided under the lock, against the journal as it is now.
            let wanted = allowDuplicates ? transactions : withoutDuplicates(transactions)
            result.skipped = transactions.count - wanted.count
            guard !wanted.isEmpty else { return }
            // Keep the ids only if they are all unused so far, distinct, and not far beyond the
            // journal's (ids index dense arrays: a stray huge id would cost memory).
            let floor = state.nextFreeID
            // Distinctness by a bitmap over floor ..< ceiling (a few hundred KB for a million
            // lines) rather than a Set of a million Ints.
            let ceiling = min(JournalState.maxIDAllowed, floor + 2 * wanted.count + 10_000)
            var seen = [UInt64](repeating: 0, count: max(0, ceiling - floor) / 64 + 1)
            let keep = wanted.allSatisfy { t in
                guard t.id >= floor, t.id < ceiling else { return false }
                let bit = t.id - floor
                let mask: UInt64 = 1 << UInt64(bit & 63)
                guard seen[bit >> 6] & mask == 0 else { return false }
                seen[bit >> 6] |= mask
                return true
            }
            seen = []
            let number = state.nextNumber
            var id = floor - 1
            var writer = LineWriter()
            swap(&writer.out, &scratch)
            defer { swap(&writer.out, &scratch) }
            // Room for the whole import up front (~130 bytes a record): no regrowth copies per batch.
            state.bytes.reserveCapacity(state.bytes.count + wanted.count * 140)
            var start = 0
            while start < wanted.count {
                let end = min(start + size, wanted.count)
                writer.out.removeAll(keepingCapacity: true)
                writer.out.reserveCapacity((end - start) * 160)
                for k in start..<end {
                    var t = wanted[k]
                    if !keep { id += 1; t.id = id }
                    if result.firstID == nil { result.firstID = t.id }
                    result.lastID = t.id
                    writer.begin(change: number, part: k + 1, of: wanted.count, op: .importBatch)
                    RecordCodec.appendTransaction(t, to: &writer.out)
                    writer.end()
                }
                try emit(writer.out)
                result.imported = end
                result.batches += 1
                start = end
                progress?(end, wanted.count)
            }
        }
        if let index { ownChanges.append(index) }
        return result
    }

    /// Fingerprint of an id-less import line: what makes two entries "the same".
    private struct Fingerprint: Hashable {
        var days: Int
        var amount: Int64
        var currency: String
        var account: String?
        var note: String
        init(_ t: Transaction) {
            days = t.date.daysSinceEpoch
            amount = t.amount.minorUnits
            currency = t.amount.currency.code
            account = t.account
            note = t.note
        }
    }

    /// `transactions` without those already in the journal: by id (a live transaction with that
    /// id), or for id-less ones by fingerprint, each live transaction absorbing one line.
    private func withoutDuplicates(_ transactions: [Transaction]) -> [Transaction] {
        // The usual restore (every line has an id, none of them live): the same array, no copy
        // of a million transactions.
        if !transactions.contains(where: { $0.id <= 0 || state.exists($0.id) }) { return transactions }
        var present: [Fingerprint: Int] = [:]
        if transactions.contains(where: { $0.id == 0 }) {
            for id in 1..<max(state.current.count, 1) where state.current[id] >= 0 {
                present[Fingerprint(materialize(state.current[id])), default: 0] += 1
            }
        }
        var out: [Transaction] = []
        out.reserveCapacity(transactions.count)
        for t in transactions {
            if t.id > 0 {
                if state.exists(t.id) { continue }
            } else {
                let key = Fingerprint(t)
                if let count = present[key], count > 0 {
                    present[key] = count - 1
                    continue
                }
            }
            out.append(t)
        }
        return out
    }

    struct ImportField: Error { let name: String }

    /// One TRANSACTION object of the JSON contract → a Transaction (id 0 when absent).
    static func transaction(from object: [String: String?]) throws -> Transaction {
        func field(_ name: String) -> String? { object[name] ?? nil }
        guard let code = field("currency"), let currency = Currency(code: code), code == currency.code else {
            throw ImportField(name: "currency")
        }
        // At most RecordBounds.maxWholeDigits digits before the point: checked on the text, before
        // any arithmetic, so no amount can overflow while it is read.
        guard let amountText = field("amount"),
              amountText.utf8.prefix(while: { $0 != UInt8(ascii: ".") }).filter({ $0 >= 48 && $0 <= 57 }).count
                  <= RecordBounds.maxWholeDigits,
              let minor = amountText.utf8.withContiguousStorageIfAvailable({ buffer in
                  RecordCodec.parseAmount(buffer.baseAddress!, buffer.count, digits: currency.minorDigits)
              }) ?? Money(decimal: amountText, currency: currency)?.minorUnits else {
            throw ImportField(name: "amount")
        }
        guard let dateText = field("date"), let date = CivilDate(iso: dateText), date.isSupported else {
            throw ImportField(name: "date")
        }
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
