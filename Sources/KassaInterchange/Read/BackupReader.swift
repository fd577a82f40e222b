// BackupReader: `kassa import --format jsonl` — a kassa backup (BackupWriter, or the older
// `kassa list --json`, transactions only): TRANSACTION objects with their ids, and the
// "record" lines for accounts and lessons. Every line is read; a bad one is a problem with
// its line number and the field at fault.

#if canImport(Glibc)
import Glibc
#endif

import KassaCore

public enum BackupReader {
    /// Whether `bytes` start like a backup: the first non-blank byte opens an object.
    public static func looksLikeBackup(_ bytes: [UInt8]) -> Bool {
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
        return i < bytes.count && bytes[i] == 123
    }

    /// The whole backup in memory (tests, small files): transactions collected in `transactions`.
    public static func read(_ bytes: [UInt8]) -> ImportRecords {
        var records = ImportRecords()
        var transactions: [Transaction] = []
        try? read(ImportInput(bytes: bytes), into: &records) { transactions.append($0) }
        records.transactions = transactions
        return records
    }

    /// Runs two pieces of work, at once if it can (the shell passes one that starts a thread).
    public typealias Split = (_ first: () -> Void, _ second: @escaping () -> Void) -> Void

    /// Streams a backup: each transaction goes to `transaction` as its line is read (nothing of
    /// the file is kept); accounts, lessons and bad lines (with their numbers) go to `records`.
    /// A block of lines at a time: the fast decoder reads each half of a block at once (`split`),
    /// then the lines go out in order, the ones it declined read the careful way.
    public static func read(_ input: ImportInput, into records: inout ImportRecords, split: Split = { $0(); $1() },
                            transaction: (Transaction) throws -> Void) throws {
        try read(input, into: &records, split: split, encode: nil, row: { _ in }, transaction: transaction)
    }

    /// Encodes a row as the caller will store it, appending to the buffer (the journal's record
    /// fields, straight from the line's bytes); it runs on the thread that decoded the line, so
    /// it must be pure.
    public typealias Encode = (BackupRow, inout [UInt8]) -> Void

    /// A line the fast decoder read and `encode` encoded: what a caller counts, and the bytes.
    public struct EncodedRow {
        public let id: Int
        public let type: TransactionType
        public let account: String?
        public let toAccount: String?
        /// What `encode` wrote for the line (valid during the call only).
        public let encoded: UnsafeBufferPointer<UInt8>
        let line: UnsafeBufferPointer<UInt8>

        /// The whole transaction, read from the line again (for the few a caller shows).
        public var transaction: Transaction {
            var decoder = BackupLineDecoder()
            return decoder.transaction(line)!
        }
    }

    /// What the decoding threads leave for each line.
    private enum Decoded {
        case transaction(Transaction)
        case row(id: Int, type: TransactionType, account: String?, toAccount: String?)
    }

