// CSVReader: `kassa import --format csv` — a CSV from anywhere: kassa's own export, a bank's,
// a spreadsheet's. Columns are found by their header names in either language (the
// vocabulary) or by a rules file's `fields`; the amount is one signed column or debit and
// credit columns; dates in the forms DateText reads, day/month order decided file-wide; the
// currency from a column, the amount's own sign or code, the rules or the default. A category
// name is looked up (name, slug, the parser's lexicon); an unknown one becomes `other` and is
// reported. Bad rows are collected with their line numbers, never skipped silently.

import KassaCore

public struct ImportDefaults: Sendable {
    public var account: String?
    public var currency: Currency
    public var dateOrder: DateText.Order?
    /// The account was named by the person (--account): it wins over a bank's card column.
    public var accountGiven = false
    /// Where a statement's cash withdrawal goes (kassa's cash account).
    public var cashAccount = "cash"
    /// The year of a journal's dates written without one where the file says none (today's, as
    /// hledger reads them).
    public var year: Int?

    public init(account: String? = nil, currency: Currency = .kzt, dateOrder: DateText.Order? = nil) {
        self.account = account
        self.currency = currency
        self.dateOrder = dateOrder
    }
}

public enum CSVReader {
    /// Rows read at a time while the ones before are handed on.
    static let chunk = 4096
    /// Where the columns are: found by the rules' `fields` or the header's names.
    struct Layout {
        var columns: [ImportColumn: Int] = [:]
        var names: [String] = []
        var headerLine = 0
        /// Rows before the data (skipped lines and the header).
        var dataSkip = 0
        var usable: Bool { columns[.date] != nil && (columns[.amount] != nil || columns[.debit] != nil || columns[.credit] != nil) }
    }

    static func layout(_ table: CSVTable, vocabulary: ImportVocabulary, rules: ImportRules) -> Layout {
        var layout = Layout()
        if let fields = rules.fields {
            layout.names = fields
            layout.headerLine = -1
            layout.columns = BankHeader.columns(fields, vocabulary: vocabulary)
            layout.dataSkip = rules.skip
            return layout
        }
        // The header: the first row (after `skip`) whose names give a date and an amount — a
        // bank's preamble lines (its name, the client, the period) come before it — or, when
        // none does, the first row, named in the message.
        guard let found = BankHeader.find(table, vocabulary: vocabulary, skip: rules.skip) else { return layout }
        layout.names = found.names
        layout.headerLine = found.line
        layout.columns = found.columns
        layout.dataSkip = found.rowsBefore + 1
        return layout
    }

    /// The day/month order the date column's cells decide (nil when none does), and one cell
    /// that needs it decided (a slash date with both parts at most 12), if any.
    static func dateOrder(_ table: CSVTable, layout: Layout) -> (order: DateText.Order?, undecided: String?) {
        guard let dateColumn = layout.columns[.date] else { return (nil, nil) }
        var order: DateText.Order?
        var undecided: String?
        var seen = 0
        table.forEachRow { _, row in
            seen += 1
            guard seen > layout.dataSkip, dateColumn < row.count else { return true }
            let cell = DateTimeText.split(table.text(row[dateColumn])).date
            // ISO dates decide nothing and need nothing: stop looking.
            if seen == layout.dataSkip + 1, cell.count == 10, cell.dropFirst(4).first == "-" { return false }
            if let decided = DateText.order(of: CollectionOfOne(cell)) {
                order = decided
                return false
            }
            if undecided == nil, DateText.isAmbiguous(CollectionOfOne(cell)) { undecided = String(cell) }
            return true
        }
        return (order, order == nil ? undecided : nil)
    }

    /// For a file whose slash dates no row decides: one such date (the order must be given or
    /// asked); nil when the order is known or not needed.
    public static func undecidedDate(_ bytes: [UInt8], vocabulary: ImportVocabulary, rules: ImportRules = ImportRules()) -> String? {
        guard rules.dateOrder == nil else { return nil }
        let table = CSVTable(bytes, delimiter: rules.separator)
        let layout = layout(table, vocabulary: vocabulary, rules: rules)
        guard layout.usable else { return nil }
        return dateOrder(table, layout: layout).undecided
    }

