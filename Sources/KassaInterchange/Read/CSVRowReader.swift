// CSVRowReader: one data row of a CSV → a transaction (`transaction`, the careful way, every
// form CSVReader accepts), or straight to its fields as the table's bytes (`row`, in
// CSVRowReader+Bytes, the common forms only). The look-ups — type and currency words, category
// names — are cached across rows, and each decoding thread has a reader of its own.

import KassaCore

struct CSVRowReader {
    let table: CSVTable
    let columns: [ImportColumn: Int]
    let vocabulary: ImportVocabulary
    let rules: ImportRules
    let defaults: ImportDefaults
    let order: DateText.Order
    /// Category names the vocabulary did not know, with how many rows named them.
    var unknown: [String: Int] = [:]
    private var categories: [String: (slug: String, unknown: Bool)] = [:]
    private var incomeCategories: [String: (slug: String, unknown: Bool)] = [:]
    private var kinds: [String: TransactionType?] = [:]
    private var currencies: [String: Currency?] = [:]
    /// Column → cell index (-1 when the file has no such column), by ImportColumn.ordinal.
    let indices: [Int]
    // The byte path's state (CSVRowReader+Bytes).
    var labels = CSVLabels()
    /// Resolved categories by label key: an expense's and an income's (nil: not yet looked up).
    var expenseSlugs = [CategorySlug?](repeating: nil, count: CSVLabels.maxLabels)
    var incomeSlugs = [CategorySlug?](repeating: nil, count: CSVLabels.maxLabels)
    var texts = CSVTexts()
    /// The last few type and currency words (up to 8 bytes, as a number) and what they meant.
    var recentKinds: [(word: UInt64, count: Int, type: TransactionType)] = []
    var recentCurrencies: [(word: UInt64, count: Int, currency: Currency)] = []
    /// CivilDate.supported, kept here: a static's lazy initializer is checked on every use.
    let supported = CivilDate.supported
    /// The account of rows of a file without an account column, as a label key (-1: none).
    var fixedAccount = -1
    /// Card column values that differ from the account --account named, with their rows.
    var cardsDiffering: [String: Int] = [:]