    /// The same, but no Transaction is made for a line the fast decoder reads: `encode` writes
    /// its record on the decoding thread from the line's own bytes and `row` gets it, in order;
    /// lines read the careful way still go to `transaction` (which the caller encodes itself).
    public static func read(_ input: ImportInput, into records: inout ImportRecords, split: Split = { $0(); $1() },
                            encode: Encode?, row: (EncodedRow) throws -> Void,
                            transaction: (Transaction) throws -> Void) throws {
        var fields = Fields()
        // Each half's encoded records, one after another, and where each line's ends.
        var encoded = ([UInt8](), [UInt8]())
        var ends = ([Int](), [Int]())
        var lines: [Range<Int>] = []
        var decoders = (BackupLineDecoder(), BackupLineDecoder())
        try input.forEachBlock { block, firstLine in
            // Lines, trimmed (a CR before the LF, spaces and tabs around); blank ones kept as empty.
            lines.removeAll(keepingCapacity: true)
            let base = block.baseAddress!
            var at = 0
            while at < block.count {
                let end = memchr(base + at, 10, block.count - at).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
                    ?? block.count
                var first = at, last = end
                while last > first, block[last - 1] == 13 || block[last - 1] == 32 || block[last - 1] == 9 { last -= 1 }
                while first < last, block[first] == 32 || block[first] == 9 { first += 1 }
                lines.append(first..<last)
                at = end + 1
            }
            // The usual line decodes directly, each part of the block at once. This thread then
            // hands every row on in order, so when rows are encoded the other one takes the larger part.
            let half = encode == nil ? lines.count / 2 : lines.count * 3 / 8
            var low: [Decoded?] = [], high: [Decoded?] = []
            let all = lines
            var (one, two) = decoders
            var (lowBytes, highBytes) = encoded
            var (lowEnds, highEnds) = ends
            /// Decodes `part` of the lines (and encodes each, when asked).
            func decode(_ part: ArraySlice<Range<Int>>, _ decoder: inout BackupLineDecoder, _ bytes: inout [UInt8],
                        _ ends: inout [Int]) -> [Decoded?] {
                bytes.removeAll(keepingCapacity: true)
                ends.removeAll(keepingCapacity: true)
                guard let encode else {
                    return part.map { range in
                        decoder.transaction(UnsafeBufferPointer(rebasing: block[range])).map(Decoded.transaction)
                    }
                }
                return part.map { range -> Decoded? in
                    defer { ends.append(bytes.count) }
                    guard let row = decoder.row(UnsafeBufferPointer(rebasing: block[range])) else { return nil }
                    encode(row, &bytes)
                    return .row(id: row.id, type: row.type, account: row.account, toAccount: row.toAccount)
                }
            }
            split({
                low = decode(all[..<half], &one, &lowBytes, &lowEnds)
            }, {
                high = decode(all[half...], &two, &highBytes, &highEnds)
            })
            decoders = (one, two)
            encoded = (lowBytes, highBytes)
            ends = (lowEnds, highEnds)
            /// Hands on the lines `ks` of one part, in order: `bytes`/`lineEnds` are its encoded records.
            func handOn(_ ks: Range<Int>, _ decoded: [Decoded?], _ bytes: UnsafeBufferPointer<UInt8>, _ lineEnds: [Int]) throws {
                for k in ks where !lines[k].isEmpty {
                    let at = k - ks.lowerBound
                    switch decoded[at] {
                    case .transaction(let t)?:
                        try transaction(t)
                    case let .row(id, type, account, toAccount)?:
                        let start = at == 0 ? 0 : lineEnds[at - 1]
                        try row(EncodedRow(id: id, type: type, account: account, toAccount: toAccount,
                                           encoded: UnsafeBufferPointer(rebasing: bytes[start..<lineEnds[at]]),
                                           line: UnsafeBufferPointer(rebasing: block[lines[k]])))
                    case nil:
                        try careful(k)
                    }
                }
            }
            /// Anything else (and every error) takes the careful path.
            func careful(_ k: Int) throws {
                let lineNumber = firstLine + k
                fields.reset()
                do {
                    try JSONObjectReader.forEachField(UnsafeBufferPointer(rebasing: block[lines[k]])) { key, value in
                        fields.set(key, value)
                    }
                    if fields.values[Slot.record] == nil || fields.text(Slot.record) == "transaction" {
                        try transaction(BackupReader.transaction(fields))
                    } else {
                        try add(fields, to: &records)
                    }
                } catch let failure as JSONObjectReader.Failure {
                    records.problems.append(ImportProblem(line: lineNumber, reason: "json", detail: failure.what))
                } catch let field as FieldFailure {
                    records.problems.append(ImportProblem(line: lineNumber, reason: field.reason, detail: field.name))
                }
            }
            try lowBytes.withUnsafeBufferPointer { try handOn(0..<half, low, $0, lowEnds) }
            try highBytes.withUnsafeBufferPointer { try handOn(half..<lines.count, high, $0, highEnds) }
            return lines.count
        }
    }

    struct FieldFailure: Error {
        let name: String
        /// An import.reason.* key: "field" (missing or wrong) unless something more exact is known.
        var reason = "field"
    }

    /// Positions in Fields.names.
    enum Slot {
        static let record = 0, id = 1, date = 2, time = 3, type = 4, amount = 5, currency = 6, category = 7
        static let account = 8, toAccount = 9, note = 10, recurrence = 11, input = 12, name = 13, aliases = 14, phrase = 15
        static let kind = 16, key = 17, fields = 18
    }

    /// The fields a backup line may have, by position: a line is read without a dictionary.
    struct Fields {
        static let names: [[UInt8]] = ["record", "id", "date", "time", "type", "amount", "currency", "category", "account",
                                       "to_account", "note", "recurrence", "input", "name", "aliases", "phrase",
                                       "kind", "key", "fields"].map { Array($0.utf8) }
        var values = [JSONValue?](repeating: nil, count: 19)

        /// Empties the slots for the next line (the array is reused, not made again per line).
        mutating func reset() {
            for slot in values.indices where values[slot] != nil { values[slot] = nil }
        }

        mutating func set(_ key: UnsafeBufferPointer<UInt8>, _ value: JSONValue) {
            for (slot, name) in Fields.names.enumerated() where name.count == key.count && name.first == key.first
                && name.withUnsafeBufferPointer({ memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }) {
                values[slot] = value
                return
            }
        }