    /// The whole file's rows collected in `transactions` (tests, small files).
    public static func read(_ bytes: [UInt8], vocabulary: ImportVocabulary, rules: ImportRules = ImportRules(),
                            defaults: ImportDefaults = ImportDefaults()) -> ImportRecords {
        var transactions: [Transaction] = []
        transactions.reserveCapacity(bytes.count / 64)
        // The closure never throws: neither does this.
        var records = (try? read(bytes, vocabulary: vocabulary, rules: rules, defaults: defaults) { transactions.append($0) })
            ?? ImportRecords()
        records.transactions = transactions
        return records
    }

    /// Each row's transaction goes to `transaction` as it is read (none are collected); bad rows,
    /// unknown categories and the date order go to the records returned. An error `transaction`
    /// throws stops the reading and is thrown.
    /// `split` as BackupReader's: given one that runs its second piece on another thread, the
    /// next rows are read there while this thread hands the ones read before on, in order (the
    /// reader's caches, counts and errors are those of one thread: one reader reads every row).
    public static func read(_ bytes: [UInt8], vocabulary: ImportVocabulary, rules: ImportRules = ImportRules(),
                            defaults: ImportDefaults = ImportDefaults(), split: BackupReader.Split = { $0(); $1() },
                            transaction: (Transaction) throws -> Void) throws -> ImportRecords {
        var records = ImportRecords()
        guard let prepared = prepare(bytes, vocabulary: vocabulary, rules: rules, defaults: defaults, records: &records) else {
            return records
        }
        return try read(prepared, records: records, vocabulary: vocabulary, rules: rules, defaults: defaults, split: split,
                        transaction: transaction)
    }

    /// A table ready to read: where its columns are, and the day/month order of the whole file.
    struct Prepared {
        let table: CSVTable
        let layout: Layout
        let order: DateText.Order
    }

    /// The table of `bytes`, its layout and its day/month order; nil when the file cannot be read
    /// (no date or amount column, or slash dates no row decides), the reason put in `records`.
    static func prepare(_ bytes: [UInt8], vocabulary: ImportVocabulary, rules: ImportRules, defaults: ImportDefaults,
                        records: inout ImportRecords) -> Prepared? {
        let table = CSVTable(bytes, delimiter: rules.separator)
        records.separator = table.delimiter
        // A broken quote or CR-only line ends would lose or merge rows without a word: refused,
        // naming the line, before any row is read.
        let broken = table.structuralProblems()
        guard broken.isEmpty else {
            records.problems += broken
            return nil
        }
        let layout = layout(table, vocabulary: vocabulary, rules: rules)
        guard layout.usable else {
            records.problems.append(ImportProblem(line: max(layout.headerLine, 1), reason: "columns",
                                                  detail: layout.names.joined(separator: ",")))
            return nil
        }
        // The day/month order, decided for the whole file; never guessed: a file no row decides
        // is refused whole (the caller asks, or names --date-format).
        var order = rules.dateOrder ?? defaults.dateOrder
        if order == nil {
            let found = dateOrder(table, layout: layout)
            if let undecided = found.undecided {
                records.problems.append(ImportProblem(line: max(layout.headerLine, 1), reason: "date-order", detail: undecided))
                return nil
            }
            order = found.order
            records.dateOrder = found.order
        }
        return Prepared(table: table, layout: layout, order: order ?? .dmy)
    }

    /// The careful read of a prepared table (see `read(_:…transaction:)`).
    private static func read(_ prepared: Prepared, records: ImportRecords, vocabulary: ImportVocabulary, rules: ImportRules,
                             defaults: ImportDefaults, split: BackupReader.Split,
                             transaction: (Transaction) throws -> Void) throws -> ImportRecords {
        var records = records
        let table = prepared.table, columns = prepared.layout.columns, dataSkip = prepared.layout.dataSkip
        var reader = CSVRowReader(table: table, columns: columns, vocabulary: vocabulary, rules: rules, defaults: defaults,
                               order: prepared.order)
        var seen = 0
        var failure: (any Error)?
        var cursor = CSVTable.Cursor(table)
        typealias Row = (line: Int, result: Result<Transaction, ImportProblem>)
        /// Reads the next rows (a chunk) into `rows`.
        func fill(_ rows: inout [Row]) {
            rows.removeAll(keepingCapacity: true)
            while rows.count < CSVReader.chunk, let line = cursor.next() {
                seen += 1
                guard seen > dataSkip else { continue }
                rows.append((line, reader.transaction(cursor.cells)))
            }
        }
        var ready: [Row] = [], next: [Row] = []
        ready.reserveCapacity(CSVReader.chunk)
        next.reserveCapacity(CSVReader.chunk)
        fill(&ready)
        // `split` may not keep its pieces; the compiler cannot see that for `transaction`.
        try withoutActuallyEscaping(transaction) { transaction in
            while !ready.isEmpty {
                let rows = ready
                split({
                    for (line, result) in rows {
                        switch result {
                        case .success(let t):
                            do { try transaction(t) } catch { failure = error; return }
                        case .failure(let problem):
                            records.add(ImportProblem(line: line, reason: problem.reason, detail: problem.detail))
                        }
                    }
                }, {
                    fill(&next)
                })
                if let failure { throw failure }
                swap(&ready, &next)
            }
        }
        records.unknownCategories = reader.unknown
        records.cardsDiffering = reader.cardsDiffering
        return records
    }