    /// A category as an encoded row names it: the slug's bytes, and whether its name was unknown.
    struct CategorySlug {
        var bytes: UnsafeBufferPointer<UInt8>
        var unknown: Bool
    }

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
        // A bank's card column is the rows' account unless the person named one (which wins).
        if slots[ImportColumn.account.ordinal] < 0, slots[ImportColumn.card.ordinal] >= 0, !defaults.accountGiven {
            slots[ImportColumn.account.ordinal] = slots[ImportColumn.card.ordinal]
        }
        indices = slots
        if slots[ImportColumn.account.ordinal] < 0, let account = rules.account ?? defaults.account {
            fixedAccount = labels.key(account) ?? -1
        }
    }

    func has(_ column: ImportColumn) -> Bool { indices[column.ordinal] >= 0 }

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
        // A failed or cancelled operation is no transaction: skipped and counted.
        if let status = cell(.status, cells), vocabulary.failedStatus(status) {
            return .failure(ImportProblem(line: 0, reason: "status", detail: status))
        }
        let date: CivilDate
        var cellTime: TimeOfDay?
        if let bytes = raw(.date, cells), let iso = FastText.isoDate(bytes) {
            date = iso
        } else {
            guard let dateText = cell(.date, cells) else { return .failure(ImportProblem(line: 0, reason: "date")) }
            // A date-time cell ("2020-01-23 08:26:29", "31.01.2024 12:34") gives the time too.
            let (datePart, timePart) = DateTimeText.split(dateText)
            guard let parsed = CivilDate(iso: String(datePart)) ?? DateText.parse(datePart, order: order),
                  timePart == nil || DateTimeText.time(timePart!) != nil else {
                return .failure(ImportProblem(line: 0, reason: "date", detail: dateText))
            }
            date = parsed
            cellTime = timePart.flatMap(DateTimeText.time)
        }
        // A real date kassa cannot keep (3050, 1899) is this row's problem, not the import's.
        guard date.isSupported else { return .failure(ImportProblem(line: 0, reason: "date-bounds", detail: cell(.date, cells) ?? "")) }
        // The amount: signed, or debit (out) / credit (in) — of a bank's pair, the one not empty
        // or zero.
        var reading: AmountText.Reading?
        var amountText = ""
        /// The debit/credit pair's reading and text (nil when both cells are empty).
        func pair() -> (reading: AmountText.Reading?, text: String)? {
            let debit = cell(.debit, cells), credit = cell(.credit, cells)
            let debitReading = debit.flatMap { AmountText.read(Substring($0)) }
            if let text = debit, debitReading == nil || !debitReading!.isZero || credit == nil {
                var reading = debitReading
                reading?.negative = true
                return (reading, text)
            } else if let text = credit {
                var reading = AmountText.read(Substring(text))
                reading?.negative = false
                return (reading, text)
            }
            return nil
        }
        // A statement's operation amount beside its Приход/Расход pair: the pair is what moved
        // the account (its direction, and its amount in the account's currency); the operation's
        // currency column says the pair's currency only when the two amounts agree.
        var operationCurrency = true
        if has(.amount), has(.debit) || has(.credit), let found = pair() {
            amountText = found.text
            reading = found.reading
            if let operation = cell(.amount, cells).flatMap({ AmountText.read(Substring($0)) }), let reading {
                operationCurrency = operation.sameMagnitude(as: reading)
            }
        } else if let bytes = raw(.amount, cells), let plain = FastText.plainAmount(bytes) {
            reading = plain
        } else if let text = cell(.amount, cells) {
            amountText = text
            reading = AmountText.read(Substring(text))
        } else if let found = pair() {
            amountText = found.text
            reading = found.reading
        }
        guard let reading else { return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText)) }
        // Letters glued to the amount must be a currency ("0cX", "e0" are no amount, least of all
        // a zero one to skip), even where a currency column says the currency.
        if let word = reading.currencyWord, lookupCurrency(word) == nil {
            return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText.isEmpty ? word : amountText))
        }
        // The currency: its column, the amount's own word, the rules, the default.
        var currency = rules.currency ?? defaults.currency
        if let word = (operationCurrency ? cell(.currency, cells) : nil) ?? reading.currencyWord {
            guard let found = lookupCurrency(word) else { return .failure(ImportProblem(line: 0, reason: "currency", detail: word)) }
            currency = found
        }
        guard let signed = reading.money(currency) else {
            return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText))
        }
        // A zero amount (a card check, a cancelled hold) is no transaction: skipped and counted.
        guard !signed.isZero else { return .failure(ImportProblem(line: 0, reason: "zero", detail: amountText)) }
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
        // --account wins over a bank's card column; the cards that differ are counted and named.
        if defaults.accountGiven, !has(.account), let card = cell(.card, cells), card.lowercased() != account?.lowercased() {
            cardsDiffering[card, default: 0] += 1
        }
        var toAccount = cell(.toAccount, cells).map(CSVReader.unneutralised)
        if type == .transfer, signed.minorUnits < 0, toAccount == nil, cell(.type, cells) == nil {
            swap(&account, &toAccount)
        }
        // A bank's file says a transfer only in its description: the parser's words decide
        // (a withdrawal goes to the cash account; another transfer out leaves for no account,
        // one in arrives from none, as a statement's).
        if !has(.type), !has(.toAccount), ruled.category == nil, ruled.account == nil, !note.isEmpty,
           let described = vocabulary.describedTransfer(note) {
            type = .transfer
            if signed.minorUnits < 0 {
                toAccount = described == .cash ? defaults.cashAccount : nil
            } else if described == .other {
                toAccount = account
                account = nil
            } else {
                type = .income
            }
        }
        var name: String?
        if type != .transfer {
            name = ruled.category ?? cell(.category, cells).map(CSVReader.unneutralised)
            if let sub = cell(.subcategories, cells), let base = name {
                name = base + "/" + sub.split(separator: ",").map { $0.trimmingCharacters() }.joined(separator: "/")
            }
        }
        var id = 0
        if let text = cell(.id, cells) {
            guard let number = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), number > 0 else {
                return .failure(ImportProblem(line: 0, reason: "id", detail: text))
            }
            id = number
        }
        var time: TimeOfDay? = cellTime
        if let text = cell(.time, cells) {
            guard let parsed = FastText.time(text) ?? DateTimeText.time(Substring(text)) else {
                return .failure(ImportProblem(line: 0, reason: "time", detail: text))
            }
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
        // Last, once the row is known to be good: an unknown category name is counted only
        // for rows that are read.
        var category: String?
        // An empty cell of a category column is no category; without the column the note is asked.
        if type != .transfer, name != nil || !has(.category) { category = resolveCategory(name, note: note, type: type) }
        let amount = signed.minorUnits < 0 ? signed.negated : signed
        var transaction = Transaction(id: id, type: type, amount: amount, date: date, time: time, category: category,
                                      account: account, toAccount: toAccount, note: note, recurrence: recurrence, input: input)
        // kassa's own CSV: the optional fields' column pairs, each only on a type that has it.
        for field in TransactionField.allCases {
            switch otherAmount(field, cells, besides: amount, of: type) {
            case .success(let money): field.set(money, in: &transaction)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(transaction)
    }

    /// A row's optional amount `field` from its amount and currency columns: nil when the row
    /// has none; refused on a type without the field, in the amount's own currency where the
    /// field is in another, or out of the amount's bounds.
    mutating func otherAmount(_ field: TransactionField, _ cells: [CSVCell], besides amount: Money,
                              of type: TransactionType) -> Result<Money?, ImportProblem> {
        guard let pair = ImportColumn.pairs.first(where: { $0.field == field }), let text = cell(pair.amount, cells) else {
            return .success(nil)
        }
        let currencyColumn = pair.currency
        guard field.belongs(to: type), let code = cell(currencyColumn, cells), let currency = lookupCurrency(code),
              !field.isInAnotherCurrency || currency != amount.currency else {
            return .failure(ImportProblem(line: 0, reason: "currency", detail: cell(currencyColumn, cells) ?? text))
        }
        guard let reading = AmountText.read(Substring(text)), reading.currencyWord == nil, let money = reading.money(currency),
              money.minorUnits > 0, money.isWithinEntryBound else {
            return .failure(ImportProblem(line: 0, reason: "amount", detail: text))
        }
        return .success(money)
    }

    mutating func lookupCurrency(_ word: String) -> Currency? {
        if let known = currencies[word] { return known }
        let found = Currency(code: word).flatMap { word.count == 3 ? $0 : nil } ?? vocabulary.currency(word)
        currencies[word] = found
        return found
    }

    mutating func lookupKind(_ word: String) -> TransactionType? {
        if let known = kinds[word] { return known }
        let found = TransactionType(rawValue: word.lowercased()) ?? vocabulary.kind(word)
        kinds[word] = found
        return found
    }

    /// A category name → slug; unknown names go to the note's category, then `other`, and are
    /// counted (every row that names one: the count does not depend on the order rows come in).
    mutating func resolveCategory(_ name: String?, note: String, type: TransactionType) -> String? {
        guard let name else { return CSVRowReader.category(slug: note.isEmpty ? nil : vocabulary.category(note, type), type: type) }
        let found = named(name, type: type)
        if found.unknown { unknown[name, default: 0] += 1 }
        return found.slug
    }

    /// A category name's slug for a row of this type, and whether the vocabulary knew the name
    /// (cached: names repeat; notes are too varied to cache).
    mutating func named(_ name: String, type: TransactionType) -> (slug: String, unknown: Bool) {
        if let known = (type == .income ? incomeCategories : categories)[name] { return known }
        let slug = vocabulary.category(name, type)
        let found = (CSVRowReader.category(slug: slug, type: type), slug == nil)
        if type == .income { incomeCategories[name] = found } else { categories[name] = found }
        return found
    }

    /// A slug kept when it suits the type (income categories for income only), else `other`.
    static func category(slug: String?, type: TransactionType) -> String {
        var slug = slug
        if let found = slug, type == .income, !found.hasPrefix("income") { slug = nil }
        if let found = slug, type == .expense, found.hasPrefix("income") { slug = nil }
        return slug ?? (type == .income ? "income/other" : "other")
    }
}