        /// A field by name, for the rare kinds; transactions use `text(slot)`.
        subscript(_ name: String) -> JSONValue? {
            let bytes = Array(name.utf8)
            guard let slot = Fields.names.firstIndex(of: bytes) else { return nil }
            return values[slot]
        }

        func text(_ slot: Int) -> String? { values[slot]?.text }

    }

    static func add(_ object: Fields, to records: inout ImportRecords) throws {
        func field(_ name: String) -> String? { object[name]?.text }
        switch field("record") {
        case nil, "transaction":
            records.transactions.append(try transaction(object))
        case "account":
            guard let name = field("name"), !name.isEmpty else { throw FieldFailure(name: "name") }
            var currency: Currency?
            if let code = field("currency") {
                guard let known = Currency(code: code) else { throw FieldFailure(name: "currency") }
                currency = known
            }
            var aliases: [String] = []
            if case .list(let list)? = object["aliases"] { aliases = list }
            records.accounts.append(Account(name: name, aliases: aliases, currency: currency))
        case "lesson":
            guard let phrase = field("phrase"), !phrase.isEmpty else { throw FieldFailure(name: "phrase") }
            guard let category = field("category"), !category.isEmpty else { throw FieldFailure(name: "category") }
            records.lessons.append((phrase: phrase, category: category))
        case "object":
            // A budget, series, rate, category or account profile: NAME=VALUE fields.
            guard let kind = field("kind"), !kind.isEmpty else { throw FieldFailure(name: "kind") }
            guard let key = field("key"), !key.isEmpty else { throw FieldFailure(name: "key") }
            var fields: [ObjectRecord.Field] = []
            if case .list(let list)? = object["fields"] {
                for pair in list {
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { throw FieldFailure(name: "fields") }
                    fields.append(ObjectRecord.Field(String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
                }
            }
            guard fields.count <= ObjectRecord.maxFields else { throw FieldFailure(name: "fields") }
            records.objects.append(ObjectRecord(kind: kind, key: key, fields: fields))
        case let other?:
            throw FieldFailure(name: "record " + other)
        }
    }

    /// One TRANSACTION object of the JSON contract (id 0 when absent).
    static func transaction(_ object: Fields) throws -> Transaction {
        func field(_ slot: Int) -> String? { object.text(slot) }
        guard let code = field(Slot.currency), let currency = Currency(code: code), code == currency.code else {
            throw FieldFailure(name: "currency")
        }
        guard let amountText = field(Slot.amount) else { throw FieldFailure(name: "amount") }
        // Digits beyond what kassa keeps (12 before the point) are named as such, not as "wrong".
        var wholeDigits = 0, onlyDigits = true
        for byte in amountText.utf8 {
            if byte == UInt8(ascii: ".") { break }
            if byte == UInt8(ascii: "-") { continue }
            if byte >= 48 && byte <= 57 { wholeDigits += 1 } else { onlyDigits = false }
        }
        guard wholeDigits <= Money.maximumWholeDigits || !onlyDigits else {
            throw FieldFailure(name: amountText, reason: "amount-bounds")
        }
        guard let amount = Money(decimal: amountText, currency: currency),
              amount.minorUnits > 0, amount.isWithinEntryBound else { throw FieldFailure(name: "amount") }
        guard let dateText = field(Slot.date), let date = CivilDate(iso: dateText) else { throw FieldFailure(name: "date") }
        guard date.isSupported else { throw FieldFailure(name: dateText, reason: "date-bounds") }
        var type = TransactionType.expense
        if let text = field(Slot.type) {
            guard let known = TransactionType(rawValue: text) else { throw FieldFailure(name: "type") }
            type = known
        }
        var time: TimeOfDay?
        if let text = field(Slot.time) {
            guard let parsed = TimeOfDay(text: text) else { throw FieldFailure(name: "time") }
            time = parsed
        }
        var recurrence: Recurrence?
        if let text = field(Slot.recurrence) {
            guard let parsed = Recurrence(rawValue: text) else { throw FieldFailure(name: "recurrence") }
            recurrence = parsed
        }
        var id = 0
        if let text = field(Slot.id) {
            guard let parsed = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), parsed > 0 else {
                throw FieldFailure(name: "id")
            }
            id = parsed
        }
        func label(_ slot: Int) -> String? {
            guard let value = field(slot), !value.isEmpty else { return nil }
            return value
        }
        return Transaction(id: id, type: type, amount: amount, date: date, time: time, category: label(Slot.category),
                           account: label(Slot.account), toAccount: label(Slot.toAccount), note: field(Slot.note) ?? "",
                           recurrence: recurrence, input: field(Slot.input) ?? "")
    }
}
