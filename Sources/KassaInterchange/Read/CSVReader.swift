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
        var skipped = 0
        var names: [String]?
        if let fields = rules.fields {
            names = fields
            layout.headerLine = -1
        }
        table.forEachRow { line, cells in
            if skipped < rules.skip { skipped += 1; return true }
            if names == nil {
                names = cells.map { ImportVocabulary.normalizedHeader(table.text($0)) }
                layout.headerLine = line
            }
            return false
        }
        layout.names = names ?? []
        for (index, name) in layout.names.enumerated() {
            guard let column = ImportColumn(rawValue: vocabulary.column(name) ?? name), layout.columns[column] == nil else { continue }
            layout.columns[column] = index
        }
        layout.dataSkip = rules.skip + (layout.headerLine > 0 ? 1 : 0)
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
            let cell = Substring(table.text(row[dateColumn]))
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
        let table = CSVTable(bytes, delimiter: rules.separator)
        records.separator = table.delimiter
        let layout = layout(table, vocabulary: vocabulary, rules: rules)
        let columns = layout.columns
        guard layout.usable else {
            records.problems.append(ImportProblem(line: max(layout.headerLine, 1), reason: "columns",
                                                  detail: layout.names.joined(separator: ",")))
            return records
        }
        let dataSkip = layout.dataSkip

        // The day/month order, decided for the whole file; never guessed: a file no row decides
        // is refused whole (the caller asks, or names --date-format).
        var order = rules.dateOrder ?? defaults.dateOrder
        if order == nil {
            let found = dateOrder(table, layout: layout)
            if let undecided = found.undecided {
                records.problems.append(ImportProblem(line: max(layout.headerLine, 1), reason: "date-order", detail: undecided))
                return records
            }
            order = found.order
            records.dateOrder = found.order
        }
        var reader = RowReader(table: table, columns: columns, vocabulary: vocabulary, rules: rules, defaults: defaults,
                               order: order ?? .dmy)
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
                            records.problems.append(ImportProblem(line: line, reason: problem.reason, detail: problem.detail))
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
        return records
    }

    /// "'=SUM(…)" → "=SUM(…)": the apostrophe CSVWriter put before a formula-like cell.
    static func unneutralised(_ text: String) -> String {
        guard text.utf8.first == 39, let second = text.utf8.dropFirst().first, second == 61 || second == 43 || second == 45
                || second == 64 || second == 9 || second == 13 else { return text }
        return String(text.dropFirst())
    }
}

/// One data row → a transaction, with the look-ups cached across rows.
struct RowReader {
    let table: CSVTable
    let columns: [ImportColumn: Int]
    let vocabulary: ImportVocabulary
    let rules: ImportRules
    let defaults: ImportDefaults
    let order: DateText.Order
    var unknown: [String: Int] = [:]
    private var categories: [String: String] = [:]
    private var incomeCategories: [String: String] = [:]
    private var kinds: [String: TransactionType?] = [:]
    private var currencies: [String: Currency?] = [:]
    /// Column → cell index (-1 when the file has no such column), by ImportColumn.ordinal.
    private let indices: [Int]

    init(table: CSVTable, columns: [ImportColumn: Int], vocabulary: ImportVocabulary, rules: ImportRules,
         defaults: ImportDefaults, order: DateText.Order) {
        self.table = table
        self.columns = columns
        self.vocabulary = vocabulary
        self.rules = rules
        self.defaults = defaults
        self.order = order
        var slots = [Int](repeating: -1, count: ImportColumn.allCases.count)
        for (column, index) in columns { slots[column.ordinal] = index }
        indices = slots
    }

    private func has(_ column: ImportColumn) -> Bool { indices[column.ordinal] >= 0 }

    private func cell(_ column: ImportColumn, _ cells: [CSVCell]) -> String? {
        let index = indices[column.ordinal]
        guard index >= 0, index < cells.count else { return nil }
        return table.trimmedText(cells[index])
    }

    /// The cell's bytes, for the fast paths of ISO dates and plain amounts.
    private func raw(_ column: ImportColumn, _ cells: [CSVCell]) -> ArraySlice<UInt8>? {
        let index = indices[column.ordinal]
        guard index >= 0, index < cells.count, !cells[index].escaped else { return nil }
        return table.bytes[cells[index].start..<cells[index].end]
    }