    /// The same, but no Transaction is made for a row the fast path reads (CSVRowReader.row):
    /// the rows are read on both threads (`split`) a piece at a time, `encode` writes each such
    /// row's record on the thread that read it, straight from the table's bytes, and `rows` gets
    /// runs of them, in order with the rows read the careful way, which still go to
    /// `transaction`. `counts` gets what the runs held, by type and account, a piece at a time.
    /// A rules file with `if` lines is read as `read(_:…transaction:)` reads it (its patterns
    /// match each row's text).
    public static func read(_ bytes: [UInt8], vocabulary: ImportVocabulary, rules: ImportRules = ImportRules(),
                            defaults: ImportDefaults = ImportDefaults(), split: BackupReader.Split = { $0(); $1() },
                            encode: @escaping BackupReader.Encode, rows: (CSVRun) throws -> Void, counts: (RowCounts) -> Void,
                            transaction: (Transaction) throws -> Void) throws -> ImportRecords {
        try read(bytes, vocabulary: vocabulary, rules: rules, defaults: defaults, split: split, stretch: CSVStream.defaultStretch,
                 encode: encode, rows: rows, counts: counts, transaction: transaction)
    }

    /// The same, a stretch of about `stretch` bytes at a time (tests cut small ones).
    static func read(_ bytes: [UInt8], vocabulary: ImportVocabulary, rules: ImportRules, defaults: ImportDefaults,
                     split: BackupReader.Split, stretch: Int, encode: @escaping BackupReader.Encode, rows: (CSVRun) throws -> Void,
                     counts: (RowCounts) -> Void, transaction: (Transaction) throws -> Void) throws -> ImportRecords {
        var records = ImportRecords()
        guard let prepared = prepare(bytes, vocabulary: vocabulary, rules: rules, defaults: defaults, records: &records) else {
            return records
        }
        let table = prepared.table, layout = prepared.layout
        let reader = { CSVRowReader(table: table, columns: layout.columns, vocabulary: vocabulary, rules: rules, defaults: defaults,
                                    order: prepared.order) }
        guard reader().readsBytes else {
            // Prepared once: the careful read does not look for the date order again.
            return try read(prepared, records: records, vocabulary: vocabulary, rules: rules, defaults: defaults, split: split,
                            transaction: transaction)
        }
        // The data rows start after the skipped lines and the header.
        var cursor = CSVTable.Cursor(table)
        for _ in 0..<layout.dataSkip where cursor.next() != nil {}
        let start = cursor.offset, line = cursor.line
        // `split` may not keep its pieces; the compiler cannot see that for the callbacks.
        try withoutActuallyEscaping(rows) { rows in
            try withoutActuallyEscaping(counts) { counts in
                try withoutActuallyEscaping(transaction) { transaction in
                    try table.bytes.withUnsafeBufferPointer { buffer in
                        guard let base = buffer.baseAddress else { return }
                        var stream = CSVStream(table: table, base: base, from: start, line: line, stretch: stretch, reader: reader, encode: encode,
                                               rows: rows, counts: counts, transaction: transaction)
                        try stream.run(split: split, records: &records)
                    }
                }
            }
        }
        return records
    }

    /// "'=SUM(…)" → "=SUM(…)": the apostrophe CSVWriter put before a formula-like cell.
    static func unneutralised(_ text: String) -> String {
        guard text.utf8.first == 39, let second = text.utf8.dropFirst().first, second == 61 || second == 43 || second == 45
                || second == 64 || second == 9 || second == 13 || second == 39 else { return text }
        return String(text.dropFirst())
    }
}
