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

    /// Runs two pieces of work, at once if it can (the shell passes one that starts a thread);
    /// `first` on the calling thread (the rows are handed on there).
    public typealias Split = (_ first: () -> Void, _ second: @escaping () -> Void) -> Void

    /// Streams a backup: each transaction goes to `transaction` as its line is read (nothing of
    /// the file is kept); accounts, lessons and bad lines (with their numbers) go to `records`.
    /// A block of lines at a time: the fast decoder reads the pieces of a block on both threads
    /// (`split`), then the lines go out in order, the ones it declined read the careful way.
    public static func read(_ input: ImportInput, into records: inout ImportRecords, split: Split = { $0(); $1() },
                            transaction: (Transaction) throws -> Void) throws {
        try read(input, into: &records, split: split, encode: nil, rows: { _ in }, counts: { _ in }, transaction: transaction)
    }

    /// Encodes a row's record fields as the caller will store them, through the cursor, in at
    /// most `row.encodedBound` bytes (the journal's record fields, straight from the line's
    /// bytes); it runs on the threads that decode, so it must be pure.
    public typealias Encode = (BackupRow, inout ByteCursor) -> Void

    /// The same, but no Transaction is made for a line the fast decoder reads: `encode` writes
    /// its record on the decoding thread from the line's own bytes, and `rows` gets runs of such
    /// lines, in order with the lines read the careful way, which still go to `transaction` (the
    /// caller encodes those itself). `counts` gets what the runs held, by type and account, each
    /// time a part of a block has been handed on.
    public static func read(_ input: ImportInput, into records: inout ImportRecords, split: Split = { $0(); $1() },
                            encode: Encode?, rows: (EncodedRun) throws -> Void, counts: (RowCounts) -> Void,
                            transaction: (Transaction) throws -> Void) throws {
        // `split` may not keep its pieces; the compiler cannot see that for the callbacks.
        try withoutActuallyEscaping(rows) { rows in
            try withoutActuallyEscaping(counts) { counts in
                try withoutActuallyEscaping(transaction) { transaction in
                    try stream(input, into: &records, split: split, encode: encode, rows: rows, counts: counts, transaction: transaction)
                }
            }
        }
    }

    private static func stream(_ input: ImportInput, into records: inout ImportRecords, split: Split, encode: Encode?,
                             rows: @escaping (EncodedRun) throws -> Void, counts: @escaping (RowCounts) -> Void,
                             transaction: @escaping (Transaction) throws -> Void) throws {
        var fields = Fields()
        // Two blocks in turn: while one is decoded on both threads, this thread first hands the
        // one before on (and reads the next), then joins the decoding.
        let works = (BackupBlock(encode: encode), BackupBlock(encode: encode))
        var line = 1
        /// Hands a decoded block on, in order: runs, transactions, the careful lines.
        func handOn(_ work: BackupBlock, _ block: UnsafeBufferPointer<UInt8>) throws {
            for piece in work.pieces[..<work.used] {
                for item in piece.items {
                    switch item {
                    case let .run(ids, bytes, span):
                        try piece.ids.withUnsafeBufferPointer { all in
                            try rows(EncodedRun(ids: UnsafeBufferPointer(rebasing: all[ids]), records: piece.records.bytes(bytes),
                                                lines: UnsafeBufferPointer(rebasing: block[span])))
                        }
                    case .transaction(let t):
                        try transaction(t)
                    case let .careful(k, span):
                        try careful(UnsafeBufferPointer(rebasing: block[span]), number: line + k, fields: &fields,
                                    records: &records, transaction: transaction)
                    }
                }
                if encode != nil { counts(piece.counts) }
                line += piece.lines
            }
        }
        var pending: (work: BackupBlock, block: UnsafeBufferPointer<UInt8>)?
        var next = input.nextBlock()
        var flip = false
        while let block = next {
            let work = flip ? works.1 : works.0
            flip.toggle()
            work.start(block)
            var failure: (any Error)?
            // The input keeps a block as it is while the next two are read: `pending`'s bytes
            // stay valid while the block after `block` is read.
            split({
                if let (before, bytes) = pending {
                    do { try handOn(before, bytes) } catch { failure = error }
                }
                next = failure == nil ? input.nextBlock() : nil
                work.decode(lane: 0)
            }, {
                work.decode(lane: 1)
            })
            if let failure { throw failure }
            pending = (work, block)
        }
        if let (work, block) = pending { try handOn(work, block) }
    }

    /// A line the fast decoder declined (and every error): read the careful way.
    private static func careful(_ line: UnsafeBufferPointer<UInt8>, number: Int, fields: inout Fields,
                                records: inout ImportRecords, transaction: (Transaction) throws -> Void) throws {
        fields.reset()
        do {
            try JSONObjectReader.forEachField(line) { key, value in fields.set(key, value) }
            if fields.values[Slot.record] == nil || fields.text(Slot.record) == "transaction" {
                try transaction(BackupReader.transaction(fields))
            } else {
                try add(fields, to: &records)
            }
        } catch let failure as JSONObjectReader.Failure {
            records.problems.append(ImportProblem(line: number, reason: "json", detail: failure.what))
        } catch let field as FieldFailure {
            records.problems.append(ImportProblem(line: number, reason: field.reason, detail: field.name))
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
        /// An optional field's amount and currency (TransactionField), both or neither.
        static func amount(_ field: TransactionField) -> Int { 19 + 2 * field.rawValue }
        static func currency(_ field: TransactionField) -> Int { 20 + 2 * field.rawValue }
    }

    /// The fields a backup line may have, by position: a line is read without a dictionary.
    struct Fields {
        static let names: [[UInt8]] = ["record", "id", "date", "time", "type", "amount", "currency", "category", "account",
                                       "to_account", "note", "recurrence", "input", "name", "aliases", "phrase",
                                       "kind", "key", "fields"].map { Array($0.utf8) }
            + TransactionField.allCases.flatMap { [Array($0.keys.amount.utf8), Array($0.keys.currency.utf8)] }
        var values = [JSONValue?](repeating: nil, count: Fields.names.count)

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
        // A category is a slug kassa could have made, and an expense's is no income one.
        if let slug = label(Slot.category) {
            guard CategoryDefinition.isValidSlug(slug), !(type == .expense && (slug == "income" || slug.hasPrefix("income/"))) else {
                throw FieldFailure(name: "category")
            }
        }
        var transaction = Transaction(id: id, type: type, amount: amount, date: date, time: time, category: label(Slot.category),
                                      account: label(Slot.account), toAccount: label(Slot.toAccount), note: field(Slot.note) ?? "",
                                      recurrence: recurrence, input: field(Slot.input) ?? "")
        // The optional fields: each only on a type that has it, in a currency of its own where it
        // must be, bounded like the amount (a listing's `null` pair is none).
        for optional in TransactionField.allCases {
            let amountSlot = Slot.amount(optional), currencySlot = Slot.currency(optional)
            guard field(amountSlot) != nil || field(currencySlot) != nil else { continue }
            guard optional.belongs(to: type), let code = field(currencySlot), let other = Currency(code: code), code == other.code,
                  !optional.isInAnotherCurrency || other != currency else {
                throw FieldFailure(name: optional.keys.currency)
            }
            guard let text = field(amountSlot), let money = Money(decimal: text, currency: other), money.minorUnits >= 0,
                  money.isWithinEntryBound else { throw FieldFailure(name: optional.keys.amount) }
            optional.set(money, in: &transaction)
        }
        return transaction
    }
}