    mutating func transaction(_ cells: [CSVCell]) -> Result<Transaction, ImportProblem> {
        let date: CivilDate
        if let bytes = raw(.date, cells), let iso = FastText.isoDate(bytes) {
            date = iso
        } else {
            guard let dateText = cell(.date, cells) else { return .failure(ImportProblem(line: 0, reason: "date")) }
            guard let parsed = CivilDate(iso: dateText) ?? DateText.parse(Substring(dateText), order: order) else {
                return .failure(ImportProblem(line: 0, reason: "date", detail: dateText))
            }
            date = parsed
        }
        // The amount: signed, or debit (out) / credit (in).
        var reading: AmountText.Reading?
        var amountText = ""
        if let bytes = raw(.amount, cells), let plain = FastText.plainAmount(bytes) {
            reading = plain
        } else if let text = cell(.amount, cells) {
            amountText = text
            reading = AmountText.read(Substring(text))
        } else if let text = cell(.debit, cells) {
            amountText = text
            reading = AmountText.read(Substring(text))
            reading?.negative = true
        } else if let text = cell(.credit, cells) {
            amountText = text
            reading = AmountText.read(Substring(text))
            reading?.negative = false
        }
        guard let reading else { return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText)) }
        // The currency: its column, the amount's own word, the rules, the default.
        var currency = rules.currency ?? defaults.currency
        if let word = cell(.currency, cells) ?? reading.currencyWord {
            guard let found = lookupCurrency(word) else { return .failure(ImportProblem(line: 0, reason: "currency", detail: word)) }
            currency = found
        }
        guard let signed = reading.money(currency), !signed.isZero else {
            return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText))
        }
        var type: TransactionType = signed.minorUnits < 0 ? .expense : .income
        if let word = cell(.type, cells) {
            guard let known = lookupKind(word) else { return .failure(ImportProblem(line: 0, reason: "type", detail: word)) }
            type = known
        }
        let note = cell(.note, cells).map(CSVReader.unneutralised) ?? ""
        let ruled: (category: String?, account: String?) = rules.rules.isEmpty ? (nil, nil) : rules.match(cells.map { table.text($0) })
        // A file with an account column says "no account" with an empty cell; one without
        // takes the rules' or the default account.
        var account = ruled.account ?? (has(.account) ? cell(.account, cells).map(CSVReader.unneutralised)
                                            : rules.account ?? defaults.account)
        var toAccount = cell(.toAccount, cells).map(CSVReader.unneutralised)
        if type == .transfer, signed.minorUnits < 0, toAccount == nil, cell(.type, cells) == nil {
            swap(&account, &toAccount)
        }
        var category: String?
        if type != .transfer {
            var name = ruled.category ?? cell(.category, cells).map(CSVReader.unneutralised)
            if let sub = cell(.subcategories, cells), let base = name {
                name = base + "/" + sub.split(separator: ",").map { $0.trimmingCharacters() }.joined(separator: "/")
            }
            // An empty cell of a category column is no category; without the column the
            // note is asked.
            if name != nil || !has(.category) { category = resolveCategory(name, note: note, type: type) }
        }
        var id = 0
        if let text = cell(.id, cells) {
            guard let number = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), number > 0 else {
                return .failure(ImportProblem(line: 0, reason: "id", detail: text))
            }
            id = number
        }
        var time: TimeOfDay?
        if let text = cell(.time, cells) {
            guard let parsed = FastText.time(text) else { return .failure(ImportProblem(line: 0, reason: "time", detail: text)) }
            time = parsed
        }
        var recurrence: Recurrence?
        if let text = cell(.recurrence, cells) {
            guard let parsed = Recurrence(rawValue: text.lowercased()) else {
                return .failure(ImportProblem(line: 0, reason: "recurrence", detail: text))
            }
            recurrence = parsed
        }
        let input = cell(.input, cells).map(CSVReader.unneutralised) ?? ""
        let amount = signed.minorUnits < 0 ? signed.negated : signed
        return .success(Transaction(id: id, type: type, amount: amount, date: date, time: time, category: category,
                                    account: account, toAccount: toAccount, note: note, recurrence: recurrence, input: input))
    }

    private mutating func lookupCurrency(_ word: String) -> Currency? {
        if let known = currencies[word] { return known }
        let found = Currency(code: word).flatMap { word.count == 3 ? $0 : nil } ?? vocabulary.currency(word)
        currencies[word] = found
        return found
    }

    private mutating func lookupKind(_ word: String) -> TransactionType? {
        if let known = kinds[word] { return known }
        let found = TransactionType(rawValue: word.lowercased()) ?? vocabulary.kind(word)
        kinds[word] = found
        return found
    }

    /// A category name → slug; unknown names go to the note's category, then `other`.
    mutating func resolveCategory(_ name: String?, note: String, type: TransactionType) -> String? {
        if let name, let known = (type == .income ? incomeCategories : categories)[name] {
            if unknown[name] != nil { unknown[name]! += 1 }
            return known
        }
        var slug: String?
        if let name {
            slug = vocabulary.category(name, type)
            if slug == nil { unknown[name, default: 0] += 1 }
        } else if !note.isEmpty {
            slug = vocabulary.category(note, type)
        }
        if let found = slug, type == .income, !found.hasPrefix("income") { slug = nil }
        if let found = slug, type == .expense, found.hasPrefix("income") { slug = nil }
        let result = slug ?? (type == .income ? "income/other" : "other")
        // Notes are too varied to cache every one; names repeat.
        if let name {
            if type == .income { incomeCategories[name] = result } else { categories[name] = result }
        }
        return result
    }
}
